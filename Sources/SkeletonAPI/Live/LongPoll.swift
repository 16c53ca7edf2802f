import HTTPServer
import Layouts

/// One long poll (`GET /loading-state?…&wait=…`) while it waits, in a few words: the load's
/// token and the change it waits for. Answered at that change or when `wait` ends, whichever is
/// first, or at once when the server drains; the state document is assembled then, from the
/// shared schedule cache, so that a poll of a seed of its own holds no schedule while it waits.
final class LongPoll {
    private let routes: LoadingRoutes
    private let exchange: Exchange
    private let token: SessionToken
    /// The change the poll is answered at, if it comes before `wait` ends.
    private let changeMs: Int?

    /// Holds `exchange` until the change at `changeMs` (virtual ms of `token`'s load) or for `waitMs`.
    static func start(routes: LoadingRoutes, exchange: Exchange, token: SessionToken, changeMs: Int, waitMs: Int, nowEpochMs: Int64) {
        let changeDelay = Int(token.epochMs(atElapsedMs: changeMs) - nowEpochMs)
        let poll = LongPoll(routes: routes, exchange: exchange, token: token, changeMs: changeDelay <= waitMs ? changeMs : nil)
        exchange.schedule(afterMilliseconds: min(changeDelay, waitMs)) { [poll] in poll.answer(draining: false) }
        // A draining server answers at once with the state as it is, rather than at its deadline.
        exchange.onDrain { [poll] in poll.answer(draining: true) }
    }

    private init(routes: LoadingRoutes, exchange: Exchange, token: SessionToken, changeMs: Int?) {
        self.routes = routes
        self.exchange = exchange
        self.token = token
        self.changeMs = changeMs
    }

    private func answer(draining: Bool) {
        var elapsed = token.elapsedMs(atEpochMs: routes.now())
        if !draining, let changeMs { elapsed = max(elapsed, changeMs) }
        exchange.respond(routes.stateResponse(routes.schedule(of: token).state(at: elapsed), session: sessionText))
    }

    /// The token's text as the client sent it, from the request's query (which the exchange
    /// keeps); sealed again for a load the poll itself started.
    private var sessionText: String {
        exchange.request.queryValue("session") ?? token.sealed(key: routes.key)
    }
}
