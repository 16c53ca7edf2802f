/// The widths of a row's table columns (`Node.Width.content`) in `available` points, as CSS's
/// automatic table layout shares a table's width among its auto columns (CSS 2.1 §17.5.2.2, in the
/// form CSS Tables 3 §3.9.3 and browsers give it), from each column's min-content and max-content
/// widths: with room for every max-content width, each its max-content width and, when `fills`
/// (no greedy sibling takes the rest), the rest in proportion to it (all columns without content
/// alike); between the sums, each its min-content width and the same fraction of its difference;
/// below the min-content sum, each its min-content width (the row overflows).
///
/// Guarantees: each width lies in its column's range, or above it only when `fills`; the widths
/// add up to `available` when it lies between the sums, or above them and `fills`; they are
/// continuous and never shrink as `available` grows.
enum TableColumns {
    static func widths(of columns: [ClosedRange<Double>], in available: Double, fills: Bool) -> [Double] {
        let least = columns.reduce(0) { $0 + $1.lowerBound }
        let most = columns.reduce(0) { $0 + $1.upperBound }
        if available <= least { return columns.map(\.lowerBound) }
        if available < most {
            let fraction = (available - least) / (most - least)
            return columns.map { $0.lowerBound + ($0.upperBound - $0.lowerBound) * fraction }
        }
        guard fills else { return columns.map(\.upperBound) }
        guard most > 0 else { return columns.map { _ in available / Double(columns.count) } }
        return columns.map { $0.upperBound * available / most }
    }
}
