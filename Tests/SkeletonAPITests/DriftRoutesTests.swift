import Foundation
import HTTPServer
import Layouts
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// `POST /drift` and `GET /drift` through the router, on an injected clock; Tests/Integration/test_drift.py
/// holds every refusal over the wire.
@Suite struct DriftRoutesTests {
    final class Clock: Sendable {
        let milliseconds = Locked<Int64>(1_800_000_000_250)
    }

    static func post(_ router: Router, _ body: String) -> Response {
        var request = Request(method: .post, path: "/drift", fields: HTTPFields([("Content-Type", "application/json")]))
        request.body = RequestBody(bytes: Array(body.utf8), count: body.utf8.count)
        guard case .response(let response) = router.reply(to: &request) else {
            Issue.record("POST /drift deferred its reply")
            return Response(status: .internalServerError)
        }
        return response
    }

    static func report(element: String = "categories", score: Double, width: Double = 390) -> String {
        let version = Catalog.builtIn.version(of: "home")!
        return #"{"screen":"home","version":"\#(version)","element":"\#(element)","width":\#(width),"score":\#(score),"skeletonHeight":100,"contentHeight":100,"shapes":[]}"#
    }

    struct Summary: Decodable {
        struct Entry: Decodable {
            var screen, element: String
            var reports: Int
            var p10, median: Double
            var widths: [Double]
            var lastReportAt: String
        }
        var formatVersion: Int
        var elements: [Entry]
    }

    static func summary(_ router: Router) throws -> Summary {
        try JSONDecoder().decode(Summary.self, from: Data(router.response("/drift").body))
    }

    @Test func stampsTheLastReportWithTheInjectedClock() throws {
        let clock = Clock()
        let router = SkeletonService(readiness: Readiness(), now: { clock.milliseconds.withLock { $0 } }).router
        #expect(Self.post(router, Self.report(score: 0.9)).status == .noContent)
        #expect(try Self.summary(router).elements.map(\.lastReportAt) == ["2027-01-15T08:00:00.250Z"])
        clock.milliseconds.withLock { $0 += 86_400_000 + 1 }
        #expect(Self.post(router, Self.report(score: 0.8)).status == .noContent)
        let entry = try #require(try Self.summary(router).elements.first)
        #expect(entry.lastReportAt == "2027-01-16T08:00:00.251Z")
        #expect(entry.reports == 2)
    }

    @Test func keepsAtMostSixteenWidthsAndTheLast1024ScoresWhateverTheFlood() throws {
        let router = SkeletonService(readiness: Readiness()).router
        // 1,100 reports: the first 76 score 0, the last 1,024 score 1 (so p10 and median over the
        // last 1,024 are 1), over 40 widths.
        for index in 0..<1_100 {
            let score = index < 76 ? 0.0 : 1.0
            #expect(Self.post(router, Self.report(score: score, width: Double(300 + index % 40))).status == .noContent)
        }
        let entry = try #require(try Self.summary(router).elements.first)
        #expect(entry.reports == 1_100)
        #expect(entry.widths == (300..<316).map(Double.init))
        #expect(entry.p10 == 1 && entry.median == 1)
    }

    @Test func countsOnlyElementsOfTheCatalog() throws {
        let router = SkeletonService(readiness: Readiness()).router
        for index in 0..<50 { #expect(Self.post(router, Self.report(element: "made-up-\(index)", score: 0.5)).status == .notFound) }
        #expect(try Self.summary(router).elements.isEmpty)
    }

    @Test func writesRFC3339FromTheCivilCalendar() {
        // Expected values from Python's datetime.
        #expect(RFC3339.string(epochMilliseconds: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(RFC3339.string(epochMilliseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(RFC3339.string(epochMilliseconds: 4_102_444_799_999) == "2099-12-31T23:59:59.999Z")
    }
}
