import HTTPServer
import Layouts
import SkeletonDomain

/// `GET /layouts/{screen}/frames` and `GET /layouts/{screen}/snapshot.svg`: a screen laid out by
/// the server (`FrameLayout`) at a viewport `width` (and `height`), with the options of
/// `/layouts/{screen}`, as frames (JSON) or as a still SVG image.
///
/// Each document is computed on its first request and kept (`FrameCache`): a later request for
/// the same screen, options and size costs a lookup, like a layout document. At most `cacheLimit`
/// documents are kept; when the cache is full it starts afresh.
final class FrameRoutes: Sendable {
    static let cacheLimit = 512

    /// The document a route serves, named by its template's last segment.
    private enum View: String, CaseIterable {
        case frames
        case snapshot = "snapshot.svg"
    }

    /// What a document depends on, packed in one integer (never zero: a width is at least 120).
    private struct Key {
        let packed: UInt64

        init(screen: Int, variant: Int, view: View, options: LayoutOptions, width: Int, height: Int?) {
            var packed = UInt64(screen) << 40 | UInt64(variant) << 32
            packed |= UInt64(width) << 16 | UInt64(height ?? 0) << 4
            packed |= (view == .frames ? 0 : 8) | (options.theme == .light ? 0 : 4)
            packed |= (options.motion == .full ? 0 : 2) | (options.direction == .ltr ? 0 : 1)
            self.packed = packed
        }
    }

    private let screens: [Screen]
    /// The screens' ids, in `screens` order: what a request looks its screen up by.
    private let screenIDs: [String]
    private let cache = FrameCache(limit: cacheLimit)

    init(catalog: Catalog) {
        screens = catalog.screens
        screenIDs = screens.map(\.id)
    }

    func register(on router: inout Router) {
        let routes = self
        for view in View.allCases {
            router.get("/layouts/{screen}/" + view.rawValue) { request in routes.respond(request, view: view) }
        }
    }

    private func respond(_ request: Request, view: View) -> Response {
        let name = request.parameter("screen") ?? ""
        guard let index = screenIDs.firstIndex(of: name) else {
            return ProblemResponses.unknown(.screen, name, allowed: screenIDs)
        }
        var chosen = ChosenLayoutOptions()
        let variants = screens[index].variants
        var width = Size.absent, height = Size.absent
        // One pass: the size and the layout options; the first of a repeated parameter counts.
        request.forEachQueryItem { parameter, value in
            if parameter.is("width") {
                if case .absent = width { width = Size(value) }
            } else if parameter.is("height") {
                if case .absent = height { height = Size(value) }
            } else {
                chosen.take(parameter, value, variants: variants)
            }
        }
        if let problem = chosen.finish(request) { return problem }
        var options = chosen.options
        let widthValue: Int
        switch width {
        case .absent: return Self.badSize("width", nil)
        case .invalid: return Self.badSize("width", request.queryValue("width"))
        case .valid(let value): widthValue = value
        }
        var heightValue: Int?
        switch height {
        case .absent: break
        case .invalid: return Self.badSize("height", request.queryValue("height"))
        case .valid(let value): heightValue = value
        }
        let key = Key(screen: index, variant: chosen.variantIndex, view: view, options: options, width: widthValue, height: heightValue)
        if let responses = cache.document(key.packed) {
            return responses.response(to: request, hints: chosen.hints)
        }
        options.variant = screens[index].variants[chosen.variantIndex]
        options.expand = false
        // Nil only for a variant the screen has no layout of, which `take` has ruled out.
        guard let document = FramesDocument(screen: screens[index], options: options, width: widthValue, height: heightValue) else {
            return ProblemResponses.unknown(.variant, options.variant, allowed: screens[index].variants)
        }
        let responses = Self.responses(document, view)
        cache.keep(responses, key.packed)
        return responses.response(to: request, hints: chosen.hints)
    }

    private static func responses(_ document: FramesDocument, _ view: View) -> DocumentResponses {
        switch view {
        case .frames:
            return DocumentResponses(EncodedDocument(bytes: document.json()), hinted: true)
        case .snapshot:
            return DocumentResponses(EncodedDocument(bytes: document.svg()), hinted: true, contentType: "image/svg+xml",
                                     headers: ResponseHeaders(["X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'"]))
        }
    }

    /// A `width` or `height` as the query gave it: a whole number of points within
    /// `ParameterRanges.viewport`, in at most four plain decimal digits, or not (its text, for
    /// the problem, read again then: a plain value keeps the pass free of strings).
    private enum Size {
        case absent
        case valid(Int)
        case invalid

        init(_ value: QueryText) {
            if let points = value.wholeNumber(maxDigits: 4), ParameterRanges.viewport.contains(points) {
                self = .valid(points)
            } else {
                self = .invalid
            }
        }
    }

    private static func badSize(_ name: String, _ value: String?) -> Response {
        let got = value.map { "; got '\($0)'" } ?? " and is required"
        let problem = Problem(
            value == nil ? .missingParameter : .badParameter, status: .badRequest,
            detail: "query parameter '\(name)' must be a whole number of points from \(ParameterRanges.viewport.lowerBound) to \(ParameterRanges.viewport.upperBound)\(got)",
            extensions: [("parameter", .string(name)), ("allowed", .string("\(ParameterRanges.viewport.lowerBound)...\(ParameterRanges.viewport.upperBound)"))])
        return problem.response()
    }
}
