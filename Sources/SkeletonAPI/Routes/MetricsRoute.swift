import HTTPServer

/// `GET /metrics`: the server's HTTP and process metrics, the loading sessions started, and
/// the drift reports' `skeleton_drift_score` histogram and `skeleton_server_info`, in the
/// Prometheus text format 0.0.4.
struct MetricsRoute {
    let server: ServerMetrics
    let sessions: SessionsStarted
    let drift: DriftRoutes

    func register(on router: inout Router) {
        let route = self
        router.get(Operations.metrics) { _ in
            var text = PrometheusText()
            route.server.write(into: &text)
            text.family("loading_sessions_started_total", .counter, help: "Loading sessions started, by screen and scenario.")
            for (key, count) in route.sessions.counted() {
                text.sample("loading_sessions_started_total", labels: [("screen", key.screen), ("scenario", key.scenario)], count)
            }
            route.drift.writeMetrics(into: &text)
            text.family("skeleton_server_info", .gauge, help: "The running version; always 1.")
            text.sample("skeleton_server_info", labels: [("version", SkeletonService.version)], 1)
            return Response(headers: Self.headers, body: text.bytes)
        }
    }

    private static let headers = ResponseHeaders.contentType(PrometheusText.contentType).adding(.neverStored)
}
