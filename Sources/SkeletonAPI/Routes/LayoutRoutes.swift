import HTTPServer
import Layouts
import SkeletonDomain

/// `GET /layouts`, `GET /layouts/{screen}`, `GET /themes`, `GET /themes/{theme}` (docs/spec.md §2-§4).
/// A screen's documents, for every option, are encoded with their responses on its first request
/// (`Once`); a request parses its options, looks the document up and answers with its prepared
/// response.
struct LayoutRoutes: Sendable {
    /// One screen's prepared documents, indexed by `slot(_:variantIndex:)`.
    private struct ScreenDocuments: Sendable {
        let id: String
        let variants: QueryChoices
        let documents: Once<[DocumentResponses]>
    }

    private let screens: [ScreenDocuments]
    private let layoutsIndex: DocumentResponses
    private let themesIndex: DocumentResponses
    /// Each theme's palette, in the order of `/themes/{theme}`'s declared words.
    private let themes: [DocumentResponses]
    /// The layout options `/layouts/{screen}` declares, by name.
    private let options = DeclaredQuery(Operations.layout, ChosenLayoutOptions.Option.init)
    /// Their declared values.
    private let optionWords = ChosenLayoutOptions.Words()

    init(catalog: Catalog) {
        screens = catalog.screens.map { screen in
            ScreenDocuments(id: screen.id, variants: QueryChoices(screen.variants), documents: Once { Self.responses(of: screen, in: catalog) })
        }
        layoutsIndex = DocumentResponses(catalog.layoutsIndex, hinted: false)
        themesIndex = DocumentResponses(catalog.themesIndex, hinted: false)
        themes = Parameters.themePath.words.map { word in
            guard let theme = Theme(rawValue: word) else { preconditionFailure("\(Parameters.themePath.component) declares '\(word)', which no theme is") }
            return DocumentResponses(catalog.themeDocument(theme), hinted: false)
        }
    }

    /// The screen's documents' responses, in `slot` order (the catalog's order of its options).
    private static func responses(of screen: Screen, in catalog: Catalog) -> [DocumentResponses] {
        Catalog.allOptions(of: screen).enumerated().map { position, options in
            guard let document = catalog.document(screen: screen.id, options: options) else {
                preconditionFailure("the catalog has no \(screen.id) document for \(options)")
            }
            assert(position == slot(options, variantIndex: screen.variants.firstIndex(of: options.variant)!))
            return DocumentResponses(document, hinted: true)
        }
    }

    /// The position of a document among its screen's, in the order `init` builds them.
    private static func slot(_ options: LayoutOptions, variantIndex: Int) -> Int {
        variantIndex * LayoutOptions.combinations + options.combination
    }

    func register(on router: inout Router) {
        let routes = self
        router.get(Operations.layouts) { request in routes.layoutsIndex.response(to: request) }
        router.get(Operations.layout) { request in routes.layout(request) }
        router.get(Operations.themes) { request in routes.themesIndex.response(to: request) }
        router.get(Operations.theme) { request in
            let name = Parameters.themePath.value(in: request) ?? ""
            guard let index = Parameters.themePath.words.firstIndex(of: name) else {
                return ProblemResponses.unknown(.theme, name, allowed: Parameters.themePath.words)
            }
            return routes.themes[index].response(to: request)
        }
    }

    private func layout(_ request: Request) -> Response {
        let name = Parameters.screenPath.value(in: request) ?? ""
        guard let index = screens.firstIndex(where: { $0.id == name }) else {
            return ProblemResponses.unknown(.screen, name, allowed: screens.map(\.id))
        }
        var chosen = ChosenLayoutOptions()
        if let problem = chosen.choose(from: request, options: options, words: optionWords, variants: screens[index].variants) { return problem }
        // Read unretained: `screens` holds the `Once` as long as the routes live, and a retained
        // one (kept across its first read's call) cost every layout request some 40 instructions.
        let documents = Unmanaged.passUnretained(screens[index].documents)._withUnsafeGuaranteedRef { $0.value }
        return documents[Self.slot(chosen.options, variantIndex: chosen.variantIndex)].response(to: request, hints: chosen.hints)
    }
}
