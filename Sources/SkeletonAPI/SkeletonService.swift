import HTTPServer
import Layouts

/// The skeleton-server HTTP API: every route of SPEC §2 on one router. The one place where
/// HTTP meets the domain; documents that do not depend on the request are encoded here, once.
public struct SkeletonService: Sendable {
    public static let version = "0.1.0"

    public let router: Router

    /// The key that seals session tokens when `--session-secret` and `SESSION_SECRET` are unset.
    /// Public on purpose: replicas that should share sessions must share a secret of their own.
    public static let defaultSessionSecret = "skeleton-server built-in session secret; set --session-secret in production"

    /// `now` is the wall clock in Unix epoch milliseconds (tests pass their own). With `metrics`
    /// (the server's, `ServerConfiguration.metrics`) the service answers `GET /metrics`.
    public init(readiness: Readiness, catalog: Catalog = .builtIn, sessionSecret: String = defaultSessionSecret,
                metrics: ServerMetrics? = nil, now: @escaping @Sendable () -> Int64 = epochMilliseconds) {
        var router = Router()
        let sessions = metrics.map { _ in SessionsStarted() }
        MetaRoutes(readiness: readiness).register(on: &router)
        LayoutRoutes(catalog: catalog).register(on: &router)
        LoadingRoutes(catalog: catalog, secret: Array(sessionSecret.utf8), sessionsStarted: sessions, now: now).register(on: &router)
        if let metrics, let sessions { MetricsRoute(server: metrics, sessions: sessions).register(on: &router) }
        ContractRoutes(catalog: catalog, servesMetrics: metrics != nil).register(on: &router)
        self.router = router
    }
}
