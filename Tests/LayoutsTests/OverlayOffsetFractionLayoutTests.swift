import Foundation
import Layouts
import Testing

/// An overlay's `offsetFraction` (contract 3.12): a slider's knob at CSS's `left: 35%;
/// margin-left: -6px` over its track, a marker at `right: 20%`. The expected numbers are worked out
/// by hand from the rule (docs/spec.md §3, "Overlays"), not by the engine. (Against the browser and
/// a plain CSS page: Tests/Browser/test_frames.py's slider screen (SLIDER_SCREEN).)
struct OverlayOffsetFractionLayoutTests {
    private static func frames(_ root: Node, width: Double, direction: Direction = .ltr) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: direction, width: width).frames.map(\.rect)
    }

    /// A track across a root column padded 20 on its leading side: a bar 4 high inside the track's
    /// own padding of 10 either side (the fraction is of its frame, padding included), and `over`
    /// placed over it. At width 420 the track's frame is 400 wide from 20, at 220 200 wide.
    private static func track(_ over: Node) -> Node {
        let bar = Node(.block(width: .fill(grow: 1), height: 4, shape: .capsule, corners: nil, fill: .base))
        let track = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [bar, over]), padding: .init(top: 0, leading: 10, bottom: 0, trailing: 10))
        return Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [track]), padding: .init(top: 0, leading: 20, bottom: 0, trailing: 0))
    }

    private static func knob(_ horizontal: Node.Overlay.Horizontal, fraction: Double?, center: Double? = nil, width: Double = 12) -> Node {
        Node(.block(width: .points(width), height: 12, shape: .capsule, corners: nil, fill: .base), overlay: .init(.top(-4), horizontal, center: center, offsetFraction: fraction))
    }

    /// Leading −6 and 0.35: over 400, −6 + 140 = 134 from the track's leading edge, x 20 + 134 =
    /// 154; over 200, −6 + 70 = 64, x 84. Without the fraction at its points, x 14. A negative
    /// share moves it towards the leading edge: 0 − 0.1 × 400 = −40, x −20.
    @Test func aKnobSitsItsPointsPlusItsShareOfTheTracksFrameFromTheLeadingEdge() {
        #expect(Self.frames(Self.track(Self.knob(.leading(-6), fraction: 0.35)), width: 420)[1] == Rect(x: 154, y: -4, width: 12, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.leading(-6), fraction: 0.35)), width: 220)[1] == Rect(x: 84, y: -4, width: 12, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.leading(-6), fraction: nil)), width: 420)[1] == Rect(x: 14, y: -4, width: 12, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.leading(0), fraction: -0.1)), width: 420)[1] == Rect(x: -20, y: -4, width: 12, height: 12))
    }

    /// A marker 8 wide at trailing 0 and 0.2: its trailing edge 80 before the track's (20 + 400 =
    /// 420), so from 420 − 80 − 8 = 332; over 200, 220 − 40 − 8 = 172. Trailing 4 and 0.5 over 400:
    /// 420 − 204 − 8 = 208.
    @Test func aTrailingOverlaysShareIsFromTheTrailingEdge() {
        #expect(Self.frames(Self.track(Self.knob(.trailing(0), fraction: 0.2, width: 8)), width: 420)[1] == Rect(x: 332, y: -4, width: 8, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.trailing(0), fraction: 0.2, width: 8)), width: 220)[1] == Rect(x: 172, y: -4, width: 8, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.trailing(4), fraction: 0.5, width: 8)), width: 420)[1] == Rect(x: 208, y: -4, width: 8, height: 12))
    }

    /// Right to left mirrors the whole layout: at 420 the track is from 0 to 400, the knob's
    /// leading (right) edge 134 left of 400, so from 400 − 134 − 12 = 254 (= 420 − 154 − 12);
    /// at 220 from 200 − 64 − 12 = 124. The marker's trailing (left) edge 80 right of 0: from 80.
    @Test func rightToLeftMirrorsTheShareWithTheRestOfTheLayout() {
        #expect(Self.frames(Self.track(Self.knob(.leading(-6), fraction: 0.35)), width: 420, direction: .rtl)[1] == Rect(x: 254, y: -4, width: 12, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.leading(-6), fraction: 0.35)), width: 220, direction: .rtl)[1] == Rect(x: 124, y: -4, width: 12, height: 12))
        #expect(Self.frames(Self.track(Self.knob(.trailing(0), fraction: 0.2, width: 8)), width: 420, direction: .rtl)[1] == Rect(x: 80, y: -4, width: 8, height: 12))
    }

    /// A greedy bar at leading 10 and 0.25 is the frame less the whole offset: over 400, 10 + 100 =
    /// 110, so 290 wide from 130; over 200, 10 + 50 = 60, 140 wide from 80; limited to 100, 100
    /// wide from 130. At trailing 0 and 0.5 over 400: 200 wide, its trailing edge at 420 − 200 = 220,
    /// from 20.
    @Test func aGreedyOverlayIsTheFrameLessItsPointsAndItsShare() {
        func bar(_ horizontal: Node.Overlay.Horizontal, fraction: Double, limit: Double? = nil) -> Node {
            Node(.block(width: .fill(grow: 1), height: 2, shape: .rect, corners: nil, fill: .base), maxFillWidth: limit, overlay: .init(.top(1), horizontal, offsetFraction: fraction))
        }
        #expect(Self.frames(Self.track(bar(.leading(10), fraction: 0.25)), width: 420)[1] == Rect(x: 130, y: 1, width: 290, height: 2))
        #expect(Self.frames(Self.track(bar(.leading(10), fraction: 0.25)), width: 220)[1] == Rect(x: 80, y: 1, width: 140, height: 2))
        #expect(Self.frames(Self.track(bar(.leading(10), fraction: 0.25, limit: 100)), width: 420)[1] == Rect(x: 130, y: 1, width: 100, height: 2))
        #expect(Self.frames(Self.track(bar(.trailing(0), fraction: 0.5)), width: 420)[1] == Rect(x: 20, y: 1, width: 200, height: 2))
    }

    /// With a `center` the share changes nothing: the knob's centre at the track's, 20 + 200 = 220,
    /// so from 214, as without it; a greedy one at leading 60 is 400 − 60 = 340 wide, from 20 + 30
    /// = 50, the share not taken off.
    @Test func aCentredOverlayIgnoresItsShare() {
        #expect(Self.frames(Self.track(Self.knob(.leading(-6), fraction: 0.35, center: 0)), width: 420)[1] == Rect(x: 214, y: -4, width: 12, height: 12))
        let bar = Node(
            .block(width: .fill(grow: 1), height: 2, shape: .rect, corners: nil, fill: .base), overlay: .init(.top(1), .leading(60), center: 0, offsetFraction: 0.25))
        #expect(Self.frames(Self.track(bar), width: 420)[1] == Rect(x: 50, y: 1, width: 340, height: 2))
    }
}
