import HTTPServer
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// The renderer and preview routes through the router directly (the wire and browser suites run them for real).
@Suite struct WebRoutesTests {
    let router = SkeletonService(readiness: Readiness()).router

    func response(_ path: String, fields: [(String, String)] = []) -> Response {
        var request = Request(method: .get, path: path, query: "", fields: HTTPFields(fields))
        guard case .response(let response) = router.reply(to: &request) else {
            Issue.record("\(path) deferred its reply")
            return Response(status: .internalServerError)
        }
        return response
    }

    @Test func servesTheRendererWithAStrongETag() {
        let served = response("/renderer.js")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(served.body == EmbeddedFiles.rendererJS)
        #expect(served.headers["ETag"] == EncodedDocument(bytes: served.body).etag)
        let revalidated = response("/renderer.js", fields: [("If-None-Match", served.headers["ETag"]!)])
        #expect(revalidated.status == .notModified)
        #expect(revalidated.body.isEmpty)
    }

    /// The drift module, which the renderer imports beside itself: served as capture.js is.
    @Test func servesTheDriftModuleWithAStrongETag() {
        let served = response("/drift.js")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(served.headers["X-Content-Type-Options"] == "nosniff")
        #expect(served.body == EmbeddedFiles.driftJS)
        #expect(String(decoding: EmbeddedFiles.rendererJS, as: UTF8.self).contains("from './drift.js'"))
        let revalidated = response("/drift.js", fields: [("If-None-Match", served.headers["ETag"]!)])
        #expect(revalidated.status == .notModified)
    }

    @Test func servesTheRenderersTypeScriptDeclarationsWithAStrongETag() {
        let served = response("/renderer.d.ts")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "application/typescript; charset=utf-8")
        #expect(served.headers["X-Content-Type-Options"] == "nosniff")
        #expect(served.body == EmbeddedFiles.rendererDTS)
        #expect(String(decoding: served.body, as: UTF8.self).contains("export declare function renderSkeleton("))
        let revalidated = response("/renderer.d.ts", fields: [("If-None-Match", served.headers["ETag"]!)])
        #expect(revalidated.status == .notModified)
    }

    @Test func servesThePreviewOfAKnownScreenUnderItsPolicy() {
        let served = response("/preview/thread")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(served.headers["Content-Security-Policy"] == PreviewPage.contentSecurityPolicy)
        #expect(served.body == PreviewPage.bytes)
    }

    @Test func unknownScreenIsAPageForABrowserAndAProblemOtherwise() {
        let page = response("/preview/movie", fields: [("Accept", "text/html,*/*;q=0.8")])
        #expect(page.status == .notFound)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(String(decoding: page.body, as: UTF8.self).contains("did you mean &#39;movies&#39;?"))
        let problem = response("/preview/movie")
        #expect(problem.headers["Content-Type"] == "application/problem+json")
        #expect(problem.body == response("/layouts/movie").body)
        #expect(problem.headers["Vary"] == "Accept" && page.headers["Vary"] == "Accept")
    }

    @Test func acceptsHTMLOnlyWhenNamedWithAWeight() {
        func accepts(_ value: String?) -> Bool {
            WebRoutes.acceptsHTML(Request(method: .get, path: "/", query: "", fields: HTTPFields(value.map { [("Accept", $0)] } ?? [])))
        }
        #expect(accepts("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))
        #expect(accepts("application/json, TEXT/HTML ; q=0.5"))
        #expect(!accepts("*/*"))
        #expect(!accepts(nil))
        #expect(!accepts("text/html;q=0"))
        #expect(!accepts("text/html; q=0.000, */*"))
    }

    @Test func escapesMarkup() {
        #expect(MarkupText.escaped(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
