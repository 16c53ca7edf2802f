import Foundation
import Layouts
import Testing

/// A paragraph's `float` (issue 41): a box floated at its start on the leading side (a drop cap,
/// an avatar) narrows the lines beside it, and the lines a measure wraps into count them so. The
/// expected numbers are worked out by hand from the rule (docs/spec.md §3), not by the engine.
/// (Against the browser: Tests/Browser/test_frames.py's floats screen.)
struct FloatLayoutTests {
    /// Lines 10 high, 10 apart (a pitch of 20), padded 5 above and below as capture writes them; a
    /// float 40 wide and 44 high with a margin of 10 trailing and 6 below: it reaches 50 down, so
    /// the lines whose box starts at 0, 20 and 40 are beside it, each 50 shorter.
    private static func paragraph(measure: Double?, lines: Int = 5) -> Node {
        Node(
            .text(lines: lines, lineHeight: 10, lineSpacing: 10, lastLineFraction: 0.5, measure: measure, maxLines: nil),
            padding: .init(top: 5, leading: 0, bottom: 5, trailing: 0), float: .init(width: 40, height: 44, trailing: 10, bottom: 6))
    }

    private static func layout(_ root: Node, width: Double, direction: Direction = .ltr) -> FrameLayout.Result {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width)
    }

    /// At 200 a measure of 500 takes 3 lines of 150 beside the float and 50 of a full line: 4
    /// lines, the float drawn first from the first line's box's top (y 0), the lines at 5, 25,
    /// 45 (from x 50, 150 wide) and 65 (from x 0, 50 / 200 of 200).
    @Test func theLinesBesideTheFloatAreShorterAndCountedSo() {
        let frames = Self.layout(Self.paragraph(measure: 500), width: 200).frames
        #expect(frames.map(\.kind) == [.block, .line, .line, .line, .line])
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 40, height: 44),
            Rect(x: 50, y: 5, width: 150, height: 10), Rect(x: 50, y: 25, width: 150, height: 10),
            Rect(x: 50, y: 45, width: 150, height: 10), Rect(x: 0, y: 65, width: 50, height: 10),
        ])
        // Without the float the same measure is 3 lines at 200: the float's lines cost one more.
        let plain = Node(.text(lines: 5, lineHeight: 10, lineSpacing: 10, lastLineFraction: 0.5, measure: 500, maxLines: nil))
        #expect(Self.layout(plain, width: 200).frames.count == 3)
    }

    /// A text that ends beside the float: its last line is a fraction of its own (narrowed) width,
    /// 50 / 150; and the paragraph is as tall as the float's margin box (44 + 6 = 50, its 10 pt
    /// spacing split between the paddings), not its two lines' 40.
    @Test func aShortTextEndsBesideTheFloatWhichSetsItsHeight() {
        let result = Self.layout(Self.paragraph(measure: 200), width: 200)
        #expect(result.frames.last?.rect == Rect(x: 50, y: 25, width: 50, height: 10))
        #expect(result.contentHeight == 50)
    }

    /// Where nothing fits beside the float (50 wide: 50 − 50 < 1), the lines start below it, as
    /// CSS moves them: 200 takes 4 full lines of 50 from the fourth slot (y 5 + 3·20 = 65).
    @Test func whereNothingFitsBesideItTheLinesStartBelow() {
        let frames = Self.layout(Self.paragraph(measure: 200), width: 50).frames.filter { $0.kind == .line }
        #expect(frames.map(\.rect.y) == [65, 85, 105, 125])
        #expect(frames.allSatisfy { $0.rect.x == 0 && $0.rect.width == 50 })
    }

    /// Right to left the float is on the right and the lines beside it end 50 before the right edge.
    @Test func rightToLeftTheFloatIsOnTheRight() {
        let frames = Self.layout(Self.paragraph(measure: 500), width: 200, direction: .rtl).frames
        #expect(frames[0].rect == Rect(x: 160, y: 0, width: 40, height: 44))
        #expect(frames[1].rect == Rect(x: 0, y: 5, width: 150, height: 10))
        #expect(frames[4].rect == Rect(x: 150, y: 65, width: 50, height: 10))
    }

    /// A float with a top margin (an image 3 below the first line's box, CSS's `margin-top`): drawn
    /// that much lower, and its reach (top + height + bottom) decides the lines beside it: 8 + 36 +
    /// 6 = 50 reaches the third line's box (its top at 40), as 44 + 6 did; the paragraph is as tall
    /// as 50 less its spacing split between the paddings. A document without `top` reads it as 0.
    @Test func aFloatsTopMarginLowersItAndCountsInItsReach() throws {
        var node = Self.paragraph(measure: 200)
        node.float = .init(width: 40, height: 36, trailing: 10, bottom: 6, top: 8)
        let result = Self.layout(node, width: 200)
        #expect(result.frames.first?.rect == Rect(x: 0, y: 8, width: 40, height: 36))
        #expect(result.frames.last?.rect == Rect(x: 50, y: 25, width: 50, height: 10), "its lines as with a float reaching as far")
        #expect(result.contentHeight == 50)
        let old = #"{"width": 40, "height": 44, "trailing": 10, "bottom": 6}"#
        #expect(try JSONDecoder().decode(Node.FloatBox.self, from: Data(old.utf8)) == Node.FloatBox(width: 40, height: 44, trailing: 10, bottom: 6, top: 0))
    }

    /// A served document writes the float after `maxLines` and reads back equal; one without keeps its bytes.
    @Test func theFloatIsWrittenAndReadBack() throws {
        let node = Self.paragraph(measure: 500)
        let data = try JSONEncoder().encode(node)
        #expect(String(decoding: data, as: UTF8.self).contains(#""float":{"#))
        #expect(try JSONDecoder().decode(Node.self, from: data) == node)
        var plain = node
        plain.float = nil
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("float"))
    }
}
