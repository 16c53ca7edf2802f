/// A row's children broken into lines, as CSS's `flex-wrap: wrap` with `gap: rowSpacing spacing`
/// (without a `rowSpacing`, `spacing` both ways) breaks a flex row: each child takes its own width
/// on the line (a greedy one its basis, or only its horizontal padding without one:
/// `LayoutBox.rowBasis`; a limit's fraction of the row's inner width, `LayoutBox.resolved(in:)`),
/// a line breaks before a child that would end beyond the inner width (a child wider than the
/// width has a line of its own), and a line is as tall as its tallest child at the width the line
/// gives it (`LayoutBox.widths(ofRow:)` on its children).
///
/// Guarantees: every child is on exactly one line, in order; no line is empty.
struct WrappedRow {
    /// The children's indices, line by line.
    let lines: [Range<Int>]
    /// Each line's height.
    let heights: [Double]
    /// Between two children of a line.
    let spacing: Double
    /// Between two lines: the `rowSpacing` given (a negative one 0, as CSS has no negative
    /// `row-gap`), else `spacing`.
    let rowSpacing: Double

    init(_ children: [LayoutBox], width: Double, spacing: Double, rowSpacing: Double?) {
        let children = LayoutBox.resolved(children, in: width)
        var lines: [Range<Int>] = []
        var start = 0
        var end = 0.0
        for (index, child) in children.enumerated() {
            let own = child.rowBasis
            if index > start, end + spacing + own > width + Self.tolerance {
                lines.append(start..<index)
                start = index
                end = own
            } else {
                end += (index > start ? spacing : 0) + own
            }
        }
        if start < children.count { lines.append(start..<children.count) }
        self.lines = lines
        self.spacing = spacing
        self.rowSpacing = rowSpacing.map { max(0, $0) } ?? spacing
        heights = lines.map { line in
            let items = Array(children[line])
            return zip(items, LayoutBox.widths(ofRow: items, in: width, spacing: spacing)).map { $0.height(width: $1) }.max() ?? 0
        }
    }

    /// A line's children and gaps together may exceed the width by this much and still fit
    /// (rounding of captured widths; Chrome lays out in 1/64 px).
    static let tolerance = 0.01

    /// The lines' heights and the row spacing between them.
    var height: Double {
        heights.reduce(0, +) + rowSpacing * Double(max(0, heights.count - 1))
    }
}
