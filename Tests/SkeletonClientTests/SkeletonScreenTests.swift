import Foundation
import Observation
import Testing

@testable import SkeletonClient

/// The screen model on a test clock, app-driven, with `inbox`'s layout (minimum display 200 ms,
/// timeout 10,000 ms, an easeInOut transition of 300 ms: docs/spec.md §4): every expected time
/// is computed by hand from those numbers. `deadlines` are the test clock's pending sleepers: the
/// model's waits (the follow-driven test's follower has its own). Each test and helper is
/// `@available` as the model is (Swift Testing takes that on a test, not on its suite).
@MainActor @Suite(.timeLimit(.minutes(1))) struct SkeletonScreenTests {
    /// Data 50 ms after the skeleton is shown: revealed at 200 ms (the minimum display), content at 500 ms.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFastLoadKeepsItsSkeletonTheMinimumDisplay() async throws {
        let (screen, clock, id) = try await Self.started(showDelayMs: 0)
        #expect(screen[id] == .skeleton)
        clock.advance(to: .milliseconds(50))
        try screen.reveal(id)
        #expect(screen[id] == .skeleton, "no flicker: still up at 50 ms")
        await clock.waitForSleepers()
        #expect(clock.deadlines == [.milliseconds(200)])
        clock.advance(to: .milliseconds(200))
        await Self.nextChange(screen, id)
        #expect(screen[id] == .revealing)
        await clock.waitForSleepers()
        #expect(clock.deadlines == [.milliseconds(500)])
        clock.advance(to: .milliseconds(500))
        await Self.nextChange(screen, id)
        #expect(screen[id] == .content)
    }

    /// Show delay 100 ms: data at 99 ms goes straight to content, the skeleton never shown.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLoadFasterThanTheShowDelayNeverShowsTheSkeleton() async throws {
        let (screen, clock, id) = try await Self.started(showDelayMs: 100)
        #expect(screen[id] == .hidden)
        clock.advance(to: .milliseconds(99))
        try screen.reveal(id)
        #expect(screen[id] == .content)
    }

    /// Never loaded: failed with `timeout` revealed at 10,000 ms, shown at 10,300 ms; a retry shows the skeleton again.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTimedOutElementFailsAndRetries() async throws {
        let (screen, clock, id) = try await Self.started(showDelayMs: 0)
        await clock.waitForSleepers(screen.layout.elements.count)
        clock.advance(to: .milliseconds(10_000))
        await Self.nextChange(screen, id)
        #expect(screen[id] == .revealing)
        clock.advance(to: .milliseconds(10_300))
        await Self.nextChange(screen, id)
        #expect(screen[id] == .failed(ElementError(code: "timeout", message: "Not loaded within 10000 ms.", retryable: true)))
        try screen.retry(id)
        #expect(screen[id] == .skeleton)
        await clock.waitForSleepers()
        #expect(clock.deadlines == [.milliseconds(20_300)], "the retry's own timeout, from 10,300 ms")
    }

    /// A live follow of `inbox` (instant, speed 100) on the client's test clock: every element
    /// revealed at 200 ms (the minimum display), its content at 500 ms (plus the 300 ms fade).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFollowDrivesTheScreen() async throws {
        let server = try LiveServer()
        let clock = TestClock()
        let client = server.client(clock: clock)
        let screen = SkeletonScreen(layout: try await client.layout("inbox"), clock: clock)
        let ids = screen.layout.elements.map(\.id)
        let follow = Task { try await screen.follow(client.follow(screen: "inbox", scenario: "instant", speed: 100)) }
        await clock.waitForSleepers(ids.count, before: .milliseconds(1000))
        clock.advance(to: .milliseconds(200))
        await clock.waitForSleepers(ids.count, before: .milliseconds(1000))
        clock.advance(to: .milliseconds(500))
        try await follow.value
        #expect(ids.map { screen[$0] } == Array(repeating: .content, count: ids.count))
    }

    /// Show delay 100 ms: the skeleton at 100 ms and its timeout pending for 10,100 ms; data at
    /// 150 ms cancels that timeout for the reveal at 300 ms (100 plus the 200 ms minimum display).
    /// Released then, the model is gone and so is every sleeper it had on the clock; moved past
    /// every deadline, the clock has none.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aReleasedModelLeavesNoWaitPending() async throws {
        let clock = TestClock()
        var screen: SkeletonScreen? = SkeletonScreen(layout: try await Self.inbox(showDelayMs: 100), clock: clock)
        weak let released = screen
        let id = try #require(screen).layout.elements[0].id
        screen?.start()
        await clock.waitForSleepers()
        #expect(clock.deadlines == [.milliseconds(100)])
        clock.advance(to: .milliseconds(100))
        await Self.nextChange(try #require(screen), id)
        #expect(screen?[id] == .skeleton)
        await clock.waitForSleepers()
        #expect(clock.deadlines == [.milliseconds(10_100)])
        clock.advance(to: .milliseconds(150))
        try screen?.reveal(id)
        await clock.waitForSleepers()
        #expect(clock.deadlines == [.milliseconds(300)], "the timeout cancelled when the data came")
        screen = nil
        #expect(released == nil)
        #expect(clock.deadlines == [])
        clock.advance(to: .milliseconds(10_100))
        #expect(clock.deadlines == [])
    }

    /// A follow takes the screen over: `home`'s four elements, their skeletons shown at once
    /// (show delay 0) and their timeouts pending for 10,000 ms, are all let go when it starts, not
    /// only the one it changes first (which it shows as given); none comes back when it ends.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFollowCancelsTheAppsWaits() async throws {
        let server = try LiveServer()
        let clock = TestClock()
        let screen = SkeletonScreen(layout: try await server.client.layout("home"), clock: clock)
        #expect(screen.layout.elements.map(\.id) == ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"])
        screen.start()
        await clock.waitForSleepers(4)
        #expect(clock.deadlines == Array(repeating: .milliseconds(10_000), count: 4))
        let (changes, input) = AsyncThrowingStream.makeStream(of: ElementChange.self)
        let follow = Task { try await screen.follow(changes) }
        let state = ElementState(id: "accountsCarousel", stage: "fastPath", status: .ready, readyAtMs: 40, revealAtMs: 200)
        input.yield(ElementChange(element: "accountsCarousel", phase: .revealing, state: state))
        await Self.nextChange(screen, "accountsCarousel")
        #expect(screen["accountsCarousel"] == .revealing)
        #expect(clock.deadlines == [])
        input.finish()
        try await follow.value
        #expect(screen["accountsCarousel"] == .revealing)
        #expect(screen["categories"] == .skeleton)
        #expect(clock.deadlines == [])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anUnknownElementIsATypedError() async throws {
        let (screen, _, _) = try await Self.started(showDelayMs: 0)
        #expect(throws: UnknownElement.self) { try screen.reveal("nope") }
        #expect(throws: UnknownElement.self) { try screen.phase(of: "nope") }
    }

    /// Returns once `element`'s phase is about to change (the change is made before this resumes).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    static func nextChange(_ screen: SkeletonScreen, _ element: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            withObservationTracking { _ = screen[element] } onChange: { continuation.resume() }
        }
        await Task.yield()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    /// A model of `inbox` (show delay `showDelayMs`) on a test clock, its load started at 0 ms,
    /// with the id of its one element.
    static func started(showDelayMs: Int) async throws -> (SkeletonScreen, TestClock, String) {
        let clock = TestClock()
        let screen = SkeletonScreen(layout: try await inbox(showDelayMs: showDelayMs), clock: clock)
        screen.start()
        return (screen, clock, screen.layout.elements[0].id)
    }

    /// `inbox`'s layout as a live server serves it, with its show delay set to `showDelayMs`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    static func inbox(showDelayMs: Int) async throws -> LayoutDocument {
        let server = try LiveServer()
        let layout = try await server.client.layout("inbox")
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(layout)) as! [String: Any]
        var animation = json["animation"] as! [String: Any]
        animation["showDelayMs"] = showDelayMs
        json["animation"] = animation
        return try JSONDecoder().decode(LayoutDocument.self, from: JSONSerialization.data(withJSONObject: json))
    }
}
