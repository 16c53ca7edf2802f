import Layouts

extension Screen {
    /// The chat app's conversation list (seed 002's ConversationListSkeleton): eight rows.
    static let inbox = Screen(
        id: "inbox", title: "Inbox", source: "InboxView (chat app buzzbox)", assumptions: Screen.seedAssumptions,
        animation: .chat, stages: [Stage(id: "conversations", title: "conversations ready", timing: StageTiming(300...1500))],
        layouts: [
            ScreenLayout(
                variant: "default",
                elements: [
                    Element(id: "conversationList", stage: "conversations", accessibilityLabel: "Loading conversations")
                ],
                root: .scroll(
                    .vertical,
                    .vstack(spacing: 0, [.repeating(8, conversationRow.id("conversationRow"))])
                ).id("conversationList"),
                assumptions: []),
        ])

    /// Avatar 50, name 120x16 over preview 200x14, timestamp 40x12; padded 16 by 12, which with
    /// the avatar makes seed 002's 74 pt row.
    private static let conversationRow: Node = .hstack(
        spacing: 12,
        [
            .chatSkeletonView(width: 50, height: 50, cornerRadius: 25),
            .vstack(
                spacing: 8, alignment: .leading,
                [
                    .chatSkeletonView(width: 120, height: 16, cornerRadius: 4),
                    .chatSkeletonView(width: 200, height: 14, cornerRadius: 4),
                ]),
            .spacer,
            .chatSkeletonView(width: 40, height: 12, cornerRadius: 4),
        ]
    )
    .padding(.init(horizontal: 16, vertical: 12))
    .minHeight(74)
}
