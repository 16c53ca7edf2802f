import Layouts

/// The screens the service serves, with every document it can return encoded once: a screen's
/// documents all together, when the first of them or its version is asked for.
///
/// Guarantees: screen ids are unique; every (screen, options) pair with a known variant has one
/// document, found by lookup with no encoding after the screen's first; equal inputs give
/// byte-identical documents on every run; a screen's `version` changes whenever any of its
/// documents would.
package struct Catalog: Sendable {
    /// The five seed screens (docs/spec.md §4), encoded at first use.
    package static let builtIn = Catalog(screens: Screen.builtIns)

    /// The built-in screens with `files` (from `ScreenDirectory`): a file screen replaces the
    /// built-in with its id, in place; the others follow the built-ins in the order given.
    package static func builtIn(with files: [Screen]) -> Catalog {
        var screens = Screen.builtIns
        for file in files {
            if let index = screens.firstIndex(where: { $0.id == file.id }) { screens[index] = file } else { screens.append(file) }
        }
        return Catalog(screens: screens)
    }

    package let screens: [Screen]
    /// The body of `GET /layouts`: `{"screens": [{id, title, source, elements, stages, variants, link}]}`.
    package let layoutsIndex: EncodedDocument
    /// The body of `GET /themes`: `{"themes": [{theme, palette}], "assumptions": [...]}`.
    package let themesIndex: EncodedDocument
    /// Per screen, its documents in `slot` order and the `version` they carry.
    private let encoded: [Once<(documents: [EncodedDocument], version: String)>]
    /// In `Theme.allCases` order.
    private let themeDocuments: [EncodedDocument]

    package init(screens: [Screen]) {
        precondition(Set(screens.map(\.id)).count == screens.count, "two screens share an id")
        self.screens = screens
        encoded = screens.map { screen in Once { Self.encodeDocuments(of: screen) } }
        layoutsIndex = Self.encodeLayoutsIndex(screens)
        themeDocuments = Theme.allCases.map { theme in
            var writer = JSONWriter()
            Self.writeThemeObject(theme, to: &writer, asDocument: true)
            return EncodedDocument(bytes: writer.bytes)
        }
        themesIndex = Self.encodeThemesIndex()
    }

    package func screen(_ id: String) -> Screen? {
        screens.first { $0.id == id }
    }

    /// The screen's current `version` (what its layout documents carry); nil when it is unknown.
    package func version(of id: String) -> String? {
        screens.firstIndex { $0.id == id }.map { encoded[$0].value.version }
    }

    /// Nil when the screen or the variant is unknown.
    package func document(screen id: String, options: LayoutOptions) -> EncodedDocument? {
        guard let screenIndex = screens.firstIndex(where: { $0.id == id }),
            let variantIndex = screens[screenIndex].variants.firstIndex(of: options.variant)
        else { return nil }
        return encoded[screenIndex].value.documents[Self.slot(options, variantIndex: variantIndex)]
    }

    /// The body of `GET /themes/{theme}`: `{"theme", "palette", "assumptions"}`.
    package func themeDocument(_ theme: Theme) -> EncodedDocument {
        themeDocuments[theme == .light ? 0 : 1]
    }

    /// Where the document for `options` sits among its screen's documents.
    private static func slot(_ options: LayoutOptions, variantIndex: Int) -> Int {
        var slot = variantIndex
        slot = slot * 2 + (options.theme == .light ? 0 : 1)
        slot = slot * 2 + (options.motion == .full ? 0 : 1)
        slot = slot * 2 + (options.direction == .ltr ? 0 : 1)
        slot = slot * 2 + (options.expand ? 1 : 0)
        return slot
    }

    /// Every option combination of `screen`, in the order of its documents (`slot`'s).
    package static func allOptions(of screen: Screen) -> [LayoutOptions] {
        var all: [LayoutOptions] = []
        for (variantIndex, variant) in screen.variants.enumerated() {
            for theme in Theme.allCases {
                for motion in Motion.allCases {
                    for direction in Direction.allCases {
                        for expand in [false, true] {
                            let options = LayoutOptions(
                                theme: theme, motion: motion, variant: variant, direction: direction, expand: expand)
                            assert(slot(options, variantIndex: variantIndex) == all.count)
                            all.append(options)
                        }
                    }
                }
            }
        }
        return all
    }

    /// The version is the hash of every document of the screen written without one, so that it
    /// follows the content and nothing else.
    private static func encodeDocuments(of screen: Screen) -> (documents: [EncodedDocument], version: String) {
        let pages = allOptions(of: screen).map { options in
            LayoutDocumentWriter(screen: screen, layout: screen.layout(options.variant)!, options: options)
        }
        let unversioned = pages.map { $0.bytesWithoutVersion() }
        var hash = ContentHash()
        for page in unversioned { hash.add(page.bytes) }
        let version = hash.hex
        return (unversioned.map { page in
            var bytes = page.bytes
            bytes.insert(contentsOf: version.utf8, at: page.versionIndex)  // hex digits: nothing to escape
            return EncodedDocument(bytes: bytes)
        }, version)
    }

    private static func encodeLayoutsIndex(_ screens: [Screen]) -> EncodedDocument {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginDocument()
        writer.key("screens")
        writer.beginArray()
        for screen in screens {
            writer.beginObject()
            writer.member("id", screen.id)
            writer.member("title", screen.title)
            writer.member("source", screen.source)
            writeStrings("elements", screen.elements.map(\.id), to: &writer)
            writeStrings("stages", screen.stages.map(\.id), to: &writer)
            writeStrings("variants", screen.variants, to: &writer)
            writer.member("link", "/layouts/" + screen.id)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return EncodedDocument(bytes: writer.bytes)
    }

    private static func encodeThemesIndex() -> EncodedDocument {
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginDocument()
        writer.key("themes")
        writer.beginArray()
        for theme in Theme.allCases {
            writeThemeObject(theme, to: &writer, asDocument: false)
        }
        writer.endArray()
        writeStrings("assumptions", paletteAssumptions, to: &writer)
        writer.endObject()
        return EncodedDocument(bytes: writer.bytes)
    }

    /// A theme's palette; as a document of its own, with `formatVersion` and the palette's assumptions.
    private static func writeThemeObject(_ theme: Theme, to writer: inout JSONWriter, asDocument: Bool) {
        if asDocument { writer.beginDocument() } else { writer.beginObject() }
        writer.member("theme", theme.rawValue)
        writer.key("palette")
        theme.writePalette(to: &writer)
        if asDocument { writeStrings("assumptions", paletteAssumptions, to: &writer) }
        writer.endObject()
    }

    private static let paletteAssumptions = PaletteToken.allCases.compactMap(\.assumption)

    private static func writeStrings(_ name: String, _ values: [String], to writer: inout JSONWriter) {
        writer.key(name)
        writer.beginArray()
        for value in values { writer.string(value) }
        writer.endArray()
    }
}
