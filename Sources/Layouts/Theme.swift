/// A colour scheme of the skeletons. Every `PaletteToken` has a colour in every theme.
public enum Theme: String, CaseIterable, Sendable {
    case light
    case dark
}
