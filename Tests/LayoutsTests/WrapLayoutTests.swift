import Foundation
import Layouts
import Testing

/// `wrap` (issue 41): a horizontal stack whose children break into lines, as CSS's
/// `flex-wrap: wrap` with `gap` breaks chips or tags. The expected numbers are worked out by hand
/// from the rule (docs/spec.md §3), not by the engine. (Against the browser:
/// Tests/Browser/test_frames.py's wrapping screen.)
struct WrapLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    private static func chip(_ width: Double, _ height: Double = 20) -> Node {
        Node(.block(width: .points(width), height: height, shape: .rect, corners: nil, fill: .base))
    }

    private static func chips(_ children: [Node], wraps: Bool = true, rowSpacing: Double? = nil) -> Node {
        Node(.stack(.horizontal, spacing: 8, alignment: .top, children: children), fillsWidth: true, wraps: wraps, rowSpacing: rowSpacing)
    }

    /// Chips 100, 60, 80 and 40 wide, 8 apart, in 200: 100 + 8 + 60 = 168 fits, + 8 + 80 does not,
    /// so the third starts a line 28 down (20 + 8); 80 + 8 + 40 = 128 fits beside it. In 260 the
    /// first three fit (256) and the fourth wraps. Unwrapped, all four stay on one line.
    @Test func childrenBreakIntoLinesWhereTheyWouldOverflow() {
        let row = Self.chips([Self.chip(100), Self.chip(60), Self.chip(80), Self.chip(40)])
        #expect(Self.frames(row, width: 200) == [
            Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 108, y: 0, width: 60, height: 20),
            Rect(x: 0, y: 28, width: 80, height: 20), Rect(x: 88, y: 28, width: 40, height: 20),
        ])
        #expect(Self.frames(row, width: 260).map(\.y) == [0, 0, 0, 28])
        #expect(Self.frames(row, width: 260)[3].x == 0)
        let unwrapped = Self.chips([Self.chip(100), Self.chip(60), Self.chip(80), Self.chip(40)], wraps: false)
        #expect(Self.frames(unwrapped, width: 200).map(\.y) == [0, 0, 0, 0])
    }

    /// A line is as tall as its tallest child: a 40-high chip on the first line puts the second
    /// line at 48; a child wider than the stack has a line of its own (a third line at 76); the
    /// stack is 40 + 8 + 20 + 8 + 20 = 96 high, where the block that follows it starts.
    @Test func aLineIsAsTallAsItsTallestChild() {
        let row = Self.chips([Self.chip(100), Self.chip(60, 40), Self.chip(300), Self.chip(40)])
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [row, Self.chip(10, 10)]))
        let frames = Self.frames(column, width: 200)
        #expect(frames.map(\.y) == [0, 0, 48, 76, 96])
        #expect(frames[2] == Rect(x: 0, y: 48, width: 300, height: 20))
    }

    /// `rowSpacing` 24 (CSS's `gap: 24px 8px`): the same chips in 200 break where they did (100 +
    /// 8 + 60 = 168 fits, + 8 + 80 does not), the second line 20 + 24 = 44 down, its chips still 8
    /// apart (88); the stack is 20 + 24 + 20 = 64 high, where the block after it starts. A negative
    /// `rowSpacing` is 0 (the second line 20 down); on a stack that does not wrap it changes nothing.
    @Test func linesAreRowSpacingApartAndTheirChildrenSpacingApart() {
        let chips = [Self.chip(100), Self.chip(60), Self.chip(80), Self.chip(40)]
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.chips(chips, rowSpacing: 24), Self.chip(10, 10)]))
        #expect(Self.frames(column, width: 200) == [
            Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 108, y: 0, width: 60, height: 20),
            Rect(x: 0, y: 44, width: 80, height: 20), Rect(x: 88, y: 44, width: 40, height: 20),
            Rect(x: 0, y: 64, width: 10, height: 10),
        ])
        #expect(Self.frames(Self.chips(chips, rowSpacing: -6), width: 200).map(\.y) == [0, 0, 20, 20])
        #expect(Self.frames(Self.chips(chips, wraps: false, rowSpacing: 24), width: 200).map(\.y) == [0, 0, 0, 0])
    }

    /// A layout document's `rowSpacing` is read, and written back, on a stack only.
    @Test func rowSpacingSurvivesDecodingAndEncoding() throws {
        let json = #"{"type": "stack", "axis": "horizontal", "spacing": 8, "alignment": "top", "wrap": true, "rowSpacing": 24, "children": []}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(json.utf8))
        #expect(node.rowSpacing == 24)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
        let block = #"{"type": "block", "width": {"kind": "points", "points": 9}, "height": 9, "shape": "rect", "fill": "base", "rowSpacing": 24}"#
        #expect(try JSONDecoder().decode(Node.self, from: Data(block.utf8)).rowSpacing == nil, "a stack's member only")
    }

    /// Right to left, each line starts at the right edge: the mirror of the left-to-right layout.
    @Test func rightToLeftMirrorsEachLine() {
        let row = Self.chips([Self.chip(100), Self.chip(60), Self.chip(80)])
        #expect(Self.frames(row, width: 200, direction: .rtl) == [
            Rect(x: 100, y: 0, width: 100, height: 20), Rect(x: 32, y: 0, width: 60, height: 20), Rect(x: 120, y: 28, width: 80, height: 20),
        ])
    }
}
