import Layouts
import Testing

/// Content widths (issue 41): a row's table columns share its width as CSS's automatic table
/// layout does, by their min-content and max-content widths. The expected numbers are worked out
/// by hand from the rule (docs/spec.md §3), not by the engine. (Against the browser and against
/// Chromium's own tables: Tests/Browser/test_frames_columns.py.)
struct TableColumnsLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames.map(\.rect)
    }

    /// A column's cell: a 10 pt high block filling a stack of that content width.
    private static func cell(_ min: Double, _ max: Double, padding: Double = 0) -> Node {
        Node(
            .stack(.vertical, spacing: 0, alignment: .leading, children: [Node(.block(width: .fill, height: 10, shape: .rect, corners: nil, fill: .base))]),
            padding: Node.EdgeInsets(top: 0, leading: padding, bottom: 0, trailing: padding), width: .content(points: max, min: min, max: max))
    }

    private static func row(_ children: [Node], spacing: Double = 0) -> Node {
        Node(.stack(.horizontal, spacing: spacing, alignment: .top, children: children), fillsWidth: true)
    }

    /// Columns 100...200 and 50...100 (sums 150 and 300). In 450, above the maxima: each max
    /// times 450 / 300 (300 and 150). In 240, between: t = (240 - 150) / 150 = 0.6, so
    /// 100 + 100 t = 160 and 50 + 50 t = 80. In 120, below the minima: 100 and 50, overflowing.
    @Test func columnsShareTheRowByTheirContentWidthsInEachRegime() {
        let row = Self.row([Self.cell(100, 200), Self.cell(50, 100)])
        #expect(Self.frames(row, width: 450) == [Rect(x: 0, y: 0, width: 300, height: 10), Rect(x: 300, y: 0, width: 150, height: 10)])
        #expect(Self.frames(row, width: 240) == [Rect(x: 0, y: 0, width: 160, height: 10), Rect(x: 160, y: 0, width: 80, height: 10)])
        #expect(Self.frames(row, width: 120) == [Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 100, y: 0, width: 50, height: 10)])
    }

    /// The columns share what a fixed child (40) and the spacing (2 x 10) leave: in 360, 300 of
    /// them, at the maxima exactly. A greedy sibling takes the rest beyond the maxima instead: in
    /// 500 the column stays 200 and the greedy block gets 500 - 200 - 40 - 20 = 240.
    @Test func otherChildrenAndSpacingComeFirstAndAGreedySiblingTakesTheRest() {
        let fixed = Node(.block(width: .points(40), height: 10, shape: .rect, corners: nil, fill: .base))
        let shared = Self.row([Self.cell(100, 200), fixed, Self.cell(50, 100)], spacing: 10)
        #expect(Self.frames(shared, width: 360).map(\.width) == [200, 40, 100])
        let greedy = Node(.block(width: .fill, height: 10, shape: .rect, corners: nil, fill: .base))
        #expect(Self.frames(Self.row([Self.cell(100, 200), fixed, greedy], spacing: 10), width: 500).map(\.width) == [200, 40, 240])
    }

    /// Outside a row that shares it (in a column, or in a row that wraps), a content width is its
    /// points: 200 here, whatever the width; and a column is never narrower than its padding
    /// (a min of 10 with 2 x 20 of padding is 40: in 100, below the minima, its block has no width
    /// left and draws nothing, and the next column starts at 40).
    @Test func elsewhereAContentWidthIsItsPoints() {
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.cell(100, 200)]))
        #expect(Self.frames(column, width: 500).map(\.width) == [200])
        let wrapping = Node(.stack(.horizontal, spacing: 0, alignment: .top, children: [Self.cell(100, 200), Self.cell(100, 200)]), fillsWidth: true, wraps: true)
        #expect(Self.frames(wrapping, width: 500).map(\.width) == [200, 200])
        let padded = Self.row([Self.cell(10, 20, padding: 20), Self.cell(100, 100)])
        #expect(Self.frames(padded, width: 100).map(\.x) == [40])
    }
}
