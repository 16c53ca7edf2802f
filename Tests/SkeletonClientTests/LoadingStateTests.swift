import Foundation
import SkeletonClient
import Testing

/// `SkeletonServerClient.loadingState(session:waitMs:)` against the real service: a long poll is held
/// until the load's next change and answers with the state the timeline schedules then, so that
/// polling again and again walks the load change by change, in the timeline's order; a token the
/// server did not issue is a typed error carrying the server's problem.
@Suite struct LoadingStateTests {
    /// Eight change times from 800 to 2,344 virtual ms, one of them `poster[1]` failing (1,386).
    static let screen = "movies", scenario = "error", seed = 5

    @Test func longPollsWalkTheLoadChangeByChangeInTheTimelinesOrder() async throws {
        let server = try LiveServer()
        let client = server.client
        let timeline = try await client.timeline(screen: Self.screen, scenario: Self.scenario, seed: Self.seed)
        let changeTimes = Set(timeline.elements.map(Self.time)).sorted()
        try #require(changeTimes.count == 8 && timeline.elements.contains { $0.status == .failed })

        let started = try await client.startLoading(screen: Self.screen, scenario: Self.scenario, seed: Self.seed, speed: 1)
        let token = try #require(started.session)
        Self.expect(started, at: timeline)
        var states = [started]
        while let last = states.last, !last.complete {
            try #require(states.count <= changeTimes.count, "more polls than changes: \(states.map(\.elapsedMs))")
            let state = try await client.loadingState(session: token, waitMs: 30_000)
            #expect(state.session == token && state.screen == Self.screen && state.scenario == Self.scenario && state.seed == Self.seed)
            // Held until the first change after what the last answer showed, never answered before it.
            let due = try #require(changeTimes.first { $0 > last.elapsedMs })
            #expect(state.elapsedMs >= due, "answered at \(state.elapsedMs) virtual ms, before the change at \(due)")
            #expect(!Self.changed(from: last, to: state).isEmpty, "a long poll answered with nothing changed at \(state.elapsedMs)")
            Self.expect(state, at: timeline)
            states.append(state)
        }

        // Each element left `loading` once, and in the timeline's order: every element a poll
        // brought changed before every element a later poll brought.
        let steps = zip(states, states.dropFirst()).map { Self.changed(from: $0, to: $1) }
        let loadingAtStart = started.elements.filter { $0.status == .loading }.map(\.id)
        #expect(steps.flatMap { $0 }.sorted() == loadingAtStart.sorted())
        let timeOf = Dictionary(uniqueKeysWithValues: timeline.elements.map { ($0.id, Self.time($0)) })
        let stepTimes = steps.map { $0.map { timeOf[$0]! } }
        for (earlier, later) in zip(stepTimes, stepTimes.dropFirst()) {
            #expect(earlier.max()! < later.min()!, "out of the timeline's order: \(steps)")
        }

        // Once complete, nothing is left to wait for: the answer is the final state.
        let final = try await client.loadingState(session: token, waitMs: 30_000)
        #expect(final.complete && final.pollAfterMs == nil && final.elapsedMs >= states.last!.elapsedMs)
        Self.expect(final, at: timeline)
    }

    /// No change is due within the wait (the first comes at 2,546 virtual ms): the poll is held
    /// for the wait, so the state it answers with is at least `waitMs` later than the one before,
    /// or, on a machine so slow that the change came first, at that change.
    @Test func aLongPollWithNoChangeDueIsHeldForItsWait() async throws {
        let server = try LiveServer()
        let client = server.client
        let timeline = try await client.timeline(screen: "movies", scenario: "slow", seed: 5)
        let firstChange = try #require(timeline.elements.map(Self.time).min())
        try #require(firstChange == 2546)
        let started = try await client.startLoading(screen: "movies", scenario: "slow", seed: 5, speed: 1)
        let token = try #require(started.session)
        let waitMs = 300
        let state = try await client.loadingState(session: token, waitMs: waitMs)
        #expect(state.elapsedMs >= min(started.elapsedMs + waitMs, firstChange), "\(started.elapsedMs) then \(state.elapsedMs)")
        Self.expect(state, at: timeline)
        // Without a wait, the state now: no earlier than the last one, and as scheduled.
        let now = try await client.loadingState(session: token)
        #expect(now.elapsedMs >= state.elapsedMs)
        Self.expect(now, at: timeline)
    }

    @Test func aTokenTheServerDidNotIssueIsATypedNotFound() async throws {
        let server = try LiveServer()
        let client = server.client
        let token = try #require(try await client.startLoading(screen: "home", speed: 10).session)
        // The real payload under another tag: a token's shape, sealed by no key of this server.
        let payload = try #require(token.split(separator: ".").first)
        let forged = "\(payload).\(String(repeating: "A", count: 22))"
        for waitMs in [nil, 5000] {
            do {
                let state = try await client.loadingState(session: forged, waitMs: waitMs)
                Issue.record("a forged token was followed: \(state.elapsedMs) ms of \(state.screen)")
            } catch let error as SkeletonClientError {
                #expect(error.status == 404)
                #expect(error.problem?.status == 404 && error.problem?.title == "Not Found" && error.problem?.parameter == "session")
                #expect(error.problem?.detail == "path segment 'session' names no session this server serves: "
                    + "the session token's integrity tag does not match: it was altered, truncated or sealed with another secret")
                #expect(error.retryAfter == nil && !error.isRetryable)
            }
        }
        // Text that is not a token at all names no session either.
        do {
            _ = try await client.loadingState(session: "abc", waitMs: 5000)
            Issue.record("'abc' was followed as a session")
        } catch let error as SkeletonClientError {
            #expect(error.status == 404 && error.problem?.status == 404 && error.problem?.parameter == "session")
            #expect(error.problem?.detail.hasPrefix("path segment 'session' names no session this server serves") == true,
                    "\(String(describing: error.problem))")
        }
        // The real token still works beside them.
        #expect(try await client.loadingState(session: token).session == token)
    }

    // MARK: helpers

    /// When an element's status changes from `loading`: the time its final state gives.
    static func time(_ element: ElementState) -> Int { (element.readyAtMs ?? element.failedAtMs)! }

    /// The elements `loading` in `before` and not in `after`.
    static func changed(from before: LoadingState, to after: LoadingState) -> [String] {
        let wasLoading = Set(before.elements.filter { $0.status == .loading }.map(\.id))
        return after.elements.filter { wasLoading.contains($0.id) && $0.status != .loading }.map(\.id)
    }

    /// `state` is the timeline at `state.elapsedMs`: each element and stage whose time has come
    /// in its final state, every other still loading with no time, complete once the last has come.
    static func expect(_ state: LoadingState, at timeline: Timeline, sourceLocation: SourceLocation = #_sourceLocation) {
        let at = state.elapsedMs
        #expect(state.elements.map(\.id) == timeline.elements.map(\.id), sourceLocation: sourceLocation)
        for (element, final) in zip(state.elements, timeline.elements) {
            if time(final) <= at {
                #expect(element == final, "at \(at): \(element.id)", sourceLocation: sourceLocation)
            } else {
                #expect(element.status == .loading && element.stage == final.stage, "at \(at): \(element.id)", sourceLocation: sourceLocation)
                #expect(element.readyAtMs == nil && element.failedAtMs == nil && element.revealAtMs == nil && element.error == nil,
                        "at \(at): \(element.id)", sourceLocation: sourceLocation)
            }
        }
        #expect(state.stages.map(\.id) == timeline.stages.map(\.id), sourceLocation: sourceLocation)
        for (stage, final) in zip(state.stages, timeline.stages) {
            let expected = final.atMs <= at ? final.status : .loading
            #expect(stage.status == expected, "at \(at): stage \(stage.id)", sourceLocation: sourceLocation)
            #expect(stage.readyAtMs == (expected == .ready ? final.atMs : nil), "at \(at): stage \(stage.id)", sourceLocation: sourceLocation)
            #expect(stage.failedAtMs == (expected == .failed ? final.atMs : nil), "at \(at): stage \(stage.id)", sourceLocation: sourceLocation)
        }
        let complete = at >= timeline.elements.map(time).max()!
        #expect(state.complete == complete, "at \(at)", sourceLocation: sourceLocation)
        #expect((state.pollAfterMs == nil) == complete, "at \(at)", sourceLocation: sourceLocation)
    }
}
