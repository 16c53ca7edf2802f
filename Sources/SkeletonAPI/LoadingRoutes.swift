import HTTPServer
import Layouts

/// `GET /scenarios`, `GET /loading-state` (start, `session=`, `at=`; long polling with `wait=`),
/// `GET /loading-state/events` (Server-Sent Events) and `GET /loading-state/timeline` (SPEC §5).
///
/// Stateless: a session is a sealed token, so any replica with the same secret answers it the
/// same way. Waiting clients hold a timer on their connection's event loop, never a thread.
final class LoadingRoutes: Sendable {
    let catalog: Catalog
    /// The session secret's HMAC states, computed once.
    let key: HMACSHA256
    let now: @Sendable () -> Int64
    private let schedules = ScheduleCache()
    private let knownScreens: Set<String>
    private let sessionsStarted: SessionsStarted?
    /// Tells this instance's entries in `VerifiedSessions` from another's (another secret's).
    private let identity = UInt64.random(in: 1...UInt64.max)

    init(catalog: Catalog, secret: [UInt8], sessionsStarted: SessionsStarted?, now: @escaping @Sendable () -> Int64) {
        self.catalog = catalog
        self.sessionsStarted = sessionsStarted
        knownScreens = Set(catalog.screens.map(\.id))
        key = HMACSHA256(key: secret)
        self.now = now
    }

    /// A load being followed live: its token (and that token's text) and schedule. A class: the
    /// closures of a long poll or a stream hold a reference, not a copy each.
    final class Session: Sendable {
        let token: SessionToken
        let text: String
        let schedule: Schedule

        init(token: SessionToken, text: String, schedule: Schedule) {
            self.token = token
            self.text = text
            self.schedule = schedule
        }
    }

    private static let noStore = ResponseHeaders(["Cache-Control": "no-store"])
    /// `X-Accel-Buffering: no` tells nginx (and proxies that follow it) to pass each event on at once.
    private static let eventStream = ResponseHeaders(["Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"])
    /// A stream silent this long gets a comment line, so that idle proxies (nginx cuts at 60 s) keep it.
    private static let heartbeatMs = 15_000
    private static let heartbeat = Array(": keep-alive\n\n".utf8)

    func register(on router: inout Router) {
        let scenarios = DocumentResponses(EncodedDocument(bytes: Self.scenariosDocument()), hinted: false)
        router.get("/scenarios") { request in scenarios.response(to: request) }
        let routes = self
        router.add(.get, "/loading-state") { request in routes.rejectingBadInput { () throws(Rejection) in try routes.state(request) } }
        router.add(.get, "/loading-state/events") { request in routes.rejectingBadInput { () throws(Rejection) in try routes.events(request) } }
        router.get("/loading-state/timeline") { request in
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

    // MARK: GET /loading-state

    private func state(_ request: Request) throws(Rejection) -> Reply {
        let parameters = LoadingParameters(request: request, catalog: catalog)
        if request.queryValue("session") == nil, let at = try parameters.at() {
            try parameters.reject(["wait", "speed"], beside: "at")
            let schedule = schedules.schedule(for: try parameters.requiredScreen(), scenario: try parameters.scenario(), seed: try parameters.seed())
            return .response(stateResponse(schedule.state(at: at), session: nil))
        }
        let session = try session(parameters)
        let wait = try parameters.wait()
        let nowMs = now()
        let elapsed = session.token.elapsedMs(atEpochMs: nowMs)
        guard let wait, wait > 0, let next = session.schedule.nextChangeMs(after: elapsed) else {
            return .response(stateResponse(session.schedule.state(at: elapsed), session: session.text))
        }
        // Hold the poll until the next change or until `wait` passes, whichever is first.
        let changeDelay = Int(session.token.epochMs(atElapsedMs: next) - nowMs)
        return .deferred { [self] exchange in
            exchange.schedule(afterMilliseconds: min(changeDelay, wait)) { [self] in
                var elapsed = session.token.elapsedMs(atEpochMs: now())
                if changeDelay <= wait { elapsed = max(elapsed, next) }
                exchange.respond(stateResponse(session.schedule.state(at: elapsed), session: session.text))
            }
            // A draining server answers at once with the state as it is, rather than at its deadline.
            exchange.onDrain { [self] in
                exchange.respond(stateResponse(session.schedule.state(at: session.token.elapsedMs(atEpochMs: now())), session: session.text))
            }
        }
    }

    private func stateResponse(_ state: LoadingState, session: String?) -> Response {
        .json(state.document(session: session), headers: Self.noStore)
    }

    /// The session a request follows: `session=TOKEN`, or a new one started now by `screen=` (or
    /// of `pathScreen`, the screen a `/data` path names, which a token must be a load of).
    func session(_ parameters: LoadingParameters, pathScreen: Screen? = nil) throws(Rejection) -> Session {
        let session = try verifiedOrNewSession(parameters, pathScreen: pathScreen)
        if let pathScreen, session.token.screen != pathScreen.id {
            throw Rejection(response: Problem(status: .badRequest, detail: "query parameter 'session' is a load of screen '\(session.token.screen)', not '\(pathScreen.id)'",
                                              extensions: [("parameter", .string("session"))]).response())
        }
        return session
    }

    private func verifiedOrNewSession(_ parameters: LoadingParameters, pathScreen: Screen?) throws(Rejection) -> Session {
        if let text = parameters.request.queryValue("session") {
            try parameters.reject(["screen", "scenario", "seed", "speed", "at"], beside: "session")
            let verified = VerifiedSessions.current
            do throws(SessionTokenError) {
                if let entry = verified.entry(text, owner: identity) {
                    try entry.token.checkTime(nowEpochMs: now())
                    return Session(token: entry.token, text: text, schedule: entry.schedule)
                }
                let token = try SessionToken.open(text, key: key, nowEpochMs: now(), knownScreens: knownScreens)
                let schedule = schedules.schedule(for: catalog.screen(token.screen)!, scenario: token.scenario, seed: token.seed)
                verified.remember(text, VerifiedSessions.Entry(owner: identity, token: token, schedule: schedule))
                return Session(token: token, text: text, schedule: schedule)
            } catch {
                throw Rejection(response: Problem(status: .badRequest, detail: "query parameter 'session' is not a valid session token: \(error)",
                                                  extensions: [("parameter", .string("session"))]).response())
            }
        }
        var screen = pathScreen
        if screen == nil { screen = try parameters.screen() }
        guard let screen else {
            throw Rejection(response: Problem(
                status: .badRequest,
                detail: "give 'session' (a token from an earlier response) or 'screen' (to start a load; one of: \(catalog.screens.map(\.id).joined(separator: ", ")))",
                extensions: [("parameters", .strings(["session", "screen"])), ("allowed", .strings(catalog.screens.map(\.id)))]).response())
        }
        let token = SessionToken(screen: screen.id, scenario: try parameters.scenario(), seed: try parameters.seed(),
                                 speedThousandths: try parameters.speedThousandths(), startEpochMs: now())
        sessionsStarted?.started(screen: screen.id, scenario: token.scenario.rawValue)
        return Session(token: token, text: token.sealed(key: key), schedule: schedules.schedule(for: screen, scenario: token.scenario, seed: token.seed))
    }

    // MARK: GET /loading-state/events

    private func events(_ request: Request) throws(Rejection) -> Reply {
        let parameters = LoadingParameters(request: request, catalog: catalog)
        let session = try session(parameters)
        let lastEventID = try parameters.lastEventID()
        if let lastEventID, lastEventID >= session.schedule.completeAtMs {
            // Nothing is left to say: 204 is what makes an EventSource stop reconnecting (WHATWG HTML §9.2.3).
            return .response(Response(status: .noContent, headers: Self.noStore))
        }
        return .deferred { [self] exchange in
            exchange.startStream(headers: Self.eventStream)
            let elapsed = session.token.elapsedMs(atEpochMs: now())
            let sentUpTo: Int
            if let lastEventID {
                sentUpTo = lastEventID
            } else {
                exchange.send(LoadingEvent.snapshot(session.schedule.state(at: elapsed), session: session.text).bytes)
                sentUpTo = elapsed
            }
            let plan = StreamPlan(token: session.token, elements: session.schedule.elements, completeAtMs: session.schedule.completeAtMs)
            streamChanges(plan, lastID: sentUpTo, to: exchange)
        }
    }

    /// What a stream keeps for its life: the token's timing, and the schedule's element states
    /// (an array the schedule shares), not the schedule's encoded documents.
    private struct StreamPlan {
        let token: SessionToken
        let elements: [Schedule.ElementState]
        let completeAtMs: Int
    }

    /// Sends each instant's events when it comes (those already due at once), then `complete`;
    /// a comment line after each 15 s of silence; and when the server drains, a `reconnect` event
    /// whose id is the last one sent, so that the client resumes on another replica without a repeat.
    private func streamChanges(_ plan: StreamPlan, lastID: Int, to exchange: Exchange) {
        guard let time = LoadingEvent.nextChangeMs(among: plan.elements, after: lastID) else {
            exchange.send(LoadingEvent.complete(elapsedMs: plan.completeAtMs, after: lastID).bytes)
            exchange.finish()
            return
        }
        exchange.onDrain {
            exchange.send(LoadingEvent.reconnect(after: lastID).bytes)
            exchange.finish()
        }
        let delay = Int(plan.token.epochMs(atElapsedMs: time) - now())
        if delay > Self.heartbeatMs {
            exchange.schedule(afterMilliseconds: Self.heartbeatMs) { [self] in
                exchange.send(Self.heartbeat)
                streamChanges(plan, lastID: lastID, to: exchange)
            }
            return
        }
        let send = { [self] in
            // Encoded when due: a stream holds no event's bytes while it waits.
            exchange.send(LoadingEvent.changes(among: plan.elements, at: time).flatMap(\.bytes))
            streamChanges(plan, lastID: time, to: exchange)
        }
        if delay <= 0 { send() } else { exchange.schedule(afterMilliseconds: delay, send) }
    }

    // MARK: GET /loading-state/timeline

    private func timeline(_ request: Request) throws(Rejection) -> Response {
        let parameters = LoadingParameters(request: request, catalog: catalog)
        let schedule = schedules.schedule(for: try parameters.requiredScreen(), scenario: try parameters.scenario(), seed: try parameters.seed())
        return .json(schedule.timelineDocument(), headers: ResponseHeaders(["Cache-Control": "public, max-age=60"]))
    }

    private static func scenariosDocument() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("scenarios")
        writer.beginArray()
        for scenario in Scenario.allCases {
            writer.beginObject()
            writer.member("id", scenario.rawValue)
            writer.member("summary", scenario.summary)
            writer.endObject()
        }
        writer.endArray()
        writer.key("faults")
        writer.beginArray()
        for fault in DataRoutes.Fault.allCases {
            writer.beginObject()
            writer.member("id", fault.rawValue)
            writer.member("summary", fault.summary)
            writer.endObject()
        }
        writer.endArray()
        writer.key("speed")
        writer.beginObject()
        writer.member("min", 0.1)
        writer.member("max", 100)
        writer.member("default", 1)
        writer.member("summary", "divides wall-clock time: at speed 10 a 1000 ms stage is ready after 100 ms")
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }
}
