import Foundation
import Layouts
import Testing

/// `stretch` on a block (contract 3.11): a thumbnail in a flex row whose `align-items` is the
/// default `stretch` is as tall as the row, the row counting it at its own height, so it is never
/// shorter than that. The expected numbers are worked out by hand from the rule (docs/spec.md §3),
/// not by the engine. (Against the browser and a plain CSS page: Tests/Browser/test_frames.py's
/// stretched-block screen (STRETCHED_BLOCK_SCREEN).)
struct StretchedBlockLayoutTests {
    private static func frames(_ root: Node, width: Double) -> [Rect] {
        FrameLayout.layout(root: root, elements: [], theme: .light, direction: .ltr, width: width).frames.map(\.rect)
    }

    /// A 64-wide thumbnail `height` high (or that of its `aspectRatio`), stretched or not.
    private static func thumbnail(height: Double = 40, aspectRatio: Double? = nil, stretched: Bool = true) -> Node {
        Node(.block(width: .points(64), height: height, shape: .rect, corners: nil, fill: .base), aspectRatio: aspectRatio, isStretched: stretched)
    }

    /// A paragraph of `lines` lines 12 high, 4 apart: 16 n − 4 high.
    private static func paragraph(_ lines: Int) -> Node {
        Node(.text(lines: lines, lineHeight: 12, lineSpacing: 4, lastLineFraction: 1))
    }

    private static func row(_ children: [Node], alignment: Node.Alignment = .center) -> Node {
        Node(.stack(.horizontal, spacing: 16, alignment: alignment, children: children))
    }

    /// Beside four lines (4·12 + 3·4 = 60 high) the row is 60 high: the stretched thumbnail is
    /// 64 × 60 from the row's top, the lines from 64 + 16 = 80; not stretched, the centred row puts
    /// it (60 − 40) / 2 = 10 down, 40 high.
    @Test func aStretchedBlockBesideTallerTextIsAsTallAsTheRow() {
        #expect(Self.frames(Self.row([Self.thumbnail(), Self.paragraph(4)]), width: 400) == [
            Rect(x: 0, y: 0, width: 64, height: 60),
            Rect(x: 80, y: 0, width: 320, height: 12), Rect(x: 80, y: 16, width: 320, height: 12),
            Rect(x: 80, y: 32, width: 320, height: 12), Rect(x: 80, y: 48, width: 320, height: 12),
        ])
        #expect(Self.frames(Self.row([Self.thumbnail(stretched: false), Self.paragraph(4)]), width: 400)[0] == Rect(x: 0, y: 10, width: 64, height: 40))
    }

    /// Beside one line (12 high) the row is the thumbnail's own 40: it keeps it, and the line is
    /// centred (40 − 12) / 2 = 14 down. With an aspect ratio of 2 its own height is 64 / 2 = 32
    /// (not its captured 30): 32 beside one line, 60 beside four.
    @Test func aStretchedBlockBesideShorterTextKeepsItsOwnHeight() {
        #expect(Self.frames(Self.row([Self.thumbnail(), Self.paragraph(1)]), width: 400) == [
            Rect(x: 0, y: 0, width: 64, height: 40), Rect(x: 80, y: 14, width: 320, height: 12),
        ])
        let ratio = Self.thumbnail(height: 30, aspectRatio: 2)
        #expect(Self.frames(Self.row([ratio, Self.paragraph(1)]), width: 400) == [
            Rect(x: 0, y: 0, width: 64, height: 32), Rect(x: 80, y: 10, width: 320, height: 12),
        ])
        #expect(Self.frames(Self.row([ratio, Self.paragraph(4)]), width: 400)[0] == Rect(x: 0, y: 0, width: 64, height: 60))
    }

    /// A framed thumbnail (padding 4, a background) beside four lines: the frame is 72 × 60 and its
    /// shape fills the frame's inner height, 40 wide at (4, 4), 52 high. Not stretched, the frame is
    /// 48 high, 6 down, and the shape 40 high inside it. In a column a stretched block changes
    /// nothing: with a minHeight of 60 its frame is 60 high and the shape 40 high, centred at 10.
    @Test func aStretchedFramedBlocksShapeFillsItsFrameInARowOnly() {
        func framed(stretched: Bool, minHeight: Double? = nil) -> Node {
            var block = Self.thumbnail(stretched: stretched)
            block.kind = .block(width: .points(40), height: 40, shape: .rect, corners: nil, fill: .base)
            block.padding = .init(top: 4, leading: 4, bottom: 4, trailing: 4)
            block.background = .card
            block.minHeight = minHeight
            return block
        }
        #expect(Self.frames(Self.row([framed(stretched: true), Self.paragraph(4)]), width: 400).prefix(2) == [
            Rect(x: 0, y: 0, width: 48, height: 60), Rect(x: 4, y: 4, width: 40, height: 52),
        ])
        #expect(Self.frames(Self.row([framed(stretched: false), Self.paragraph(4)]), width: 400).prefix(2) == [
            Rect(x: 0, y: 6, width: 48, height: 48), Rect(x: 4, y: 10, width: 40, height: 40),
        ])
        let column = Node(.stack(.vertical, spacing: 0, alignment: .leading, children: [framed(stretched: true, minHeight: 60)]))
        #expect(Self.frames(column, width: 400) == [Rect(x: 0, y: 0, width: 48, height: 60), Rect(x: 4, y: 10, width: 40, height: 40)])
    }

    /// On two columns of (220 − 20) / 2 = 100 (minimum 100, spacing 20), the first row holds a
    /// stretched thumbnail and three lines (44 high): the thumbnail is 44 high; the second row, 44 +
    /// 20 = 64 down, holds a stretched thumbnail 30 high and one 20 high, not stretched, centred in
    /// the row's 30 at 69.
    @Test func aStretchedBlockOnGridColumnsIsItsRowsHeight() {
        var grid = Node(.stack(.horizontal, spacing: 20, alignment: .center, children: [
            Self.thumbnail(height: 30), Self.paragraph(3), Self.thumbnail(height: 30), Self.thumbnail(height: 20, stretched: false),
        ]))
        grid.columns = GridColumns(minWidth: 100, collapsesEmpty: false)
        #expect(Self.frames(grid, width: 220) == [
            Rect(x: 0, y: 0, width: 64, height: 44),
            Rect(x: 120, y: 0, width: 100, height: 12), Rect(x: 120, y: 16, width: 100, height: 12), Rect(x: 120, y: 32, width: 100, height: 12),
            Rect(x: 0, y: 64, width: 64, height: 30), Rect(x: 120, y: 69, width: 64, height: 20),
        ])
    }

    /// A wrapping row 160 wide, 16 apart: two thumbnails a line (64 + 16 + 64 = 144 ≤ 160). The
    /// first line holds a stretched one of 20 and one of 50: 50 high, the first 50 too; the second,
    /// 50 + 16 = 66 down, a stretched one of 30 and one of 10 at the top: 30 and 10.
    @Test func aStretchedBlockOnAWrappedLineIsItsLinesHeight() {
        var row = Self.row([
            Self.thumbnail(height: 20), Self.thumbnail(height: 50, stretched: false), Self.thumbnail(height: 30), Self.thumbnail(height: 10, stretched: false),
        ], alignment: .top)
        row.wraps = true
        #expect(Self.frames(row, width: 160) == [
            Rect(x: 0, y: 0, width: 64, height: 50), Rect(x: 80, y: 0, width: 64, height: 50),
            Rect(x: 0, y: 66, width: 64, height: 30), Rect(x: 80, y: 66, width: 64, height: 10),
        ])
    }
}
