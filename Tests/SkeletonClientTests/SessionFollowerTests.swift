import Foundation
import HTTPServer
import SkeletonClient
import Testing

/// A follower's reveals equal the server's timeline, over every transport, across a cut stream
/// and a draining server.
@Suite struct SessionFollowerTests {
    static let screens = ["home", "insights", "inbox", "thread", "movies"]
    static let scenarios = ["typical", "instant", "slow", "timeout", "error"]

    /// Every scenario, every screen, 8 seeds, at speed 10, over Server-Sent Events.
    @Test(arguments: scenarios)
    func revealsEqualTheTimeline(scenario: String) async throws {
        let server = try LiveServer()
        let client = server.client
        try await withThrowingTaskGroup(of: Void.self) { group in
            for screen in Self.screens {
                for seed in 0..<8 {
                    group.addTask {
                        let changes = try await Self.collect(client.follow(screen: screen, scenario: scenario, seed: seed, speed: 10, transports: [.events]))
                        try await Self.expect(changes, equal: client.timeline(screen: screen, scenario: scenario, seed: seed), "\(screen) \(scenario) \(seed)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Long polls and polls give what the event stream gives.
    @Test(arguments: [FollowTransport.longPolls, .polls])
    func everyTransportRevealsAlike(transport: FollowTransport) async throws {
        let server = try LiveServer()
        let client = server.client
        try await withThrowingTaskGroup(of: Void.self) { group in
            for scenario in Self.scenarios {
                for seed in [1, 6] {
                    group.addTask {
                        let changes = try await Self.collect(client.follow(screen: "home", scenario: scenario, seed: seed, speed: 10, transports: [transport]))
                        try await Self.expect(changes, equal: client.timeline(screen: "home", scenario: scenario, seed: seed), "\(transport) \(scenario) \(seed)")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// A load of a layout variant reveals that layout's elements, as its timeline says.
    @Test(arguments: FollowTransport.allCases)
    func aVariantsLoadRevealsThatLayoutsElements(transport: FollowTransport) async throws {
        let server = try LiveServer()
        let client = server.client
        let changes = try await Self.collect(client.follow(screen: "home", variant: "fullscreen", scenario: "error", seed: 4, speed: 10, transports: [transport]))
        let timeline = try await client.timeline(screen: "home", variant: "fullscreen", scenario: "error", seed: 4)
        #expect(timeline.variant == "fullscreen")
        #expect(Set(changes.map(\.element)) == ["homeSkeleton"])
        Self.expect(changes, equal: timeline, "\(transport) fullscreen")
    }

    /// Skeleton first, then revealing, then content or failure; a shown skeleton stays up
    /// `minimumDisplayMs` (200) of the client's clock even at speed 100, where every element is
    /// ready within 20 ms of real time: with the clock held at 0, each element heard ready waits
    /// for 200 ms, is revealed when the clock is moved there, and shows its content once the
    /// transition has played.
    @Test(.timeLimit(.minutes(1))) func changesComeInOrderAndHonourTheMinimumDisplay() async throws {
        let server = try LiveServer()
        let clock = TestClock()
        let client = server.client(clock: clock)
        let layout = try await client.layout("home")
        let ids = layout.elements.map(\.id)
        let (minimumDisplayMs, transitionMs) = (layout.animation.minimumDisplayMs, layout.animation.transition.curve.settlesAfterMs)
        try #require(layout.animation.showDelayMs == 0 && minimumDisplayMs == 200 && ids.count == 4)
        var changes = Transcript(client.follow(screen: "home", scenario: "instant", seed: 2, speed: 100), clock: clock)

        #expect(try await changes.next(ids.count) == ids.map { "0 ms: \($0) skeleton" }.sorted())
        await clock.waitForSleepers(ids.count)  // every element heard ready, its reveal waiting on the clock
        #expect(clock.deadlines == Array(repeating: .milliseconds(minimumDisplayMs), count: ids.count))
        clock.advance(to: .milliseconds(minimumDisplayMs))
        #expect(try await changes.next(ids.count) == ids.map { "\(minimumDisplayMs) ms: \($0) revealing" }.sorted())
        await clock.waitForSleepers(ids.count)
        #expect(clock.deadlines == Array(repeating: .milliseconds(minimumDisplayMs + transitionMs), count: ids.count))
        clock.advance(to: .milliseconds(minimumDisplayMs + transitionMs))
        #expect(try await changes.next(ids.count) == ids.map { "\(minimumDisplayMs + transitionMs) ms: \($0) content" }.sorted())
        #expect(try await changes.next() == nil)
    }

    /// A stream cut mid-way resumes with Last-Event-ID: no element changes twice, none is missed.
    @Test func aCutStreamResumesWithoutARepeatOrAGap() async throws {
        // The server's time stands still until the cut: nothing after the skeletons can have been
        // sent on the first stream, whatever the machine's load; then the whole load passes.
        // The client's clock stands still until the cut too, so that the layout's timeout (10.1 s
        // of it from the show) runs from the cut, however long the machine took to get there.
        let clock = ManualClock()
        let server = try LiveServer(clock: clock)
        let proxy = try CuttingProxy(backend: server.port)
        let clientClock = HeldClock()
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, clock: clientClock)
        var changes: [ElementChange] = []
        for try await change in client.follow(screen: "home", scenario: "slow", seed: 5, speed: 1, transports: [.events]) {
            changes.append(change)
            if changes.count == 4 {  // the skeletons: the stream is open
                clientClock.start()
                proxy.cutAll()
                clock.advance(by: 20_000)
            }
        }
        try await Self.expect(changes, equal: server.client.timeline(screen: "home", scenario: "slow", seed: 5), "cut")
        let resumed = proxy.requests.filter { $0.hasPrefix("GET /loading-state/") && $0.contains("/events HTTP/1.1") && !$0.hasPrefix("GET /loading-state/events") }
        #expect(!resumed.isEmpty && resumed.allSatisfy { $0.lowercased().contains("last-event-id: ") }, "\(proxy.requests)")
    }

    /// A server that drains mid-stream says `reconnect`; the follower goes on with the replica
    /// that now answers (same session secret, same clock), from the last event it saw.
    @Test func aDrainMidStreamIsSurvived() async throws {
        let clock = ManualClock()
        let first = try LiveServer(clock: clock)
        let second = try LiveServer(clock: clock)
        let proxy = try CuttingProxy(backend: first.port)
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!)
        var changes: [ElementChange] = []
        // The drain comes at time 0, before any element can be ready; stopping moves the clock a
        // second past the grace period, and then the whole load passes.
        for try await change in client.follow(screen: "inbox", scenario: "slow", seed: 3, speed: 1, transports: [.events]) {
            changes.append(change)
            if changes.count == 1 {
                proxy.route(to: second.port)
                first.stop()
                clock.advance(by: 20_000)
            }
        }
        try await Self.expect(changes, equal: second.client.timeline(screen: "inbox", scenario: "slow", seed: 3), "drain")
        #expect(proxy.requests.contains { $0.hasPrefix("GET /loading-state/") && $0.contains("/events HTTP/1.1") && $0.lowercased().contains("last-event-id: ") }, "\(proxy.requests)")
    }

    /// Where event streams cannot pass, the follower falls back to long polls on its own: it
    /// tries the stream three times, backing off on its clock between tries (1,000 then 2,000 ms:
    /// `FollowReconnection`'s defaults), and tries again only once the clock has moved that far.
    /// From the first failure the timeout waits too, at `timeoutMs + 100` (speed 1).
    @Test(.timeLimit(.minutes(1))) func aFollowerFallsBackToLongPollsWhereEventStreamsFail() async throws {
        let server = try LiveServer()
        let proxy = try CuttingProxy(backend: server.port)
        proxy.refuse(["/events"])
        let clock = TestClock()
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, clock: clock)
        let timeline = try await server.client.timeline(screen: "thread", scenario: "typical", seed: 6)
        let timeoutAt = TestClock.Instant.milliseconds(try await server.client.layout("thread").animation.timeoutMs + 100)
        let follow = client.follow(screen: "thread", scenario: "typical", seed: 6, speed: 1)
        var eventStreams: Int { proxy.requests.filter { $0.prefix { $0 != "\r" }.contains("/events") }.count }
        for (retry, at) in [(1, 1000), (2, 3000)] {
            await clock.waitForSleepers(2)
            #expect(clock.deadlines == [.milliseconds(at), timeoutAt])
            #expect(eventStreams == retry, "try \(retry + 1) waits for the clock")
            clock.advance(to: .milliseconds(at))
        }
        // The third try fails too. Long polls bring every element; each reveal waits on the clock
        // (the timeout, stopped once the load is complete, is not counted).
        await clock.waitForSleepers(timeline.elements.count, before: timeoutAt)
        clock.advance(by: .seconds(60))
        let changes = try await Self.collect(follow)
        Self.expect(changes, equal: timeline, "fallback")
        let requests = proxy.requests
        #expect(eventStreams == 3, "three tries of the event stream")
        #expect(requests.contains { $0.hasPrefix("GET /loading-state/") && $0.contains("?wait=") }, "then long polls: \(requests.map { $0.prefix(80) })")
    }

    /// Polls wait each state's `pollAfterMs` (100) on the client's clock: the next poll is asked
    /// once the clock has moved that far, not before. (The slow scenario at speed 0.1: nothing
    /// changes for 25 s of real time, so every poll answers with every element loading.)
    @Test(.timeLimit(.minutes(1))) func pollsWaitPollAfterMsOnTheClientsClock() async throws {
        let server = try LiveServer()
        let proxy = try CuttingProxy(backend: server.port)
        let clock = TestClock()
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, clock: clock)
        var changes = Transcript(client.follow(screen: "movies", scenario: "slow", seed: 5, speed: 0.1, transports: [.polls]), clock: clock)
        #expect(try await changes.next()?.hasSuffix(" skeleton") == true)
        var polls: Int { proxy.requests.filter { $0.hasPrefix("GET /loading-state?") || $0.hasPrefix("GET /loading-state/") && !$0.contains("/events") }.count }
        for poll in 1...3 {
            await clock.waitForSleepers()
            #expect(clock.deadlines == [.milliseconds(100 * poll)])
            #expect(polls == poll, "poll \(poll + 1) waits for the clock")
            clock.advance(to: .milliseconds(100 * poll))
        }
        await clock.waitForSleepers()
        #expect(polls == 4)
    }

    /// Following a load started elsewhere, by its token.
    @Test func aSessionIsResumedByItsToken() async throws {
        let server = try LiveServer()
        let state = try await server.client.startLoading(screen: "movies", scenario: "error", seed: 4, speed: 10)
        let changes = try await Self.collect(server.client.follow(session: try #require(state.session), screen: "movies", speed: 10))
        try await Self.expect(changes, equal: server.client.timeline(screen: "movies", scenario: "error", seed: 4), "resume")
    }

    /// A failed element's data is a typed error with the server's problem and Retry-After. The
    /// request starts its own load, so the server holds it until the failure (1,730 virtual ms)
    /// and answers with that failure however slow the machine; a ready element's data comes in
    /// a session.
    @Test func dataOfAFailedElementIsATypedError() async throws {
        let server = try LiveServer()
        let client = server.client
        let timeline = try await client.timeline(screen: "home", scenario: "error", seed: 0)
        let failed = try #require(timeline.elements.first { $0.status == .failed })
        let ready = try #require(timeline.elements.first { $0.status == .ready })
        do {
            let data = try await client.data(screen: "home", element: failed.id, scenario: "error", seed: 0, speed: 10)
            Issue.record("a failed element's data was served: \(data)")
        } catch let error as SkeletonClientError {
            #expect(error.status == 503)
            #expect(error.problem?.retryable == true && error.isRetryable)
            #expect(error.retryAfter != nil)
        }
        let state = try await client.startLoading(screen: "home", scenario: "error", seed: 0, speed: 10)
        #expect(try await client.data(element: ready.id, session: try #require(state.session)).element == ready.id)
    }

    // MARK: helpers

    static func collect(_ changes: AsyncThrowingStream<ElementChange, any Error>) async throws -> [ElementChange] {
        var all: [ElementChange] = []
        for try await change in changes { all.append(change) }
        return all
    }

    /// Each element of the timeline ends once, as the timeline says, revealed at its `revealAtMs`.
    static func expect(_ changes: [ElementChange], equal timeline: Timeline, _ label: String) {
        for element in timeline.elements {
            let expected: ElementChange.Phase = element.error.map { .failed($0) } ?? .content
            let ends = changes.filter { $0.element == element.id && $0.phase != .skeleton && $0.phase != .revealing }
            #expect(ends.map(\.phase) == [expected], "\(label): \(element.id) ended as \(ends.map(\.phase)), timeline \(element.status)")
            #expect(ends.first?.state == element, "\(label): \(element.id)")
            #expect(changes.filter { $0.element == element.id && $0.phase == .skeleton }.count == 1, "\(label): \(element.id) skeletons")
        }
        #expect(Set(changes.map(\.element)) == Set(timeline.elements.map(\.id)), "\(label)")
    }

    static func name(_ phase: ElementChange.Phase) -> String {
        switch phase {
        case .skeleton: "skeleton"
        case .revealing: "revealing"
        case .content: "content"
        case .failed: "failed"
        }
    }
}
