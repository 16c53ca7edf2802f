import Synchronization

/// The server's HTTP and process metrics (`GET /metrics` writes them with `write(into:)`). Each
/// event loop counts into its own `LoopMetrics`; a scrape sums them, so counting takes no lock
/// and no loop waits for another. Labels are bounded: a route is its template, never a path.
package final class ServerMetrics: Sendable {
    private struct Attached {
        var loops: [LoopMetrics] = []
        /// The label of each route slot (`RouteSlot`).
        var routeLabels: [String] = []
    }

    private let attached = Mutex(Attached())
    private let startEpochSeconds = ProcessMetrics.epochSeconds()

    package init() {}

    /// A new loop's share, for a server whose router has these templates.
    func attachLoop(routeTemplates: [String]) -> LoopMetrics {
        let labels = ["invalid", "unmatched"] + routeTemplates
        let loop = LoopMetrics(routeSlots: labels.count)
        attached.withLock {
            $0.loops.append(loop)
            $0.routeLabels = labels
        }
        return loop
    }

    package func write(into text: inout PrometheusText) {
        let (loops, labels) = attached.withLock { ($0.loops, $0.routeLabels) }

        var requests: [UInt64: Int] = [:]
        for loop in loops { loop.requests.forEach { key, count in requests[key, default: 0] += count } }
        text.family("http_requests_total", .counter, help: "Requests answered, by route template, method and status.")
        for key in requests.keys.sorted() {
            let (route, method, status) = LoopMetrics.labels(of: key)
            text.sample("http_requests_total", labels: [("route", labels[route]), ("method", method), ("status", String(status))], requests[key]!)
        }

        text.family("http_request_duration_seconds", .histogram, help: "From a request's head parsed to its response (or stream) written, by route template.")
        let stride = LoopMetrics.durationStride
        for route in labels.indices {
            var slots = [Int](repeating: 0, count: stride)
            for loop in loops { for slot in 0..<stride { slots[slot] += loop.durations.value(at: route * stride + slot) } }
            let count = slots[..<(stride - 1)].reduce(0, +)
            guard count > 0 else { continue }
            var cumulative = 0
            for (bucket, bound) in LoopMetrics.bucketBounds.enumerated() {
                cumulative += slots[bucket]
                text.sample("http_request_duration_seconds_bucket", labels: [("route", labels[route]), ("le", String(Double(bound) / 1_000_000))], cumulative)
            }
            text.sample("http_request_duration_seconds_bucket", labels: [("route", labels[route]), ("le", "+Inf")], count)
            text.sample("http_request_duration_seconds_sum", labels: [("route", labels[route])], Double(slots[stride - 1]) / 1_000_000)
            text.sample("http_request_duration_seconds_count", labels: [("route", labels[route])], count)
        }

        func gauge(_ gauge: LoopMetrics.Gauge) -> Int { loops.reduce(0) { $0 + $1.gauges.value(at: gauge.rawValue) } }
        text.family("http_connections_open", .gauge, help: "Client connections open.")
        text.sample("http_connections_open", gauge(.connectionsOpen))
        text.family("http_connections_accepted_total", .counter, help: "Client connections accepted.")
        text.sample("http_connections_accepted_total", gauge(.connectionsAccepted))
        text.family("http_event_streams_open", .gauge, help: "Streamed responses (event streams) in progress.")
        text.sample("http_event_streams_open", gauge(.streamsOpen))
        text.family("http_long_polls_pending", .gauge, help: "Deferred replies (long polls) waiting to be answered.")
        text.sample("http_long_polls_pending", gauge(.deferredPending))

        text.family("process_resident_memory_bytes", .gauge, help: "Resident memory size in bytes.")
        text.sample("process_resident_memory_bytes", ProcessMetrics.residentBytes())
        text.family("process_open_fds", .gauge, help: "Number of open file descriptors.")
        text.sample("process_open_fds", ProcessMetrics.openFileDescriptors())
        text.family("process_max_fds", .gauge, help: "Maximum number of open file descriptors.")
        text.sample("process_max_fds", ProcessMetrics.maxFileDescriptors())
        text.family("process_cpu_seconds_total", .counter, help: "Total user and system CPU time spent in seconds.")
        text.sample("process_cpu_seconds_total", ProcessMetrics.cpuSeconds())
        text.family("process_start_time_seconds", .gauge, help: "Start time of the process since unix epoch in seconds.")
        text.sample("process_start_time_seconds", startEpochSeconds)
    }
}
