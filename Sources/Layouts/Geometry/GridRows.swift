/// A stack's children on its columns (`GridColumns`), as CSS's grid places items on
/// `repeat(auto-fill, minmax(M, 1fr))` tracks with `gap: rowSpacing spacing` (a negative gap is 0;
/// without a `rowSpacing`, `spacing` both ways) and `justify-items: start`: in order, row by row,
/// each child in its column as in a column that wide (`LayoutBox.width(inColumn:)`: a greedy child
/// across it, another at its own width from its leading edge; a fraction of the column's width:
/// `LayoutBox.resolved(in:)`), each row as tall as its tallest child at that width.
///
/// Guarantees: every child is in exactly one row, in order; every row but the last has `count`
/// children; `count` is at least 1; `spacing` and `rowSpacing` are at least 0.
struct GridRows {
    /// How many columns there are.
    let count: Int
    /// Each column's width.
    let columnWidth: Double
    /// Between two columns.
    let spacing: Double
    /// Between two rows.
    let rowSpacing: Double
    /// The children's indices, row by row.
    let rows: [Range<Int>]
    /// Each row's height.
    let heights: [Double]

    init(_ children: [LayoutBox], columns: GridColumns, width: Double, spacing: Double, rowSpacing: Double?) {
        let spacing = max(0, spacing)
        let count = columns.count(in: width, spacing: spacing, children: children.count)
        let columnWidth = columns.width(in: width, spacing: spacing, count: count)
        self.count = count
        self.columnWidth = columnWidth
        self.spacing = spacing
        self.rowSpacing = max(0, rowSpacing ?? spacing)
        rows = stride(from: 0, to: children.count, by: count).map { $0..<min($0 + count, children.count) }
        let children = LayoutBox.resolved(children, in: columnWidth)
        heights = rows.map { row in children[row].map { $0.height(width: $0.width(inColumn: columnWidth)) }.max() ?? 0 }
    }

    /// The rows' heights and the row spacing between them.
    var height: Double {
        heights.reduce(0, +) + rowSpacing * Double(max(0, heights.count - 1))
    }
}
