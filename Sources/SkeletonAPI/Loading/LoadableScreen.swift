import SkeletonDomain

/// A screen as `LoadingSessions` serves it, resolved once, at start-up: the screen, and the
/// elements `/data` answers for. A class, so that what holds a load (a long poll, a stream, a
/// verified token) keeps one reference to its screen, not a copy.
///
/// Guarantees: `elements` are every layout's elements, the first of each id kept, in layout
/// order, each resolved against the screen's stages (`LoadableElement`).
final class LoadableScreen: Sendable {
    let screen: Screen
    let elements: [LoadableElement]

    init(_ screen: Screen) {
        var seen = Set<String>()
        self.screen = screen
        elements = screen.layouts.flatMap(\.elements).filter { seen.insert($0.id).inserted }.map { LoadableElement($0, of: screen) }
    }

    var id: String { screen.id }

    /// The element `/data/{screen}/{element}` names; nil when the screen has none of that id.
    func element(_ id: String) -> LoadableElement? {
        elements.first { $0.id == id }
    }
}
