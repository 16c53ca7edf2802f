import Foundation
import Layouts
import Testing

/// `aspectRatio` (issue 41): a block's shape, and a stack's frame, are the width they are laid out
/// at over the ratio high, so that media keep their shape and what follows them moves with them.
/// The expected numbers are worked out by hand from the rule (docs/spec.md §3), not by the engine.
/// (Against the browser: Tests/Browser/test_frames.py's aspect screen.)
struct AspectRatioLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Frame] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames
    }

    private static func block(_ width: Node.Width = .fill, height: Double = 100, ratio: Double?, shape: Node.Shape = .rect) -> Node {
        Node(.block(width: width, height: height, shape: shape, corners: nil, fill: .base), aspectRatio: ratio)
    }

    private static func column(_ children: [Node], spacing: Double = 0) -> Node {
        Node(.stack(.vertical, spacing: spacing, alignment: .leading, children: children))
    }

    private static let line = Node(.text(lines: 1, lineHeight: 12, lineSpacing: 0, lastLineFraction: 1))

    /// A 16:9 image above a line of text: 320 wide it is 180 high, 640 wide 360, and the line follows it.
    @Test(arguments: [(320.0, 180.0), (640.0, 360.0), (1000.0, 562.5)])
    func aBlocksHeightIsTheWidthItIsGivenOverItsRatio(width: Double, height: Double) {
        let rects = Self.frames(Self.column([Self.block(ratio: 16.0 / 9), Self.line], spacing: 8), width: width).map(\.rect)
        #expect(rects.count == 2)
        #expect(abs(rects[0].height - height) < 1e-9 && rects[0].width == width, "\(rects[0])")
        #expect(abs(rects[1].y - (height + 8)) < 1e-9, "the line sits 8 below the image: \(rects[1])")
    }

    /// A points width is the width it is laid out at: 120 wide at 1.5 is 80 high in any viewport.
    @Test func aPointsWideBlockIsItsOwnWidthOverItsRatioHigh() {
        for viewport in [300.0, 900.0] {
            let rect = Self.frames(Self.column([Self.block(.points(120), ratio: 1.5)]), width: viewport)[0].rect
            #expect(rect.width == 120 && rect.height == 80)
        }
    }

    /// Padding lies outside the shape: 200 wide with 8 on each side, the shape is 184 wide and 92
    /// high at ratio 2 and the frame 108; with a minimum height of 150 the frame is 150 and the
    /// shape, still 92 high, is centred in it ((150 - 16 - 92) / 2 = 21 below the padding).
    @Test func aFramedBlocksRatioIsItsShapesAndItsMinimumHeightAppliesAfter() {
        var framed = Self.block(ratio: 2)
        framed.padding = .init(top: 8, leading: 8, bottom: 8, trailing: 8)
        framed.background = .card
        let plain = Self.frames(Self.column([framed]), width: 200)
        #expect(plain.map(\.rect) == [Rect(x: 0, y: 0, width: 200, height: 108), Rect(x: 8, y: 8, width: 184, height: 92)])
        framed.minHeight = 150
        let tall = Self.frames(Self.column([framed]), width: 200)
        #expect(tall.map(\.rect) == [Rect(x: 0, y: 0, width: 200, height: 150), Rect(x: 8, y: 29, width: 184, height: 92)])
    }

    /// In a row, a greedy block's share decides its height: 410 wide, spacing 10, beside a 100 pt
    /// block, it gets 300 and is 300 high at ratio 1; the row is as high as it.
    @Test func aGreedyBlockInARowIsItsShareOverItsRatioHigh() {
        let row = Node(.stack(.horizontal, spacing: 10, alignment: .top, children: [Self.block(ratio: 1), Self.block(.points(100), height: 20, ratio: nil)]))
        let rects = Self.frames(Self.column([row, Self.line]), width: 410).map(\.rect)
        #expect(rects[0] == Rect(x: 0, y: 0, width: 300, height: 300))
        #expect(rects[1] == Rect(x: 310, y: 0, width: 100, height: 20))
        #expect(rects[2].y == 300)
    }

    /// A stack with a ratio is its width over the ratio high (padding included), or its content's
    /// height when taller, unless it clips or has a minimum height (CSS's automatic minimum).
    @Test func aStacksFrameFollowsItsWidthUnlessItsContentIsTaller() {
        func card(content: Double, clips: Bool = false, minHeight: Double? = nil) -> Node {
            var card = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.block(height: content, ratio: nil)]), aspectRatio: 2)
            card.padding = .init(top: 10, leading: 10, bottom: 10, trailing: 10)
            card.background = .card
            card.isClipped = clips
            card.minHeight = minHeight
            return Self.column([card])
        }
        #expect(Self.frames(card(content: 40), width: 300)[0].rect.height == 150)
        #expect(Self.frames(card(content: 40), width: 500)[0].rect.height == 250)
        #expect(Self.frames(card(content: 200), width: 300)[0].rect.height == 220, "200 of content and 20 of padding are taller than 150")
        #expect(Self.frames(card(content: 200, clips: true), width: 300)[0].rect.height == 150)
        #expect(Self.frames(card(content: 200, minHeight: 100), width: 300)[0].rect.height == 150)
        #expect(Self.frames(card(content: 40, minHeight: 180), width: 300)[0].rect.height == 180)
    }

    /// A circle or capsule whose height follows its width is rounded to half its shorter side at
    /// that width: 200 wide at 4 it is 50 high, radius 25; 60 wide at 1, radius 30.
    @Test func aRoundShapesRadiusIsHalfItsShorterSideAtTheWidthItIsGiven() {
        let capsule = Self.frames(Self.column([Self.block(ratio: 4, shape: .capsule)]), width: 200)[0]
        #expect(capsule.rect.height == 50 && capsule.radii == [25, 25, 25, 25])
        let circle = Self.frames(Self.column([Self.block(.points(60), height: 10, ratio: 1, shape: .circle)]), width: 200)[0]
        #expect(circle.rect == Rect(x: 0, y: 0, width: 60, height: 60) && circle.radii == [30, 30, 30, 30])
    }

    /// A layout document's `aspectRatio` is read, and written back, on a block and a stack.
    @Test func aspectRatioSurvivesDecodingAndEncoding() throws {
        let json = #"{"type": "stack", "axis": "vertical", "spacing": 0, "alignment": "center", "aspectRatio": 2.5, "children": [{"type": "block", "width": {"kind": "fill"}, "height": 90, "cornerRadius": 0, "shape": "rect", "fill": "base", "aspectRatio": 1.7778}]}"#
        let node = try JSONDecoder().decode(Node.self, from: Data(json.utf8))
        guard case .stack(_, _, _, let children) = node.kind else { Issue.record("not a stack"); return }
        #expect(node.aspectRatio == 2.5 && children[0].aspectRatio == 1.7778)
        #expect(try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(node)) == node)
    }
}
