import Foundation
import Layouts
import Testing

/// A wrapping row's `lineAlignment` (contract 3.12): CSS's `justify-content: flex-start | center |
/// flex-end` on a `flex-wrap: wrap` row, each line's free width after, around or before its
/// children. The expected numbers are worked out by hand from the rule (docs/spec.md §3, "Lines
/// of a wrapping row"), not by the engine. (Against the browser and a plain CSS page:
/// Tests/Browser/test_frames.py's line-alignment screen.)
struct LineAlignmentLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    /// A tag `width` wide and 20 high.
    private static func tag(_ width: Double) -> Node {
        Node(.block(width: .points(width), height: 20, shape: .capsule, corners: nil, fill: .base))
    }

    private static func row(
        _ children: [Node], _ lineAlignment: Node.LineAlignment?, wraps: Bool = true, padding: Node.EdgeInsets? = nil, columns: GridColumns? = nil
    ) -> Node {
        Node(.stack(.horizontal, spacing: 10, alignment: .top, children: children), padding: padding, wraps: wraps, lineAlignment: lineAlignment, columns: columns)
    }

    /// Tags of 100, 80, 60, 120 and 50 in a row of 300, 10 apart: 100 + 10 + 80 + 10 + 60 = 260
    /// fit, 120 more do not; the first line leaves 40 free, the second (120 + 10 + 50 = 180) 120,
    /// the lines 20 + 10 apart. Leading: from 0 (0, 110, 200; 0, 130); centred: 20 and 60 in (20,
    /// 130, 220; 60, 190); trailing: 40 and 120 in (40, 150, 240; 120, 250), the last tag ending at
    /// 300.
    @Test func eachLinesFreeWidthGoesAfterAroundOrBeforeItsChildren() {
        let tags = [100.0, 80, 60, 120, 50].map(Self.tag)
        let expected: [(Node.LineAlignment?, [Double])] = [
            (nil, [0, 110, 200, 0, 130]), (.leading, [0, 110, 200, 0, 130]),
            (.center, [20, 130, 220, 60, 190]), (.trailing, [40, 150, 240, 120, 250]),
        ]
        for (alignment, xs) in expected {
            #expect(Self.frames(Self.row(tags, alignment), width: 300) == zip(xs, [100.0, 80, 60, 120, 50]).enumerated().map { index, tag in
                Rect(x: tag.0, y: index < 3 ? 0 : 30, width: tag.1, height: 20)
            }, "\(String(describing: alignment))")
        }
    }

    /// In a row of 320 with padding 5 on top, 10 leading and 30 trailing, the inner width is 280
    /// from 10: tags of 100 two to a line (210, 70 free), the third alone (180 free), the lines at
    /// 5 and 35. Centred: 10 + 35 = 45 and 155, then 10 + 90 = 100; trailing: 80 and 190, then 190.
    /// Right to left mirrors it within 320 (x becomes 320 - x - 100): trailing is then the left
    /// edge, the inner width from 30, the first tag at 140 and the second at 30, the third at 30.
    @Test func thePaddingBoundsTheLinesAndRightToLeftMirrorsThem() {
        let padding = Node.EdgeInsets(top: 5, leading: 10, bottom: 0, trailing: 30)
        let tags = [Self.tag(100), Self.tag(100), Self.tag(100)]
        func rects(_ xs: [Double]) -> [Rect] {
            zip(xs, [5.0, 5, 35]).map { Rect(x: $0, y: $1, width: 100, height: 20) }
        }
        #expect(Self.frames(Self.row(tags, .center, padding: padding), width: 320) == rects([45, 155, 100]))
        #expect(Self.frames(Self.row(tags, .trailing, padding: padding), width: 320) == rects([80, 190, 190]))
        #expect(Self.frames(Self.row(tags, .trailing, padding: padding), width: 320, direction: .rtl) == rects([140, 30, 30]))
        #expect(Self.frames(Self.row(tags, .center, padding: padding), width: 320, direction: .rtl) == rects([320 - 45 - 100, 320 - 155 - 100, 120]))
    }

    /// Tags of 100 and 100, a greedy block of basis 120 and a tag of 60 in a row of 300: the tags
    /// fill the first line to 210 (120 more do not fit), centred 45 in (45, 155); on the second
    /// the greedy block grows to what the 60 and the spacing leave, 230, so the line has no free
    /// width and stays where it is at any alignment (0, then 240).
    @Test func aLineWhoseGreedyChildTakesTheWidthHasNoFreeWidth() {
        let greedy = Node(.block(width: .fill(grow: 1, basis: 120), height: 20, shape: .rect, corners: nil, fill: .base))
        let children = [Self.tag(100), Self.tag(100), greedy, Self.tag(60)]
        let secondLine = [Rect(x: 0, y: 30, width: 230, height: 20), Rect(x: 240, y: 30, width: 60, height: 20)]
        #expect(Self.frames(Self.row(children, .center), width: 300) == [Rect(x: 45, y: 0, width: 100, height: 20), Rect(x: 155, y: 0, width: 100, height: 20)] + secondLine)
        #expect(Array(Self.frames(Self.row(children, .trailing), width: 300).suffix(2)) == secondLine)
    }

    /// A tag of 400 alone on a line of 300 has 300 - 400 = -100 free: centred it overflows both
    /// edges by 50 (at -50), trailing it ends at the trailing edge (at -100), as CSS's
    /// `justify-content` without `safe` places an overflowing flex line.
    @Test func aChildWiderThanTheRowOverflowsAsCSSPlacesIt() {
        #expect(Self.frames(Self.row([Self.tag(400)], .center), width: 300) == [Rect(x: -50, y: 0, width: 400, height: 20)])
        #expect(Self.frames(Self.row([Self.tag(400)], .trailing), width: 300) == [Rect(x: -100, y: 0, width: 400, height: 20)])
    }

    /// Tags of 100 and 80 in a row of 300 that does not wrap stay from its leading edge (0, 110);
    /// in a column from its leading edge (both at 0); on columns at least 90 wide, 10 apart, in
    /// 300 (3 of 93.33...), each from its column's leading edge (0, 103.33...), whatever the
    /// `lineAlignment`.
    @Test func elsewhereItChangesNothing() {
        let tags = [Self.tag(100), Self.tag(80)]
        #expect(Self.frames(Self.row(tags, .center, wraps: false), width: 300) == [Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 110, y: 0, width: 80, height: 20)])
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: tags), lineAlignment: .trailing)
        #expect(Self.frames(column, width: 300).map(\.x) == [0, 0])
        let grid = Self.row(tags, .center, columns: GridColumns(minWidth: 90, collapsesEmpty: false))
        #expect(Self.frames(grid, width: 300).map(\.x) == [0, 280.0 / 3 + 10])
    }

    /// A layout document's `lineAlignment` decodes on a stack and writes back; a value this client
    /// does not know is leading (none), as absent; on a block it is ignored, as another type's
    /// member is.
    @Test func lineAlignmentDecodesAndEncodes() throws {
        let stack = #"{"type": "stack", "axis": "horizontal", "spacing": 8, "alignment": "top", "children": [], "wrap": true, "lineAlignment": "center"}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(stack.utf8))
        #expect(node.lineAlignment == .center)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
        let unknown = stack.replacingOccurrences(of: #""center""#, with: #""spaceBetween""#)
        #expect(try JSONDecoder().decode(Node.self, from: Data(unknown.utf8)).lineAlignment == nil)
        let block = #"{"type": "block", "width": {"kind": "fill"}, "height": 20, "cornerRadius": 0, "shape": "rect", "fill": "base", "lineAlignment": "center"}"#
        #expect(try JSONDecoder().decode(Node.self, from: Data(block.utf8)).lineAlignment == nil)
    }
}
