import HTTPServer
import SkeletonDomain

/// `GET /renderer.js` (the web renderer, an ES module), `GET /renderer.d.ts` (its TypeScript
/// declarations), `GET /capture.js` (its page capture, which it re-exports), `GET /drift.js` (its
/// drift measurement, which it re-exports too), `GET /capture` (the
/// page offering capture as a bookmarklet) and `GET /preview/{screen}` (the page for designers and
/// client developers, docs/spec.md §2). All are fixed bytes with a strong ETag, each built on its
/// first request (`Once`); a request costs a lookup, as for the layout documents.
struct WebRoutes: Sendable {
    private static let noSniff = ResponseHeaders(["X-Content-Type-Options": "nosniff"])
    private let renderer = WebRoutes.module(EmbeddedFiles.rendererJS)
    private let rendererTypes = WebRoutes.module(EmbeddedFiles.rendererDTS, contentType: "application/typescript; charset=utf-8")
    private let capture = WebRoutes.module(EmbeddedFiles.captureJS)
    private let drift = WebRoutes.module(EmbeddedFiles.driftJS)
    private let preview = Once {
        var headers = noSniff
        headers.add("Content-Security-Policy", PreviewPage.contentSecurityPolicy)
        headers.add("Referrer-Policy", "no-referrer")
        return DocumentResponses(EncodedDocument(bytes: PreviewPage.bytes), hinted: false,
                                 contentType: "text/html; charset=utf-8", headers: headers)
    }
    private let capturePage = Once {
        var headers = noSniff
        headers.add("Content-Security-Policy", PreviewPage.policy(style: EmbeddedFiles.capturePageCSS, script: EmbeddedFiles.capturePageJS))
        headers.add("Referrer-Policy", "no-referrer")
        return DocumentResponses(
            EncodedDocument(bytes: PreviewPage.inlined(EmbeddedFiles.capturePageHTML, style: EmbeddedFiles.capturePageCSS, script: EmbeddedFiles.capturePageJS)),
            hinted: false, contentType: "text/html; charset=utf-8", headers: headers)
    }
    private let screens: [String]

    /// A module's responses (`nosniff`), made on its first request.
    private static func module(_ bytes: @autoclosure @escaping @Sendable () -> [UInt8],
                               contentType: String = "text/javascript; charset=utf-8") -> Once<DocumentResponses> {
        Once { DocumentResponses(EncodedDocument(bytes: bytes()), hinted: false, contentType: contentType, headers: noSniff) }
    }

    init(catalog: Catalog) {
        screens = catalog.screens.map(\.id)
    }

    func register(on router: inout Router) {
        let routes = self
        router.get(Operations.renderer) { request in routes.renderer.value.response(to: request) }
        router.get(Operations.rendererTypes) { request in routes.rendererTypes.value.response(to: request) }
        router.get(Operations.capture) { request in routes.capture.value.response(to: request) }
        router.get(Operations.driftModule) { request in routes.drift.value.response(to: request) }
        router.get(Operations.capturePage) { request in routes.capturePage.value.response(to: request) }
        router.get(Operations.preview) { request in
            let name = Parameters.screenPath.value(in: request) ?? ""
            guard routes.screens.contains(name) else { return routes.unknownScreen(name, request) }
            return routes.preview.value.response(to: request)
        }
    }

    /// The 404 problem of an unknown screen, in the layout route's words: a readable page for a
    /// client that accepts HTML (a browser), else `application/problem+json`. Either way
    /// `Vary: Accept`, since the representation depends on it (RFC 9110 §12.5.5).
    private func unknownScreen(_ name: String, _ request: Request) -> Response {
        let problem = ProblemResponses.unknownProblem(.screen, name, allowed: screens)
        let vary = CachePolicy.variesOnAccept
        guard Self.acceptsHTML(request) else { return problem.response(headers: vary) }
        var headers = ResponseHeaders.contentType("text/html; charset=utf-8")
        headers.append(vary)
        headers.add("Content-Security-Policy", PreviewPage.problemContentSecurityPolicy)
        headers.add("X-Content-Type-Options", "nosniff")
        return Response(status: problem.status, headers: headers, body: PreviewPage.problemPage(problem, screens: screens))
    }

    /// Whether an `Accept` field names `text/html` (what browsers send for a page) with a
    /// weight above 0 (RFC 9110 §12.5.1); `*/*` alone (curl) is not taken for a browser.
    static func acceptsHTML(_ request: Request) -> Bool {
        for value in request.fields.values("Accept") {
            for range in value.split(separator: ",") {
                let parts = range.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
                guard parts.first == "text/html" else { continue }
                let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
                return (weight ?? 1) > 0
            }
        }
        return false
    }
}
