import SkeletonDomain

/// The loading simulation's sessions (docs/spec.md §5) as a service: it starts loads, opens the
/// tokens clients bring back, draws schedules, and decides what a request for an element's data
/// gets at an instant. The routes turn its answers into HTTP.
///
/// Guarantees: it keeps no session. A session is a token sealed with this service's key, so any
/// replica with the same secret (and a synchronised clock) answers it alike; a token opens only
/// under the secret that sealed it, and only for a screen this service serves. Every time it
/// reads comes from `now`, which tests replace. Its caches (schedules, shared and bounded;
/// verified tokens, per thread and bounded) save work and never change an answer.
final class LoadingSessions: Sendable {
    /// A failed element asked again this long (virtual ms) after its failure gets its data.
    static let retryAfterFailureMs = 1000

    /// The screens served, in the catalog's order.
    let screens: [LoadableScreen]
    /// Unix epoch milliseconds: the wall clock, or a test's.
    let now: @Sendable () -> Int64
    /// The session secret's HMAC states, computed once.
    private let key: HMACSHA256
    /// Each served screen's variants, against which a token is opened.
    private let knownScreens: [String: [String]]
    private let schedules = ScheduleCache()
    private let sessionsStarted: SessionsStarted?
    /// Tells this service's entries in `VerifiedSessions` from another's (another secret's).
    private let identity = UInt64.random(in: 1...UInt64.max)

    /// `sessionsStarted` counts every load `start` begins (for `/metrics`), when given.
    init(catalog: Catalog, secret: [UInt8], sessionsStarted: SessionsStarted?, now: @escaping @Sendable () -> Int64) {
        screens = catalog.screens.map(LoadableScreen.init)
        knownScreens = Dictionary(catalog.screens.map { ($0.id, $0.variants) }, uniquingKeysWith: { first, _ in first })
        key = HMACSHA256(key: secret)
        self.sessionsStarted = sessionsStarted
        self.now = now
    }

    /// The served screen `id` names; nil when none.
    func screen(_ id: String) -> LoadableScreen? {
        screens.first { $0.id == id }
    }

    // MARK: Sessions

    /// A load of `screen`'s layout `variant` (one of its variants) starting now, with its token sealed.
    /// Its schedule goes into the shared cache unless `cachingSchedule` is false: an event stream
    /// reads it once, for its snapshot, so thousands of new streams would only churn the cache
    /// (and hold a schedule each, some 4 KB, until it starts afresh).
    func start(_ screen: LoadableScreen, variant: String = "default", scenario: Scenario, seed: Int, speedThousandths: Int,
               cachingSchedule: Bool = true) -> Session {
        let token = SessionToken(screen: screen.id, variant: variant, scenario: scenario, seed: seed, speedThousandths: speedThousandths, startEpochMs: now())
        sessionsStarted?.started(token)
        let schedule = cachingSchedule ? schedule(of: screen, variant: variant, scenario: scenario, seed: seed)
                                       : Schedule(screen: screen.screen, variant: variant, scenario: scenario, seed: seed)
        return Session(load: Load(token: token, screen: screen), text: token.sealed(key: key), schedule: schedule)
    }

    /// The load whose token's text is `text`, as of now; with `screen`, only a load of that screen.
    func resume(_ text: String, of screen: LoadableScreen? = nil) throws(SessionRefusal) -> Session {
        let load = try opened(text)
        if let screen, load.screen.id != screen.id {
            throw .otherScreen(load.screen.id, asked: screen.id)
        }
        return Session(load: load, text: text, schedule: schedule(of: load))
    }

    /// `text` opened with this service's key and checked against its clock: from this thread's
    /// cache when this service verified it here before, so that the HMAC is paid once.
    private func opened(_ text: String) throws(SessionRefusal) -> Load {
        let verified = VerifiedSessions.current
        do throws(SessionTokenError) {
            if let load = verified.load(text, owner: identity) {
                try load.token.checkTime(nowEpochMs: now())
                return load
            }
            let token = try SessionToken.open(text, key: key, nowEpochMs: now(), knownScreens: knownScreens)
            // `open` checked the screen against `knownScreens`, which are these screens' ids.
            guard let screen = screen(token.screen) else { throw .unknownScreen(token.screen) }
            let load = Load(token: token, screen: screen)
            verified.remember(text, load: load, owner: identity)
            return load
        } catch {
            throw .unopened(error)
        }
    }

    /// The token's text for a load: what a long poll answers with when its request sent none (a
    /// poll that started the load).
    func text(of load: Load) -> String {
        load.token.sealed(key: key)
    }

    func schedule(of load: Load) -> Schedule {
        schedule(of: load.screen, variant: load.token.variant, scenario: load.token.scenario, seed: load.token.seed)
    }

    /// The schedule of a load of `screen`'s layout `variant` (`at=` snapshots, timelines).
    func schedule(of screen: LoadableScreen, variant: String, scenario: Scenario, seed: Int) -> Schedule {
        schedules.schedule(screen: screen.id, variant: variant, scenario: scenario, seed: seed) { screen.screen }
    }

    /// `schedule(of: load).elements`, drawn again rather than looked up: a microsecond's work, so
    /// that a live event stream keeps a load, not a schedule, and takes no cache entry.
    func elementStates(of load: Load) -> [Schedule.ElementState] {
        Schedule.elementStates(of: load.screen.screen, variant: load.token.variant, scenario: load.token.scenario, seed: load.token.seed)
    }

    // MARK: Elements

    /// `element`'s stage in `session`'s load: how and when it ends, and when it started.
    func elementLoad(_ element: LoadableElement, in session: Session) -> ElementLoad {
        let outcomes = session.schedule.outcomes
        var stageStartMs = 0
        if let anchorIndex = element.anchorIndex, element.stageTiming.range(for: session.token.scenario).countsFromAnchor {
            stageStartMs = outcomes[anchorIndex].atMs
        }
        return ElementLoad(token: session.token, stage: element.element.stage, outcome: outcomes[element.stageIndex], stageStartMs: stageStartMs)
    }

    /// What a request for the element gets at `nowEpochMs`: nil before its stage ends (it is due
    /// at `dueEpochMs`); then its data if the stage is ready, or its failure until
    /// `retryAfterFailureMs` (virtual) after it, and its data from then on.
    func answer(for load: ElementLoad, atEpochMs nowEpochMs: Int64) -> ElementAnswer? {
        guard load.dueEpochMs <= nowEpochMs else { return nil }
        guard case .failed(let atMs, _) = load.outcome,
              load.token.elapsedMs(atEpochMs: nowEpochMs) < atMs + Self.retryAfterFailureMs
        else { return .data }
        return heldAnswer(for: load, atEpochMs: nowEpochMs)
    }

    /// What a request held until the element's stage ended gets at `nowEpochMs`: that ending, its
    /// data or its failure, however late a loaded machine fires the request's timer.
    func heldAnswer(for load: ElementLoad, atEpochMs nowEpochMs: Int64) -> ElementAnswer {
        guard case .failed(let atMs, let failure) = load.outcome else { return .data }
        let retryInMs = Int(load.token.epochMs(atElapsedMs: atMs + Self.retryAfterFailureMs) - nowEpochMs)
        return .failure(atMs: atMs, failure, retryInMs: max(0, retryInMs))
    }
}
