import HTTPServer
import Layouts

/// One `GET /loading-state/events` stream after its snapshot, for its life: a few words (the
/// load's token, the last id sent, the instant its one timer is for); its element states are
/// drawn again from the token when an instant comes, and its events encoded only then.
///
/// Sends each instant's events when it comes (those already due at once), then `complete`;
/// a comment line after each 15 s of silence; and when the server drains, a `reconnect` event
/// whose id is the last one sent, so that the client resumes on another replica without a repeat.
/// Kept alive by its exchange's timer and drain handler, both dropped when the exchange ends.
final class EventStream {
    private let routes: LoadingRoutes
    private let exchange: Exchange
    private let token: SessionToken
    /// The id of the last event sent: every change up to it has been told.
    private var lastID: Int
    /// The instant the pending timer sends; nil while it waits to send a heartbeat.
    private var dueMs: Int?

    /// A stream silent this long gets a comment line, so that idle proxies (nginx cuts at 60 s) keep it.
    private static let heartbeatMs = 15_000
    private static let heartbeat = Array(": keep-alive\n\n".utf8)

    /// Follows the load on `exchange` (a started stream) from `lastID` on.
    static func start(routes: LoadingRoutes, exchange: Exchange, token: SessionToken, lastID: Int) {
        let stream = EventStream(routes: routes, exchange: exchange, token: token, lastID: lastID)
        exchange.onDrain { [stream] in stream.reconnect() }
        stream.sendDueAndWait()
    }

    private init(routes: LoadingRoutes, exchange: Exchange, token: SessionToken, lastID: Int) {
        self.routes = routes
        self.exchange = exchange
        self.token = token
        self.lastID = lastID
    }

    private func wake() {
        if let dueMs {
            send(LoadingEvent.changes(among: elements, at: dueMs), upTo: dueMs)
        } else {
            exchange.send(Self.heartbeat)
        }
        sendDueAndWait()
    }

    /// Sends every instant already due, then schedules the next one (or a heartbeat before it),
    /// or ends the stream with `complete` when none is left.
    private func sendDueAndWait() {
        let elements = elements
        while let time = LoadingEvent.nextChangeMs(among: elements, after: lastID) {
            let delay = Int(token.epochMs(atElapsedMs: time) - routes.now())
            if delay <= 0 {
                send(LoadingEvent.changes(among: elements, at: time), upTo: time)
                continue
            }
            dueMs = delay > Self.heartbeatMs ? nil : time
            exchange.schedule(afterMilliseconds: min(delay, Self.heartbeatMs)) { [self] in wake() }
            return
        }
        let completeAtMs = elements.lazy.map { $0.status.atMs! }.max() ?? 0
        exchange.send(LoadingEvent.complete(elapsedMs: completeAtMs, after: lastID).bytes)
        exchange.finish()
    }

    private func send(_ events: [LoadingEvent], upTo time: Int) {
        exchange.send(events.flatMap(\.bytes))
        lastID = time
    }

    private func reconnect() {
        exchange.send(LoadingEvent.reconnect(after: lastID).bytes)
        exchange.finish()
    }

    /// Drawn again when needed: the stream keeps no array of element states.
    private var elements: [Schedule.ElementState] {
        Schedule.elementStates(of: routes.catalog.screen(token.screen)!, scenario: token.scenario, seed: token.seed)
    }
}
