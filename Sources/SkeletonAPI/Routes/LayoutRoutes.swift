import HTTPServer
import Layouts

/// `GET /layouts`, `GET /layouts/{screen}`, `GET /themes`, `GET /themes/{theme}` (docs/spec.md §2-§4).
/// Every document, for every screen and option, is encoded at start-up; a request parses its
/// options, looks the document up and answers with its prepared response.
struct LayoutRoutes: Sendable {
    /// One screen's prepared documents, indexed by `slot(_:variantIndex:)`.
    private struct ScreenDocuments: Sendable {
        let id: String
        let variants: [String]
        let documents: [DocumentResponses]
    }

    private let screens: [ScreenDocuments]
    private let layoutsIndex: DocumentResponses
    private let themesIndex: DocumentResponses
    private let themes: [DocumentResponses]

    init(catalog: Catalog) {
        screens = catalog.screens.map { screen in
            var documents: [DocumentResponses] = []
            for variant in screen.variants {
                for theme in Theme.allCases {
                    for motion in Motion.allCases {
                        for direction in Direction.allCases {
                            for expand in [false, true] {
                                let options = LayoutOptions(theme: theme, motion: motion, variant: variant, direction: direction, expand: expand)
                                guard let document = catalog.document(screen: screen.id, options: options) else {
                                    preconditionFailure("the catalog has no \(screen.id) document for \(options)")
                                }
                                assert(documents.count == Self.slot(options, variantIndex: screen.variants.firstIndex(of: variant)!))
                                documents.append(DocumentResponses(document, hinted: true))
                            }
                        }
                    }
                }
            }
            return ScreenDocuments(id: screen.id, variants: screen.variants, documents: documents)
        }
        layoutsIndex = DocumentResponses(catalog.layoutsIndex, hinted: false)
        themesIndex = DocumentResponses(catalog.themesIndex, hinted: false)
        themes = Theme.allCases.map { DocumentResponses(catalog.themeDocument($0), hinted: false) }
    }

    /// The position of a document among its screen's, in the order `init` builds them.
    private static func slot(_ options: LayoutOptions, variantIndex: Int) -> Int {
        var slot = variantIndex
        slot = slot * 2 + (options.theme == .light ? 0 : 1)
        slot = slot * 2 + (options.motion == .full ? 0 : 1)
        slot = slot * 2 + (options.direction == .ltr ? 0 : 1)
        return slot * 2 + (options.expand ? 1 : 0)
    }

    func register(on router: inout Router) {
        let routes = self
        router.get("/layouts") { request in routes.layoutsIndex.response(to: request) }
        router.get("/layouts/{screen}") { request in routes.layout(request) }
        router.get("/themes") { request in routes.themesIndex.response(to: request) }
        router.get("/themes/{theme}") { request in
            let name = request.parameter("theme") ?? ""
            guard let theme = Theme(rawValue: name) else {
                return ProblemResponses.unknown("theme", name, allowed: Theme.allCases.map(\.rawValue))
            }
            return routes.themes[Theme.allCases.firstIndex(of: theme)!].response(to: request)
        }
    }

    private func layout(_ request: Request) -> Response {
        let name = request.parameter("screen") ?? ""
        guard let index = screens.firstIndex(where: { $0.id == name }) else {
            return ProblemResponses.unknown("screen", name, allowed: screens.map(\.id))
        }
        var chosen = ChosenOptions()
        if let problem = Self.choose(&chosen, from: request, variants: screens[index].variants) { return problem }
        return screens[index].documents[Self.slot(chosen.options, variantIndex: chosen.variantIndex)].response(to: request, hints: chosen.hints)
    }

    /// The options a request chose, and the client hints that chose what its query did not.
    struct ChosenOptions {
        var options = LayoutOptions()
        var variantIndex = 0
        var hints: DocumentResponses.HintUse = [.colorScheme, .reducedMotion]
    }

    /// Sets `chosen` to the options of `/layouts/{screen}` (theme, motion, variant, direction,
    /// expand) from the query and, where it has none, the client hints; a bad value is a 400
    /// naming it, returned. Inlined: a request for a layout spends a few hundred instructions
    /// less than through a call that returns the options.
    @inline(__always)
    static func choose(_ chosen: inout ChosenOptions, from request: Request, variants: [String]) -> Response? {
        if !request.query.isEmpty {
            if let value = request.queryValue("theme") {
                guard let theme = Theme(rawValue: value) else { return ProblemResponses.badParameter("theme", value, allowed: Theme.allCases.map(\.rawValue)) }
                chosen.options.theme = theme
                chosen.hints.remove(.colorScheme)
            }
            if let value = request.queryValue("motion") {
                guard let motion = Motion(rawValue: value) else { return ProblemResponses.badParameter("motion", value, allowed: Motion.allCases.map(\.rawValue)) }
                chosen.options.motion = motion
                chosen.hints.remove(.reducedMotion)
            }
            if let value = request.queryValue("variant") {
                guard let found = variants.firstIndex(of: value) else {
                    return ProblemResponses.badParameter("variant", value, allowed: variants)
                }
                chosen.variantIndex = found
                chosen.options.variant = value
            }
            if let value = request.queryValue("direction") {
                guard let direction = Direction(rawValue: value) else { return ProblemResponses.badParameter("direction", value, allowed: Direction.allCases.map(\.rawValue)) }
                chosen.options.direction = direction
            }
            if let value = request.queryValue("expand") {
                guard let expand = Bool(value) else { return ProblemResponses.badParameter("expand", value, allowed: ["true", "false"]) }
                chosen.options.expand = expand
            }
        }
        // The client hints choose what the query did not (and the response varies on them).
        if chosen.hints.contains(.colorScheme) && clientHint(request, DocumentResponses.colorSchemeHint) == "dark" { chosen.options.theme = .dark }
        if chosen.hints.contains(.reducedMotion) && clientHint(request, DocumentResponses.reducedMotionHint) == "reduce" { chosen.options.motion = .reduced }
        return nil
    }

    /// A client hint's token: the structured-field string (`"dark"`) or bare token (`dark`), lower-cased.
    private static func clientHint(_ request: Request, _ name: String) -> String? {
        guard let value = request.fields[name] else { return nil }
        return String(value.filter { $0 != "\"" }).lowercased()
    }
}
