import Foundation
import Layouts
import Testing

/// A paragraph's `words` (issue 41): broken greedily, as a browser breaks a line before the word
/// that does not fit. The expected numbers are worked out by hand from the rule (docs/spec.md §3),
/// not by the engine. (Against the browser: Tests/Browser/test_frames.py's words screen, and the
/// capture corpus.)
struct WordsLayoutTests {
    /// Words 50, 60 and 70, 5 apart. At 120: 50 + 5 + 60 = 115 fits, 70 more does not: two lines,
    /// the last 70 of 120. At 115 the same (115 ≤ 115.05); at 114.9 the 60 goes down with the 70
    /// (60 + 5 + 70 = 135 > 114.9): three lines. At 200 one line of 190. At 40 each word takes a
    /// line of its own, wider than it: three lines, the last full. Clamped at 2, the last is full.
    @Test(arguments: [
        (120.0, Int?.none, 2, 70.0 / 120), (115, nil, 2, 70.0 / 115), (114.9, nil, 3, 70 / 114.9), (200, nil, 1, 0.95),
        (40, nil, 3, 1), (114.9, 2, 2, 1), (120, 2, 2, 70.0 / 120),
    ] as [(Double, Int?, Int, Double)])
    func eachLineHoldsTheWordsThatFit(width: Double, maxLines: Int?, lines: Int, fraction: Double) {
        let words = Node.Words(widths: [[50], [60], [70]], space: 5)
        let broken = Wrapping.lines(words: words, maxLines: maxLines, width: width, beside: nil)
        #expect(broken.count == lines && broken.first == 0)
        #expect(abs(broken.lastLineFraction - fraction) < 1e-9)
    }

    /// A hyphenated word (pieces 40 and 50, as "sign-" and "on") breaks after its hyphen where it
    /// does not fit whole: 30 + 5 + 40 = 75 fits 80, the 50 goes down; at 130 all of it fits
    /// (30 + 5 + 40 + 50 = 125: no space inside a word).
    @Test func aWordBreaksAfterItsPiecesWhereItDoesNotFitWhole() {
        let words = Node.Words(widths: [[30], [40, 50]], space: 5)
        let narrow = Wrapping.lines(words: words, maxLines: nil, width: 80, beside: nil)
        #expect(narrow.count == 2 && abs(narrow.lastLineFraction - 50.0 / 80) < 1e-9)
        let wide = Wrapping.lines(words: words, maxLines: nil, width: 130, beside: nil)
        #expect(wide.count == 1 && abs(wide.lastLineFraction - 125.0 / 130) < 1e-9)
    }

    /// Beside a float 50 wide with a trailing margin of 10 (one line beside it: lines 10 high, 10
    /// apart, the float 20 high), at 180 the first line is 120 wide: 50 and 60; 70 and 40 take the
    /// second (115 of 180). Where nothing is left beside it (a width of 60), the lines start below it.
    @Test func theLinesBesideAFloatAreShorter() {
        let words = Node.Words(widths: [[50], [60], [70], [40]], space: 5)
        let beside = Wrapping.Beside(Node.FloatBox(width: 50, height: 20, trailing: 10, bottom: 0), lineHeight: 10, lineSpacing: 10)
        let broken = Wrapping.lines(words: words, maxLines: nil, width: 180, beside: beside)
        #expect((broken.count, broken.first) == (2, 0) && abs(broken.lastLineFraction - 115.0 / 180) < 1e-9)
        #expect(Wrapping.lines(words: words, maxLines: nil, width: 60, beside: beside).first == 1)
    }

    /// The engine draws the words' lines (140 + 8 + 150 = 298 at 300, then 100) rather than the
    /// measure's (one line at 300), and a document carries the words both ways.
    @Test func theEngineBreaksTheWordsAndTheDocumentKeepsThem() throws {
        let words = Node.Words(widths: [[140], [150], [100]], space: 8)
        let text = Node(.text(lines: 1, lineHeight: 10, lineSpacing: 5, lastLineFraction: 1, measure: 290, maxLines: nil), words: words)
        let frames = FrameLayout.layout(root: text, elements: [], theme: .light, direction: .ltr, width: 300).frames
        #expect(frames.map(\.rect) == [Rect(x: 0, y: 0, width: 300, height: 10), Rect(x: 0, y: 15, width: 100, height: 10)])
        let decoded = try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(text))
        #expect(decoded.words == words && decoded == text)
    }
}
