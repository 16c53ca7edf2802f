import HTTPServer
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// The contract routes through the router directly; Tests/Integration/test_contract.py validates
/// the documents themselves over the wire.
@Suite struct ContractRoutesTests {
    func response(_ router: Router, _ path: String, fields: [(String, String)] = []) -> Response {
        var request = Request(method: .get, path: path, query: "", fields: HTTPFields(fields))
        guard case .response(let response) = router.reply(to: &request) else {
            Issue.record("\(path) deferred its reply")
            return Response(status: .internalServerError)
        }
        return response
    }

    @Test func theDescriptionFollowsTheCatalogsScreens() {
        let screens = Catalog.builtIn.screens.filter { ["movies", "inbox"].contains($0.id) }.reversed()
        let router = SkeletonService(readiness: Readiness(), catalog: Catalog(screens: Array(screens))).router
        let description = String(decoding: response(router, "/openapi.json").body, as: UTF8.self)
        #expect(description.contains(#""/layouts/movies": {"get": {"operationId": "getLayout_movies""#))
        #expect(description.contains(#""/layouts/inbox": "#))
        #expect(!description.contains(#""/layouts/home": "#))
        #expect(description.contains(#""KnownScreen": {"type": "string", "enum": ["movies","inbox"]"#))
    }

    @Test func theDescriptionListsMetricsOnlyWhenTheServiceServesThem() {
        let without = SkeletonService(readiness: Readiness()).router
        #expect(response(without, "/metrics").status == .notFound)
        #expect(!String(decoding: response(without, "/openapi.json").body, as: UTF8.self).contains(#""/metrics": {"get""#))
        let with = SkeletonService(readiness: Readiness(), metrics: ServerMetrics()).router
        #expect(response(with, "/metrics").status == .ok)
        #expect(String(decoding: response(with, "/openapi.json").body, as: UTF8.self).contains(#""/metrics": {"get""#))
    }

    @Test func schemasAreSchemaJSONAndRevalidate() {
        let router = SkeletonService(readiness: Readiness()).router
        for path in ["/schema/layout.json", "/schema/screen.json"] {
            let served = response(router, path)
            #expect(served.status == .ok)
            #expect(served.headers["Content-Type"] == "application/schema+json")
            #expect(served.headers["Cache-Control"] == "public, max-age=60")
            let etag = served.headers["ETag"]!
            let revalidated = response(router, path, fields: [("If-None-Match", etag)])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.headers["ETag"] == etag)
        }
    }
}
