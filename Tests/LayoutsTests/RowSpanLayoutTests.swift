import Layouts
import Testing

/// A grid item spanning rows as capture writes it (issue 41, docs/spec.md §3): a row of the
/// spanning item, a stretched stack, beside a column of the rows it spans; the item is as tall as
/// the rows (their `minHeight`, fixed tracks) and the gap. The expected numbers are worked out by
/// hand from the rule, not by the engine. (Against the browser: Tests/Browser/test_frames.py's spans screen.)
struct RowSpanLayoutTests {
    /// A painted tile: a 20 high bar in 10 of padding, stretched by its row, sharing widths.
    private static func tile() -> Node {
        var tile = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [
            Node(.block(width: .fill, height: 20, shape: .rect, corners: nil, fill: .base)),
        ]))
        tile.padding = .init(top: 10, leading: 10, bottom: 10, trailing: 10)
        tile.background = .card
        tile.fillsWidth = true
        tile.isStretched = true
        return tile
    }

    private static func row(minHeight: Double) -> Node {
        var row = Node(.stack(.horizontal, spacing: 12, alignment: .top, children: [tile()]))
        row.minHeight = minHeight
        row.fillsWidth = true
        return row
    }

    /// 412 wide, spacing 12: the tile's padding (20) is its own, so of 412 − 12 − 20 = 380 each
    /// gets 190: the tile 210 wide, the column 190 from x 222. The column is 100 + 12 + 60 = 172
    /// high, so the spanning tile is too, though its content is 40; the second row's tile starts at 112, 60 high.
    @Test func aSpanningItemIsAsTallAsTheRowsItSpansAndTheirGap() {
        var column = Node(.stack(.vertical, spacing: 12, alignment: .leading, children: [Self.row(minHeight: 100), Self.row(minHeight: 60)]))
        column.fillsWidth = true
        let grid = Node(.stack(.horizontal, spacing: 12, alignment: .top, children: [Self.tile(), column]))
        let result = FrameLayout.layout(root: grid, elements: [], theme: .light, direction: .ltr, width: 412)
        let backgrounds = result.frames.filter { $0.kind == .background }.map(\.rect)
        #expect(backgrounds == [
            Rect(x: 0, y: 0, width: 210, height: 172), Rect(x: 222, y: 0, width: 190, height: 100), Rect(x: 222, y: 112, width: 190, height: 60),
        ])
        #expect(result.contentHeight == 172)
    }
}
