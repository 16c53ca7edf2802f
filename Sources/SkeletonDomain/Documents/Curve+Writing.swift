import Layouts

extension Curve {
    /// Writes the curve object of docs/spec.md §3, as the type's documentation shows it.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .spring(let responseMs, let dampingFraction):
            writer.member("type", "spring")
            writer.member("responseMs", responseMs)
            writer.member("dampingFraction", dampingFraction)
        case .eased(let easing, let durationMs):
            writer.member("type", easing.rawValue)
            writer.member("durationMs", durationMs)
        }
        writer.endObject()
    }
}
