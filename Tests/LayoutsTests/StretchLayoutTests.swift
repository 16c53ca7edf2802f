import Foundation
import Layouts
import Testing

/// `stretch` (issue 41): a stack stretched in a row is as tall as the row's inner height, its
/// content from its top, as CSS's `align-self: stretch` makes a card in a flex or grid row. The
/// expected numbers are worked out by hand from the rule (docs/spec.md §3), not by the engine.
/// (Against the browser: Tests/Browser/test_frames.py's stretch screen.)
struct StretchLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Frame] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames
    }

    private static func line(_ count: Int = 1) -> Node {
        Node(.text(lines: count, lineHeight: 12, lineSpacing: 4, lastLineFraction: 1))
    }

    /// A painted card: padding 10 on each side, a card background, its children in a column.
    private static func card(_ children: [Node], stretched: Bool) -> Node {
        var card = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: children))
        card.padding = .init(top: 10, leading: 10, bottom: 10, trailing: 10)
        card.background = .card
        card.isStretched = stretched
        return card
    }

    private static func row(_ children: [Node], alignment: Node.Alignment = .center) -> Node {
        Node(.stack(.horizontal, spacing: 16, alignment: alignment, children: children))
    }

    /// 416 wide, two greedy cards 16 apart are 200 wide each. The second holds three lines
    /// (3·12 + 2·4 = 44, with padding 64); the first one line (12, with padding 32). Stretched, the
    /// first card's background is 64 high from the row's top and its line stays at its top (y 10);
    /// not stretched, the centred row puts it (64 − 32) / 2 = 16 down, 32 high.
    @Test func aStretchedCardIsAsTallAsItsRowWithItsContentAtTheTop() {
        let stretched = Self.frames(Self.row([Self.card([Self.line()], stretched: true), Self.card([Self.line(3)], stretched: true)]), width: 416).map(\.rect)
        #expect(stretched[0] == Rect(x: 0, y: 0, width: 200, height: 64))
        #expect(stretched[1] == Rect(x: 10, y: 10, width: 180, height: 12))
        #expect(stretched[2] == Rect(x: 216, y: 0, width: 200, height: 64))
        let centred = Self.frames(Self.row([Self.card([Self.line()], stretched: false), Self.card([Self.line(3)], stretched: false)]), width: 416).map(\.rect)
        #expect(centred[0] == Rect(x: 0, y: 16, width: 200, height: 32))
        #expect(centred[1] == Rect(x: 10, y: 26, width: 180, height: 12))
    }

    /// A spacer in a stretched card shares the height the row gives it: the first card's column is
    /// 64 − 20 = 44 high inside, its two lines take 24, so its footer line sits 20 lower, at 10 + 12 + 20 = 42.
    @Test func aSpacerInAStretchedCardPinsItsFooterToTheRowsBottom() {
        let pinned = Self.card([Self.line(), Node(.spacer), Self.line()], stretched: true)
        let rects = Self.frames(Self.row([pinned, Self.card([Self.line(3)], stretched: false)], alignment: .top), width: 416).map(\.rect)
        #expect(rects[0] == Rect(x: 0, y: 0, width: 200, height: 64))
        #expect(rects[2] == Rect(x: 10, y: 42, width: 180, height: 12))
    }

    /// The row's inner height is what it stretches to: a row with a minimum height of 100 and
    /// padding 5 gives its stretched card 90; a stretched row inside a row 80 high passes the 80 down.
    @Test func aStretchedCardFillsTheRowsInnerHeightAtEveryLevel() {
        var outer = Self.row([Self.card([Self.line()], stretched: true)])
        outer.minHeight = 100
        outer.padding = .init(top: 5, leading: 0, bottom: 5, trailing: 0)
        #expect(Self.frames(outer, width: 300)[0].rect == Rect(x: 0, y: 5, width: 300, height: 90))
        var inner = Self.row([Self.card([Self.line()], stretched: true)])
        inner.isStretched = true
        var nested = Self.row([inner, Self.card([Self.line(3)], stretched: false)], alignment: .top)
        nested.minHeight = 80
        let rects = Self.frames(nested, width: 416).map(\.rect)
        // Widths as CSS's flex basis 0 on border boxes: the inner row has no padding and the card beside it 20,
        // so of 416 − 16 − 20 = 380 each gets 190, the inner row 190 wide and the card 210.
        #expect(rects[0] == Rect(x: 0, y: 0, width: 190, height: 80), "the inner row is 80 high, so its card is too")
    }

    /// Outside a row `stretch` changes nothing: a stretched card in a column is its content's height.
    @Test func stretchInAColumnChangesNothing() {
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.card([Self.line()], stretched: true), Self.line(3)]))
        #expect(Self.frames(column, width: 300).map(\.rect)[0] == Rect(x: 0, y: 0, width: 300, height: 32))
    }

    /// A layout document's `stretch` is read, and written back, on a stack and (contract 3.11) a
    /// block; other types ignore it.
    @Test func stretchSurvivesDecodingAndEncoding() throws {
        let json = #"{"type": "stack", "axis": "horizontal", "spacing": 0, "alignment": "top", "stretch": true, "children": [{"type": "block", "width": {"kind": "fill"}, "height": 9, "cornerRadius": 0, "shape": "rect", "fill": "base", "stretch": true}, {"type": "text", "lines": 1, "lineHeight": 9, "lineSpacing": 0, "lastLineFraction": 1, "stretch": true}]}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(json.utf8))
        guard case .stack(_, _, _, let children) = node.kind else { Issue.record("not a stack"); return }
        #expect(node.isStretched && children[0].isStretched && !children[1].isStretched)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
    }
}
