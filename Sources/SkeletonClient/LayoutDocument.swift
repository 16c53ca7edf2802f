@_exported import Layouts

/// A screen's layout document (`GET /layouts/{screen}`, docs/spec.md §3): its tree, elements, stages,
/// palette and animation under one set of options.
///
/// Guarantees: decodes every document the server serves; members it does not know are ignored
/// (the compatibility rule of `DocumentFormat`); `frames(width:height:)` lays the tree out with
/// the server's own engine, so it equals `GET /layouts/{screen}/frames` at that size, and
/// `frames(element:width:height:)` equals `GET /layouts/{screen}/elements/{element}/frames`.
public struct LayoutDocument: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let screen: String
    public let title: String
    /// The app and view the skeleton mirrors.
    public let source: String
    /// Changes whenever anything in any document of the screen changes.
    public let version: String
    public let theme: Theme
    public let motion: Motion
    public let variant: String
    public let direction: Direction
    /// The width in points the screen was captured at, when it was captured from a page.
    public let captureWidth: Int?
    public let tokens: DesignTokens
    /// Each palette token's colour in `theme`.
    public let palette: [String: RGBA]
    public let animation: Animation
    public let stages: [StageSummary]
    public let elements: [Element]
    public let root: Node
    public let assumptions: [String]

    /// The named spacing and radius lengths, in points.
    public struct DesignTokens: Codable, Sendable, Equatable {
        public let spacing: [String: Double]
        public let radius: [String: Double]
    }

    /// A stage as a document names it: the times are the loading simulation's.
    public struct StageSummary: Codable, Sendable, Equatable {
        public let id: String
        public let title: String
    }

    /// The skeleton's animation and the timing rules of its reveals.
    public struct Animation: Codable, Sendable, Equatable {
        public let shimmer: Shimmer
        public let transition: RevealTransition
        /// A skeleton that was shown stays up at least this long, in real time.
        public let minimumDisplayMs: Int
        /// Data ready sooner than this means the skeleton is never shown.
        public let showDelayMs: Int
        public let timeoutMs: Int
        public let maxConcurrentShimmers: Int?
    }

    /// The shimmer (docs/spec.md §4): colour stops painted onto each shimmer group's blocks, swept
    /// (`gradient`), pulsed (`pulse`) or still (`static`, which has no timing). Points are unit
    /// points of the group's bounds.
    public struct Shimmer: Codable, Sendable, Equatable {
        /// `gradient`, `pulse` or `static`.
        public let kind: String
        /// `overlay` (over the blocks), `fill` (as their fill) or `mask` (multiplies their alpha).
        public let application: String
        public let stops: [Stop]
        /// A gradient's start and end points, each moving from `from` to `to` over a period.
        public let start: PointMotion?
        public let end: PointMotion?
        /// A pulse's opacity at the start and the end of a period.
        public let opacity: Range?
        public let durationMs: Int?
        public let curve: Curve?
        /// -1: forever.
        public let `repeat`: Int?
        public let autoreverses: Bool?
        /// The phase is `((now - originEpochMs) mod durationMs) / durationMs` on every device.
        public let sync: Sync?

        public struct Stop: Codable, Sendable, Equatable {
            public let color: RGBA
            public let location: Double
        }

        public struct UnitPoint: Codable, Sendable, Equatable {
            public let x: Double
            public let y: Double
        }

        public struct PointMotion: Codable, Sendable, Equatable {
            public let from: UnitPoint
            public let to: UnitPoint
        }

        public struct Range: Codable, Sendable, Equatable {
            public let from: Double
            public let to: Double
        }

        public struct Sync: Codable, Sendable, Equatable {
            public let scope: String
            public let originEpochMs: Int
        }
    }

    /// The frames of this document laid out in a viewport `width` points wide and `height` high
    /// (the content's height when nil): what `GET /layouts/{screen}/frames` serves, computed here.
    public func frames(width: Double, height: Double? = nil) -> FrameLayout.Result {
        FrameLayout.layout(
            root: root, elements: Set(elements.map(\.id)), theme: theme, direction: direction, width: width, height: height)
    }

    /// The frames of one element laid out alone, as the root of a view `width` points wide (and
    /// `height` high, the element's height when nil), from the view's top-left corner: what
    /// `GET /layouts/{screen}/elements/{element}/frames` serves, computed here. At the width the
    /// screen gives the element, they are its frames in `frames(width:)` moved to its origin.
    public func frames(element: String, width: Double, height: Double? = nil) throws(UnknownElement) -> FrameLayout.Result {
        let ids = elements.map(\.id)
        guard let result = FrameLayout.layout(
            element: element, root: root, elements: Set(ids), theme: theme, direction: direction, width: width, height: height)
        else { throw UnknownElement(element: element, screen: screen, elements: ids) }
        return result
    }
}

/// A screen laid out at one viewport size by the server (`GET /layouts/{screen}/frames`), or one
/// element of it laid out alone as the root of a view that size
/// (`GET /layouts/{screen}/elements/{element}/frames`).
public struct ScreenFrames: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let screen: String
    /// The element laid out alone; nil for the whole screen.
    public let element: String?
    public let theme: Theme
    public let motion: Motion
    public let variant: String
    public let direction: Direction
    public let width: Double
    public let height: Double
    public let contentHeight: Double
    /// What to paint the viewport with before the frames.
    public let background: RGBA
    /// In drawing order.
    public let frames: [Frame]
    /// Where each loading element was placed, in drawing order (nil from a server before contract 3.1).
    public let elements: [PlacedElement]?
    /// Each shimmer group's bounds, by number (nil from a server before contract 3.2): what
    /// `LayoutDocument.paint(_:at:)` paints.
    public let groups: [ShimmerGroup]?
    /// The instant asked for with `?at=` (epoch ms), if one was.
    public let at: Int?
    /// With `?at=`: each shimmer group's paint then (contract 3.2).
    public let paints: [ShimmerPaint]?
}
