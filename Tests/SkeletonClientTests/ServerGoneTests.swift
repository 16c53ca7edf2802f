import Foundation
import HTTPServer
@testable import SkeletonClient
import Testing

/// A follow whose server is killed mid-load ends cleanly: it reconnects as its
/// `FollowReconnection` says (bounded, backing off on the client's clock), every element not yet
/// loaded is revealed failed with `timeout` at the timeout rule's moment (docs/spec.md:
/// `showDelayMs + timeoutMs / speed + 100 ms`, read from the served layout), and nothing is
/// asked after the end.
@Suite struct ServerGoneTests {
    @Test(.timeLimit(.minutes(1))) func aServerKilledMidLoadFailsWhatIsLoadingAtTheTimeoutAndAsksNothingAfter() async throws {
        let serverClock = ManualClock()
        let server = try LiveServer(clock: serverClock)
        let proxy = try CuttingProxy(backend: server.port)
        let clock = TestClock()
        let reconnection = FollowReconnection(attempts: 3, backoff: .milliseconds(50), multiplier: 2, maximumBackoff: .seconds(1))
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, clock: clock, reconnection: reconnection)
        let layout = try await server.client.layout("home")
        let animation = layout.animation
        let transitionMs = animation.transition.curve.settlesAfterMs
        // A seed whose slow load has an element ready at `cut` and none in the next 1.5 s (the
        // drain moves the server's clock 1 s): the kill comes mid-load, its outcome known.
        let (seed, cut, timeline) = try await Self.midLoad(server.client)
        let loaded = Set(timeline.elements.filter { ($0.readyAtMs ?? .max) <= cut }.map(\.id))
        let loading = Set(timeline.elements.map(\.id)).subtracting(loaded)
        try #require(!loaded.isEmpty && !loading.isEmpty && animation.showDelayMs == 0)

        let (changes, follow) = client.following(
            .start(screen: "home", variant: nil, scenario: "slow", seed: seed, speed: 1), transports: FollowTransport.allCases)
        var heard = changes.makeAsyncIterator()
        var seen: [String: [ElementChange.Phase]] = [:]
        func read(_ count: Int, at instant: TestClock.Instant) async throws {
            for _ in 0..<count {
                let change = try #require(try await heard.next())
                #expect(clock.now == instant, "\(change.element) \(change.phase) at \(clock.now), not \(instant)")
                seen[change.element, default: []].append(change.phase)
            }
        }
        try await read(timeline.elements.count, at: .milliseconds(0))  // the skeletons

        // The server's load reaches `cut`: what is ready is revealed after the minimum display.
        serverClock.advance(by: cut)
        await clock.waitForSleepers(loaded.count)
        clock.advance(to: .milliseconds(animation.minimumDisplayMs))
        try await read(loaded.count, at: .milliseconds(animation.minimumDisplayMs))
        await clock.waitForSleepers(loaded.count)
        clock.advance(to: .milliseconds(animation.minimumDisplayMs + transitionMs))
        try await read(loaded.count, at: .milliseconds(animation.minimumDisplayMs + transitionMs))

        // Killed: the drained stream's `retry` (1,000 ms) is waited, then 3 tries per transport,
        // waiting 50 then 100 ms between; the timeout runs from the first failure.
        server.stop()
        let connectionsAtKill = proxy.connections
        let timeoutAt = TestClock.Instant.milliseconds(animation.showDelayMs + animation.timeoutMs + 100)
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [clock.now.advanced(by: .milliseconds(1000))])
        clock.advance(by: .milliseconds(1000))
        for waitMs in [50, 100, 50, 100, 50, 100] {
            await clock.waitForSleepers(2)
            #expect(clock.deadlines == [clock.now.advanced(by: .milliseconds(waitMs)), timeoutAt], "a wait of \(waitMs) ms")
            clock.advance(by: .milliseconds(waitMs))
        }

        // Every element still loading is revealed failed at the timeout, then the follow ends.
        clock.advance(to: timeoutAt)
        try await read(loading.count, at: timeoutAt)
        await clock.waitForSleepers(loading.count)
        clock.advance(to: timeoutAt.advanced(by: .milliseconds(transitionMs)))
        var failures: [ElementChange] = []
        for _ in loading {
            let change = try #require(try await heard.next())
            #expect(clock.now == timeoutAt.advanced(by: .milliseconds(transitionMs)))
            failures.append(change)
            seen[change.element, default: []].append(change.phase)
        }
        #expect(try await heard.next() == nil, "the follow ends without an error")
        await follow.value

        let timeout = ElementError(code: "timeout", message: "Not loaded within \(animation.timeoutMs) ms.", retryable: true)
        #expect(Set(failures.map(\.element)) == loading && failures.allSatisfy { $0.phase == .failed(timeout) })
        for id in loaded { #expect(seen[id] == [.skeleton, .revealing, .content], "\(id)") }
        for id in loading { #expect(seen[id] == [.skeleton, .revealing, .failed(timeout)], "\(id)") }
        // 3 attempts × 3 transports after the kill; the last poll is not made when the timeout
        // came first (every element then has its outcome), whichever the executor ran first.
        let asked = proxy.connections - connectionsAtKill
        #expect((8...9).contains(asked), "\(asked) connections after the kill")
        #expect(clock.deadlines.isEmpty)
        clock.advance(by: .seconds(60))
        #expect(proxy.connections - connectionsAtKill == asked, "nothing asked after the end")
    }

    /// The first seed (of 32) whose slow `home` load has an element ready at some `cut` (ms) and
    /// no element failed by then nor ready or failed within 1,500 ms after it, with its timeline.
    static func midLoad(_ client: SkeletonServerClient) async throws -> (seed: Int, cut: Int, timeline: Timeline) {
        for seed in 0..<32 {
            let timeline = try await client.timeline(screen: "home", scenario: "slow", seed: seed)
            let settled = timeline.elements.map { $0.readyAtMs ?? $0.failedAtMs ?? .max }.sorted()
            for (at, next) in zip(settled, settled.dropFirst()) where next - at > 1500 && at < .max {
                let readyFirst = timeline.elements.contains { $0.readyAtMs == at } && timeline.elements.allSatisfy { ($0.failedAtMs ?? .max) > at }
                if readyFirst { return (seed, at, timeline) }
            }
        }
        throw CancellationError()
    }
}
