import Layouts
import Testing

/// Widths on every node and paragraphs that wrap (issue 31): a row's fill widths share its free
/// width by their grows, a points width is a frame that wide, and a measured paragraph has the
/// lines its text takes at the width it is given, its height following. (Against the browser:
/// Tests/Browser/test_frames.py's dashboard.)
struct WidthLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Frame] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames
    }

    private static func bar(_ width: Node.Width? = nil) -> Node {
        Node(.stack(.vertical, spacing: 0, alignment: .center, children: [Node(.block(width: .fill, height: 10, shape: .rect, corners: nil, fill: .base))]), width: width)
    }

    private static func row(_ children: [Node], spacing: Double = 0) -> Node {
        Node(.stack(.horizontal, spacing: spacing, alignment: .top, children: children))
    }

    private static func text(_ measure: Double, maxLines: Int? = nil, width: Node.Width? = nil) -> Node {
        Node(.text(lines: 1, lineHeight: 10, lineSpacing: 5, lastLineFraction: 1, measure: measure, maxLines: maxLines), width: width)
    }

    /// `200px 1fr 2fr 240px`, as a captured grid becomes.
    @Test func fillWidthsShareARowsFreeWidthByTheirGrowsAndPointsWidthsKeepTheirs() {
        let root = Self.row([Self.bar(.points(200)), Self.bar(.fill), Self.bar(.fill(grow: 2)), Self.bar(.points(240))], spacing: 10)
        let bars = Self.frames(root, width: 1100).map(\.rect)
        #expect(bars.map(\.x) == [0, 210, 430, 860])
        #expect(bars.map(\.width) == [200, 210, 420, 240])
        #expect(Self.frames(root, width: 460).map(\.rect.width) == [200, 240], "no free width: the fill widths get none, and draw nothing")
    }

    /// As CSS's `flex: grow 1 0px` on border boxes: each padded card is at least its padding and
    /// shares what the row leaves beyond the paddings, so the renderer's boxes are the frames.
    @Test func paddedFillWidthsShareWhatTheirPaddingsLeave() {
        func card(_ grow: Double) -> Node {
            var card = Self.bar(.fill(grow: grow))
            card.padding = .init(top: 0, leading: 16, bottom: 0, trailing: 16)
            card.background = .card
            return card
        }
        let widths = Self.frames(Self.row([card(1), card(2)], spacing: 16), width: 712).filter { $0.kind == .background }.map(\.rect.width)
        #expect(widths.count == 2 && abs(widths[0] - (32 + 632.0 / 3)) < 1e-9 && abs(widths[1] - (32 + 2 * 632.0 / 3)) < 1e-9, "\(widths)")
        let squeezed = Self.frames(Self.row([card(1), card(2)], spacing: 16), width: 60).filter { $0.kind == .background }.map(\.rect.width)
        #expect(squeezed == [32, 32], "no room: each its padding, its paragraph drawing nothing")
    }

    @Test func growsAddingUpToLessThanOneShareOnlyThatPartLikeCSS() {
        let root = Self.row([Self.bar(.fill(grow: 0.25)), Self.bar(.points(100))])
        #expect(Self.frames(root, width: 500).map(\.rect.width) == [100, 100])
    }

    @Test func aPointsWidthIsAFrameThatWideInAColumnAndAFillWidthStretches() {
        let framed = Node(
            .stack(.vertical, spacing: 0, alignment: .leading, children: [Self.text(270)]), padding: .init(top: 0, leading: 10, bottom: 0, trailing: 10),
            width: .points(200))
        let root = Node(.stack(.vertical, spacing: 0, alignment: .center, children: [framed, Self.bar(.fill)]))
        let frames = Self.frames(root, width: 400).map(\.rect)
        #expect(frames.count == 3)
        #expect((frames[0].x, frames[0].width) == (110, 180), "centred in the column; the paragraph in its inner 180")
        #expect((frames[1].x, frames[1].width) == (110, 90), "270 of measure in 180: two lines, the last half")
        #expect((frames[2].x, frames[2].width) == (0, 400))
    }

    @Test(arguments: [
        (500.0, Int?.none, 1000.0, 1, 0.5), (500, nil, 500, 1, 1), (500, nil, 200, 3, 0.5), (500, 2, 200, 2, 1),
        (401, nil, 200, 3, 0.05), (500, nil, 0, 1, 1), (500, 4, -1, 1, 1), (400.0000001, nil, 200, 2, 1),
    ])
    func aMeasuredParagraphHasTheLinesItsTextTakes(measure: Double, maxLines: Int?, width: Double, lines: Int, fraction: Double) {
        let wrapped = Wrapping.lines(measure: measure, maxLines: maxLines, width: width)
        #expect(wrapped.count == lines)
        #expect(abs(wrapped.lastLineFraction - fraction) < 1e-9)
    }

    @Test func aMeasuredParagraphsHeightFollowsItsWidthAndClampsAtMaxLines() {
        for (width, lines) in [(1000.0, 1), (400, 1), (300, 2), (150, 3), (100, 4), (50, 4)] {
            let root = Node(.stack(.vertical, spacing: 0, alignment: .center, children: [Self.text(400, maxLines: 4), Self.bar()]))
            let frames = Self.frames(root, width: width)
            #expect(frames.count == lines + 1, "\(width)")
            #expect(frames.last?.rect.y == Double(lines) * 10 + Double(lines - 1) * 5, "the bar sits under \(lines) lines at \(width)")
        }
    }

    @Test func aParagraphInARowWrapsAtItsShare() {
        let root = Self.row([Self.text(300), Self.text(300, width: .fill(grow: 2))])
        let frames = Self.frames(root, width: 300).map(\.rect)
        #expect(frames.map(\.width) == [100, 100, 100, 200, 100], "300 in 100: three full lines; in 200: two, the last half")
        #expect(FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: 300).contentHeight == 40)
    }
}
