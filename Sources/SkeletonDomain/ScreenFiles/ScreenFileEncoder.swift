/// Writes a screen as a screen file (the format `ScreenFileDecoder` reads and
/// `/schema/screen.json` describes), so that `skeleton-server export` gives teams the built-in
/// screens as a starting point.
///
/// Guarantees: decoding the written file gives a screen whose every document is byte-identical
/// to this screen's; the file is indented for people to edit. Screens whose animation is not one
/// of the named presets are not written (only the built-ins are exported).
package enum ScreenFileEncoder {
    /// Where editors find the schema when the server runs on its defaults.
    package static let schemaURL = "http://127.0.0.1:8080/schema/screen.json"

    package static func bytes(_ screen: Screen) -> [UInt8] {
        guard let preset = screen.animation.name else {
            preconditionFailure("screen \(screen.id): only screens animated by a named preset are exported")
        }
        var writer = JSONWriter(reservingCapacity: 16 * 1024)
        writer.beginObject()
        writer.member("$schema", schemaURL)
        writer.member("id", screen.id)
        writer.member("title", screen.title)
        writer.member("source", screen.source)
        if let captureWidth = screen.captureWidth { writer.member("captureWidth", captureWidth) }
        writeStrings("assumptions", screen.assumptions, to: &writer)
        writer.key("animation")
        writer.beginObject()
        writer.member("preset", preset)
        writer.key("maxConcurrentShimmers")
        if let limit = screen.maxConcurrentShimmers { writer.number(limit) } else { writer.null() }
        writer.endObject()
        writer.key("stages")
        writer.beginArray()
        for stage in screen.stages { write(stage, to: &writer) }
        writer.endArray()
        writer.key("layouts")
        writer.beginArray()
        for layout in screen.layouts { write(layout, to: &writer) }
        writer.endArray()
        writer.endObject()
        return PrettyJSON.indented(writer.bytes)
    }

    private static func write(_ stage: Stage, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("id", stage.id)
        writer.member("title", stage.title)
        writer.key("readyMs")
        write(stage.timing.range, to: &writer)
        if let anchor = stage.timing.anchor { writer.member("after", anchor) }
        if !stage.timing.overrides.isEmpty {
            writer.key("scenarios")
            writer.beginObject()
            for scenario in Scenario.allCases {
                guard let range = stage.timing.overrides[scenario] else { continue }
                writer.key(scenario.rawValue)
                write(range, to: &writer)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    private static func write(_ range: ClosedRange<Int>, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("min", range.lowerBound)
        writer.member("max", range.upperBound)
        writer.endObject()
    }

    private static func write(_ layout: ScreenLayout, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("variant", layout.variant)
        writer.key("elements")
        writer.beginArray()
        for element in layout.elements { element.write(to: &writer) }
        writer.endArray()
        writer.key("root")
        layout.root.write(to: &writer, expand: false)
        writeStrings("assumptions", layout.assumptions, to: &writer)
        writer.endObject()
    }

    private static func writeStrings(_ name: String, _ values: [String], to writer: inout JSONWriter) {
        writer.key(name)
        writer.beginArray()
        for value in values { writer.string(value) }
        writer.endArray()
    }
}
