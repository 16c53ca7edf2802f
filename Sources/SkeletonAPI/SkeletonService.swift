import HTTPServer
import SkeletonDomain

/// The skeleton-server HTTP API: every route of docs/spec.md §2 on one router. The one place where
/// HTTP meets the domain; documents that do not depend on the request are encoded here, once.
///
/// `serving(_:)` makes the same service for another catalog (a reload of `--layouts`): same
/// routes, secret, readiness and counters, so that `Server.replaceRouter` can swap it in.
package struct SkeletonService: Sendable {
    package static let version = "0.1.0"

    package let router: Router
    private let readiness: Readiness
    private let sessionSecret: String
    private let metrics: ServerMetrics?
    private let sessionsStarted: SessionsStarted?
    private let injectsFaults: Bool
    private let now: @Sendable () -> Int64
    /// Drift reports counted; kept across reloads, as the metrics are.
    private let driftBoard: DriftBoard
    /// `--learn`: the proposals kept; kept across reloads too.
    private let learner: Learner?

    /// The key that seals session tokens when `--session-secret` and `SESSION_SECRET` are unset.
    /// Public on purpose: replicas that should share sessions must share a secret of their own.
    package static let defaultSessionSecret = "skeleton-server built-in session secret; set --session-secret in production"

    /// What a page on another origin must read of this API's responses
    /// (`ServerConfiguration.corsExposedFields`): `ETag` to revalidate, and the data endpoints'
    /// `Retry-After` and `Server-Timing`.
    package static let corsExposedFields = ["ETag", "Retry-After", "Server-Timing"]

    /// `now` is the wall clock in Unix epoch milliseconds (tests pass their own). With `metrics`
    /// (the server's, `ServerConfiguration.metrics`) the service answers `GET /metrics`. Without
    /// `injectsFaults` the data routes answer every element's data at once: no fault, no simulated
    /// failure, no wait (`--no-faults`, for schema fuzzers, which count a cut connection or a 5xx
    /// as an error and give up on a response after 10 s). With a `learner` (`--learn`) drift reports
    /// may carry proposals.
    package init(readiness: Readiness, catalog: Catalog = .builtIn, sessionSecret: String = defaultSessionSecret,
                metrics: ServerMetrics? = nil, injectsFaults: Bool = true, learner: Learner? = nil,
                now: @escaping @Sendable () -> Int64 = epochMilliseconds) {
        self.init(readiness: readiness, catalog: catalog, sessionSecret: sessionSecret, metrics: metrics,
                  sessionsStarted: metrics.map { _ in SessionsStarted() }, injectsFaults: injectsFaults, now: now, driftBoard: DriftBoard(), learner: learner)
    }

    private init(readiness: Readiness, catalog: Catalog, sessionSecret: String, metrics: ServerMetrics?,
                 sessionsStarted: SessionsStarted?, injectsFaults: Bool, now: @escaping @Sendable () -> Int64, driftBoard: DriftBoard, learner: Learner?) {
        var router = Router()
        MetaRoutes(readiness: readiness, servesMetrics: metrics != nil).register(on: &router)
        LayoutRoutes(catalog: catalog).register(on: &router)
        FrameRoutes(catalog: catalog).register(on: &router)
        let sessions = LoadingSessions(catalog: catalog, secret: Array(sessionSecret.utf8), sessionsStarted: sessionsStarted, now: now)
        let scenarios = ScenariosDocument.bytes(faults: DataRoutes.Fault.allCases.map { ($0.rawValue, $0.summary) })
        LoadingRoutes(sessions: sessions, scenarios: scenarios).register(on: &router)
        DataRoutes(sessions: sessions, injectsFaults: injectsFaults).register(on: &router)
        WebRoutes(catalog: catalog).register(on: &router)
        let drift = DriftRoutes(catalog: catalog, board: driftBoard, learner: learner, now: now)
        drift.register(on: &router)
        if let metrics, let sessionsStarted { MetricsRoute(server: metrics, sessions: sessionsStarted, drift: drift).register(on: &router) }
        ContractRoutes.register(on: &router)
        self.router = router
        self.readiness = readiness
        self.sessionSecret = sessionSecret
        self.metrics = metrics
        self.sessionsStarted = sessionsStarted
        self.injectsFaults = injectsFaults
        self.now = now
        self.driftBoard = driftBoard
        self.learner = learner
    }

    /// This service for `catalog`: what a reload swaps in.
    package func serving(_ catalog: Catalog) -> SkeletonService {
        SkeletonService(readiness: readiness, catalog: catalog, sessionSecret: sessionSecret, metrics: metrics,
                        sessionsStarted: sessionsStarted, injectsFaults: injectsFaults, now: now, driftBoard: driftBoard, learner: learner)
    }
}
