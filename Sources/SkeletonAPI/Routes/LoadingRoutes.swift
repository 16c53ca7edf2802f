import HTTPServer
import SkeletonDomain

/// `GET /scenarios`, the loading state (docs/spec.md §5) and its events: `GET /loading-state`
/// starts a load, `GET /loading-state/{session}` follows one (long polling with `wait=`),
/// `GET /loading-state/instant` reads a virtual instant, `GET /loading-state/events` and
/// `GET /loading-state/{session}/events` stream them (Server-Sent Events), and
/// `GET /loading-state/timeline` gives the whole schedule. The older query forms (`session=` and
/// `at=` on `/loading-state`, `session=` on the stream) are answered as before.
///
/// Holds nothing between requests: what a load is and how it stands is `LoadingSessions`' to
/// say; these routes turn its answers into responses (status, headers, problems). A request that
/// waits (a long poll, a stream) is handed to a timer on its connection's event loop, never a thread.
struct LoadingRoutes: Sendable {
    private let sessions: LoadingSessions
    /// The body of `GET /scenarios` (`ScenariosDocument`).
    private let scenarios: [UInt8]

    init(sessions: LoadingSessions, scenarios: [UInt8]) {
        self.sessions = sessions
        self.scenarios = scenarios
    }

    /// `X-Accel-Buffering: no` tells nginx (and proxies that follow it) to pass each event on at once.
    private static let eventStream = ResponseHeaders(["Content-Type": "text/event-stream", "X-Accel-Buffering": "no"]).adding(.revalidated)

    func register(on router: inout Router) {
        let scenarios = DocumentResponses(EncodedDocument(bytes: scenarios), hinted: false)
        router.get(Operations.scenarios) { request in scenarios.response(to: request) }
        let routes = self
        router.add(Operations.startLoad) { request in routes.rejectingBadInput { () throws(Rejection) in try routes.state(request) } }
        router.add(Operations.instant) { request in routes.rejectingBadInput { () throws(Rejection) in try routes.instant(request) } }
        router.add(Operations.session) { request in
            routes.rejectingBadInput { () throws(Rejection) in
                let parameters = LoadingParameters(request: request, sessions: routes.sessions)
                return try routes.follow(parameters.follow(Parameters.sessionPath.value(in: request) ?? "", in: .path), wait: parameters.wait())
            }
        }
        router.add(Operations.streamLoad) { request in
            routes.rejectingBadInput { () throws(Rejection) in try routes.events(LoadingParameters(request: request, sessions: routes.sessions).session(cachingSchedule: false), request) }
        }
        router.add(Operations.sessionEvents) { request in
            routes.rejectingBadInput { () throws(Rejection) in
                try routes.events(LoadingParameters(request: request, sessions: routes.sessions).follow(Parameters.sessionPath.value(in: request) ?? "", in: .path), request)
            }
        }
        router.get(Operations.timeline) { request in
            do throws(Rejection) {
                return try routes.timeline(request)
            } catch {
                return error.response
            }
        }
    }

    private func rejectingBadInput(_ body: () throws(Rejection) -> Reply) -> Reply {
        do {
            return try body()
        } catch {
            return .response(error.response)
        }
    }

    // MARK: GET /loading-state, /loading-state/instant, /loading-state/{session}

    /// A new load (`screen=`), or the older forms: `session=` follows one, `at=` reads an instant.
    private func state(_ request: Request) throws(Rejection) -> Reply {
        let parameters = LoadingParameters(request: request, sessions: sessions)
        if !Parameters.sessionQuery.isGiven(in: request), Parameters.at.isGiven(in: request) {
            try parameters.reject([Parameters.wait, Parameters.speed], beside: Parameters.at)
            return try instant(request)
        }
        return try follow(parameters.session(), wait: parameters.wait())
    }

    /// The state at `at=`, a virtual instant of the load of `screen=`, `scenario=` and `seed=`: no session.
    private func instant(_ request: Request) throws(Rejection) -> Reply {
        let parameters = LoadingParameters(request: request, sessions: sessions)
        guard let at = try parameters.at() else { throw Parameters.at.missing }
        let screen = try parameters.requiredScreen()
        let schedule = sessions.schedule(of: screen, variant: try parameters.variant(of: screen), scenario: try parameters.scenario(), seed: try parameters.seed())
        return .response(.loadingState(schedule.state(at: at), session: nil))
    }

    /// The state of `session` now; with `wait`, held until some element changes or `wait` ms pass.
    private func follow(_ session: Session, wait: Int?) -> Reply {
        let nowMs = sessions.now()
        let elapsed = session.token.elapsedMs(atEpochMs: nowMs)
        guard let wait, wait > 0, let next = session.schedule.nextChangeMs(after: elapsed) else {
            return .response(.loadingState(session.schedule.state(at: elapsed), session: session.text))
        }
        let sessions = sessions, load = session.load
        return .deferred { exchange in
            LongPoll.start(sessions: sessions, exchange: exchange, load: load, changeMs: next, waitMs: wait, nowEpochMs: nowMs)
        }
    }

    // MARK: GET /loading-state/events, /loading-state/{session}/events

    private func events(_ session: Session, _ request: Request) throws(Rejection) -> Reply {
        let lastEventID = try LoadingParameters(request: request, sessions: sessions).lastEventID()
        let completeAtMs = session.schedule.completeAtMs
        if let lastEventID, lastEventID >= completeAtMs {
            // Nothing is left to say: 204 is what makes an EventSource stop reconnecting (WHATWG HTML §9.2.3).
            return .response(Response(status: .noContent, headers: CachePolicy.neverStored.headers))
        }
        let sessions = sessions
        return .deferred { exchange in
            exchange.startStream(headers: Self.eventStream)
            let elapsed = session.token.elapsedMs(atEpochMs: sessions.now())
            let sentUpTo: Int
            if let lastEventID {
                sentUpTo = lastEventID
            } else {
                exchange.send(LoadingEvent.snapshot(session.schedule.state(at: elapsed), session: session.text).bytes)
                sentUpTo = elapsed
            }
            EventStream.start(sessions: sessions, exchange: exchange, load: session.load, lastID: sentUpTo, completeAtMs: completeAtMs)
        }
    }

    // MARK: GET /loading-state/timeline

    private func timeline(_ request: Request) throws(Rejection) -> Response {
        let parameters = LoadingParameters(request: request, sessions: sessions)
        let screen = try parameters.requiredScreen()
        let schedule = sessions.schedule(of: screen, variant: try parameters.variant(of: screen), scenario: try parameters.scenario(), seed: try parameters.seed())
        return .json(schedule.timelineDocument(), headers: CachePolicy.sharedForAMinute.headers)
    }
}
