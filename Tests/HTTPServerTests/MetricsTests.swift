import Testing
@testable import HTTPServer

/// The per-loop counters behind `GET /metrics`: keys that round-trip to their labels, a keyed
/// table that counts each key in one place, and a bounded table that drops rather than grows.
@Suite struct MetricsTests {
    @Test func keysRoundTripToTheirLabels() {
        for method in Method.allCases {
            let key = LoopMetrics.key(route: 7, method: method, status: 431)
            #expect(LoopMetrics.labels(of: key) == (7, method.rawValue, 431))
        }
        #expect(LoopMetrics.labels(of: LoopMetrics.key(route: 0, method: nil, status: 501)) == (0, "other", 501))
    }

    @Test func keyedCountersSumEachKeyOnce() {
        let table = KeyedCounters(capacity: 64)
        for key in 1...40 { for _ in 0..<key { table.add(1, to: UInt64(key)) } }
        var seen: [UInt64: Int] = [:]
        table.forEach { seen[$0] = $1 }
        #expect(seen == Dictionary(uniqueKeysWithValues: (1...40).map { (UInt64($0), $0) }))
    }

    @Test func aFullTableDropsNewKeys() {
        let table = KeyedCounters(capacity: 4)
        for key in 1...6 { table.add(1, to: UInt64(key)) }
        var count = 0
        table.forEach { _, _ in count += 1 }
        #expect(count == 4)
    }

    @Test func durationsFallInTheirBuckets() {
        let metrics = LoopMetrics(routeSlots: 3)
        for microseconds in [50, 100, 101, 40_000_000] { metrics.record(route: 2, method: .get, status: 200, microseconds: microseconds) }
        let base = 2 * LoopMetrics.durationStride
        #expect(metrics.durations.value(at: base) == 2)  // <= 100 µs
        #expect(metrics.durations.value(at: base + 1) == 1)  // <= 250 µs
        #expect(metrics.durations.value(at: base + LoopMetrics.bucketBounds.count) == 1)  // +Inf
        #expect(metrics.durations.value(at: base + LoopMetrics.durationStride - 1) == 40_000_251)
    }
}
