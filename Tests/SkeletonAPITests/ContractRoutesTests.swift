import HTTPServer
import Layouts
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

    @Test func theDescriptionIsTheSameForEveryDeployment() {
        let screens = Catalog.builtIn.screens.filter { ["movies", "inbox"].contains($0.id) }.reversed()
        let deployments = [
            SkeletonService(readiness: Readiness()),
            SkeletonService(readiness: Readiness(), catalog: Catalog(screens: Array(screens))),
            SkeletonService(readiness: Readiness(), metrics: ServerMetrics()),
        ]
        let descriptions = deployments.map { response($0.router, "/openapi.json").body }
        #expect(descriptions.allSatisfy { $0 == descriptions[0] })
        #expect(!String(decoding: descriptions[0], as: UTF8.self).contains("KnownScreen"))
    }

    /// One truth for the routes: the router answers exactly the paths the description has and the
    /// index links (`/metrics` only where metrics are served).
    @Test func theRouterTheIndexAndTheDescriptionNameTheSameRoutes() throws {
        let service = SkeletonService(readiness: Readiness(), metrics: ServerMetrics())
        let description = try JSONParser.parse(response(service.router, "/openapi.json").body)
        let index = try JSONParser.parse(response(service.router, "/").body)
        guard case .object(let paths)? = description["paths"], case .object(let links)? = index["links"] else {
            Issue.record("no paths or links")
            return
        }
        let linked = Set(links.compactMap { if case .string(let template) = $0.value { template } else { nil } })
        #expect(Set(service.router.templates) == Set(paths.map(\.key)))
        #expect(linked == Set(paths.map(\.key)))
    }

    /// The description's hash, recorded with the contract's version: a change to the description
    /// fails here until `OpenAPIDocument.contractVersion` is bumped and the pair recorded anew.
    @Test func aChangedDescriptionHasANewVersion() {
        let recorded = (version: "3.12.0", sha256: "0251542e1120ca9d28d2c2f91ef06a39c4c192aa0eb9d9a98b4d23059a4380d7")
        let description = response(SkeletonService(readiness: Readiness()).router, "/openapi.json").body
        let hash = SHA256.hash(description).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(OpenAPIDocument.contractVersion == recorded.version, "record the new version's hash below")
        #expect(hash == recorded.sha256, "the description changed: bump OpenAPIDocument.contractVersion and record (version, \(hash))")
    }

    /// HTTPServer writes problems without seeing `DocumentFormat`: its version must be the same.
    @Test func problemsAreWrittenInTheServicesFormatVersion() {
        #expect(Problem.formatVersion == DocumentFormat.version)
        let problem = response(SkeletonService(readiness: Readiness()).router, "/layouts/nowhere").body
        #expect(problem.starts(with: Array(#"{"formatVersion":\#(DocumentFormat.version),"#.utf8)))
    }

    @Test func schemasAreSchemaJSONAndRevalidate() {
        let router = SkeletonService(readiness: Readiness()).router
        for (path, document) in [("/schema/layout.json", LayoutSchema.document), ("/schema/screen.json", ScreenSchema.document),
                                 ("/schema/frames.json", FramesSchema.document), ("/schema/content.json", ContentSchema.document),
                                 ("/schema/drift-report.json", DriftReportSchema.document)] {
            let served = response(router, path)
            #expect(served.status == .ok && served.body == document, "\(path)")
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
