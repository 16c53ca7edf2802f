/// SwiftUI's `View`: a value whose `body` a `ViewBuilder` builds. The primitive views here
/// (`Canvas`, `TimelineView`, `ModifiedContent`, `EmptyView`) have `Never` bodies and keep what
/// they were given, so that a test walks the tree a view builds.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

/// SwiftUI's `ViewModifier`: `body(content:)` wraps the view it modifies (`Content`, an opaque
/// stand-in a test can make with `init()`).
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` modifies, as SwiftUI names it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    nonisolated public init() {}
    public var body: Never { fatalError("a primitive view has no body") }
}

/// SwiftUI's result builder of views: a single view, or an optional one (`if`).
@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
}

/// A view that draws nothing.
public struct EmptyView: View, Equatable, Sendable {
    nonisolated public init() {}
    public var body: Never { fatalError("a primitive view has no body") }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("a primitive view has no body") }
}
