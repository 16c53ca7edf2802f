import Foundation
import Layouts
import Testing

/// A paragraph's `slack` (issue 41): each wrapped line holds its width less the slack of the
/// measure, the last line its whole width (greedy breaking leaves the end of a wrapped line
/// empty). The expected numbers are worked out by hand from the rule (docs/spec.md §3), not by
/// the engine. (Against the browser: Tests/Browser/test_frames.py's wrapping screen.)
struct SlackLayoutTests {
    /// (measure, slack, maxLines, width) → (lines, last line's fraction). 900 at 300 is 3 full
    /// lines without slack; with 30, lines hold 270: 870 / 270 → 4, the last 900 − 3 × 270 = 90
    /// of 300. A slack above half the width is half of it (400 at 200 → 100). Clamped at 2 lines
    /// the last is full. A text that fits on one line never wraps, whatever its slack; two lines
    /// hold 270 + 300 = 570.
    @Test(arguments: [
        (900.0, 0.0, Int?.none, 300.0, 3, 1.0), (900, 30, nil, 300, 4, 0.3), (500, 400, nil, 200, 4, 1),
        (900, 30, 2, 300, 2, 1), (290, 100, nil, 300, 1, 290.0 / 300), (570, 30, nil, 300, 2, 1),
        (570.5, 30, nil, 300, 3, 30.5 / 300),
    ] as [(Double, Double, Int?, Double, Int, Double)])
    func eachWrappedLineHoldsItsWidthLessTheSlack(measure: Double, slack: Double, maxLines: Int?, width: Double, lines: Int, fraction: Double) {
        let wrapped = Wrapping.lines(measure: measure, slack: slack, maxLines: maxLines, width: width, captured: (lines: 9, lastLineFraction: 0.9))
        #expect(wrapped.count == lines)
        #expect(abs(wrapped.lastLineFraction - fraction) < 1e-9)
    }

    /// Beside a float 50 wide with a trailing margin of 10 (one line beside it: lines 10 high, 10
    /// apart, the float 20 high), at 300 the first line is 240 wide and holds 220 with a slack of
    /// 20, the others 280: 700 takes 220 + 280 and 200 of a last line of 300. Without the slack,
    /// 240 + 300 and 160.
    @Test func aFloatsLinesLeaveTheSlackToo() {
        let float = Node.FloatBox(width: 50, height: 20, trailing: 10, bottom: 0)
        let beside = Wrapping.Beside(float, lineHeight: 10, lineSpacing: 10)
        let slack = Wrapping.lines(measure: 700, slack: 20, maxLines: nil, width: 300, beside: beside, captured: (9, 0.9))
        let none = Wrapping.lines(measure: 700, maxLines: nil, width: 300, beside: beside, captured: (9, 0.9))
        #expect((slack.count, none.count) == (3, 3))
        #expect(abs(slack.lastLineFraction - 200.0 / 300) < 1e-9 && abs(none.lastLineFraction - 160.0 / 300) < 1e-9)
    }

    /// The engine draws the lines the slack gives, and a served document carries it both ways.
    @Test func theEngineDrawsTheLinesAndTheDocumentKeepsTheSlack() throws {
        let text = Node(.text(lines: 3, lineHeight: 10, lineSpacing: 5, lastLineFraction: 1, measure: 900, maxLines: nil), slack: 30)
        let frames = FrameLayout.layout(root: text, elements: [], theme: .light, direction: .ltr, width: 300).frames
        #expect(frames.map(\.rect) == [
            Rect(x: 0, y: 0, width: 300, height: 10), Rect(x: 0, y: 15, width: 300, height: 10),
            Rect(x: 0, y: 30, width: 300, height: 10), Rect(x: 0, y: 45, width: 90, height: 10),
        ])
        let decoded = try JSONDecoder().decode(Node.self, from: JSONEncoder().encode(text))
        #expect(decoded.slack == 30 && decoded == text)
    }
}
