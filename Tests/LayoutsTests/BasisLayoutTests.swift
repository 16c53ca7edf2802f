import Foundation
import Layouts
import Testing

/// A fill width's `basis` (issue 41): a row's item that starts at a basis and grows, as CSS's
/// `flex: 1 1 200px` on a border box. The expected numbers are worked out by hand from CSS
/// Flexbox §9 (docs/spec.md §3), not by the engine. (Against the browser:
/// Tests/Browser/test_frames.py's basis screen.)
struct BasisLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames.map(\.rect)
    }

    private static func card(basis: Double, padding: Double = 0) -> Node {
        Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Node(.block(width: .points(0), height: 120, shape: .rect, corners: nil, fill: .base))]),
             padding: Node.EdgeInsets(top: 0, leading: padding, bottom: 0, trailing: padding), width: .fill(grow: 1, basis: basis), background: .card)
    }

    private static func near(_ found: [Rect], _ expected: [Rect]) -> Bool {
        found.count == expected.count && zip(found, expected).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 && abs($0.width - $1.width) < 1e-6 && abs($0.height - $1.height) < 1e-6 }
    }

    /// Five cards of basis 200, 16 apart, wrapping in 760: three fit (632), the fourth would end
    /// at 848; the first line's 128 left over gives each 42.667, the second line's 344 each 172.
    /// In 600 two fit a line (416), each 292; the fifth has a line of its own, all 600.
    @Test func wrappedCardsBreakByTheirBasisAndGrowOnEachLine() {
        let row = Node(.stack(.horizontal, spacing: 16, alignment: .top, children: (0..<5).map { _ in Self.card(basis: 200) }), fillsWidth: true, wraps: true)
        let third = 128.0 / 3
        let cards = Self.frames(row, width: 760).filter { $0.height == 120 && $0.width > 0 }
        #expect(Self.near(cards, [
            Rect(x: 0, y: 0, width: 200 + third, height: 120), Rect(x: 216 + third, y: 0, width: 200 + third, height: 120),
            Rect(x: 432 + 2 * third, y: 0, width: 200 + third, height: 120),
            Rect(x: 0, y: 136, width: 372, height: 120), Rect(x: 388, y: 136, width: 372, height: 120),
        ]), "\(cards)")
        let narrow = Self.frames(row, width: 600).filter { $0.height == 120 && $0.width > 0 }
        #expect(narrow.map(\.width) == [292, 292, 292, 292, 600])
        #expect(narrow.map(\.y) == [0, 0, 136, 136, 272])
    }

    /// A row too narrow for its bases (200 with 20 of padding each side, 180, and a 40-wide
    /// block: 420 in 300) takes the 120 from the two with a basis in proportion to their basis
    /// beyond their padding (160 and 180): 200 - 56.47 and 180 - 63.53. In 50 the overflow (370)
    /// is more than they have beyond their paddings (340): each is its padding, 40 and 0.
    @Test func aRowTooNarrowShrinksByBasisBeyondPadding() {
        let fixed = Node(.block(width: .points(40), height: 120, shape: .rect, corners: nil, fill: .base))
        let row = Node(.stack(.horizontal, spacing: 0, alignment: .top, children: [Self.card(basis: 200, padding: 20), Self.card(basis: 180), fixed]), fillsWidth: true)
        let wide = Self.frames(row, width: 300).filter { $0.height == 120 && $0.width > 0 }
        #expect(Self.near(wide, [
            Rect(x: 0, y: 0, width: 200 - 120 * 160 / 340, height: 120), Rect(x: 200 - 120 * 160 / 340, y: 0, width: 180 - 120 * 180 / 340, height: 120),
            Rect(x: 260, y: 0, width: 40, height: 120),
        ]), "\(wide)")
        let narrow = Self.frames(row, width: 50).filter { $0.height == 120 && $0.width > 0 }
        #expect(narrow == [Rect(x: 0, y: 0, width: 40, height: 120), Rect(x: 40, y: 0, width: 40, height: 120)])
    }

    /// A layout document's fill width with a basis decodes to it, and writes it back; one without
    /// keeps none, so that older documents mean what they meant.
    @Test func aFillWidthsBasisDecodesAndEncodes() throws {
        let width = try JSONDecoder().decode(Node.Width.self, from: Data(#"{"kind": "fill", "grow": 2, "basis": 200}"#.utf8))
        #expect(width == .fill(grow: 2, basis: 200))
        #expect(try JSONDecoder().decode(Node.Width.self, from: Data(#"{"kind": "fill"}"#.utf8)) == .fill(grow: 1, basis: nil))
        let written = String(decoding: try JSONEncoder().encode(width), as: UTF8.self)
        #expect(written.contains(#""basis":200"#))
    }
}
