import Foundation

/// SwiftUI's `Canvas`: a view drawn by `renderer` into a `GraphicsContext`; a test calls the
/// renderer with a recording context.
public struct Canvas: View {
    public let renderer: (inout GraphicsContext, CGSize) -> Void

    public init(opaque: Bool = false, rendersAsynchronously: Bool = false, renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
    }

    public var body: Never { fatalError("a primitive view has no body") }
}

/// SwiftUI's `TimelineView` on its `.animation` schedule: `content` is built for each instant
/// (`Context.date`) while the schedule is not `paused`; a test calls it with the instants it chooses.
public struct TimelineView: View {
    /// The instant being drawn.
    public struct Context {
        public let date: Date
        public init(date: Date) { self.date = date }
    }

    public let schedule: AnimationTimelineSchedule
    public let content: (Context) -> any View

    public init<Content: View>(_ schedule: AnimationTimelineSchedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: Never { fatalError("a primitive view has no body") }
}

/// The display's frames, or none while `paused`.
public struct AnimationTimelineSchedule: Equatable, Sendable {
    public let minimumInterval: Double?
    public let paused: Bool

    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

/// What `onGeometryChange` measures: the view's size.
public struct GeometryProxy: Equatable, Sendable {
    public let size: CGSize
    public init(size: CGSize = .zero) { self.size = size }
}
