import Foundation
import Layouts
import Testing

/// `overlay` (issue 41): a child of a stack placed over it, out of its flow, as CSS places a badge
/// `position: absolute` over its image. The expected numbers are worked out by hand from the rule
/// (docs/spec.md §3), not by the engine. (Against the browser: Tests/Browser/test_frames.py's
/// overlay screen.)
struct OverlayLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    private static func block(_ width: Double?, _ height: Double, overlay: Node.Overlay? = nil) -> Node {
        Node(.block(width: width.map { .points($0) } ?? .fill, height: height, shape: .rect, corners: nil, fill: .base), overlay: overlay)
    }

    /// A card (padding 8) of a 100-high image and a 20-high caption, 6 apart, with a 40 x 16 badge
    /// 10 from its top and leading edges between them in the document: the caption stays at
    /// 8 + 100 + 6 = 114, the card 8 + 100 + 6 + 20 + 8 = 142 high, and the badge, drawn last, at
    /// (10, 10), from the card's frame, not its padded content.
    @Test func anOverlayTakesNoSpaceAndIsDrawnLast() {
        let badge = Self.block(40, 16, overlay: Node.Overlay(.top(10), .leading(10)))
        let card = Node(
            .stack(.vertical, spacing: 6, alignment: .leading, children: [Self.block(nil, 100), badge, Self.block(nil, 20)]),
            padding: Node.EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
        let layout = FrameLayout.layout(root: card, elements: [], theme: .light, direction: .ltr, width: 300)
        #expect(layout.frames.map(\.rect) == [
            Rect(x: 8, y: 8, width: 284, height: 100), Rect(x: 8, y: 114, width: 284, height: 20), Rect(x: 10, y: 10, width: 40, height: 16),
        ])
        #expect(layout.contentHeight == 142)
    }

    /// From the bottom and trailing edges, a dot 12 wide at -4 hangs over the corner: in a 300-wide
    /// row 50 high, at x 300 + 4 - 12 = 292 and y 50 + 4 - 12 = 42; at 200 wide it follows the
    /// edge (x 192). Right to left, trailing is the left edge: x -4.
    @Test func bottomAndTrailingOffsetsFollowTheEdgesAndMirror() {
        let dot = Self.block(12, 12, overlay: Node.Overlay(.bottom(-4), .trailing(-4)))
        let row = Node(.stack(.horizontal, spacing: 0, alignment: .top, children: [Self.block(nil, 50), dot]))
        #expect(Self.frames(row, width: 300)[1] == Rect(x: 292, y: 42, width: 12, height: 12))
        #expect(Self.frames(row, width: 200)[1] == Rect(x: 192, y: 42, width: 12, height: 12))
        #expect(Self.frames(row, width: 200, direction: .rtl)[1] == Rect(x: -4, y: 42, width: 12, height: 12))
    }

    /// A greedy overlay (a caption bar over an image) is the frame's width less its offset: 300 - 16
    /// = 284; it does not make its parent greedy, which stays its in-flow child's 120 wide (and the
    /// bar then 104).
    @Test func aGreedyOverlayIsTheFrameLessItsOffset() {
        let bar = Self.block(nil, 10, overlay: Node.Overlay(.bottom(8), .leading(16)))
        let image = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.block(nil, 80), bar]))
        #expect(Self.frames(image, width: 300)[1] == Rect(x: 16, y: 62, width: 284, height: 10))
        let fixed = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.block(120, 80), bar]))
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [fixed]))
        #expect(Self.frames(column, width: 300) == [Rect(x: 0, y: 0, width: 120, height: 80), Rect(x: 16, y: 62, width: 104, height: 10)])
    }

    /// A client reads `overlay` as served (one offset per axis) and writes it back the same; an axis
    /// with neither is 0 from top or leading.
    @Test func anOverlayDecodesAndEncodesAsServed() throws {
        let json = #"{"type":"spacer","overlay":{"bottom":-4,"trailing":6}}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(json.utf8))
        #expect(node.overlay == Node.Overlay(.bottom(-4), .trailing(6)))
        let again = try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node))
        #expect(again.overlay == node.overlay)
        let empty = try JSONDecoder().decode(Node.self, from: Data(#"{"type":"spacer","overlay":{}}"#.utf8))
        #expect(empty.overlay == Node.Overlay(.top(0), .leading(0)))
    }
}
