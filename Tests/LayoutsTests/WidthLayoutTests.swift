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

    /// A card: a bar in 16 pt of padding on each side, on the card background.
    private static func card(_ width: Node.Width? = .fill, id: String? = nil) -> Node {
        var card = Self.bar(width)
        card.id = id
        card.padding = .init(top: 0, leading: 16, bottom: 0, trailing: 16)
        card.background = .card
        return card
    }

    private static func backgrounds(_ root: Node, elements: Set<String> = [], width: Double) -> [Rect] {
        FrameLayout.layout(root: root, elements: elements, theme: .light, direction: .ltr, width: width).frames.filter { $0.kind == .background }.map(\.rect)
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
        let row = Self.row([Self.card(.fill), Self.card(.fill(grow: 2))], spacing: 16)
        let widths = Self.backgrounds(row, width: 712).map(\.width)
        #expect(widths.count == 2 && abs(widths[0] - (32 + 632.0 / 3)) < 1e-9 && abs(widths[1] - (32 + 2 * 632.0 / 3)) < 1e-9, "\(widths)")
        #expect(Self.backgrounds(row, width: 60).map(\.width) == [32, 32], "no room: each its padding, its paragraph drawing nothing")
    }

    /// A captured grid's item spanning a fixed and a fluid track (grow 1.02) beside a padded card: a
    /// loading element shares like any node (the renderer's slot once shared beyond no padding).
    @Test func aPaddedElementWithAFractionalGrowSharesWhatThePaddingsLeave() {
        let row = Self.row([Self.card(.fill(grow: 1.02), id: "mixed"), Self.card()], spacing: 16)
        let widths = Self.backgrounds(row, elements: ["mixed"], width: 900).map(\.width)
        #expect(widths.count == 2 && abs(widths[0] - (32 + 820 * 1.02 / 2.02)) < 1e-9 && abs(widths[1] - (32 + 820 / 2.02)) < 1e-9, "\(widths)")
    }

    /// CSS border boxes: a padded card stretched across a column narrower than its padding, or
    /// given a points width below it, is its padding wide and overflows its parent's trailing edge.
    @Test func aBoxIsNeverNarrowerThanItsPaddingAndOverflowsItsParent() {
        let wrapper = { (grow: Double) in Node(.stack(.vertical, spacing: 0, alignment: .center, children: [Self.card()]), width: .fill(grow: grow)) }
        let cards = Self.backgrounds(Self.row([wrapper(1), wrapper(2)], spacing: 16), width: 72)
        #expect(cards.map(\.x) == [0, 16 + 56.0 / 3], "the wrappers share the free width as before; a stretched card starts at its leading edge, centred or not")
        #expect(cards.map(\.width) == [32, 2 * 56.0 / 3], "the first card wider than its wrapper's 18.7")
        let narrow = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [Self.card(.points(10)), Self.bar()]))
        #expect(Self.backgrounds(narrow, width: 300).map(\.width) == [32])
        #expect(Self.frames(narrow, width: 300).last?.rect.y == 10, "the bar under the card")
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
        let wrapped = Wrapping.lines(measure: measure, maxLines: maxLines, width: width, captured: (lines: 7, lastLineFraction: 0.9))
        #expect(wrapped.count == lines)
        #expect(abs(wrapped.lastLineFraction - fraction) < 1e-9)
    }

    /// A paragraph captured at 628 in lines of 573 and 167 (its text 740 on one line): wrapping
    /// into its own two lines, it keeps its captured last line (167 / 628, not what is left of
    /// the measure, 112 / 628); at another count (one line at 768, three at 300), the measure's;
    /// one line is never the captured one's (its length is the measure, at every width); clamped, 1.
    @Test(arguments: [
        (628.0, 2, 0.27, 2, 0.27), (700, 2, 0.27, 2, 0.27), (768, 2, 0.27, 1, 740.0 / 768), (300, 2, 0.27, 3, 140.0 / 300),
        (800, 1, 0.5, 1, 740.0 / 800), (150, 4, 0.27, 4, 1),
    ] as [(Double, Int, Double, Int, Double)])
    func aParagraphKeepsItsCapturedLastLineWhereItWrapsToItsOwnLines(width: Double, capturedLines: Int, capturedFraction: Double, lines: Int, fraction: Double) {
        let wrapped = Wrapping.lines(measure: 740, maxLines: 4, width: width, captured: (capturedLines, capturedFraction))
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
