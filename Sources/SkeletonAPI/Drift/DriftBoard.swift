import HTTPServer
import SkeletonDomain

/// The drift reports this replica accepted, counted per (screen, element): what `GET /drift` and
/// the `skeleton_drift_score` histogram show.
///
/// Guarantees: bounded memory whatever the number of reports: the routes record only elements of
/// the catalog, and each keeps at most `recentCount` scores (p10 and median are exact over them),
/// `maxWidths` distinct widths and the histogram's fixed buckets. Safe from every loop's thread (one lock).
final class DriftBoard: Sendable {
    /// The histogram's upper bounds (le), before +Inf.
    static let buckets: [Double] = [0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 1]
    /// The most recent scores kept per element for p10 and the median.
    static let recentCount = 1024
    /// The most distinct widths kept per element: the first ones seen.
    static let maxWidths = 16

    struct Key: Hashable, Comparable, Sendable {
        let screen: String
        let element: String

        static func < (a: Key, b: Key) -> Bool { (a.screen, a.element) < (b.screen, b.element) }
    }

    /// One element's reports.
    struct Tally: Sendable {
        var reports = 0
        /// A ring of the last `recentCount` scores; `next` is where the next one goes.
        var recent: [Double] = []
        var next = 0
        var widths: [Double] = []
        var lastReportAt: Int64 = 0
        /// Per bucket of `buckets`, then +Inf: reports at or below it (not cumulative).
        var bucketCounts = [Int](repeating: 0, count: DriftBoard.buckets.count + 1)
        var sum = 0.0

        mutating func add(_ score: Double, width: Double, at now: Int64) {
            reports += 1
            if recent.count < DriftBoard.recentCount {
                recent.append(score)
            } else {
                recent[next] = score
            }
            next = (next + 1) % DriftBoard.recentCount
            let width = (width * 100).rounded(.toNearestOrAwayFromZero) / 100
            if widths.count < DriftBoard.maxWidths, !widths.contains(width) { widths.append(width) }
            lastReportAt = now
            bucketCounts[DriftBoard.buckets.firstIndex { score <= $0 } ?? DriftBoard.buckets.count] += 1
            sum += score
        }

        /// The `p` quantile (0...1) of the recent scores, interpolated linearly between closest
        /// ranks (Hyndman and Fan's type 7, Python's `statistics.quantiles(method="inclusive")`).
        func quantile(_ p: Double) -> Double {
            let sorted = recent.sorted()
            guard sorted.count > 1 else { return sorted.first ?? 0 }
            let h = Double(sorted.count - 1) * p
            let low = Int(h)
            guard low + 1 < sorted.count else { return sorted[low] }
            return sorted[low] + (h - Double(low)) * (sorted[low + 1] - sorted[low])
        }
    }

    private let tallies = Locked<[Key: Tally]>([:])

    /// Counts a report of an element of the catalog at `now` (epoch ms).
    func record(screen: String, element: String, score: Double, width: Double, at now: Int64) {
        tallies.withLock { $0[Key(screen: screen, element: element), default: Tally()].add(score, width: width, at: now) }
    }

    /// Every element reported, by screen then element.
    func snapshot() -> [(key: Key, tally: Tally)] {
        tallies.withLock { $0.map { (key: $0.key, tally: $0.value) } }.sorted { $0.key < $1.key }
    }
}
