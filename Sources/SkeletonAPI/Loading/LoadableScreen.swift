import SkeletonDomain

/// A screen as `LoadingSessions` serves it, resolved once, at start-up: the screen, and for each
/// of its layout variants the elements a load of that variant drives and `/data` answers for. A
/// class, so that what holds a load (a long poll, a stream, a verified token) keeps one
/// reference to its screen, not a copy.
///
/// Guarantees: `elements[i]` are the elements of the layout `screen.variants[i]`, in its order,
/// each resolved against the screen's stages (`LoadableElement`).
final class LoadableScreen: Sendable {
    let screen: Screen
    let elements: [[LoadableElement]]

    init(_ screen: Screen) {
        self.screen = screen
        elements = screen.layouts.map { layout in layout.elements.map { LoadableElement($0, of: screen) } }
    }

    var id: String { screen.id }

    /// The elements of a load of `variant` (one of the screen's: a token or a parameter checked it).
    func elements(of variant: String) -> [LoadableElement] {
        elements[screen.variants.firstIndex(of: variant) ?? 0]
    }

    /// The element of a load of `variant` that `/data` names; nil when that layout has none of that id.
    func element(_ id: String, of variant: String) -> LoadableElement? {
        elements(of: variant).first { $0.id == id }
    }
}
