import Layouts

extension Theme {
    /// Writes `{"base": "#78788033", ...}`: every token, in `PaletteToken.allCases` order.
    func writePalette(to writer: inout JSONWriter) {
        writer.beginObject()
        for token in PaletteToken.allCases {
            writer.member(token.rawValue, token.color(in: self).hex)
        }
        writer.endObject()
    }
}
