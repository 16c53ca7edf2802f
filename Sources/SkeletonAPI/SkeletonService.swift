import HTTPServer
import Layouts

/// The skeleton-server HTTP API: every route of SPEC §2 on one router. The one place where
/// HTTP meets the domain; documents that do not depend on the request are encoded here, once.
public struct SkeletonService: Sendable {
    public static let version = "0.1.0"

    public let router: Router

    public init(readiness: Readiness, catalog: Catalog = .builtIn) {
        var router = Router()
        MetaRoutes(readiness: readiness).register(on: &router)
        LayoutRoutes(catalog: catalog).register(on: &router)
        self.router = router
    }
}
