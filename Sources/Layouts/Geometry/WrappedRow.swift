/// A row's children broken into lines, as CSS's `flex-wrap: wrap` with `gap: rowSpacing spacing`
/// (without a `rowSpacing`, `spacing` both ways) breaks a flex row: each child takes its own width
/// on the line (a greedy one its basis, or only its horizontal padding without one:
/// `LayoutBox.rowBasis`; a limit's fraction of the row's inner width, `LayoutBox.resolved(in:)`),
/// a line breaks before a child that would end beyond the inner width (a child wider than the
/// width has a line of its own), and a line is as tall as its tallest child at the width the line
/// gives it (`LayoutBox.widths(ofRow:)` on its children); what those widths and the spacing between
/// them leave of the inner width is the line's free width (`Node.lineAlignment` places it).
///
/// Guarantees: every child is on exactly one line, in order; no line is empty.
struct WrappedRow {
    /// One line: its children's indices, its height, and its free width (below 0 when its one
    /// child is wider than the row, as CSS's free space is).
    struct Line {
        let children: Range<Int>
        let height: Double
        let free: Double
    }

    /// The lines, in order.
    let lines: [Line]
    /// Between two children of a line.
    let spacing: Double
    /// Between two lines: the `rowSpacing` given (a negative one 0, as CSS has no negative
    /// `row-gap`), else `spacing`.
    let rowSpacing: Double

    init(_ children: [LayoutBox], width: Double, spacing: Double, rowSpacing: Double?) {
        let children = LayoutBox.resolved(children, in: width)
        var ranges: [Range<Int>] = []
        var start = 0
        var end = 0.0
        for (index, child) in children.enumerated() {
            let own = child.rowBasis
            if index > start, end + spacing + own > width + Self.tolerance {
                ranges.append(start..<index)
                start = index
                end = own
            } else {
                end += (index > start ? spacing : 0) + own
            }
        }
        if start < children.count { ranges.append(start..<children.count) }
        self.spacing = spacing
        self.rowSpacing = rowSpacing.map { max(0, $0) } ?? spacing
        lines = ranges.map { line in
            let items = Array(children[line])
            let widths = LayoutBox.widths(ofRow: items, in: width, spacing: spacing)
            let used = widths.reduce(0, +) + spacing * Double(items.count - 1)
            return Line(children: line, height: zip(items, widths).map { $0.height(width: $1) }.max() ?? 0, free: width - used)
        }
    }

    /// A line's children and gaps together may exceed the width by this much and still fit
    /// (rounding of captured widths; Chrome lays out in 1/64 px).
    static let tolerance = 0.01

    /// The lines' heights and the row spacing between them.
    var height: Double {
        lines.reduce(0) { $0 + $1.height } + rowSpacing * Double(max(0, lines.count - 1))
    }
}
