import Foundation
import Layouts
import Testing

/// A greedy node's `maxFillWidth` (contract 3.11): CSS's `max-width` on a border box, SwiftUI's
/// `frame(maxWidth:)`. The expected numbers are worked out by hand from the rule (docs/spec.md
/// §3, "Fill width limits"; CSS Flexbox §9.7 for rows), not by the engine. (Against the browser
/// and a plain CSS page: Tests/Browser/test_frames.py's max-fill-width screen.)
struct MaxFillWidthLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    /// A block across what it is offered, up to `limit`.
    private static func bar(limit: Double?, height: Double = 20, grow: Double = 1) -> Node {
        Node(.block(width: .fill(grow: grow), height: height, shape: .rect, corners: nil, fill: .base), maxFillWidth: limit)
    }

    private static func column(_ alignment: Node.Alignment, _ children: [Node]) -> Node {
        Node(.stack(.vertical, spacing: 0, alignment: alignment, children: children))
    }

    private static func row(_ children: [Node], spacing: Double = 10) -> Node {
        Node(.stack(.horizontal, spacing: spacing, alignment: .top, children: children))
    }

    /// In 800 a bar limited to 300 is 300 wide at the column's alignment: 0 leading, (800 - 300)
    /// / 2 = 250 centred, 500 trailing (CSS's `max-width: 300px; margin: 0 auto` centred). In 200,
    /// below its limit, it is 200 wide from 0 whatever the alignment, as an unlimited bar is.
    @Test func aColumnsLimitedChildSitsAtItsAlignment() {
        for (alignment, x) in [(Node.Alignment.leading, 0.0), (.center, 250), (.trailing, 500)] {
            let column = Self.column(alignment, [Self.bar(limit: 300), Self.bar(limit: nil)])
            #expect(Self.frames(column, width: 800) == [Rect(x: x, y: 0, width: 300, height: 20), Rect(x: 0, y: 20, width: 800, height: 20)], "\(alignment)")
            #expect(Self.frames(column, width: 200) == [Rect(x: 0, y: 0, width: 200, height: 20), Rect(x: 0, y: 20, width: 200, height: 20)], "\(alignment)")
        }
    }

    /// A paragraph limited to 200 (a measure of 500, lines 10 high) in a centred column of 800
    /// wraps at 200, not 800: ⌈500 / 200⌉ = 3 lines, the last 100 / 200 of the width, all from
    /// (800 - 200) / 2 = 300.
    @Test func aLimitedParagraphWrapsAtItsLimit() {
        let text = Node(.text(lines: 1, lineHeight: 10, lineSpacing: 0, lastLineFraction: 1, measure: 500), maxFillWidth: 200)
        #expect(Self.frames(Self.column(.center, [text]), width: 800) == [
            Rect(x: 300, y: 0, width: 200, height: 10), Rect(x: 300, y: 10, width: 200, height: 10), Rect(x: 300, y: 20, width: 100, height: 10),
        ])
    }

    /// Two bars in 400 beside a spacer and a 50-wide block, 0 apart: the free 350 shared by the bar
    /// and the spacer is 175 each; the bar's limit 100 freezes it, and the spacer takes the rest,
    /// 250, so the block is at 350. Three bars of grow 1 in 620, 10 apart (600 free): 200 each;
    /// the first (limit 100) freezes, the others share 500: 250, beyond the second's limit 240,
    /// which freezes too, and the third takes 260: at 0, 110 and 360.
    @Test func aRowsChildFrozenAtItsLimitLeavesTheRestToTheOthers() {
        let fixed = Node(.block(width: .points(50), height: 20, shape: .rect, corners: nil, fill: .base))
        #expect(Self.frames(Self.row([Self.bar(limit: 100), Node(.spacer), fixed], spacing: 0), width: 400) == [
            Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 350, y: 0, width: 50, height: 20),
        ])
        #expect(Self.frames(Self.row([Self.bar(limit: 100), Self.bar(limit: 240), Self.bar(limit: nil)]), width: 620) == [
            Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 110, y: 0, width: 240, height: 20), Rect(x: 360, y: 0, width: 260, height: 20),
        ])
    }

    /// Two bars limited to 100 and 150 in 600, 10 apart: 295 each would exceed both, so both
    /// freeze and the 340 nobody can take is left at the row's end (the bars at 0 and 110).
    @Test func aRowWhoseChildrenAllFreezeLeavesTheRestEmptyAtItsEnd() {
        #expect(Self.frames(Self.row([Self.bar(limit: 100), Self.bar(limit: 150)]), width: 600) == [
            Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 110, y: 0, width: 150, height: 20),
        ])
    }

    /// A row too narrow for its bases shrinks from a basis above the limit (CSS's flex base size)
    /// and freezes there: bases 1000 (limit 200) and 300 in 400 (the limit counted, 500 > 400, so
    /// it shrinks): the 900 over shared by basis, 1000 − 692.3 = 307.7 is beyond 200, which it
    /// freezes at, and the other gives up the 100 left: 200.
    @Test func aShrinkingRowFreezesABasisAboveItsLimit() {
        let limited = Node(.block(width: .fill(grow: 1, basis: 1000), height: 20, shape: .rect, corners: nil, fill: .base), maxFillWidth: 200)
        let other = Node(.block(width: .fill(grow: 1, basis: 300), height: 20, shape: .rect, corners: nil, fill: .base))
        #expect(Self.frames(Self.row([limited, other], spacing: 0), width: 400) == [
            Rect(x: 0, y: 0, width: 200, height: 20), Rect(x: 200, y: 0, width: 200, height: 20),
        ])
    }

    /// Columns at least 180 wide, 20 apart, in 760: 3 of 240 at 0, 260 and 520. A greedy child
    /// limited to 200 is 200 wide from its column's leading edge; one limited to 300 (wider than
    /// the column) is the column's 240.
    @Test func aGridsLimitedChildIsAtMostItsColumnFromItsLeadingEdge() {
        let grid = Node(
            .stack(.horizontal, spacing: 20, alignment: .top, children: [Self.bar(limit: 200), Self.bar(limit: 300), Self.bar(limit: nil)]),
            columns: GridColumns(minWidth: 180, collapsesEmpty: false))
        #expect(Self.frames(grid, width: 760) == [
            Rect(x: 0, y: 0, width: 200, height: 20), Rect(x: 260, y: 0, width: 240, height: 20), Rect(x: 520, y: 0, width: 240, height: 20),
        ])
    }

    /// A card with 40 of padding each side and a limit of 50 is never below its padding: 80 wide
    /// (the bar inside it has no width left, so no frame), centred in a column of 300 at (300 -
    /// 80) / 2 = 110; in a row of 300 beside a bar it keeps its 80 (its basis already at its
    /// limit) and the bar takes the other 220.
    @Test func paddingLargerThanTheLimitIsTheWidth() {
        let card = Node(
            .stack(.vertical, spacing: 0, alignment: .leading, children: [Self.bar(limit: nil, height: 10)]),
            padding: Node.EdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 40), fillsWidth: true, background: .card, maxFillWidth: 50)
        #expect(Self.frames(Self.column(.center, [card]), width: 300) == [Rect(x: 110, y: 0, width: 80, height: 10)])
        #expect(Self.frames(Self.row([card, Self.bar(limit: nil)], spacing: 0), width: 300) == [
            Rect(x: 0, y: 0, width: 80, height: 10), Rect(x: 80, y: 0, width: 220, height: 20),
        ])
    }

    /// At the root and as a vertical scroll's child, a bar limited to 300 in 800 is 300 wide from
    /// the leading edge (right to left, from 500); a node that is not greedy (a points width of
    /// 400) keeps its width, at the column's centre, whatever its limit.
    @Test func theRootAndAScrollsChildStartAtTheLeadingEdge() {
        #expect(Self.frames(Self.bar(limit: 300), width: 800) == [Rect(x: 0, y: 0, width: 300, height: 20)])
        #expect(Self.frames(Self.bar(limit: 300), width: 800, direction: .rtl) == [Rect(x: 500, y: 0, width: 300, height: 20)])
        #expect(Self.frames(Node(.scroll(.vertical, child: Self.bar(limit: 300))), width: 800) == [Rect(x: 0, y: 0, width: 300, height: 20)])
        let fixed = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: []), minHeight: 10, width: .points(400), background: .card, maxFillWidth: 100)
        #expect(Self.frames(Self.column(.center, [fixed, Self.bar(limit: nil)]), width: 800).first == Rect(x: 200, y: 0, width: 400, height: 10))
    }

    /// A layout document's `maxFillWidth` decodes on a stack, scroll, block or text and writes
    /// back; on a spacer it is ignored, as another type's member is.
    @Test func maxFillWidthDecodesAndEncodes() throws {
        let node = try JSONDecoder().decode(Node.self, from: Data(#"{"type": "text", "lines": 2, "lineHeight": 12, "lineSpacing": 4, "lastLineFraction": 0.5, "maxFillWidth": 544}"#.utf8))
        #expect(node.maxFillWidth == 544)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
        #expect(try JSONDecoder().decode(Node.self, from: Data(#"{"type": "spacer", "maxFillWidth": 544}"#.utf8)).maxFillWidth == nil)
    }
}
