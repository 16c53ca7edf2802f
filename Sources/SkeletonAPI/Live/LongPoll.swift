import HTTPServer

/// One long poll (`GET /loading-state?…&wait=…`) while it waits, in a few words: the load and the
/// change it waits for. Answered at that change or when `wait` ends, whichever is first, or at
/// once when the server drains; the state document is assembled then, from the sessions' shared
/// schedule cache, so that a poll of a seed of its own holds no schedule while it waits.
final class LongPoll {
    private let sessions: LoadingSessions
    private let exchange: Exchange
    private let load: Load
    /// The change the poll is answered at, if it comes before `wait` ends.
    private let changeMs: Int?

    /// Holds `exchange` until the change at `changeMs` (virtual ms of `load`) or for `waitMs`.
    static func start(sessions: LoadingSessions, exchange: Exchange, load: Load, changeMs: Int, waitMs: Int, nowEpochMs: Int64) {
        let changeDelay = Int(load.token.epochMs(atElapsedMs: changeMs) - nowEpochMs)
        let poll = LongPoll(sessions: sessions, exchange: exchange, load: load, changeMs: changeDelay <= waitMs ? changeMs : nil)
        exchange.schedule(afterMilliseconds: min(changeDelay, waitMs)) { [poll] in poll.answer(draining: false) }
        // A draining server answers at once with the state as it is, rather than at its deadline.
        exchange.onDrain { [poll] in poll.answer(draining: true) }
    }

    private init(sessions: LoadingSessions, exchange: Exchange, load: Load, changeMs: Int?) {
        self.sessions = sessions
        self.exchange = exchange
        self.load = load
        self.changeMs = changeMs
    }

    private func answer(draining: Bool) {
        var elapsed = load.token.elapsedMs(atEpochMs: sessions.now())
        if !draining, let changeMs { elapsed = max(elapsed, changeMs) }
        exchange.respond(.loadingState(sessions.schedule(of: load).state(at: elapsed), session: sessionText))
    }

    /// The token's text as the client sent it, from the request's query (which the exchange
    /// keeps); sealed again for a load the poll itself started.
    private var sessionText: String {
        Parameters.sessionQuery.value(in: exchange.request) ?? sessions.text(of: load)
    }
}
