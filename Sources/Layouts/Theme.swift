/// A colour scheme of the skeletons. Every `PaletteToken` has a colour in every theme.
public enum Theme: String, CaseIterable, Sendable {
    case light
    case dark

    /// Writes `{"base": "#78788033", ...}`: every token, in `PaletteToken.allCases` order.
    func writePalette(to writer: inout JSONWriter) {
        writer.beginObject()
        for token in PaletteToken.allCases {
            writer.member(token.rawValue, token.color(in: self).hex)
        }
        writer.endObject()
    }
}
