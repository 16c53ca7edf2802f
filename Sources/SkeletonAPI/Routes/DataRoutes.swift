import HTTPServer
import Layouts

/// `GET /data/{screen}/{element}`: an element's data, answered when that element is ready in a
/// simulated load (the `/loading-state` parameters: `session=`, or `scenario`, `seed`, `speed`
/// starting a load now), so that a client's own networking code meets the load's latency,
/// failures and, with `fault=`, network faults.
///
/// Guarantees: the answer comes at the element's time in the timeline (held on a loop timer,
/// never a thread), at once when that time has passed; a timed-out element is a 504 and a failed
/// one a 503, both problem+json with `Retry-After` and `retryable: true`, and the same request
/// `retryAfterFailureMs` (virtual) after the failure succeeds; a draining server answers a held
/// request with 503 and `Retry-After: 0` rather than keep it.
final class DataRoutes: Sendable {
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

    /// A failed element asked again this long (virtual ms) after its failure gets its data.
    static let retryAfterFailureMs = 1000
    private static let dribblePieces = 8

    private let loading: LoadingRoutes
    /// By screen id: every element of every layout, first occurrence of an id kept.
    private let elements: [String: [Element]]

    init(loading: LoadingRoutes) {
        self.loading = loading
        elements = Dictionary(uniqueKeysWithValues: loading.catalog.screens.map { screen in
            var seen = Set<String>()
            return (screen.id, screen.layouts.flatMap(\.elements).filter { seen.insert($0.id).inserted })
        })
    }

    func register(on router: inout Router) {
        let routes = self
        router.add(.get, "/data/{screen}/{element}") { request in
            do throws(Rejection) {
                return try routes.data(request)
            } catch {
                return .response(error.response)
            }
        }
    }

    /// One element's request, resolved: what to send, and when (virtual ms of its session). A
    /// class, so that a held request's timer and drain handler share one; it keeps the few
    /// words it needs, not the request, and its content is made when it is answered.
    private final class Plan {
        let token: SessionToken
        let screen: String
        let element: Element
        let stage: Schedule.StageState
        /// When the element's stage started: its anchor's time, or the start of the load.
        let stageStartMs: Int
        let fault: Fault?
        /// The request's `If-None-Match` field, if any.
        let ifNoneMatch: HTTPFields?

        init(token: SessionToken, screen: String, element: Element, stage: Schedule.StageState, stageStartMs: Int,
             fault: Fault?, ifNoneMatch: HTTPFields?) {
            self.token = token
            self.screen = screen
            self.element = element
            self.stage = stage
            self.stageStartMs = stageStartMs
            self.fault = fault
            self.ifNoneMatch = ifNoneMatch
        }
    }

    private func data(_ request: Request) throws(Rejection) -> Reply {
        let catalog = loading.catalog
        let screenName = request.parameter("screen") ?? ""
        guard let screen = catalog.screen(screenName) else {
            throw Rejection(response: ProblemResponses.unknown("screen", screenName, allowed: catalog.screens.map(\.id)))
        }
        let elements = self.elements[screen.id]!
        let elementName = request.parameter("element") ?? ""
        guard let element = elements.first(where: { $0.id == elementName }) else {
            throw Rejection(response: ProblemResponses.unknown("element", elementName, allowed: elements.map(\.id)))
        }
        var fault: Fault?
        if let value = request.queryValue("fault") {
            guard let chosen = Fault(rawValue: value) else {
                throw Rejection(response: ProblemResponses.badParameter("fault", value, allowed: Fault.allCases.map(\.rawValue)))
            }
            fault = chosen
        }
        let session = try loading.session(LoadingParameters(request: request, catalog: catalog), pathScreen: screen)
        let stage = session.schedule.stages.first { $0.id == element.stage }!
        let timing = screen.stages.first { $0.id == element.stage }!.timing
        let anchorMs = timing.range(for: session.token.scenario).countsFromAnchor
            ? timing.anchor.flatMap { anchor in session.schedule.stages.first { $0.id == anchor }?.status.atMs } : nil
        let plan = Plan(token: session.token, screen: screen.id, element: element, stage: stage, stageStartMs: anchorMs ?? 0, fault: fault,
                        ifNoneMatch: request.fields["If-None-Match"] == nil ? nil : request.fields)
        let nowMs = loading.now()
        let dueIn = Int(session.token.epochMs(atElapsedMs: stage.status.atMs!) - nowMs)
        if fault == nil && dueIn <= 0 { return .response(answer(plan, waitedMs: 0)) }
        return .deferred { [self] exchange in hold(plan, dueInMs: dueIn, startedAt: nowMs, on: exchange) }
    }

    private func hold(_ plan: Plan, dueInMs: Int, startedAt: Int64, on exchange: Exchange) {
        // A held request is answered at once; a body already begun ends where it is.
        exchange.onDrain { [self] in
            exchange.respond(draining(plan))
            exchange.abort(reset: false)
        }
        let atDue = { [self] in
            let response = answer(plan, waitedMs: Int(loading.now() - startedAt), held: true)
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
        guard plan.fault == .dribble, case .ready = plan.stage.status else {
            if dueInMs <= 0 { atDue() } else { exchange.schedule(afterMilliseconds: dueInMs, atDue) }
            return
        }
        dribble(plan, startedAt: startedAt, on: exchange)
    }

    /// The head when the stage starts, then the body in `dribblePieces` pieces, the last at the
    /// element's time (at once, where those times have passed).
    private func dribble(_ plan: Plan, startedAt: Int64, on exchange: Exchange) {
        let token = plan.token
        let readyMs = plan.stage.status.atMs!
        let response = answer(plan, waitedMs: Int(token.epochMs(atElapsedMs: readyMs) - startedAt))
        let body = response.body
        let pieces = max(1, min(Self.dribblePieces, body.count))
        func delay(untilElapsedMs elapsed: Int) -> Int { max(0, Int(token.epochMs(atElapsedMs: elapsed) - loading.now())) }
        func send(piece: Int) {
            let range = body.count * (piece - 1) / pieces..<body.count * piece / pieces
            exchange.send(Array(body[range]))
            guard piece < pieces else { return exchange.finish() }
            let next = plan.stageStartMs + (readyMs - plan.stageStartMs) * (piece + 1) / pieces
            exchange.schedule(afterMilliseconds: delay(untilElapsedMs: next)) { send(piece: piece + 1) }
        }
        exchange.schedule(afterMilliseconds: delay(untilElapsedMs: plan.stageStartMs)) {
            exchange.startStream(status: response.status, headers: response.headers, contentLength: body.count)
            let first = plan.stageStartMs + (readyMs - plan.stageStartMs) / pieces
            exchange.schedule(afterMilliseconds: delay(untilElapsedMs: first)) { send(piece: 1) }
        }
    }

    /// The element's answer as of now: its data once ready (or recovered after a failure), else
    /// its failure. A request `held` until a failure gets that failure, however late a loaded
    /// machine fires its timer.
    private func answer(_ plan: Plan, waitedMs: Int, held: Bool = false) -> Response {
        let token = plan.token
        let nowMs = loading.now()
        var headers = ResponseHeaders()
        headers.add("Server-Timing", "stage;desc=\"\(plan.stage.id)\", wait;dur=\(max(0, waitedMs))")
        headers.add("Timing-Allow-Origin", "*")
        switch plan.stage.status {
        case .failed(let atMs, let failure) where held || token.elapsedMs(atEpochMs: nowMs) < atMs + Self.retryAfterFailureMs:
            let retryInMs = max(0, Int(token.epochMs(atElapsedMs: atMs + Self.retryAfterFailureMs) - nowMs))
            headers.add("Retry-After", String((retryInMs + 999) / 1000))
            headers.add("Cache-Control", "no-store")
            let status: Status = failure.code == .timeout ? .gatewayTimeout : .serviceUnavailable
            let what = failure.code == .timeout ? "timed out at \(atMs) ms" : "failed at \(atMs) ms (simulated error)"
            return Problem(status: status, detail: "element '\(plan.element.id)' (stage '\(plan.stage.id)') \(what) in this load; asked again after \(retryInMs) ms it succeeds",
                           extensions: [("element", .string(plan.element.id)), ("stage", .string(plan.stage.id)), ("code", .string(failure.code.rawValue)),
                                        ("retryable", .bool(failure.isRetryable)), ("failedAtMs", .integer(atMs)), ("retryAfterMs", .integer(retryInMs))])
                .response(headers: headers)
        default:
            let content = DataContent(screen: plan.screen, element: plan.element, seed: token.seed)
            headers.add("Content-Type", content.contentType)
            headers.add("ETag", content.document.etag)
            headers.add("Cache-Control", "no-cache")
            if let fields = plan.ifNoneMatch, ifNoneMatch(fields, matches: content.document.etag) { return Response(status: .notModified, headers: headers) }
            return Response(headers: headers, body: content.document.bytes)
        }
    }

    private func draining(_ plan: Plan) -> Response {
        var headers = ResponseHeaders()
        headers.add("Retry-After", "0")
        return Problem(status: .serviceUnavailable, detail: "the server is shutting down; ask again (another replica answers the same session alike)",
                       extensions: [("element", .string(plan.element.id)), ("retryable", .bool(true))]).response(headers: headers)
    }
}
