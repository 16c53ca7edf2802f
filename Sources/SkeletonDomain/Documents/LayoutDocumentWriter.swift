import Layouts

/// The layout document of docs/spec.md §3 for one layout of a screen under one set of options.
///
/// Guarantees: members in a fixed order, so the same inputs give the same bytes; every colour
/// resolved from the palette of `options.theme`; and `assumptions` listing, in words, every
/// value in the document that no seed gives.
struct LayoutDocumentWriter {
    let screen: Screen
    let layout: ScreenLayout
    let options: LayoutOptions

    /// The document with an empty `version`, and the index between that string's quotes where a
    /// version's characters go (`Catalog` hashes the first form, then inserts the hash there).
    func bytesWithoutVersion() -> (bytes: [UInt8], versionIndex: Int) {
        let animation = screen.animation
        let isReduced = options.motion == .reduced
        var writer = JSONWriter(reservingCapacity: 16 * 1024)
        writer.beginDocument()
        writer.member("screen", screen.id)
        writer.member("title", screen.title)
        writer.member("source", screen.source)
        writer.member("version", "")
        let versionIndex = writer.bytes.count - 1
        writer.member("theme", options.theme.rawValue)
        writer.member("motion", options.motion.rawValue)
        writer.member("variant", layout.variant)
        writer.member("direction", options.direction.rawValue)
        writer.member("units", "pt")
        if let captureWidth = screen.captureWidth { writer.member("captureWidth", captureWidth) }

        writer.key("tokens")
        writer.beginObject()
        writer.key("spacing")
        Self.write(Spacing.named, to: &writer)
        writer.key("radius")
        Self.write(Radius.named, to: &writer)
        writer.endObject()

        writer.key("palette")
        options.theme.writePalette(to: &writer)

        writer.key("animation")
        writer.beginObject()
        writer.key("shimmer")
        (isReduced ? animation.reducedShimmer : animation.shimmer)
            .write(to: &writer, theme: options.theme, direction: options.direction)
        writer.key("transition")
        (isReduced ? animation.transition.opacityOnly : animation.transition).write(to: &writer)
        writer.member("minimumDisplayMs", animation.minimumDisplayMs)
        writer.member("showDelayMs", animation.showDelayMs)
        writer.member("timeoutMs", animation.timeoutMs)
        writer.key("maxConcurrentShimmers")
        if let limit = screen.maxConcurrentShimmers { writer.number(limit) } else { writer.null() }
        writer.endObject()

        writer.key("stages")
        writer.beginArray()
        for stage in layout.stages {
            writer.beginObject()
            writer.member("id", stage.id)
            writer.member("title", stage.title)
            writer.endObject()
        }
        writer.endArray()

        writer.key("elements")
        writer.beginArray()
        for element in layout.elements { element.write(to: &writer) }
        writer.endArray()

        writer.key("root")
        layout.root.write(to: &writer, expand: options.expand)

        writer.key("assumptions")
        writer.beginArray()
        for assumption in assumptions { writer.string(assumption) }
        writer.endArray()
        writer.endObject()
        return (writer.bytes, versionIndex)
    }

    /// What the screen assumes, then its animation's, the layout's, and those of the palette
    /// tokens this screen paints with.
    private var assumptions: [String] {
        var used = Set<PaletteToken>()
        layout.root.forEach { node in
            if let background = node.background { used.insert(background) }
            if case .block(_, _, _, _, let fill) = node.kind { used.insert(fill) }
        }
        for stop in screen.animation.shimmer.stops + screen.animation.reducedShimmer.stops {
            used.insert(stop.token)
        }
        let tokenAssumptions = PaletteToken.allCases.filter(used.contains).compactMap(\.assumption)
        return screen.assumptions + screen.animation.assumptions + layout.assumptions + tokenAssumptions
    }

    private static func write(_ tokens: [(name: String, value: Double)], to writer: inout JSONWriter) {
        writer.beginObject()
        for token in tokens { writer.member(token.name, token.value) }
        writer.endObject()
    }
}
