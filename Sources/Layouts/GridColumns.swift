/// A stack's columns that follow its width (`Node.columns`), as CSS's
/// `grid-template-columns: repeat(auto-fill, minmax(minWidth, 1fr))` with `gap: spacing`: as many
/// columns at least `minWidth` wide as fit the stack's inner width, sharing the rest equally.
///
/// Guarantees: `minWidth` is above 0; the column count is at least 1 at any width (`count(in:…)`).
public struct GridColumns: Sendable, Equatable {
    /// Each column's least width, in points.
    public var minWidth: Double
    /// CSS's `auto-fit` rather than `auto-fill`: the columns no child is placed in collapse, so
    /// that fewer children than columns share the whole width.
    public var collapsesEmpty: Bool

    public init(minWidth: Double, collapsesEmpty: Bool = false) {
        self.minWidth = minWidth
        self.collapsesEmpty = collapsesEmpty
    }

    /// How many columns an inner width `width` holds with `spacing` between them:
    /// max(1, floor((width + spacing) / (minWidth + spacing))), at most `children` of them when
    /// empty columns collapse (and there are children).
    public func count(in width: Double, spacing: Double, children: Int) -> Int {
        let fitting = max(1, Int(((width + spacing) / (minWidth + spacing) + Self.tolerance).rounded(.down)))
        return collapsesEmpty && children > 0 ? min(fitting, children) : fitting
    }

    /// Each column's width: the inner width less the gaps, shared by `count` columns, and never
    /// below `minWidth` (one column wider than the stack overflows it, as CSS's does).
    public func width(in width: Double, spacing: Double, count: Int) -> Double {
        max(minWidth, (width - spacing * Double(count - 1)) / Double(count))
    }

    /// A width that fits one more column only by rounding (captured widths are rounded; Chrome
    /// lays out in 1/64 px) still fits it.
    static let tolerance = 1e-6
}
