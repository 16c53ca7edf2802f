import HTTPServer
import Layouts

/// `GET /scenarios`, `GET /loading-state` (start, `session=`, `at=`; long polling with `wait=`),
/// `GET /loading-state/events` (Server-Sent Events) and `GET /loading-state/timeline` (docs/spec.md §5).
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

    /// A load being followed live, while its request is handled: its token (and that token's
    /// text) and schedule. What outlives the request (a long poll, a stream, a held data request)
    /// keeps the token, not this: a schedule of a seed of its own is kilobytes.
    struct Session {
        let token: SessionToken
        let text: String
        let schedule: Schedule
    }

    private static let noStore = ResponseHeaders(["Cache-Control": "no-store"])
    /// `X-Accel-Buffering: no` tells nginx (and proxies that follow it) to pass each event on at once.
    private static let eventStream = ResponseHeaders(["Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"])

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
        let token = session.token
        return .deferred { [self] exchange in
            LongPoll.start(routes: self, exchange: exchange, token: token, changeMs: next, waitMs: wait, nowEpochMs: nowMs)
        }
    }

    func stateResponse(_ state: LoadingState, session: String?) -> Response {
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
                if let token = verified.token(text, owner: identity) {
                    try token.checkTime(nowEpochMs: now())
                    return Session(token: token, text: text, schedule: schedule(of: token))
                }
                let token = try SessionToken.open(text, key: key, nowEpochMs: now(), knownScreens: knownScreens)
                verified.remember(text, token: token, owner: identity)
                return Session(token: token, text: text, schedule: schedule(of: token))
            } catch {
                // A token of the right shape names a session; one this server did not issue (or
                // no longer serves) is not found, which a client or a schema-driven fuzzer reads
                // as such. Text that is not a token at all is a bad parameter.
                let status: Status = SessionToken.hasTokenSyntax(text) ? .notFound : .badRequest
                let what = status == .notFound ? "names no session this server serves" : "is not a valid session token"
                throw Rejection(response: Problem(status: status, detail: "query parameter 'session' \(what): \(error)",
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

    /// The schedule of a load whose token has been opened (its screen is in the catalog).
    func schedule(of token: SessionToken) -> Schedule {
        schedules.schedule(screen: token.screen, scenario: token.scenario, seed: token.seed) { catalog.screen(token.screen)! }
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
            EventStream.start(routes: self, exchange: exchange, token: session.token, lastID: sentUpTo)
        }
    }

    // MARK: GET /loading-state/timeline

    private func timeline(_ request: Request) throws(Rejection) -> Response {
        let parameters = LoadingParameters(request: request, catalog: catalog)
        let schedule = schedules.schedule(for: try parameters.requiredScreen(), scenario: try parameters.scenario(), seed: try parameters.seed())
        return .json(schedule.timelineDocument(), headers: ResponseHeaders(["Cache-Control": "public, max-age=60"]))
    }

    private static func scenariosDocument() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginDocument()
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
