import Foundation
import Layouts
import Testing

/// `minColumnWidth` and `autoFit` (issue 41): a horizontal stack whose children lie on as many
/// columns as fit, as CSS's `repeat(auto-fill, minmax(M, 1fr))` with `gap` lays out a grid of
/// cards. The expected numbers are worked out by hand from the rule (docs/spec.md §3), not by the
/// engine. (Against the browser: Tests/Browser/test_frames.py's columns screen.)
struct GridColumnsLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    private static func card(_ height: Double = 100) -> Node {
        Node(.block(width: .fill, height: height, shape: .rect, corners: nil, fill: .base))
    }

    private static func grid(_ children: [Node], alignment: Node.Alignment = .top, autoFit: Bool = false, rowSpacing: Double? = nil) -> Node {
        Node(
            .stack(.horizontal, spacing: 20, alignment: alignment, children: children), columns: GridColumns(minWidth: 180, collapsesEmpty: autoFit),
            rowSpacing: rowSpacing)
    }

    /// Columns at least 180 wide, 20 apart: in 760, (760 + 20) / 200 = 3.9, so 3 columns of
    /// (760 - 40) / 3 = 240, and the fourth card starts a row 120 down; in 800, 4.1: 4 columns of
    /// (800 - 60) / 4 = 185, the fifth card in a second row; in 150 one column 180 wide (wider
    /// than the stack, as CSS's minmax() overflows).
    @Test func theColumnCountFollowsTheWidth() {
        let row = Self.grid((0..<5).map { _ in Self.card() })
        #expect(Self.frames(row, width: 760) == [
            Rect(x: 0, y: 0, width: 240, height: 100), Rect(x: 260, y: 0, width: 240, height: 100), Rect(x: 520, y: 0, width: 240, height: 100),
            Rect(x: 0, y: 120, width: 240, height: 100), Rect(x: 260, y: 120, width: 240, height: 100),
        ])
        #expect(Self.frames(row, width: 800).map(\.x) == [0, 205, 410, 615, 0])
        #expect(Self.frames(row, width: 800).map(\.width) == [185, 185, 185, 185, 185])
        #expect(Self.frames(row, width: 150).map(\.y) == [0, 120, 240, 360, 480])
        #expect(Self.frames(row, width: 150)[0].width == 180)
    }

    /// A row is as tall as its tallest child: a 60-high card beside a 100-high one, bottom
    /// aligned, sits 40 down; a 30-wide block keeps its width at its column's leading edge; a
    /// stretched stack is its row's height; the block after the grid starts below both rows
    /// (100 + 20 + 50 = 170).
    @Test func aRowIsAsTallAsItsTallestChild() {
        let narrow = Node(.block(width: .points(30), height: 50, shape: .rect, corners: nil, fill: .base))
        let stretched = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: []), width: .fill, background: .card, isStretched: true)
        let row = Self.grid([Self.card(60), Self.card(100), stretched, narrow], alignment: .bottom)
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [row, Self.card(10)]))
        let frames = Self.frames(column, width: 760)
        #expect(frames == [
            Rect(x: 0, y: 40, width: 240, height: 60), Rect(x: 260, y: 0, width: 240, height: 100), Rect(x: 520, y: 0, width: 240, height: 100),
            Rect(x: 0, y: 120, width: 30, height: 50), Rect(x: 0, y: 170, width: 760, height: 10),
        ])
    }

    /// `rowSpacing` 40 (CSS's `gap: 40px 20px`): in 760 still 3 columns of 240 at 0, 260 and 520
    /// (the count and widths by `spacing` 20), the second row 100 + 40 = 140 down, and the block
    /// after the grid at 100 + 40 + 100 = 240. With `rowSpacing` 0 the columns are the same (by
    /// `spacing`, (760 + 20) / 200 = 3.9, where 0 would give 760 / 180 = 4.2) and the second row
    /// 100 down; a negative one is 0 too.
    @Test func rowsAreRowSpacingApartAndColumnsSpacingApart() {
        let cards = (0..<4).map { _ in Self.card() }
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.grid(cards, rowSpacing: 40), Self.card(10)]))
        #expect(Self.frames(column, width: 760) == [
            Rect(x: 0, y: 0, width: 240, height: 100), Rect(x: 260, y: 0, width: 240, height: 100), Rect(x: 520, y: 0, width: 240, height: 100),
            Rect(x: 0, y: 140, width: 240, height: 100), Rect(x: 0, y: 240, width: 760, height: 10),
        ])
        let tight = Self.frames(Self.grid(cards, rowSpacing: 0), width: 760)
        #expect(tight.map(\.x) == [0, 260, 520, 0] && tight.map(\.y) == [0, 0, 0, 100] && tight.map(\.width) == [240, 240, 240, 240])
        #expect(Self.frames(Self.grid(cards, rowSpacing: -8), width: 760) == tight)
    }

    /// auto-fit: two cards in 800 share it (two columns of 390) where auto-fill keeps four columns
    /// of 185 and two empty; with more cards than fit, both are the same.
    @Test func autoFitCollapsesTheEmptyColumns() {
        #expect(Self.frames(Self.grid([Self.card(), Self.card()], autoFit: true), width: 800).map(\.width) == [390, 390])
        #expect(Self.frames(Self.grid([Self.card(), Self.card()]), width: 800).map(\.width) == [185, 185])
        let many = (0..<5).map { _ in Self.card() }
        #expect(Self.frames(Self.grid(many, autoFit: true), width: 800) == Self.frames(Self.grid(many), width: 800))
    }

    /// Right to left, the first column is at the right edge: the mirror of the left-to-right layout.
    @Test func rightToLeftMirrorsTheColumns() {
        let row = Self.grid([Self.card(), Self.card(), Self.card(), Self.card()])
        #expect(Self.frames(row, width: 760, direction: .rtl).map(\.x) == [520, 260, 0, 520])
    }

    /// A layout document's `minColumnWidth` and `autoFit` are read, and written back, on a stack.
    @Test func columnsSurviveDecodingAndEncoding() throws {
        let json = #"{"type": "stack", "axis": "horizontal", "spacing": 16, "alignment": "top", "minColumnWidth": 180, "autoFit": true, "children": []}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(json.utf8))
        #expect(node.columns == GridColumns(minWidth: 180, collapsesEmpty: true))
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
        let plain = try JSONDecoder().decode(Node.self, from: Data(#"{"type": "stack", "axis": "horizontal", "spacing": 16, "alignment": "top", "children": []}"#.utf8))
        #expect(plain.columns == nil)
    }
}
