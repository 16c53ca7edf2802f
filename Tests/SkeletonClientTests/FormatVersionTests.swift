import Foundation
import HTTPServer
import SkeletonClient
import Testing

/// docs/http-api.md, Compatibility: a client ignores what a later server adds within a format
/// version, and stops at a later format version rather than guess what its members mean.
@Suite struct FormatVersionTests {
    /// A server of a later format: `/healthz` written in format 3, and a problem of a kind added later.
    static let laterServer: Router = {
        var router = Router()
        router.get("/healthz") { _ in Response.json(Array(#"{"formatVersion":3,"status":"ok"}"#.utf8)) }
        router.get("/layouts") { _ in
            Problem(ProblemType("rate-limited", status: .serviceUnavailable), detail: "too many requests").response()
        }
        return router
    }()

    @Test func aLaterFormatVersionIsRefusedNotGuessed() async throws {
        let server = try LiveServer(router: Self.laterServer)
        do {
            _ = try await server.client.health()
            Issue.record("a format 3 document was decoded as format 2")
        } catch let error as UnsupportedFormatVersion {
            #expect(error.version == 3 && error.supported == DocumentFormat.version)
        }
    }

    @Test func aProblemOfAKindAddedLaterIsReadByItsStatusAndDetail() async throws {
        let server = try LiveServer(router: Self.laterServer)
        do {
            _ = try await server.client.layouts()
            Issue.record("a 503 was decoded as a layouts index")
        } catch let error as SkeletonClientError {
            #expect(error.status == 503 && error.problem?.type == "/problems/rate-limited" && error.problem?.detail == "too many requests")
        }
    }

    @Test func theServersProblemsNameTheirKind() async throws {
        let server = try LiveServer()
        do {
            _ = try await server.client.layout("hom")
            Issue.record("an unknown screen was served")
        } catch let error as SkeletonClientError {
            #expect(error.problem?.type == "/problems/unknown-screen" && error.problem?.suggestion == "home")
        }
    }
}
