import HTTPServer

/// The service index, liveness and readiness. The index links every route this server answers:
/// `metrics` only where metrics are served.
struct MetaRoutes {
    let readiness: Readiness
    let servesMetrics: Bool

    /// Every route the service can answer, as listed by `GET /`; only `metrics` may be absent.
    static let links: KeyValuePairs<String, String> = [
        "self": "/",
        "layouts": "/layouts",
        "layout": "/layouts/{screen}",
        "frames": "/layouts/{screen}/frames",
        "snapshot": "/layouts/{screen}/snapshot.svg",
        "themes": "/themes",
        "theme": "/themes/{theme}",
        "scenarios": "/scenarios",
        "loadingState": "/loading-state",
        "loadingInstant": "/loading-state/instant",
        "loadingEvents": "/loading-state/events",
        "loadingTimeline": "/loading-state/timeline",
        "session": "/loading-state/{session}",
        "sessionEvents": "/loading-state/{session}/events",
        "sessionData": "/loading-state/{session}/data/{element}",
        "data": "/data/{screen}/{element}",
        "preview": "/preview/{screen}",
        "renderer": "/renderer.js",
        "capture": "/capture.js",
        "health": "/healthz",
        "ready": "/readyz",
        "metrics": "/metrics",
        "openapi": "/openapi.json",
        "openapi32": "/openapi-3.2.json",
        "layoutSchema": "/schema/layout.json",
        "framesSchema": "/schema/frames.json",
        "contentSchema": "/schema/content.json",
        "screenSchema": "/schema/screen.json",
    ]

    func register(on router: inout Router) {
        let index = Response.json(Self.indexDocument(servesMetrics: servesMetrics))
        router.get("/") { _ in index }

        let alive = Response.json(Array(#"{"formatVersion":1,"status":"ok"}"#.utf8))
        router.get("/healthz") { _ in alive }

        let ready = Response.json(Array(#"{"formatVersion":1,"ready":true}"#.utf8))
        let draining = Response.json(Array(#"{"formatVersion":1,"ready":false}"#.utf8), status: .serviceUnavailable)
        let readiness = readiness
        router.get("/readyz") { _ in readiness.isReady ? ready : draining }
    }

    /// The links every server has, whatever it was started with.
    static var requiredLinks: [String] { links.map(\.key).filter { $0 != "metrics" } }

    static func indexDocument(servesMetrics: Bool) -> [UInt8] {
        var json = #"{"formatVersion":1,"name":"skeleton-server","version":""#
        json += SkeletonService.version
        json += #"","links":{"#
        json += links.filter { servesMetrics || $0.key != "metrics" }.map { #""\#($0.key)":"\#($0.value)""# }.joined(separator: ",")
        json += "}}"
        return Array(json.utf8)
    }
}
