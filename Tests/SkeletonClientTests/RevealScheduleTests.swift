import Foundation
import Testing

@testable import SkeletonClient

/// The reveal schedule alone, on a test clock: element states arrive at moved instants, and each
/// change comes exactly when the animation's rules say, `revealing` at
/// `max(revealAt, showDelayMs + minimumDisplayMs)`, nothing before `showDelayMs`. Every step reads
/// the next change with the clock's time; `deadlines` says when anything can happen next, so a
/// change that came early or late would read at another time.
@Suite(.timeLimit(.minutes(1))) struct RevealScheduleTests {
    /// Show delay 100 ms, minimum display 300 ms: an element ready at 99 ms goes straight to
    /// content; skeletons come at 100 ms, not before, including the one of an element whose data
    /// comes at that very instant, which then stays up until 400 ms like the rest.
    @Test func nothingIsShownBeforeTheShowDelayAndDataBeforeItGoesStraightToContent() async throws {
        var reveals = try Reveals(showDelayMs: 100, minimumDisplayMs: 300, transitionMs: 250)
        await reveals.schedule.begin(Self.state(at: 0, [Self.loading("early"), Self.loading("atDelay"), Self.loading("late")]))
        await reveals.clock.waitForSleepers()
        #expect(reveals.clock.deadlines == [.milliseconds(100)], "only the show delay is waiting")

        reveals.clock.advance(to: .milliseconds(99))
        await reveals.schedule.settle(Self.ready("early", at: 99, revealAt: 300), nowMs: 99)
        #expect(try await reveals.next() == "99 ms: early content")

        reveals.clock.advance(to: .milliseconds(100))
        await reveals.schedule.settle(Self.ready("atDelay", at: 100), nowMs: 100)  // with the delay's own wake-up, in either order
        #expect(try await reveals.next(2) == ["100 ms: atDelay skeleton", "100 ms: late skeleton"])
        await reveals.clock.waitForSleepers()
        #expect(reveals.clock.deadlines == [.milliseconds(400)], "shown at 100 ms, up for 300 ms")

        reveals.clock.advance(to: .milliseconds(400))
        #expect(try await reveals.next() == "400 ms: atDelay revealing")
        reveals.clock.advance(to: .milliseconds(450))
        await reveals.schedule.settle(Self.ready("late", at: 450), nowMs: 450)
        #expect(try await reveals.next() == "450 ms: late revealing")
        await reveals.clock.waitForSleepers(2)
        #expect(reveals.clock.deadlines == [.milliseconds(650), .milliseconds(700)], "each transition plays 250 ms")

        reveals.clock.advance(to: .milliseconds(650))
        #expect(try await reveals.next() == "650 ms: atDelay content")
        reveals.clock.advance(to: .milliseconds(700))
        #expect(try await reveals.next() == "700 ms: late content")
        #expect(try await reveals.rest() == [])
    }

    /// Show delay 100 ms, minimum display 300 ms: each element is revealed at
    /// `max(revealAt, 100 + 300)`, the minimum display for one ready at 150 ms, its own time for
    /// one ready at 520 ms, and the server's `revealAtMs` (900) for one ready at 560 ms.
    @Test func aShownSkeletonStaysUpTheMinimumDisplay() async throws {
        var reveals = try Reveals(showDelayMs: 100, minimumDisplayMs: 300, transitionMs: 250)
        await reveals.schedule.begin(Self.state(at: 0, [Self.loading("first"), Self.loading("second"), Self.loading("third")]))
        await reveals.clock.waitForSleepers()
        reveals.clock.advance(to: .milliseconds(100))
        #expect(try await reveals.next(3) == ["100 ms: first skeleton", "100 ms: second skeleton", "100 ms: third skeleton"])

        reveals.clock.advance(to: .milliseconds(150))
        await reveals.schedule.settle(Self.ready("first", at: 150), nowMs: 150)
        await reveals.clock.waitForSleepers()
        #expect(reveals.clock.deadlines == [.milliseconds(400)], "ready at 150 ms, revealed once up 300 ms")
        reveals.clock.advance(to: .milliseconds(400))
        #expect(try await reveals.next() == "400 ms: first revealing")

        reveals.clock.advance(to: .milliseconds(520))
        await reveals.schedule.settle(Self.ready("second", at: 520), nowMs: 520)
        #expect(try await reveals.next() == "520 ms: second revealing")

        reveals.clock.advance(to: .milliseconds(560))
        await reveals.schedule.settle(Self.ready("third", at: 560, revealAt: 900), nowMs: 560)
        await reveals.clock.waitForSleepers(3)
        #expect(reveals.clock.deadlines == [.milliseconds(650), .milliseconds(770), .milliseconds(900)])

        reveals.clock.advance(to: .milliseconds(650))
        #expect(try await reveals.next() == "650 ms: first content")
        reveals.clock.advance(to: .milliseconds(770))
        #expect(try await reveals.next() == "770 ms: second content")
        reveals.clock.advance(to: .milliseconds(900))
        #expect(try await reveals.next() == "900 ms: third revealing")
        await reveals.clock.waitForSleepers()
        reveals.clock.advance(to: .milliseconds(1150))
        #expect(try await reveals.next() == "1150 ms: third content")
        #expect(try await reveals.rest() == [])
    }

    /// At speed 4, an element heard at 400 virtual ms (100 ms on the clock) with `revealAtMs`
    /// 1,600 is revealed 1,200 / 4 = 300 ms later, at 400 ms.
    @Test func virtualWaitsAreDividedByTheSpeed() async throws {
        var reveals = try Reveals(showDelayMs: 0, minimumDisplayMs: 200, transitionMs: 300, speed: 4)
        await reveals.schedule.begin(Self.state(at: 0, [Self.loading("poster")]))
        #expect(try await reveals.next() == "0 ms: poster skeleton", "no show delay: shown at once")
        reveals.clock.advance(to: .milliseconds(100))
        await reveals.schedule.settle(Self.ready("poster", at: 400, revealAt: 1600), nowMs: 400)
        await reveals.clock.waitForSleepers()
        #expect(reveals.clock.deadlines == [.milliseconds(400)])
        reveals.clock.advance(to: .milliseconds(400))
        #expect(try await reveals.next() == "400 ms: poster revealing")
        await reveals.clock.waitForSleepers()
        reveals.clock.advance(to: .milliseconds(700))
        #expect(try await reveals.next() == "700 ms: poster content")
        #expect(try await reveals.rest() == [])
    }

    /// States repeated by polls and reconnections settle nothing twice; a failure is revealed
    /// as content is, and ends as `failed`.
    @Test func eachElementSettlesOnceAndAFailureIsRevealedLikeContent() async throws {
        var reveals = try Reveals(showDelayMs: 0, minimumDisplayMs: 200, transitionMs: 300)
        await reveals.schedule.begin(Self.state(at: 0, [Self.loading("ok"), Self.loading("broken")]))
        #expect(try await reveals.next(2) == ["0 ms: broken skeleton", "0 ms: ok skeleton"])

        reveals.clock.advance(to: .milliseconds(50))
        let polled = Self.state(at: 50, [Self.ready("ok", at: 50, revealAt: 200), Self.loading("broken")])
        await reveals.schedule.begin(polled)
        await reveals.schedule.begin(polled)
        await reveals.clock.waitForSleepers()
        reveals.clock.advance(to: .milliseconds(200))
        #expect(try await reveals.next() == "200 ms: ok revealing")

        reveals.clock.advance(to: .milliseconds(300))
        await reveals.schedule.settle(Self.failed("broken", at: 300), nowMs: 300)
        await reveals.schedule.settle(Self.failed("broken", at: 300), nowMs: 300)
        #expect(try await reveals.next() == "300 ms: broken revealing")
        await reveals.clock.waitForSleepers(2)
        #expect(reveals.clock.deadlines == [.milliseconds(500), .milliseconds(600)])
        reveals.clock.advance(to: .milliseconds(500))
        #expect(try await reveals.next() == "500 ms: ok content")
        reveals.clock.advance(to: .milliseconds(600))
        #expect(try await reveals.next() == "600 ms: broken failed")

        // A reconnection's snapshot repeats both final states: nothing more.
        await reveals.schedule.begin(Self.state(at: 700, [Self.ready("ok", at: 50, revealAt: 200), Self.failed("broken", at: 300)]))
        #expect(try await reveals.rest() == [])
    }

    /// A follow that ends (its stream dropped) cancels what it scheduled: nothing is left waiting
    /// on the clock, and nothing more comes.
    @Test func aCancelledScheduleLeavesNothingWaiting() async throws {
        var reveals = try Reveals(showDelayMs: 100, minimumDisplayMs: 300, transitionMs: 250)
        await reveals.schedule.begin(Self.state(at: 0, [Self.loading("a")]))
        await reveals.clock.waitForSleepers()
        reveals.clock.advance(to: .milliseconds(100))
        #expect(try await reveals.next() == "100 ms: a skeleton")
        await reveals.schedule.settle(Self.ready("a", at: 100), nowMs: 100)
        await reveals.clock.waitForSleepers()
        #expect(reveals.clock.deadlines == [.milliseconds(400)])
        await reveals.schedule.cancel()
        #expect(reveals.clock.deadlines == [])
        reveals.clock.advance(to: .milliseconds(10_000))
        #expect(try await reveals.rest() == [])
    }

    // MARK: helpers

    static func loading(_ id: String) -> ElementState {
        ElementState(id: id, stage: id, status: .loading, readyAtMs: nil, failedAtMs: nil, revealAtMs: nil, error: nil)
    }

    /// Ready at `readyAtMs` (virtual), revealed at `revealAt` (the ready time when nil).
    static func ready(_ id: String, at readyAtMs: Int, revealAt: Int? = nil) -> ElementState {
        ElementState(id: id, stage: id, status: .ready, readyAtMs: readyAtMs, failedAtMs: nil, revealAtMs: revealAt ?? readyAtMs, error: nil)
    }

    static func failed(_ id: String, at failedAtMs: Int) -> ElementState {
        ElementState(
            id: id, stage: id, status: .failed, readyAtMs: nil, failedAtMs: failedAtMs, revealAtMs: failedAtMs,
            error: ElementError(code: "error", message: "the stage failed", retryable: true))
    }

    static func state(at elapsedMs: Int, _ elements: [ElementState]) -> LoadingState {
        LoadingState(
            formatVersion: 2, session: "token", screen: "test", variant: "default", scenario: "typical", seed: 0, elapsedMs: elapsedMs,
            complete: !elements.contains { $0.status == .loading }, stages: [], elements: elements, pollAfterMs: 100)
    }
}

/// A reveal schedule on a test clock, with its skeletons' show-delay task running as a
/// follower's does, read change by change.
struct Reveals {
    let clock: TestClock
    let schedule: RevealSchedule
    private let output: AsyncThrowingStream<ElementChange, any Error>.Continuation
    private var transcript: Transcript

    init(showDelayMs: Int, minimumDisplayMs: Int, transitionMs: Int, speed: Double = 1) throws {
        let animation = try JSONDecoder().decode(LayoutDocument.Animation.self, from: Data("""
            {"shimmer": {"kind": "static", "application": "overlay", "stops": []},
             "transition": {"skeletonExit": {"opacity": 0}, "contentEnter": {"opacity": 0},
                            "curve": {"type": "easeInOut", "durationMs": \(transitionMs)}},
             "minimumDisplayMs": \(minimumDisplayMs), "showDelayMs": \(showDelayMs), "timeoutMs": 10000}
            """.utf8))
        let clock = TestClock()
        let (changes, output) = AsyncThrowingStream.makeStream(of: ElementChange.self)
        let schedule = RevealSchedule(animation: animation, speed: speed, stopwatch: Stopwatch(clock), output: output)
        Task { await schedule.showSkeletonsAfterDelay() }
        (self.clock, self.schedule, self.output) = (clock, schedule, output)
        transcript = Transcript(changes, clock: clock)
    }

    mutating func next() async throws -> String? { try await transcript.next() }
    mutating func next(_ count: Int) async throws -> [String] { try await transcript.next(count) }

    /// What is left once every scheduled change has been given.
    mutating func rest() async throws -> [String] {
        await schedule.finish()
        output.finish()
        var rest: [String] = []
        while let change = try await next() { rest.append(change) }
        return rest
    }
}
