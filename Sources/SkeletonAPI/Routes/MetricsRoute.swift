import HTTPServer

/// `GET /metrics`: the server's HTTP and process metrics, the loading sessions started, and
/// `skeleton_server_info`, in the Prometheus text format 0.0.4.
struct MetricsRoute {
    let server: ServerMetrics
    let sessions: SessionsStarted

    func register(on router: inout Router) {
        let route = self
        router.get("/metrics") { _ in
            var text = PrometheusText()
            route.server.write(into: &text)
            route.sessions.write(into: &text)
            text.family("skeleton_server_info", .gauge, help: "The running version; always 1.")
            text.sample("skeleton_server_info", labels: [("version", SkeletonService.version)], 1)
            return Response(headers: Self.headers, body: text.bytes)
        }
    }

    private static let headers = ResponseHeaders(["Content-Type": PrometheusText.contentType, "Cache-Control": "no-store"])
}

/// Loading sessions started, by screen and scenario (`loading_sessions_started_total`). A session
/// start already costs an HMAC and a schedule, so a short lock here makes no loop wait noticeably.
final class SessionsStarted: Sendable {
    private struct Key: Hashable, Comparable {
        let screen: String
        let scenario: String

        static func < (a: Key, b: Key) -> Bool { (a.screen, a.scenario) < (b.screen, b.scenario) }
    }

    private let counts = Locked<[Key: Int]>([:])

    func started(screen: String, scenario: String) {
        counts.withLock { $0[Key(screen: screen, scenario: scenario), default: 0] += 1 }
    }

    func write(into text: inout PrometheusText) {
        let counts = counts.withLock { $0 }
        text.family("loading_sessions_started_total", .counter, help: "Loading sessions started, by screen and scenario.")
        for key in counts.keys.sorted() {
            text.sample("loading_sessions_started_total", labels: [("screen", key.screen), ("scenario", key.scenario)], counts[key]!)
        }
    }
}
