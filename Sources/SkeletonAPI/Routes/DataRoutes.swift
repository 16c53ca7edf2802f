import HTTPServer
import Layouts

/// An element's data, answered when that element is ready in a simulated load, so that a
/// client's own networking code meets the load's latency, failures and, with `fault=`, network
/// faults: `GET /loading-state/{session}/data/{element}` in a load already started, and
/// `GET /data/{screen}/{element}` in a load it starts (`scenario`, `seed`, `speed`; the older
/// `session=` form is answered as before).
///
/// Guarantees: the answer is `LoadingSessions`' (`answer(for:atEpochMs:)`), sent at the element's
/// time in the timeline (held on a loop timer, never a thread), at once when that time has
/// passed; a timed-out element is a 504 and a failed one a 503, both problem+json with
/// `Retry-After` and `retryable: true`; a draining server answers a held request with 503 and
/// `Retry-After: 0` rather than keep it.
struct DataRoutes: Sendable {
    /// What `fault=` does at the element's time (WireMock's faults, bound to the schedule).
    enum Fault: String, CaseIterable {
        /// The connection is reset (RST).
        case reset
        /// The connection is closed with no response.
        case empty
        /// The head and half the body, then the connection is closed.
        case truncated
        /// The head at the stage's start, the body in pieces spread until the element is ready.
        case dribble
        /// The head, then nothing: the client's own timeout must fire.
        case stall

        var summary: String {
            switch self {
            case .reset: "At the element's time the connection is reset (RST)."
            case .empty: "At the element's time the connection is closed with no response."
            case .truncated: "At the element's time the head and half the body are sent, then the connection is closed."
            case .dribble: "The head is sent when the element's stage starts and the body in pieces until the element is ready."
            case .stall: "At the element's time the head is sent and the body never: the client's own timeout must fire."
            }
        }
    }

    private static let dribblePieces = 8

    private let sessions: LoadingSessions
    /// Whether the data routes simulate the network: an answer held until the element's time, its
    /// simulated failure, `fault=`. Else (`--no-faults`) every element's data is answered at once;
    /// `fault=` is still validated.
    private let injectsFaults: Bool

    init(sessions: LoadingSessions, injectsFaults: Bool) {
        self.sessions = sessions
        self.injectsFaults = injectsFaults
    }

    func register(on router: inout Router) {
        let routes = self
        router.add(Operations.data) { request in
            do throws(Rejection) {
                return try routes.data(request)
            } catch {
                return .response(error.response)
            }
        }
        router.add(Operations.sessionData) { request in
            do throws(Rejection) {
                return try routes.sessionData(request)
            } catch {
                return .response(error.response)
            }
        }
    }

    /// One element's request, resolved: what to send, and when (`load`). A class, so that a held
    /// request's timer and drain handler share one; it keeps the few words it needs, not the
    /// request, and its content is made when it is answered.
    private final class Plan {
        let screen: String
        let element: Element
        let load: ElementLoad
        let fault: Fault?
        /// The request's `If-None-Match` field, if any.
        let ifNoneMatch: HTTPFields?

        init(screen: String, element: Element, load: ElementLoad, fault: Fault?, ifNoneMatch: HTTPFields?) {
            self.screen = screen
            self.element = element
            self.load = load
            self.fault = fault
            self.ifNoneMatch = ifNoneMatch
        }
    }

    /// `GET /data/{screen}/{element}`: in the session the query names or starts.
    private func data(_ request: Request) throws(Rejection) -> Reply {
        let screenName = Parameters.screenPath.value(in: request) ?? ""
        guard let screen = sessions.screen(screenName) else {
            throw Rejection(response: ProblemResponses.unknown(.screen, screenName, allowed: sessions.screens.map(\.id)))
        }
        let parameters = LoadingParameters(request: request, sessions: sessions)
        guard !Parameters.sessionQuery.isGiven(in: request) else {
            // The older form: the token's load decides the variant, so the element is checked after it.
            let fault = try fault(request)
            let session = try parameters.session(pathScreen: screen)
            return answer(request, element: try Self.element(request, of: screen, variant: session.token.variant), session: session, fault: fault)
        }
        // A new load: the element is checked against the variant before the load is started.
        let element = try Self.element(request, of: screen, variant: try parameters.variant(of: screen))
        let fault = try fault(request)
        return answer(request, element: element, session: try parameters.session(pathScreen: screen), fault: fault)
    }

    /// `GET /loading-state/{session}/data/{element}`.
    private func sessionData(_ request: Request) throws(Rejection) -> Reply {
        let session = try LoadingParameters(request: request, sessions: sessions).follow(Parameters.sessionPath.value(in: request) ?? "", in: .path)
        return answer(request, element: try Self.element(request, of: session.load.screen, variant: session.token.variant), session: session, fault: try fault(request))
    }

    /// The element the path names, one of those of a load of `screen`'s layout `variant`.
    private static func element(_ request: Request, of screen: LoadableScreen, variant: String) throws(Rejection) -> LoadableElement {
        let name = Parameters.elementPath.value(in: request) ?? ""
        guard let element = screen.element(name, of: variant) else {
            throw Rejection(response: ProblemResponses.unknown(.element, name, allowed: screen.elements(of: variant).map(\.id)))
        }
        return element
    }

    private func fault(_ request: Request) throws(Rejection) -> Fault? {
        guard let value = Parameters.fault.value(in: request) else { return nil }
        return try Parameters.fault.choice(value)
    }

    /// `element`'s answer in `session`: at once when its time has passed, else held until then.
    private func answer(_ request: Request, element: LoadableElement, session: Session, fault: Fault?) -> Reply {
        let screen = session.load.screen
        let load = sessions.elementLoad(element, in: session)
        let plan = Plan(screen: screen.id, element: element.element, load: load, fault: fault,
                        ifNoneMatch: Parameters.ifNoneMatch.isGiven(in: request) ? request.fields : nil)
        guard injectsFaults else { return .response(response(plan, .data, waitedMs: 0)) }
        let nowMs = sessions.now()
        if fault == nil, let answer = sessions.answer(for: load, atEpochMs: nowMs) { return .response(response(plan, answer, waitedMs: 0)) }
        let dueInMs = Int(load.dueEpochMs - nowMs)
        return .deferred { [self] exchange in hold(plan, dueInMs: dueInMs, startedAt: nowMs, on: exchange) }
    }

    private func hold(_ plan: Plan, dueInMs: Int, startedAt: Int64, on exchange: Exchange) {
        // A held request is answered at once; a body already begun ends where it is.
        exchange.onDrain { [self] in
            exchange.respond(draining(plan))
            exchange.abort(reset: false)
        }
        let atDue = { [self] in
            let nowMs = sessions.now()
            let response = response(plan, sessions.heldAnswer(for: plan.load, atEpochMs: nowMs), waitedMs: Int(nowMs - startedAt))
            switch plan.fault {
            case nil: exchange.respond(response)
            case .reset, .empty: exchange.abort(reset: plan.fault == .reset)
            case .truncated:
                exchange.startStream(status: response.status, headers: response.headers, contentLength: response.body.count)
                exchange.send(Array(response.body.prefix(response.body.count / 2)))
                exchange.abort(reset: false)
            case .stall:
                exchange.startStream(status: response.status, headers: response.headers, contentLength: response.body.count)
            case .dribble:
                exchange.respond(response)  // a failure is not dribbled: it has no body worth watching
            }
        }
        guard plan.fault == .dribble, case .ready(let readyMs) = plan.load.outcome else {
            if dueInMs <= 0 { atDue() } else { exchange.schedule(afterMilliseconds: dueInMs, atDue) }
            return
        }
        dribble(plan, readyMs: readyMs, startedAt: startedAt, on: exchange)
    }

    /// The head when the stage starts, then the body in `dribblePieces` pieces, the last at the
    /// element's time, `readyMs` (at once, where those times have passed).
    private func dribble(_ plan: Plan, readyMs: Int, startedAt: Int64, on exchange: Exchange) {
        let token = plan.load.token
        let stageStartMs = plan.load.stageStartMs
        let response = response(plan, .data, waitedMs: Int(token.epochMs(atElapsedMs: readyMs) - startedAt))
        let body = response.body
        let pieces = max(1, min(Self.dribblePieces, body.count))
        func delay(untilElapsedMs elapsed: Int) -> Int { max(0, Int(token.epochMs(atElapsedMs: elapsed) - sessions.now())) }
        func send(piece: Int) {
            let range = body.count * (piece - 1) / pieces..<body.count * piece / pieces
            exchange.send(Array(body[range]))
            guard piece < pieces else { return exchange.finish() }
            let next = stageStartMs + (readyMs - stageStartMs) * (piece + 1) / pieces
            exchange.schedule(afterMilliseconds: delay(untilElapsedMs: next)) { send(piece: piece + 1) }
        }
        exchange.schedule(afterMilliseconds: delay(untilElapsedMs: stageStartMs)) {
            exchange.startStream(status: response.status, headers: response.headers, contentLength: body.count)
            let first = stageStartMs + (readyMs - stageStartMs) / pieces
            exchange.schedule(afterMilliseconds: delay(untilElapsedMs: first)) { send(piece: 1) }
        }
    }

    /// The response for the element's `answer`: its data (or 304), or its failure as a problem
    /// with `Retry-After`.
    private func response(_ plan: Plan, _ answer: ElementAnswer, waitedMs: Int) -> Response {
        let stage = plan.load.stage
        var headers = ResponseHeaders()
        headers.add("Server-Timing", "stage;desc=\"\(stage)\", wait;dur=\(max(0, waitedMs))")
        headers.add("Timing-Allow-Origin", "*")
        switch answer {
        case .failure(let atMs, let failure, let retryInMs):
            headers.add("Retry-After", String((retryInMs + 999) / 1000))
            headers.add(.neverStored)
            let what = failure.code == .timeout ? "timed out at \(atMs) ms" : "failed at \(atMs) ms (simulated error)"
            return Problem(failure.code == .timeout ? .elementTimedOut : .elementFailed, detail: "element '\(plan.element.id)' (stage '\(stage)') \(what) in this load; asked again after \(retryInMs) ms it succeeds",
                           extensions: [("element", .string(plan.element.id)), ("stage", .string(stage)), ("code", .string(failure.code.rawValue)),
                                        ("retryable", .bool(failure.isRetryable)), ("failedAtMs", .integer(atMs)), ("retryAfterMs", .integer(retryInMs))])
                .response(headers: headers)
        case .data:
            let content = DataContent(screen: plan.screen, element: plan.element, seed: plan.load.token.seed)
            headers.add("Content-Type", "application/json")
            headers.append(CachePolicy.revalidated.validated(etag: content.document.etag))
            if let fields = plan.ifNoneMatch, ifNoneMatch(fields, matches: content.document.etag) { return Response(status: .notModified, headers: headers) }
            return Response(headers: headers, body: content.document.bytes)
        }
    }

    private func draining(_ plan: Plan) -> Response {
        var headers = ResponseHeaders()
        headers.add("Retry-After", "0")
        return Problem(.draining, detail: "the server is shutting down; ask again (another replica answers the same session alike)",
                       extensions: [("element", .string(plan.element.id)), ("retryable", .bool(true))]).response(headers: headers)
    }
}
