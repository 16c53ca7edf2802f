import Foundation
import HTTPServer
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// Session polls through the router: a token verified once is served from this thread's cache
/// afterwards, and that cache never lends one service's verdict to another with another secret,
/// nor keeps a session past its age.
@Suite struct SessionPollTests {
    func reply(_ service: SkeletonService, _ query: String) -> Response {
        var request = Request(method: .get, path: "/loading-state", query: query)
        guard case .response(let response) = service.router.reply(to: &request) else {
            Issue.record("/loading-state?\(query) deferred its reply")
            return Response(status: .internalServerError)
        }
        return response
    }

    func session(_ response: Response) throws -> String {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return try #require(document["session"] as? String)
    }

    @Test func aTokenVerifiedByOneSecretIsRefusedByAnother() throws {
        let first = SkeletonService(readiness: Readiness(), sessionSecret: "first")
        let second = SkeletonService(readiness: Readiness(), sessionSecret: "second")
        let token = try session(reply(first, "screen=home&seed=3"))
        #expect(reply(first, "session=\(token)").status == .ok)
        #expect(reply(first, "session=\(token)").status == .ok)  // from the cache
        #expect(reply(second, "session=\(token)").status == .notFound, "no such session under this secret")
    }

    @Test func aCachedSessionStillExpires() throws {
        let clock = Clock()
        let service = SkeletonService(readiness: Readiness(), sessionSecret: "s", now: { clock.now })
        let token = try session(reply(service, "screen=inbox"))
        #expect(reply(service, "session=\(token)").status == .ok)
        clock.now += SessionToken.maximumAgeMs + 1
        let expired = reply(service, "session=\(token)")
        #expect(expired.status == .notFound, "an expired session is no longer served")
        #expect(String(decoding: expired.body, as: UTF8.self).contains("more than 24 h ago"))
    }

    final class Clock: @unchecked Sendable {
        var now: Int64 = 1_795_000_000_000
    }
}
