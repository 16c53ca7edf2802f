import Foundation
import HTTPServer
import Testing
@testable import SkeletonAPI

/// Input the real routes read strictly, through the router without sockets: a method they do not
/// serve is 405 with their `Allow`; a well-encoded query is read decoded; a parameter a session
/// or a snapshot decides, and a `Last-Event-ID` that is not an event id, are refused by name.
/// (The generic rules, the router's and the parser's, are HTTPServerTests'; the wire suite keeps
/// the event streams and one smoke.)
@Suite struct StrictInputTests {
    let router = SkeletonService(readiness: Readiness()).router

    func document(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    /// The members of a 400 problem document.
    func problem(_ response: Response, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        #expect(response.status == .badRequest, sourceLocation: sourceLocation)
        #expect(response.headers["Content-Type"] == "application/problem+json", sourceLocation: sourceLocation)
        return try document(response)
    }

    func session(_ query: String) throws -> String {
        try #require(try document(router.response("/loading-state", query: query))["session"] as? String)
    }

    @Test(arguments: [Method.delete, .post, .query, .propfind, .mkcol, .versionControl])
    func aMethodTheRoutesDoNotServeIs405WithTheirAllow(method: Method) {
        for path in ["/healthz", "/layouts/home"] {
            var request = Request(method: method, path: path)
            guard case .response(let response) = router.reply(to: &request) else {
                Issue.record("\(method.rawValue) \(path) deferred its reply")
                continue
            }
            #expect(response.status == .methodNotAllowed, "\(method.rawValue) \(path)")
            #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS", "\(method.rawValue) \(path)")
            #expect(response.headers["Content-Type"] == "application/problem+json")
        }
    }

    @Test func aWellEncodedQueryIsReadDecoded() throws {
        let state = try document(router.response("/loading-state", query: "%73creen=home&seed=%37&at=5"))
        #expect(state["screen"] as? String == "home" && state["seed"] as? Int == 7)
        #expect(try document(router.response("/layouts/home", query: "theme=d%61rk"))["theme"] as? String == "dark")
    }

    @Test(arguments: ["abc", "-1", "1.5", "99999999999999999999"])
    func aMalformedLastEventIDIsA400NamingTheHeader(_ value: String) throws {
        let body = try problem(router.response("/loading-state/events", query: "screen=home", fields: [("Last-Event-ID", value)]))
        #expect(body["header"] as? String == "Last-Event-ID")
        #expect((body["detail"] as? String)?.contains(value) == true)
    }

    @Test func aLastEventIDAtOrPastTheEndIs204SoThatAnEventSourceStops() throws {
        let timeline = try document(router.response("/loading-state/timeline", query: "screen=home"))
        let elements = try #require(timeline["elements"] as? [[String: Any]])
        let completeAt = try #require(elements.compactMap { $0["readyAtMs"] as? Int }.max())
        let token = try session("screen=home&speed=0.1")  // far from complete in real time
        for lastEventID in [completeAt, completeAt + 1] {
            let response = router.response("/loading-state/events", query: "session=\(token)", fields: [("Last-Event-ID", String(lastEventID))])
            #expect(response.status == .noContent, "Last-Event-ID \(lastEventID)")
            #expect(response.body.isEmpty)
        }
    }

    @Test(arguments: [("seed=3", "seed"), ("screen=home", "screen"), ("speed=2", "speed"), ("scenario=slow", "scenario"), ("at=5", "at")])
    func aParameterASessionDecidesIsRefusedBesideIt(extra: String, parameter: String) throws {
        let token = try session("screen=home")
        for route in ["/loading-state", "/loading-state/events"] {
            let body = try problem(router.response(route, query: "session=\(token)&\(extra)"))
            #expect(body["parameter"] as? String == parameter, "\(route)")
            #expect(body["conflictsWith"] as? String == "session", "\(route)")
        }
    }

    @Test(arguments: ["wait=100", "speed=2"])
    func aParameterASnapshotIgnoresIsRefusedBesideAt(extra: String) throws {
        let body = try problem(router.response("/loading-state", query: "screen=home&at=5&\(extra)"))
        #expect(body["conflictsWith"] as? String == "at")
        #expect(body["parameter"] as? String == String(extra.prefix { $0 != "=" }))
    }
}
