import HTTPServer
import Layouts

/// The service index, liveness and readiness. The index links every route this server answers:
/// `metrics` only where metrics are served.
struct MetaRoutes {
    let readiness: Readiness
    let servesMetrics: Bool

    /// Every route the service can answer by its link name, as listed by `GET /`; only `metrics` may be absent.
    static let links = Operations.all.map { (name: $0.link, template: $0.template) }

    func register(on router: inout Router) {
        let index = Response.json(Self.indexDocument(servesMetrics: servesMetrics))
        router.get(Operations.index) { _ in index }

        let alive = Response.json(Array(#"{"formatVersion":\#(DocumentFormat.version),"status":"ok"}"#.utf8))
        router.get(Operations.health) { _ in alive }

        let ready = Response.json(Array(#"{"formatVersion":\#(DocumentFormat.version),"ready":true}"#.utf8))
        let draining = Response.json(Array(#"{"formatVersion":\#(DocumentFormat.version),"ready":false}"#.utf8), status: .serviceUnavailable)
        let readiness = readiness
        router.get(Operations.readiness) { _ in readiness.isReady ? ready : draining }
    }

    /// The links every server has, whatever it was started with.
    static var requiredLinks: [String] { links.map(\.name).filter { $0 != Operations.metrics.link } }

    static func indexDocument(servesMetrics: Bool) -> [UInt8] {
        var json = #"{"formatVersion":\#(DocumentFormat.version),"name":"skeleton-server","version":""#
        json += SkeletonService.version
        json += #"","links":{"#
        json += links.filter { servesMetrics || $0.name != Operations.metrics.link }.map { #""\#($0.name)":"\#($0.template)""# }.joined(separator: ",")
        json += "}}"
        return Array(json.utf8)
    }
}
