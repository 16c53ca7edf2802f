import Foundation
import Layouts
import Testing

/// An overlay's `center` (contract 3.11): a badge centred on its card's top edge, CSS's `left: 50%;
/// transform: translate(-50%, -50%)`. The expected numbers are worked out by hand from the rule
/// (docs/spec.md §3, "Overlays"), not by the engine. (Against the browser and a plain CSS page:
/// Tests/Browser/test_frames.py's stretched-block screen (STRETCHED_BLOCK_SCREEN).)
struct OverlayCenterLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    /// A card across a root column with padding 10 leading and 30 trailing: a bar 100 high, and a
    /// badge 40 × 20 over it, 10 above its top, 7 from its leading edge at the captured width.
    private static func card(badge: Node) -> Node {
        let bar = Node(.block(width: .fill(grow: 1), height: 100, shape: .rect, corners: nil, fill: .base))
        let card = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [bar, badge]))
        return Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [card]), padding: .init(top: 0, leading: 10, bottom: 0, trailing: 30))
    }

    private static func badge(center: Double?) -> Node {
        Node(.block(width: .points(40), height: 20, shape: .capsule, corners: nil, fill: .base), overlay: .init(.top(-10), .leading(7), center: center))
    }

    /// At 300 the card is 260 wide from 10: the badge's centre at 10 + 130 = 140 with center 0, its
    /// frame from 120; with center 30 from 150, with −30 from 90. At 200 (the card 160 wide): from
    /// 70, 100 and 40. Right to left mirrors it: center 30 puts the centre 30 left of the card's
    /// (the card from 30 at 300: centre 160 − 30 = 130, frame from 110); without a center the
    /// leading offset places it, 10 + 7 = 17 in left to right.
    @Test func aCentredOverlaySitsItsOffsetFromTheCentreTowardsTheTrailingEdge() {
        for (width, expected) in [(300.0, [(0.0, 120.0), (30, 150), (-30, 90)]), (200, [(0, 70), (30, 100), (-30, 40)])] {
            for (center, x) in expected {
                #expect(Self.frames(Self.card(badge: Self.badge(center: center)), width: width)[1] == Rect(x: x, y: -10, width: 40, height: 20), "\(width) \(center)")
            }
        }
        #expect(Self.frames(Self.card(badge: Self.badge(center: 0)), width: 300, direction: .rtl)[1] == Rect(x: 140, y: -10, width: 40, height: 20))
        #expect(Self.frames(Self.card(badge: Self.badge(center: 30)), width: 300, direction: .rtl)[1] == Rect(x: 110, y: -10, width: 40, height: 20))
        #expect(Self.frames(Self.card(badge: Self.badge(center: 30)), width: 200, direction: .rtl)[1] == Rect(x: 60, y: -10, width: 40, height: 20))
        #expect(Self.frames(Self.card(badge: Self.badge(center: nil)), width: 300)[1] == Rect(x: 17, y: -10, width: 40, height: 20))
    }

    /// A greedy overlay with a center is as wide as from its leading offset 60: 260 − 60 = 200 at
    /// 300, centred at 10 + 30 = 40 (+ 10: 50); limited to 100, 100 wide from 10 + 80 + 10 = 100.
    @Test func aCentredGreedyOverlayIsAsWideAsFromItsLeadingOffset() {
        func bar(limit: Double?) -> Node {
            Node(.block(width: .fill(grow: 1), height: 8, shape: .rect, corners: nil, fill: .base), maxFillWidth: limit, overlay: .init(.bottom(0), .leading(60), center: 10))
        }
        #expect(Self.frames(Self.card(badge: bar(limit: nil)), width: 300)[1] == Rect(x: 50, y: 92, width: 200, height: 8))
        #expect(Self.frames(Self.card(badge: bar(limit: 100)), width: 300)[1] == Rect(x: 100, y: 92, width: 100, height: 8))
    }
}
