import Foundation
import Layouts
import Testing

/// A greedy node's `maxFillFraction` (contract 3.12): CSS's `max-width: N%` on a border box, the
/// percentage of what CSS resolves it against (the parent's inner width, a grid item's column, an
/// overlay's parent frame, the layout's width at the root). The expected numbers are worked out by
/// hand from the rule (docs/spec.md §3, "Fill width limits"), not by the engine. (Against the
/// browser and a plain CSS page: Tests/Browser/test_frames.py's max-fill-fraction screen.)
struct MaxFillFractionLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    /// A bubble across what it is offered, up to `fraction` of its reference width (and `limit`).
    private static func bubble(_ fraction: Double?, limit: Double? = nil, basis: Double? = nil, overlay: Node.Overlay? = nil) -> Node {
        Node(.block(width: .fill(grow: 1, basis: basis), height: 20, shape: .rect, corners: nil, fill: .base), maxFillWidth: limit, maxFillFraction: fraction, overlay: overlay)
    }

    private static let bar = bubble(nil)
    private static let sides = Node.EdgeInsets(top: 0, leading: 50, bottom: 0, trailing: 50)

    private static func column(_ alignment: Node.Alignment, _ children: [Node], padding: Node.EdgeInsets? = nil) -> Node {
        Node(.stack(.vertical, spacing: 0, alignment: alignment, children: children), padding: padding)
    }

    private static func row(_ children: [Node], padding: Node.EdgeInsets? = nil) -> Node {
        Node(.stack(.horizontal, spacing: 10, alignment: .top, children: children), padding: padding)
    }

    /// A bubble at 70% in a column of 400 with 50 of padding each side is 70% of the inner 300,
    /// 210, not of 400: from 50 leading, at 50 + 300 - 210 = 140 trailing (right to left, 400 -
    /// 140 - 210 = 50); the bar beside it takes the whole 300.
    @Test func aColumnsBubbleIsItsFractionOfTheInnerWidthAtTheAlignment() {
        #expect(Self.frames(Self.column(.leading, [Self.bubble(0.7), Self.bar], padding: Self.sides), width: 400) == [
            Rect(x: 50, y: 0, width: 210, height: 20), Rect(x: 50, y: 20, width: 300, height: 20),
        ])
        let trailing = Self.column(.trailing, [Self.bubble(0.7), Self.bar], padding: Self.sides)
        #expect(Self.frames(trailing, width: 400) == [Rect(x: 140, y: 0, width: 210, height: 20), Rect(x: 50, y: 20, width: 300, height: 20)])
        #expect(Self.frames(trailing, width: 400, direction: .rtl).first == Rect(x: 50, y: 0, width: 210, height: 20))
    }

    /// Beside a 40-wide avatar, 10 apart, in a row of 400 with 50 of padding each side: the
    /// bubble's share of the free 300 - 50 = 250 is beyond 70% of 300 = 210, so it is frozen at
    /// 210, from 100. In an unpadded row of 400 a bubble at 30% (120) and a bar share the free
    /// 400 - 40 - 20 = 340, 170 each: the bubble freezes at 120 and the bar takes the other 220,
    /// at 50 and 180.
    @Test func aRowsBubbleBesideAnAvatarFreezesAtItsFraction() {
        let avatar = Node(.block(width: .points(40), height: 40, shape: .circle, corners: nil, fill: .base))
        #expect(Self.frames(Self.row([avatar, Self.bubble(0.7)], padding: Self.sides), width: 400) == [
            Rect(x: 50, y: 0, width: 40, height: 40), Rect(x: 100, y: 0, width: 210, height: 20),
        ])
        #expect(Self.frames(Self.row([avatar, Self.bubble(0.3), Self.bar]), width: 400) == [
            Rect(x: 0, y: 0, width: 40, height: 40), Rect(x: 50, y: 0, width: 120, height: 20), Rect(x: 180, y: 0, width: 220, height: 20),
        ])
    }

    /// A bubble at 70% and at most 200 in a trailing column: at 400 the points are less (200, at
    /// 200), at 200 the fraction is (140, at 60).
    @Test func withBothLimitsTheSmallerHolds() {
        let column = Self.column(.trailing, [Self.bubble(0.7, limit: 200)])
        #expect(Self.frames(column, width: 400) == [Rect(x: 200, y: 0, width: 200, height: 20)])
        #expect(Self.frames(column, width: 200) == [Rect(x: 60, y: 0, width: 140, height: 20)])
    }

    /// Columns at least 180 wide, 20 apart, in 760: 3 of 240 at 0, 260 and 520. A bubble at 50%
    /// is half its column, 120 (half the row would be 380), one at 70% is 168, both from their
    /// column's leading edge; a bar takes its whole column.
    @Test func aGridsBubbleIsItsFractionOfItsColumn() {
        let grid = Node(
            .stack(.horizontal, spacing: 20, alignment: .top, children: [Self.bubble(0.5), Self.bubble(0.7), Self.bar]),
            columns: GridColumns(minWidth: 180, collapsesEmpty: false))
        #expect(Self.frames(grid, width: 760) == [
            Rect(x: 0, y: 0, width: 120, height: 20), Rect(x: 260, y: 0, width: 168, height: 20), Rect(x: 520, y: 0, width: 240, height: 20),
        ])
    }

    /// Two bubbles of basis 300 at 50% in a wrapping row of 400, 10 apart: each counts as 200 on a
    /// line (its basis within its limit), 410 do not fit, so each has a line of its own, 200 wide
    /// (the lines 20 + 10 apart).
    @Test func aWrappedRowsBubblesBreakAtTheirFraction() {
        let row = Node(.stack(.horizontal, spacing: 10, alignment: .top, children: [Self.bubble(0.5, basis: 300), Self.bubble(0.5, basis: 300)]), wraps: true)
        #expect(Self.frames(row, width: 400) == [Rect(x: 0, y: 0, width: 200, height: 20), Rect(x: 0, y: 30, width: 200, height: 20)])
    }

    /// Over a card 400 wide with 20 of padding each side (a bar 40 high inside: 80 high), overlays
    /// take their fraction of the card's frame, 400, not of its inner 360: at 50% from the top
    /// leading corner, 10 in, min(400 - 10, 200) = 200 at 10; at 25% from the bottom trailing
    /// corner, 100 at 400 - 10 - 100 = 290, 80 - 10 - 20 = 50 down.
    @Test func anOverlaysFractionIsOfItsParentsFrame() {
        let card = Node(
            .stack(.vertical, spacing: 0, alignment: .leading, children: [
                Node(.block(width: .fill(grow: 1), height: 40, shape: .rect, corners: nil, fill: .base)),
                Self.bubble(0.5, overlay: Node.Overlay(.top(10), .leading(10))),
                Self.bubble(0.25, overlay: Node.Overlay(.bottom(10), .trailing(10))),
            ]),
            padding: Node.EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20), background: .card)
        #expect(Self.frames(card, width: 400) == [
            Rect(x: 0, y: 0, width: 400, height: 80), Rect(x: 20, y: 20, width: 360, height: 40),
            Rect(x: 10, y: 10, width: 200, height: 20), Rect(x: 290, y: 50, width: 100, height: 20),
        ])
    }

    /// A card with 40 of padding each side at 10% is never below its padding: 80 wide (10% of 300
    /// is 30; the bar inside has no width left, so no frame), centred in a column of 300 at (300 -
    /// 80) / 2 = 110; in a row of 300 beside a bar it keeps its 80 and the bar takes the other 220.
    @Test func paddingLargerThanTheLimitIsTheWidth() {
        let card = Node(
            .stack(.vertical, spacing: 0, alignment: .leading, children: [Node(.block(width: .fill(grow: 1), height: 10, shape: .rect, corners: nil, fill: .base))]),
            padding: Node.EdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 40), fillsWidth: true, background: .card, maxFillFraction: 0.1)
        #expect(Self.frames(Self.column(.center, [card]), width: 300) == [Rect(x: 110, y: 0, width: 80, height: 10)])
        #expect(Self.frames(Node(.stack(.horizontal, spacing: 0, alignment: .top, children: [card, Self.bar])), width: 300) == [
            Rect(x: 0, y: 0, width: 80, height: 10), Rect(x: 80, y: 0, width: 220, height: 20),
        ])
    }

    /// At the root a bubble at 50% of 800 is 400 from the leading edge (right to left, from 400);
    /// as the child of a vertical scroll with 50 of padding each side, 50% of its inner 700, 350
    /// from 50; a node that is not greedy (a points width of 400) keeps its width, at the column's
    /// centre, whatever its fraction.
    @Test func theRootAScrollsChildAndANodeThatIsNotGreedy() {
        #expect(Self.frames(Self.bubble(0.5), width: 800) == [Rect(x: 0, y: 0, width: 400, height: 20)])
        #expect(Self.frames(Self.bubble(0.5), width: 800, direction: .rtl) == [Rect(x: 400, y: 0, width: 400, height: 20)])
        #expect(Self.frames(Node(.scroll(.vertical, child: Self.bubble(0.5)), padding: Self.sides), width: 800) == [Rect(x: 50, y: 0, width: 350, height: 20)])
        let fixed = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: []), minHeight: 10, width: .points(400), background: .card, maxFillFraction: 0.1)
        #expect(Self.frames(Self.column(.center, [fixed, Self.bar]), width: 800).first == Rect(x: 200, y: 0, width: 400, height: 10))
    }

    /// A layout document's `maxFillFraction` decodes on a stack, scroll, block or text and writes
    /// back; on a spacer it is ignored, as another type's member is.
    @Test func maxFillFractionDecodesAndEncodes() throws {
        let node = try JSONDecoder().decode(Node.self, from: Data(#"{"type": "block", "width": {"kind": "fill"}, "height": 20, "cornerRadius": 0, "shape": "rect", "fill": "base", "maxFillFraction": 0.7}"#.utf8))
        #expect(node.maxFillFraction == 0.7)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
        #expect(try JSONDecoder().decode(Node.self, from: Data(#"{"type": "spacer", "maxFillFraction": 0.7}"#.utf8)).maxFillFraction == nil)
    }
}
