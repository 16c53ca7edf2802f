import Layouts
import Testing

/// A negative `spacing` (issue 41): a stack's children overlap by that much, each drawn after (over)
/// the one before, as CSS's negative margins lay out an avatar stack. The expected numbers are
/// worked out by hand from the rule (docs/spec.md §3), not by the engine. (Against the browser:
/// Tests/Browser/test_frames.py's overlapping screen.)
struct NegativeSpacingLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Frame] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames
    }

    private static func avatar() -> Node {
        Node(.block(width: .points(40), height: 40, shape: .circle, corners: nil, fill: .base))
    }

    /// Four 40 pt avatars −10 apart: at 0, 30, 60 and 90, in drawing order; the row is
    /// 4·40 − 3·10 = 130 wide, so centred in a 330 wide column it starts at 100.
    @Test func avatarsOverlapByTheNegativeSpacingInDrawingOrder() {
        let row = Node(.stack(.horizontal, spacing: -10, alignment: .center, children: Array(repeating: Self.avatar(), count: 4)))
        #expect(Self.frames(row, width: 130).map(\.rect.x) == [0, 30, 60, 90])
        let column = Node(.stack(.vertical, spacing: 0, alignment: .center, children: [row]))
        #expect(Self.frames(column, width: 330).map(\.rect.x) == [100, 130, 160, 190])
    }

    /// A greedy child shares what the overlap gives back: in 200, a 40 block −10 before a fill
    /// block leaves 200 − 40 + 10 = 170 for it, from x 30.
    @Test func aGreedyChildSharesTheWidthTheOverlapGivesBack() {
        let fill = Node(.block(width: .fill, height: 40, shape: .rect, corners: nil, fill: .base))
        let row = Node(.stack(.horizontal, spacing: -10, alignment: .top, children: [Self.avatar(), fill]))
        #expect(Self.frames(row, width: 200).map(\.rect) == [Rect(x: 0, y: 0, width: 40, height: 40), Rect(x: 30, y: 0, width: 170, height: 40)])
    }

    /// In a column the children overlap likewise: two 40 high blocks −15 apart make a stack 65 high.
    @Test func aColumnsChildrenOverlapToo() {
        let column = Node(.stack(.vertical, spacing: -15, alignment: .leading, children: [Self.avatar(), Self.avatar()]))
        let result = FrameLayout.layout(root: column, elements: [], theme: .light, direction: .ltr, width: 100)
        #expect(result.frames.map(\.rect.y) == [0, 25])
        #expect(result.contentHeight == 65)
    }
}
