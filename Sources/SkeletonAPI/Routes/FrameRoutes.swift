import HTTPServer
import Layouts
import SkeletonDomain

/// `GET /layouts/{screen}/frames` and `GET /layouts/{screen}/snapshot.svg`: a screen laid out by
/// the server (`FrameLayout`) at a viewport `width` (and `height`), with the options of
/// `/layouts/{screen}`, as frames (JSON) or as a still SVG image; and
/// `GET /layouts/{screen}/elements/{element}/frames`: one element laid out alone as the root of
/// a view that size, as frames (JSON). An element the layout does not have is a 404 listing those it has.
///
/// Each document is computed on its first request and kept (`FrameCache`): a later request for
/// the same screen, options and size costs a lookup, like a layout document. At most `cacheLimit`
/// documents are kept; when the cache is full it starts afresh. A request with an instant `at`
/// takes the kept document and adds the shimmer's paints then, for each request (instants do
/// not repeat): the JSON's bytes that no instant changes kept and hashed once, only what the
/// instant changes written and hashed, sent after the kept opening (`InstantJSON`,
/// `DocumentFields.response(leading:body:hash:to:hints:)`).
final class FrameRoutes: Sendable {
    static let cacheLimit = 512

    /// A document laid out, its bytes at rest (no `at`: JSON, or an SVG for a snapshot), their
    /// responses, and what an instant's document is made of: the JSON's kept pieces, hashed (nil
    /// for a snapshot, which is written whole), and the fields its response carries. A class: a
    /// look-up hands out one reference, not the document's many.
    final class Kept: Sendable {
        let document: FramesDocument
        let responses: DocumentResponses
        let instant: InstantJSON?
        let fields: DocumentFields

        init(document: FramesDocument, atRest: [UInt8], view: View) {
            self.document = document
            fields = FrameRoutes.fields(view)
            responses = DocumentResponses(EncodedDocument(bytes: atRest), fields: fields)
            instant = view == .snapshot ? nil : document.instantJSON(atRest: atRest)
        }
    }

    /// The document a route serves.
    enum View {
        case frames, snapshot, elementFrames
    }

    private let screens: [Screen]
    private let screenIDs: [String]
    /// Each screen's variants, as `variant` is matched.
    private let variantChoices: [QueryChoices]
    private let cache = FrameCache<Kept>(limit: cacheLimit)
    /// How a document's key is packed, for these screens and the declared options and sizes.
    private let keys: FrameKey
    /// The query parameters the frame routes read, by name (the three operations declare the same).
    private let query = DeclaredQuery(Operations.frames, Query.init)
    /// The layout options' declared values.
    private let optionWords = ChosenLayoutOptions.Words()
    /// The values of `width` and `height`, from their declarations.
    private let widths = Parameters.width.integers!
    private let heights = Parameters.height.integers!
    private let instants = Parameters.motionInstant.integers!

    init(catalog: Catalog) {
        screens = catalog.screens
        screenIDs = screens.map(\.id)
        variantChoices = screens.map { QueryChoices($0.variants) }
        keys = FrameKey(combinations: LayoutOptions.combinations, heights: Parameters.height.integers!, widths: Parameters.width.integers!, variants: screens.map(\.variants.count).max() ?? 1,
                        screens: screens.count, elements: screens.flatMap { $0.layouts.map(\.elements.count) }.max() ?? 0)
        let queries = [Operations.frames, Operations.snapshot, Operations.elementFrames].map { ($0.parameters + $0.undocumented).filter { $0.location == .query } }
        precondition(queries.allSatisfy { $0 == queries[0] }, "the frame routes declare different query parameters: one DeclaredQuery reads them")
    }

    func register(on router: inout Router) {
        let routes = self
        router.get(Operations.frames) { request in routes.respond(request, view: .frames) }
        router.get(Operations.snapshot) { request in routes.respond(request, view: .snapshot) }
        router.get(Operations.elementFrames) { request in routes.respond(request, view: .elementFrames) }
    }

    private func respond(_ request: Request, view: View) -> Response {
        let name = Parameters.screenPath.value(in: request) ?? ""
        guard let index = screenIDs.firstIndex(of: name) else {
            return ProblemResponses.unknown(.screen, name, allowed: screenIDs)
        }
        var chosen = ChosenLayoutOptions()
        let variants = variantChoices[index]
        var width = QueryInteger.absent, height = QueryInteger.absent, instant = QueryInteger.absent
        // One pass: the size, the instant and the layout options; the first of a repeated parameter counts.
        request.forEachQueryItem { name, value in
            switch query.key(name) {
            case .width: if case .absent = width { width = QueryInteger(value, widths) }
            case .height: if case .absent = height { height = QueryInteger(value, heights) }
            case .instant: if case .absent = instant { instant = QueryInteger(value, instants) }
            case .option(let option): chosen.take(option, value, words: optionWords, variants: variants)
            case nil: break
            }
        }
        if let problem = chosen.finish(request) { return problem }
        var options = chosen.options
        options.variant = variants.texts[chosen.variantIndex]
        let widthValue: Int, heightValue: Int?
        switch width {
        case .valid(let points): widthValue = points
        case .absent: return Parameters.width.missing.response
        case .invalid: return QueryInteger.rejection(Parameters.width, request).response
        }
        switch height {
        case .valid(let points): heightValue = points
        case .absent: heightValue = nil
        case .invalid: return QueryInteger.rejection(Parameters.height, request).response
        }
        let epochMs: Int?
        switch instant {
        case .valid(let ms): epochMs = ms
        case .absent: epochMs = nil
        case .invalid: return QueryInteger.rejection(Parameters.motionInstant, request).response
        }
        var element: (index: Int, id: String)?
        if view == .elementFrames {
            let id = Parameters.elementPath.value(in: request) ?? ""
            // `take` accepted a variant the screen has: its index is its layout's.
            let elements = screens[index].layouts[chosen.variantIndex].elements
            guard let elementIndex = elements.firstIndex(where: { $0.id == id }) else {
                return ProblemResponses.unknown(.element, id, allowed: elements.map(\.id))
            }
            element = (elementIndex, id)
        }
        let key = keys.key(combination: options.combination, isSnapshot: view == .snapshot, width: widthValue, height: heightValue,
                           variant: chosen.variantIndex, screen: index, element: element?.index)
        let kept: Kept
        if let found = cache.document(key) {
            kept = found
        } else {
            options.expand = false
            // Nil only for a variant the screen has no layout of, which `take` has ruled out, or an
            // element its layout does not have, ruled out above.
            guard let document = FramesDocument(screen: screens[index], options: options, element: element?.id, width: widthValue, height: heightValue) else {
                return ProblemResponses.unknown(.variant, options.variant, allowed: variants.texts)
            }
            let atRest = view == .snapshot ? document.svg() : document.json()
            kept = Kept(document: document, atRest: atRest, view: view)
            cache.keep(kept, key)
        }
        guard let epochMs else { return kept.responses.response(to: request, hints: chosen.hints) }
        guard let instant = kept.instant else {
            return kept.fields.response(EncodedDocument(bytes: kept.document.svg(at: epochMs)), to: request, hints: chosen.hints)
        }
        let tail = instant.tail(at: epochMs)
        return kept.fields.response(leading: instant.opening, body: tail.bytes, hash: tail.tag, to: request, hints: chosen.hints)
    }

    /// The fields `view`'s documents are served with.
    private static func fields(_ view: View) -> DocumentFields {
        switch view {
        case .frames, .elementFrames:
            return DocumentFields(hinted: true, contentType: "application/json", headers: ResponseHeaders())
        case .snapshot:
            return DocumentFields(hinted: true, contentType: "image/svg+xml",
                                  headers: ResponseHeaders(["X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'"]))
        }
    }

    /// A `width`, `height` or `at` as the query gave it: one of its parameter's integers (`integers`),
    /// read without allocating, or not (its text, for the problem, read again then: a plain value
    /// keeps the pass free of strings).
    private enum QueryInteger {
        case absent
        case valid(Int)
        case invalid

        init(_ value: QueryText, _ integers: ClosedRange<Int>) {
            self = Parameter.integer(value, in: integers).map { .valid($0) } ?? .invalid
        }

        /// The rejection of a value that is not one of the parameter's.
        static func rejection(_ parameter: Parameter, _ request: Request) -> Rejection {
            parameter.rejection(parameter.value(in: request) ?? "")
        }
    }

    /// A query parameter the frame routes read.
    private enum Query: Sendable {
        case width, height, instant
        case option(ChosenLayoutOptions.Option)

        init?(_ parameter: Parameter) {
            switch parameter {
            case Parameters.width: self = .width
            case Parameters.height: self = .height
            case Parameters.motionInstant: self = .instant
            default:
                guard let option = ChosenLayoutOptions.Option(parameter) else { return nil }
                self = .option(option)
            }
        }
    }
}
