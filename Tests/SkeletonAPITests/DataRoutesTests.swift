import Foundation
import HTTPServer
import Layouts
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// `/data/{screen}/{element}` and the loading parameters through the router, on a clock the test
/// moves: an element past its time is answered at once with its envelope (`ElementData`), a
/// failure as a problem with `Retry-After`, and a token of another screen or a malformed `speed`
/// as a 400 naming it.
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

    /// The data routes of a service that answers at once (`--no-faults`), serving `files` beside the built-in screens.
    static func immediate(_ files: [Screen] = []) -> Router {
        SkeletonService(readiness: Readiness(), catalog: .builtIn(with: files), sessionSecret: "s", injectsFaults: false).router
    }

    static func object(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func anElementsDataIsOneEnvelopeOfItsScreenElementStageSeedAndContent() throws {
        let data = Self.immediate().response("/data/home/accountsCarousel", query: "seed=7")
        #expect(data.status == .ok)
        #expect(data.headers["Content-Type"] == "application/json")
        let content = try #require(SampleContent.content(screen: "home", element: "accountsCarousel", seed: 7))
        let envelope = #"{"formatVersion":\#(DocumentFormat.version),"screen":"home","element":"accountsCarousel","stage":"fastPath","seed":7,"content":"#
        #expect(data.body == Array(envelope.utf8) + content + Array("}".utf8))
    }

    @Test func everyRouteAnswersTheSameEnvelope() throws {
        let router = Self.immediate()
        let token = try #require(try Self.object(router.response("/loading-state", query: "screen=thread&seed=3"))["session"] as? String)
        let byPath = router.response("/loading-state/\(token)/data/messages")
        let byQuery = router.response("/data/thread/messages", query: "session=\(token)")
        let started = router.response("/data/thread/messages", query: "seed=3")
        #expect(byPath.status == .ok && byPath.body == byQuery.body && byPath.body == started.body)
        let document = try Self.object(byPath)
        #expect(document["screen"] as? String == "thread" && document["element"] as? String == "messages")
        #expect(document["stage"] as? String == "messages" && document["seed"] as? Int == 3)
        #expect((document["content"] as? [String: Any])?["messages"] != nil)
    }

    @Test(arguments: 0..<6)
    func aPosterIsAJSONObjectCarryingItsSVG(index: Int) throws {
        let data = Self.immediate().response("/data/movies/poster[\(index)]", query: "seed=4")
        #expect(data.status == .ok && data.headers["Content-Type"] == "application/json")
        let document = try Self.object(data)
        #expect(document["stage"] as? String == "poster[\(index)]")
        let content = try #require(document["content"] as? [String: Any])
        #expect(content["mediaType"] as? String == "image/svg+xml")
        #expect((content["svg"] as? String)?.hasPrefix("<svg ") == true && (content["svg"] as? String)?.hasSuffix("</svg>") == true)
    }

    @Test func theSameSeedHasTheSameETagAnotherSeedAnotherAndAMatchIs304() throws {
        let router = Self.immediate()
        let first = router.response("/data/insights/insightCards", query: "seed=5")
        let again = router.response("/data/insights/insightCards", query: "seed=5&scenario=slow")
        let other = router.response("/data/insights/insightCards", query: "seed=6")
        let etag = try #require(first.headers["ETag"])
        #expect(etag == EncodedDocument(bytes: first.body).etag)
        #expect(again.headers["ETag"] == etag && again.body == first.body)
        #expect(other.headers["ETag"] != etag)
        let revalidated = router.response("/data/insights/insightCards", query: "seed=5", fields: [("If-None-Match", etag)])
        #expect(revalidated.status == .notModified && revalidated.body.isEmpty && revalidated.headers["ETag"] == etag)
    }

    @Test func aScreenFilesContentIsTheEnvelopesContentAndNoContentIsAnEmptyObject() throws {
        let file = try ScreenFileDecoder.decode(Array(#"""
            {"id": "profile", "title": "Profile", "animation": {"preset": "chat"},
             "stages": [{"id": "s", "title": "S", "readyMs": {"min": 1, "max": 2}}],
             "layouts": [{"variant": "default",
                          "elements": [{"id": "header", "stage": "s", "accessibilityLabel": "L", "content": {"name": "Ada", "followers": 1815}},
                                       {"id": "activity", "stage": "s", "accessibilityLabel": "L"}],
                          "root": {"type": "stack", "children": [{"type": "spacer", "id": "header"}, {"type": "spacer", "id": "activity"}]}}]}
            """#.utf8))
        let router = Self.immediate([file])
        let header = router.response("/data/profile/header", query: "seed=2")
        #expect(String(decoding: header.body, as: UTF8.self).hasSuffix(#""stage":"s","seed":2,"content":{"name":"Ada","followers":1815}}"#))
        let activity = router.response("/data/profile/activity", query: "seed=2")
        #expect(String(decoding: activity.body, as: UTF8.self).hasSuffix(#""element":"activity","stage":"s","seed":2,"content":{}}"#))
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
