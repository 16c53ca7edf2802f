import Foundation
import HTTPServer
import Testing
@testable import SkeletonAPI
@testable import SkeletonDomain

/// The loading simulation honours `variant` wherever a screen is named: a load of home's
/// `fullscreen` layout drives that layout's one element (`homeSkeleton`, bound to `fastPath`) in
/// its state, its events, its timeline and `/data`, and its token keeps the variant; a variant
/// the screen has not is a 404 listing those it has, and one beside a session a 400.
@Suite struct VariantLoadTests {
    let clock = LoadingSessionsTests.Clock()
    let router: Router

    init() {
        router = SkeletonService(readiness: Readiness(), sessionSecret: "s", now: { [clock] in clock.now }).router
    }

    func object(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func elementIDs(_ document: [String: Any]) -> [String] {
        (document["elements"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aLoadOfAVariantDrivesThatLayoutsElementsAndItsTokenKeepsIt() throws {
        let started = try object(router.response("/loading-state", query: "screen=home&variant=fullscreen&seed=2"))
        #expect(started["variant"] as? String == "fullscreen")
        #expect(elementIDs(started) == ["homeSkeleton"])
        let token = try #require(started["session"] as? String)
        clock.now += 5_000
        let followed = try object(router.response("/loading-state/\(token)"))
        #expect(followed["variant"] as? String == "fullscreen")
        #expect(elementIDs(followed) == ["homeSkeleton"])
        #expect((followed["elements"] as? [[String: Any]])?.first?["status"] as? String == "ready")
        #expect(router.response("/loading-state/\(token)/data/homeSkeleton").status == .ok)
        let other = router.response("/loading-state/\(token)/data/accountsCarousel")
        #expect(other.status == .notFound)
        #expect(try object(other)["allowed"] as? [String] == ["homeSkeleton"])
    }

    @Test func theDefaultLoadIsTheDefaultLayoutsElementsAsBefore() throws {
        let started = try object(router.response("/loading-state", query: "screen=home"))
        #expect(started["variant"] as? String == "default")
        #expect(elementIDs(started) == ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"])
        let token = try #require(started["session"] as? String)
        let payload = try #require(token.split(separator: ".").first)
        #expect(String(decoding: try #require(Base64.decode(payload.utf8)), as: UTF8.self).hasPrefix("v1.home.typical."), "a default load's token is the one sealed before variants")
        let data = router.response("/data/home/homeSkeleton", query: "seed=1")
        #expect(data.status == .notFound)
        #expect(try object(data)["allowed"] as? [String] == ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"])
    }

    @Test func theTimelineTheInstantAndDataTakeTheVariant() throws {
        let timeline = try object(router.response("/loading-state/timeline", query: "screen=home&variant=fullscreen&seed=3"))
        #expect(timeline["variant"] as? String == "fullscreen")
        #expect(elementIDs(timeline) == ["homeSkeleton"])
        let defaultTimeline = try object(router.response("/loading-state/timeline", query: "screen=home&seed=3"))
        #expect((timeline["stages"] as? [[String: Any]])?.count == (defaultTimeline["stages"] as? [[String: Any]])?.count,
                "the stages are the screen's, whatever the variant")
        let instant = try object(router.response("/loading-state/instant", query: "screen=home&variant=fullscreen&at=0"))
        #expect(elementIDs(instant) == ["homeSkeleton"])
        let immediate = DataRoutesTests.immediate()
        let data = immediate.response("/data/home/homeSkeleton", query: "variant=fullscreen&seed=4")
        #expect(data.status == .ok)
        #expect(try object(data)["element"] as? String == "homeSkeleton")
    }

    @Test func anUnknownVariantIsA404ListingTheScreensAndOneBesideASessionA400() throws {
        for (path, query) in [("/loading-state", "screen=home&variant=tablet"), ("/loading-state/timeline", "screen=inbox&variant=tablet"),
                              ("/loading-state/instant", "screen=home&variant=tablet&at=5"), ("/data/home/accountsCarousel", "variant=tablet")] {
            let response = router.response(path, query: query)
            #expect(response.status == .notFound, "\(path)?\(query)")
            let problem = try object(response)
            #expect((problem["type"] as? String)?.hasSuffix("/problems/unknown-variant") == true)
            #expect(problem["allowed"] as? [String] == (query.contains("inbox") ? ["default"] : ["default", "fullscreen"]))
        }
        let token = try #require(try object(router.response("/loading-state", query: "screen=home"))["session"] as? String)
        let beside = router.response("/loading-state", query: "session=\(token)&variant=fullscreen")
        #expect(beside.status == .badRequest)
        #expect(try object(beside)["parameter"] as? String == "variant")
    }
}
