import Layouts

extension RevealTransition {
    /// Writes `{skeletonExit: {opacity, scale}, contentEnter: {opacity, scale}, curve}` (docs/spec.md §3).
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("skeletonExit")
        Self.write(skeletonExit, to: &writer)
        writer.key("contentEnter")
        Self.write(contentEnter, to: &writer)
        writer.key("curve")
        curve.write(to: &writer)
        writer.endObject()
    }

    private static func write(_ appearance: Appearance, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("opacity", appearance.opacity)
        writer.member("scale", appearance.scale)
        writer.endObject()
    }
}
