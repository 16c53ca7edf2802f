import Layouts

extension Screen {
    /// The chat app's message thread (seed 002's MessageThreadSkeleton): ten bubbles, every
    /// third (index % 3 == 0) sent, on the trailing side.
    static let thread = Screen(
        id: "thread", title: "Message thread", source: "MessageThreadView (chat app buzzbox)",
        assumptions: Screen.seedAssumptions, animation: .chat,
        stages: [Stage(id: "messages", title: "messages ready", timing: StageTiming(200...1000))],
        layouts: [
            ScreenLayout(
                variant: "default",
                elements: [Element(id: "messages", stage: "messages", accessibilityLabel: "Loading messages")],
                root: .scroll(
                    .vertical,
                    .vstack(spacing: 16, (0..<10).map(bubble)).padding(.init(all: 16))
                ).id("messages"),
                assumptions: [
                    "the bubbles' HStacks have no spacing argument; SwiftUI's default spacing is written as 8",
                    "the stack's .padding() with no length is SwiftUI's default padding, written as 16",
                ]),
        ])

    private static func bubble(_ index: Int) -> Node {
        if index % 3 == 0 {
            .hstack(spacing: 8, [.spacer, .chatSkeletonView(width: 200, height: 40, cornerRadius: 16)])
        } else {
            .hstack(spacing: 8, [.chatSkeletonView(width: 180, height: 40, cornerRadius: 16), .spacer])
        }
    }
}
