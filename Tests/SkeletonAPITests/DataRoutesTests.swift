import Foundation
import HTTPServer
import Testing
@testable import SkeletonAPI

/// `/data/{screen}/{element}` and the loading parameters through the router, on a clock the test
/// moves: an element past its time is answered at once, a failure as a problem with `Retry-After`,
/// and a token of another screen or a malformed `speed` as a 400 naming it.
@Suite struct DataRoutesTests {
    let clock = LoadingSessionsTests.Clock()
    let router: Router

    init() {
        router = SkeletonService(readiness: Readiness(), sessionSecret: "s", now: { [clock] in clock.now }).router
    }

    func session(_ query: String) throws -> String {
        let response = router.response("/loading-state", query: query)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return try #require(document["session"] as? String)
    }

    func detail(_ response: Response) throws -> String {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return try #require(document["detail"] as? String)
    }

    @Test func anElementPastItsTimeIsAnsweredAtOnceWithItsData() throws {
        let token = try session("screen=inbox&seed=4")
        clock.now += 439
        let data = router.response("/data/inbox/conversationList", query: "session=\(token)")
        #expect(data.status == .ok)
        #expect(data.headers["Server-Timing"] == #"stage;desc="conversations", wait;dur=0"#)
    }

    @Test func aFailedElementIsAProblemWithRetryAfterUntilItsRetryWindowEnds() throws {
        let token = try session("screen=inbox&scenario=timeout&speed=2")
        clock.now += 5_000
        let failure = router.response("/data/inbox/conversationList", query: "session=\(token)")
        #expect(failure.status == .gatewayTimeout)
        #expect(failure.headers["Retry-After"] == "1")
        #expect(try detail(failure) == "element 'conversationList' (stage 'conversations') timed out at 10000 ms in this load; asked again after 500 ms it succeeds")
        clock.now += 500
        #expect(router.response("/data/inbox/conversationList", query: "session=\(token)").status == .ok)
    }

    @Test func aTokenOfAnotherScreenIsABadRequestNamingIt() throws {
        let token = try session("screen=inbox")
        let refused = router.response("/data/home/accountsCarousel", query: "session=\(token)")
        #expect(refused.status == .badRequest)
        #expect(try detail(refused) == "query parameter 'session' is a load of screen 'inbox', not 'home'")
    }

    @Test func aSpeedWithANonASCIIDigitIsABadRequest() throws {
        // "5" and a combining acute accent: one Character between "0" and "9", which once passed
        // the digit check and then failed to parse.
        let refused = router.response("/loading-state", query: "screen=home&speed=5%CC%81")
        #expect(refused.status == .badRequest)
        #expect(try detail(refused).hasPrefix("query parameter 'speed' must be a number from 0.1 to 100"))
    }
}
