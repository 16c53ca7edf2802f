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
/// instant changes written and hashed, and one response built.
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

    /// What a document depends on, packed in one integer (never zero: a width is at least 120):
    /// the element laid out alone (its index in the layout's elements plus one, 0 for the whole
    /// screen; a layout has at most 256) in bits 55 and up, the screen from bit 40, the variant
    /// from 32, the width from 20, the height from 8, whether it is the snapshot in bit 7 and the
    /// options' combination (their number, `LayoutOptions.combination`) in bits 0 to 6.
    private static func key(screen: Int, variant: Int, view: View, options: LayoutOptions, width: Int, height: Int?, element: Int?) -> UInt64 {
        var packed = UInt64(element.map { $0 + 1 } ?? 0) << 55 | UInt64(screen) << 40 | UInt64(variant) << 32
        packed |= UInt64(width) << 20 | UInt64(height ?? 0) << 8
        return packed | (view == .snapshot ? 1 << 7 : 0) | UInt64(options.combination)
    }

    private let screens: [Screen]
    private let screenIDs: [String]
    /// Each screen's variants, as `variant` is matched.
    private let variantChoices: [QueryChoices]
    private let cache = FrameCache<Kept>(limit: cacheLimit)
    /// The values of `width` and `height`, from their declarations.
    private let widths = Parameters.width.integers!
    private let heights = Parameters.height.integers!
    private let instants = Parameters.motionInstant.integers!

    init(catalog: Catalog) {
        screens = catalog.screens
        screenIDs = screens.map(\.id)
        variantChoices = screens.map { QueryChoices($0.variants) }
    }

    func register(on router: inout Router) {
        let routes = self
        router.get(Operations.frames) { request in routes.respond(request, view: .frames) }
        router.get(Operations.snapshot) { request in routes.respond(request, view: .snapshot) }
        router.get(Operations.elementFrames) { request in routes.respond(request, view: .elementFrames) }
    }

    private func respond(_ request: Request, view: View) -> Response {
        let name = request.parameter("screen") ?? ""
        guard let index = screenIDs.firstIndex(of: name) else {
            return ProblemResponses.unknown(.screen, name, allowed: screenIDs)
        }
        var chosen = ChosenLayoutOptions()
        let variants = variantChoices[index]
        var width = QueryInteger.absent, height = QueryInteger.absent, instant = QueryInteger.absent
        // One pass: the size, the instant and the layout options; the first of a repeated parameter counts.
        request.forEachQueryItem { parameter, value in
            if parameter.is("width") {
                if case .absent = width { width = QueryInteger(value, widths) }
            } else if parameter.is("height") {
                if case .absent = height { height = QueryInteger(value, heights) }
            } else if parameter.is("at") {
                if case .absent = instant { instant = QueryInteger(value, instants) }
            } else {
                chosen.take(parameter, value, variants: variants)
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
            let id = request.parameter("element") ?? ""
            // `take` accepted a variant the screen has: its index is its layout's.
            let elements = screens[index].layouts[chosen.variantIndex].elements
            guard let elementIndex = elements.firstIndex(where: { $0.id == id }) else {
                return ProblemResponses.unknown(.element, id, allowed: elements.map(\.id))
            }
            element = (elementIndex, id)
        }
        let key = Self.key(screen: index, variant: chosen.variantIndex, view: view, options: options, width: widthValue, height: heightValue, element: element?.index)
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
        let moment = kept.instant?.encoded(at: epochMs) ?? EncodedDocument(bytes: kept.document.svg(at: epochMs))
        return kept.fields.response(moment, to: request, hints: chosen.hints)
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
            parameter.rejection(request.queryValue(parameter.name) ?? "")
        }
    }
}
