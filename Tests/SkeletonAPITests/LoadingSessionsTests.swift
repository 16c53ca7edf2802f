import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// `LoadingSessions` on a clock the test moves: what a request for an element's data gets
/// before, at and after its time, a failure and its retry window, and which tokens it refuses.
/// Every instant is chosen, none waited for.
@Suite struct LoadingSessionsTests {
    let clock = Clock()
    let sessions: LoadingSessions

    init() {
        sessions = LoadingSessions(catalog: .builtIn, secret: Array("the test's secret".utf8), sessionsStarted: nil, now: { [clock] in clock.now })
    }

    /// A load of `screen` started at the clock's present instant, and `element`'s stage in it.
    func load(_ element: String, of screen: String, scenario: Scenario = .typical, seed: Int = 4, speedThousandths: Int = 1000) throws -> ElementLoad {
        let screen = try #require(sessions.screen(screen))
        let session = sessions.start(screen, scenario: scenario, seed: seed, speedThousandths: speedThousandths)
        return sessions.elementLoad(try #require(screen.element(element, of: session.token.variant)), in: session)
    }

    func answer(_ load: ElementLoad) -> ElementAnswer? {
        sessions.answer(for: load, atEpochMs: sessions.now())
    }

    @Test func anElementIsDueUntilItsStageIsReadyThenGetsItsData() throws {
        let start = clock.now
        let load = try load("conversationList", of: "inbox")
        #expect(load.outcome == .ready(atMs: 439), "inbox, typical, seed 4 (the timeline's)")
        clock.now = start + 100
        #expect(answer(load) == nil)
        #expect(load.dueEpochMs - clock.now == 339, "due in 339 ms")
        clock.now = start + 438
        #expect(answer(load) == nil)
        clock.now = start + 439
        #expect(answer(load) == .data)
        clock.now = start + 60_000
        #expect(answer(load) == .data, "and from then on")
    }

    @Test func aFasterLoadIsDueSoonerOnTheWallClock() throws {
        let start = clock.now
        let load = try load("conversationList", of: "inbox", speedThousandths: 2000)
        #expect(load.dueEpochMs == start + 220, "439 virtual ms at speed 2, rounded up")
        clock.now = start + 219
        #expect(answer(load) == nil)
        clock.now = start + 220
        #expect(answer(load) == .data)
    }

    @Test func aFailedElementGetsItsFailureAtItsTimeAndItsDataAfterTheRetryWindow() throws {
        let start = clock.now
        let load = try load("conversationList", of: "inbox", scenario: .timeout, speedThousandths: 2000)
        guard case .failed(let failedAtMs, let failure) = load.outcome else {
            Issue.record("the timeout scenario's last stage fails; got \(load.outcome)")
            return
        }
        #expect(failedAtMs == 10_000 && failure.code == .timeout)
        clock.now = start + 4_999
        #expect(answer(load) == nil, "before its failure, it is due at the failure")
        #expect(load.dueEpochMs - clock.now == 1)
        clock.now = start + 5_000
        #expect(answer(load) == .failure(atMs: 10_000, failure, retryInMs: 500), "1000 virtual ms at speed 2")
        clock.now = start + 5_499
        #expect(answer(load) == .failure(atMs: 10_000, failure, retryInMs: 1))
        clock.now = start + 5_500
        #expect(answer(load) == .data, "asked again after the retry window, it succeeds")
    }

    @Test func aRequestHeldUntilAFailureGetsItHoweverLateItsTimerFires() throws {
        let start = clock.now
        let load = try load("conversationList", of: "inbox", scenario: .timeout)
        guard case .failed(_, let failure) = load.outcome else {
            Issue.record("the timeout scenario's last stage fails; got \(load.outcome)")
            return
        }
        clock.now = start + 12_000
        #expect(answer(load) == .data)
        #expect(sessions.heldAnswer(for: load, atEpochMs: clock.now) == .failure(atMs: 10_000, failure, retryInMs: 0))
    }

    @Test func anAnchoredStageStartsWhenItsAnchorEnds() throws {
        let typical = try load("poster[0]", of: "movies")
        let popular = try load("popular", of: "movies")
        #expect(typical.stage == "poster[0]")
        #expect(typical.stageStartMs == popular.outcome.atMs, "a poster counts from popular")
        #expect(popular.stageStartMs == 0)
        #expect(try load("poster[0]", of: "movies", scenario: .instant).stageStartMs == 0, "instant ignores anchors")
    }

    @Test func aTokenResumesTheLoadItWasSealedFor() throws {
        let screen = try #require(sessions.screen("home"))
        let started = sessions.start(screen, scenario: .slow, seed: 9, speedThousandths: 1500)
        clock.now += 1_000
        let resumed = try sessions.resume(started.text)
        #expect(resumed.token == started.token)
        #expect(resumed.schedule == started.schedule)
        #expect(try sessions.resume(started.text).token == started.token, "and again, from this thread's cache")
    }

    @Test func aTokenFromAnotherSecretIsNotFound() throws {
        let other = LoadingSessions(catalog: .builtIn, secret: Array("another secret".utf8), sessionsStarted: nil, now: { [clock] in clock.now })
        let text = other.start(try #require(other.screen("home")), scenario: .typical, seed: 0, speedThousandths: 1000).text
        #expect(throws: SessionRefusal.unopened(.badTag)) { try sessions.resume(text) }
    }

    @Test func aTokenOfAnotherScreenIsRefusedWithThatScreenNamed() throws {
        let inbox = try #require(sessions.screen("inbox"))
        let home = try #require(sessions.screen("home"))
        let text = sessions.start(inbox, scenario: .typical, seed: 0, speedThousandths: 1000).text
        #expect(throws: SessionRefusal.otherScreen("inbox", asked: "home")) { try sessions.resume(text, of: home) }
        #expect(try sessions.resume(text, of: inbox).token.screen == "inbox")
    }

    final class Clock: @unchecked Sendable {
        var now: Int64 = 1_795_000_000_000
    }
}
