import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SkeletonServerClient {
    /// Starts a load of `screen` (of the elements of its layout `variant`, the default layout's
    /// when nil) and follows it: each element's changes, timed as the server's
    /// schedule says at `speed` and as the layout's animation asks (`showDelayMs`, and
    /// `minimumDisplayMs` before a shown skeleton goes), on the client's `clock`. Ends once every
    /// element has its content or failure.
    public func follow(
        screen: String, variant: String? = nil, scenario: String = "typical", seed: Int = 0, speed: Double = 1,
        transports: [FollowTransport] = FollowTransport.allCases
    ) -> AsyncThrowingStream<ElementChange, any Error> {
        following(.start(screen: screen, variant: variant, scenario: scenario, seed: seed, speed: speed), transports: transports).changes
    }

    /// Resumes following the load `session` started (a token from an earlier state).
    public func follow(
        session: String, screen: String, speed: Double = 1, transports: [FollowTransport] = FollowTransport.allCases
    ) -> AsyncThrowingStream<ElementChange, any Error> {
        following(.resume(session: session, screen: screen, speed: speed), transports: transports).changes
    }

    /// The changes of a follow, and the task that follows: cancelled when the changes' consumer
    /// goes, it ends without another request.
    func following(
        _ load: SessionFollower.Load, transports: [FollowTransport]
    ) -> (changes: AsyncThrowingStream<ElementChange, any Error>, task: Task<Void, Never>) {
        let (changes, continuation) = AsyncThrowingStream.makeStream(of: ElementChange.self)
        let task = Task {
            do {
                let layout = try await layout(load.screen)
                let follower = SessionFollower(client: self, load: load, animation: layout.animation, output: continuation)
                try await follower.run(transports: transports.isEmpty ? FollowTransport.allCases : transports)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return (changes, task)
    }
}

/// Follows one load: hears of its states over a transport, and turns each element's final state
/// into its changes at their times. Reconnects an event stream with `Last-Event-ID` (after its
/// `retry` when a draining server said `reconnect`, after the client's `FollowReconnection`
/// backoff when it was cut), and falls back to long polls, then polls, when a transport fails
/// `attempts` times running. From a transport's first failure the layout's timeout runs
/// (`RevealSchedule.startTimeout`); when the last transport gives up, the follow ends once
/// that timeout has failed every element still loading, asking nothing more. Every wait (the reveals, a
/// stream's `retry`, a poll's `pollAfterMs`) is on the client's clock. Cancelled, it throws
/// `CancellationError` and asks nothing more: a cancellation is never taken for a transport's
/// failure.
final class SessionFollower: Sendable {
    enum Load: Sendable {
        case start(screen: String, variant: String?, scenario: String, seed: Int, speed: Double)
        case resume(session: String, screen: String, speed: Double)

        var screen: String {
            switch self {
            case .start(let screen, _, _, _, _), .resume(_, let screen, _): screen
            }
        }

        var speed: Double {
            switch self {
            case .start(_, _, _, _, let speed), .resume(_, _, let speed): speed
            }
        }
    }

    private let client: SkeletonServerClient
    private let load: Load
    private let stopwatch: Stopwatch
    private let reveals: RevealSchedule

    init(client: SkeletonServerClient, load: Load, animation: LayoutDocument.Animation, output: AsyncThrowingStream<ElementChange, any Error>.Continuation) {
        self.client = client
        self.load = load
        stopwatch = Stopwatch(client.clock)
        reveals = RevealSchedule(animation: animation, speed: load.speed, stopwatch: stopwatch, output: output)
    }

    func run(transports: [FollowTransport]) async throws {
        try await withTaskCancellationHandler {
            var progress = Progress()
            let skeletons = Task { await reveals.showSkeletonsAfterDelay() }
            defer { skeletons.cancel() }
            var lost: (any Error)?
            for (index, transport) in transports.enumerated() {
                do {
                    switch transport {
                    case .events: try await followEvents(&progress)
                    case .longPolls: try await followStates(&progress, waitMs: 10_000)
                    case .polls: try await followStates(&progress, waitMs: nil)
                    }
                } catch let error as SkeletonClientError where error.status != 404 && error.status < 500 {
                    throw error  // the server refused the load itself: no transport does better
                } catch {
                    try Task.checkCancellation()
                    if index == transports.count - 1 { lost = error }
                }
                if progress.isComplete { break }
            }
            if let lost {
                // Every transport gave up: what is still loading fails at the timeout, as it would live.
                guard await reveals.awaitTimeout() else { throw lost }
            }
            await reveals.finish()
        } onCancel: {
            Task { await reveals.cancel() }
        }
    }

    /// After a transport's `failures`th failure in a row: the timeout is started (the server
    /// may be gone), and the wait before the next try is taken, unless the transport has had its
    /// attempts (then it throws `error`) or every element has its outcome already (then the
    /// load is complete for this follower).
    private func recover(from error: any Error, failures: Int, _ progress: inout Progress) async throws {
        try Task.checkCancellation()  // a cancelled request is not a failure
        await reveals.startTimeout()
        if failures >= client.reconnection.attempts { throw error }
        try await stopwatch.sleep(for: client.reconnection.wait(after: failures))
        if await reveals.isSettled { progress.isComplete = true }
    }

    /// What the follower knows of the load so far, across reconnections and transports.
    struct Progress {
        var session: String?
        var lastEventID: String?
        var retryMs = 1000
        var isComplete = false
    }

    /// The load's route below `loading-state`, and its query: the session's own
    /// (`loading-state/{session}`) once a token is known, else a new load's.
    private func route(_ progress: Progress, _ below: String = "") -> (path: String, query: [(String, String)]) {
        var session = progress.session
        if case .resume(let token, _, _) = load { session = session ?? token }
        if let session { return ("loading-state/\(session)" + below, []) }
        guard case .start(let screen, let variant, let scenario, let seed, let speed) = load else { preconditionFailure("a resumed load has its session") }
        return ("loading-state" + below, SkeletonServerClient.start(screen: screen, variant: variant, scenario: scenario, seed: seed, speed: speed))
    }

    // MARK: Server-Sent Events

    private func followEvents(_ progress: inout Progress) async throws {
        var failures = 0
        while !progress.isComplete {
            try Task.checkCancellation()
            let events = route(progress, "/events")
            var request = URLRequest(url: client.url(events.path, events.query))
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            if let lastEventID = progress.lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            let stream = StreamingRequest(request, configuration: client.configuration)
            var parser = ServerSentEventParser()
            var heardSomething = false
            do {
                for try await part in stream.parts {
                    switch part {
                    case .head(let reply):
                        if reply.status == 204 {
                            progress.isComplete = true  // the server has nothing left to say
                        } else if reply.status != 200 {
                            var body = Data()
                            for try await case .bytes(let bytes) in stream.parts { body += bytes }
                            throw reply.with(body: body).error
                        }
                    case .bytes(let bytes):
                        for event in parser.feed(bytes) {
                            heardSomething = true
                            try await handle(event, progress: &progress)
                        }
                    }
                }
            } catch let error as SkeletonClientError {
                throw error
            } catch {
                failures = heardSomething ? 1 : failures + 1
                try await recover(from: error, failures: failures, &progress)
                continue
            }
            failures = 0
            if !progress.isComplete { try await stopwatch.sleep(for: .milliseconds(progress.retryMs)) }
        }
    }

    private func handle(_ event: ServerSentEvent, progress: inout Progress) async throws {
        if let id = event.id { progress.lastEventID = id }
        if let retryMs = event.retryMs { progress.retryMs = retryMs }
        let data = Data(event.data.utf8)
        switch event.type {
        case "snapshot":
            let state = try SkeletonServerClient.decode(LoadingState.self, from: data)
            progress.session = state.session
            await reveals.begin(state)
        case "element":
            await reveals.settle(try SkeletonServerClient.decode(ElementState.self, from: data), nowMs: Int(progress.lastEventID ?? "") ?? 0)
        case "complete":
            _ = try SkeletonServerClient.decode(StreamEndData.self, from: data)
            progress.isComplete = true
        default:
            break  // reconnect (a draining server), or a type a later version adds
        }
    }

    // MARK: long polls and polls

    private func followStates(_ progress: inout Progress, waitMs: Int?) async throws {
        var failures = 0
        while !progress.isComplete {
            try Task.checkCancellation()
            do {
                let state: LoadingState
                if let session = progress.session {
                    state = try await client.loadingState(session: session, waitMs: waitMs)
                } else {
                    let start = route(progress)
                    state = try await client.document(start.path, start.query)
                    progress.session = state.session
                }
                failures = 0
                await reveals.begin(state)
                progress.isComplete = state.complete
                if let pollAfterMs = state.pollAfterMs, waitMs == nil { try await stopwatch.sleep(for: .milliseconds(pollAfterMs)) }
            } catch let error as SkeletonClientError where error.retryAfter == nil {
                throw error
            } catch {
                failures += 1
                try await recover(from: error, failures: failures, &progress)
            }
        }
    }
}
