import HTTPServer
import Layouts
import SkeletonDomain

/// `GET /layouts/{screen}/frames` and `GET /layouts/{screen}/snapshot.svg`: a screen laid out by
/// the server (`FrameLayout`) at a viewport `width` (and `height`), with the options of
/// `/layouts/{screen}`, as frames (JSON) or as a still SVG image.
///
/// Each document is computed on its first request and kept: a later request for the same
/// screen, options and size costs a lookup, like a layout document. At most `cacheLimit`
/// documents are kept; when the cache is full it starts afresh.
final class FrameRoutes: Sendable {
    static let cacheLimit = 512

    /// The document a route serves, named by its template's last segment.
    private enum View: String, CaseIterable {
        case frames
        case snapshot = "snapshot.svg"
    }

    /// What a document depends on, packed in one integer: the cheapest key to hash.
    private struct Key: Hashable {
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
    private let cache = Locked<[Key: DocumentResponses]>([:])

    init(catalog: Catalog) {
        screens = catalog.screens
    }

    func register(on router: inout Router) {
        let routes = self
        for view in View.allCases {
            router.get("/layouts/{screen}/" + view.rawValue) { request in routes.respond(request, view: view) }
        }
    }

    private func respond(_ request: Request, view: View) -> Response {
        let name = request.parameter("screen") ?? ""
        guard let index = screens.firstIndex(where: { $0.id == name }) else {
            return ProblemResponses.unknown(.screen, name, allowed: screens.map(\.id))
        }
        var chosen = ChosenLayoutOptions()
        let variants = screens[index].variants
        var width = Size.absent, height = Size.absent
        // One pass: the layout options, then the size; the first of a repeated parameter counts.
        request.forEachQueryItem { parameter, value in
            if chosen.take(parameter, value, variants: variants) { return }
            if case .absent = width, parameter.is("width") {
                width = Size(value)
            } else if case .absent = height, parameter.is("height") {
                height = Size(value)
            }
        }
        if let problem = chosen.finish(request) { return problem }
        var options = chosen.options
        let widthValue: Int
        switch width {
        case .absent: return Self.badSize("width", nil)
        case .invalid(let text): return Self.badSize("width", text)
        case .valid(let value): widthValue = value
        }
        var heightValue: Int?
        switch height {
        case .absent: break
        case .invalid(let text): return Self.badSize("height", text)
        case .valid(let value): heightValue = value
        }
        let key = Key(screen: index, variant: chosen.variantIndex, view: view, options: options, width: widthValue, height: heightValue)
        if let responses = cache.withLock({ $0[key] }) {
            return responses.response(to: request, hints: chosen.hints)
        }
        options.variant = screens[index].variants[chosen.variantIndex]
        options.expand = false
        // Nil only for a variant the screen has no layout of, which `take` has ruled out.
        guard let document = FramesDocument(screen: screens[index], options: options, width: widthValue, height: heightValue) else {
            return ProblemResponses.unknown(.variant, options.variant, allowed: screens[index].variants)
        }
        let responses = Self.responses(document, view)
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = responses
        }
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
    /// `ParameterRanges.viewport`, in at most four plain decimal digits, or the text that is not.
    private enum Size {
        case absent
        case valid(Int)
        case invalid(String)

        init(_ value: QueryText) {
            if let points = value.wholeNumber(maxDigits: 4), ParameterRanges.viewport.contains(points) {
                self = .valid(points)
            } else {
                self = .invalid(value.text)
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
