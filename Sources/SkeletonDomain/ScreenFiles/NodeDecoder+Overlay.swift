import Layouts

extension NodeDecoder {
    /// An overlay's offsets (`Node.Overlay`): at most one of `top` and `bottom`, at most one of
    /// `leading` and `trailing` (both would stretch the node between them, which the model does
    /// not say), each within `ScreenFileLimits.offsets`, a `center` within them too and an
    /// `offsetFraction` within `ScreenFileLimits.offsetFractions` (none when omitted); an axis
    /// with neither is 0 from its top or leading edge.
    static func overlay(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Node.Overlay? {
        guard let object = reader.object(value, at: pointer, allowed: ["top", "bottom", "leading", "trailing", "center", "offsetFraction"]) else { return nil }
        func offset(_ name: String) -> Double? { reader.optional(object, name) { $0.number($1, at: $2, in: ScreenFileLimits.offsets) } }
        let (top, bottom, leading, trailing) = (offset("top"), offset("bottom"), offset("leading"), offset("trailing"))
        let (center, fraction) = (offset("center"), reader.optional(object, "offsetFraction") { $0.number($1, at: $2, in: ScreenFileLimits.offsetFractions) })
        var isValid = true
        for (first, second) in [("top", "bottom"), ("leading", "trailing")] where object[first] != nil && object[second] != nil {
            reader.report(object.pointer(second), "one of \"\(first)\" and \"\(second)\", not both: an overlay keeps its own size")
            isValid = false
        }
        guard isValid else { return nil }
        return Node.Overlay(
            bottom.map { .bottom($0) } ?? .top(top ?? 0), trailing.map { .trailing($0) } ?? .leading(leading ?? 0), center: center, offsetFraction: fraction)
    }
}
