/// One event loop's share of the server's metrics, written only by that loop and summed over the
/// loops when scraped (`ServerMetrics`), so that counting never makes one loop wait for another.
/// A request costs a table increment, a bucket search and two stores.
final class LoopMetrics: Sendable {
    /// Where a request went, as its label: the router's numbering (`HTTPServer.RouteSlot`), which
    /// the metrics count by and routing does not depend on.
    typealias RouteSlot = HTTPServer.RouteSlot

    enum Gauge: Int, CaseIterable {
        case connectionsOpen, connectionsAccepted, streamsOpen, deferredPending
    }

    /// The histogram's upper bounds in microseconds (100 µs to 30 s; long polls wait up to 30 s).
    static let bucketBounds: [Int] = [100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000,
                                      250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 30_000_000]
    /// Per route slot: one count per bucket, one for +Inf, then the sum of microseconds.
    static let durationStride = bucketBounds.count + 2

    /// Requests by route slot, method and status (`key(route:method:status:)`).
    let requests = KeyedCounters(capacity: 1024)
    let durations: Counters
    let gauges = Counters(count: Gauge.allCases.count)

    init(routeSlots: Int) {
        durations = Counters(count: routeSlots * Self.durationStride)
    }

    static func key(route: Int, method: Method?, status: Int) -> UInt64 {
        UInt64(route) << 24 | UInt64(method.map(ordinal) ?? methods.count) << 16 | UInt64(status)
    }

    static func labels(of key: UInt64) -> (route: Int, method: String, status: Int) {
        let methodIndex = Int(key >> 16 & 0xFF)
        return (Int(key >> 24), methodIndex < methods.count ? methods[methodIndex].rawValue : "other", Int(key & 0xFFFF))
    }

    private static let methods = Method.allCases

    /// The method's place in `Method.allCases`, without building that array per request.
    private static func ordinal(_ method: Method) -> Int {
        switch method {
        case .get: 0
        case .head: 1
        case .post: 2
        case .put: 3
        case .delete: 4
        case .connect: 5
        case .options: 6
        case .trace: 7
        case .patch: 8
        default: methods.firstIndex(of: method)!  // a method no route serves: off the hot path
        }
    }

    func record(route: Int, method: Method?, status: Int, microseconds: Int) {
        requests.add(1, to: Self.key(route: route, method: method, status: status))
        var bucket = 0
        while bucket < Self.bucketBounds.count && microseconds > Self.bucketBounds[bucket] { bucket += 1 }
        let base = route * Self.durationStride
        durations.add(1, at: base + bucket)
        durations.add(microseconds, at: base + Self.durationStride - 1)
    }

    func add(_ amount: Int, to gauge: Gauge) {
        gauges.add(amount, at: gauge.rawValue)
    }
}
