import HTTPServer
import SkeletonDomain

/// One `GET /loading-state/events` stream after its snapshot, for its life: a few words (the
/// load, the last id sent, the instant its one timer is for, when the load completes); its
/// element states are drawn again from the load when an instant comes, and its events encoded
/// only then.
///
/// Sends each instant's events when it comes (those already due at once), then `complete`;
/// a comment line after each 15 s of silence; and when the server drains, a `reconnect` event
/// whose id is the last one sent, so that the client resumes on another replica without a repeat.
/// Kept alive by its exchange's timer and drain handler, both dropped when the exchange ends.
final class EventStream {
    private let sessions: LoadingSessions
    private let exchange: Exchange
    private let load: Load
    /// The id of the last event sent: every change up to it has been told.
    private var lastID: Int
    /// The load's last change (`Schedule.completeAtMs`): the `complete` event's `elapsedMs`.
    private let completeAtMs: Int
    /// The instant the pending timer sends; nil while it waits to send a heartbeat.
    private var dueMs: Int?

    /// A stream silent this long gets a comment line, so that idle proxies (nginx cuts at 60 s) keep it.
    private static let heartbeatMs = 15_000
    private static let heartbeat = Array(": keep-alive\n\n".utf8)

    /// Follows `load`, which completes at `completeAtMs`, on `exchange` (a started stream) from `lastID` on.
    static func start(sessions: LoadingSessions, exchange: Exchange, load: Load, lastID: Int, completeAtMs: Int) {
        let stream = EventStream(sessions: sessions, exchange: exchange, load: load, lastID: lastID, completeAtMs: completeAtMs)
        exchange.onDrain { [stream] in stream.reconnect() }
        stream.sendDueAndWait()
    }

    private init(sessions: LoadingSessions, exchange: Exchange, load: Load, lastID: Int, completeAtMs: Int) {
        self.sessions = sessions
        self.exchange = exchange
        self.load = load
        self.lastID = lastID
        self.completeAtMs = completeAtMs
    }

    private func wake() {
        if let dueMs {
            send(LoadingEvent.changes(among: sessions.elementStates(of: load), at: dueMs), upTo: dueMs)
        } else {
            exchange.send(Self.heartbeat)
        }
        sendDueAndWait()
    }

    /// Sends every instant already due, then schedules the next one (or a heartbeat before it),
    /// or ends the stream with `complete` when none is left.
    private func sendDueAndWait() {
        let elements = sessions.elementStates(of: load)
        while let time = LoadingEvent.nextChangeMs(among: elements, after: lastID) {
            let delay = Int(load.token.epochMs(atElapsedMs: time) - sessions.now())
            if delay <= 0 {
                send(LoadingEvent.changes(among: elements, at: time), upTo: time)
                continue
            }
            dueMs = delay > Self.heartbeatMs ? nil : time
            exchange.schedule(afterMilliseconds: min(delay, Self.heartbeatMs)) { [self] in wake() }
            return
        }
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
}
