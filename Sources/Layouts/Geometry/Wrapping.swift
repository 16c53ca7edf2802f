/// How a paragraph with a `measure` wraps at a width (docs/spec.md §3), the same sum the web
/// renderer does. Each line but the last holds its width less the paragraph's `slack` (0 without
/// one: what greedy breaking leaves at a wrapped line's end) of the measure, the last its whole
/// width: n = min(maxLines ?? 100, max(1, ⌈(measure − s) / (width − s) − 10⁻⁶⌉)) lines, s the slack
/// (at most half the narrowest line), the last one 1 wide when the text is clamped (more measure
/// than n lines hold); else, where n is the paragraph's own `lines` (two or more: the lines it
/// showed where it was captured), its own `lastLineFraction`; else what the n − 1 wrapped lines
/// leave of the measure over the last line's width, at least 0.05. So the captured last line is
/// exact at the captured width while the measure (the text's run) and the slack wrap the other
/// widths: wrapped lines end short of the width, the more lines the more so.
///
/// With its `words` (`Node.Words`), a paragraph breaks greedily instead, as a browser does: a line
/// holds the words that fit in its width (the words and the spaces between them add up to at most
/// the width and 0.05; a word's pieces fit one by one, with no space between them), a word or
/// piece alone on a line always fits; the last line's fraction is its words' width over its own
/// width (at most 1), the last line 1 wide when clamped.
///
/// With a float (`Node.FloatBox`), the lines beside it are `indent` shorter: n is the fewest
/// lines that hold the measure, and the last line's fraction is of its own width. Where nothing
/// fits beside the float (less than 1 point), the lines start below it, as CSS moves them:
/// `first` lines are left empty.
///
/// Guarantees: at least one line and at most `maxLines` (100 without it); with no width (0 or
/// less) one line, which has no width either, so that a paragraph squeezed out of a narrow row
/// takes one line's height rather than its most; the fraction lies in 0.05...1 (or is the
/// paragraph's own).
public enum Wrapping {
    public static let maxLines = 100

    /// The lines beside a float: how many (counted from the first line's slot), and how much shorter.
    public struct Beside: Sendable, Equatable {
        public var lines: Int
        public var indent: Double

        /// The lines whose box's top (k·pitch, the first line's box at 0) lies above the float's margin box's bottom.
        public init(_ float: Node.FloatBox, lineHeight: Double, lineSpacing: Double) {
            let pitch = lineHeight + lineSpacing
            let reach = float.reach
            lines = reach <= 0 ? 0 : pitch <= 0 ? 1 : max(0, Int((reach / pitch - 1e-6).rounded(.up)))
            indent = float.width + float.trailing
        }
    }

    /// The room a paragraph's lines have at `width` beside a float: `short` lines from the first
    /// slot `narrow` wide, the rest `width`; or, where less than 1 point is left beside it, none
    /// beside it: the lines start below it, at slot `first`.
    struct Room {
        let width: Double
        let narrow: Double
        let first: Int
        let short: Int

        init(width: Double, beside: Beside?) {
            self.width = width
            narrow = width - (beside?.indent ?? 0)
            first = narrow < 1 ? beside?.lines ?? 0 : 0
            short = narrow < 1 ? 0 : beside?.lines ?? 0
        }

        /// Line `line`'s width, counted from slot `first`.
        func of(_ line: Int) -> Double { line < short ? narrow : width }
    }

    /// A paragraph's lines at one width: `count` drawn from slot `first` on, the last one
    /// `lastLineFraction` of its own width.
    public struct Lines: Sendable, Equatable {
        public var count: Int
        public var lastLineFraction: Double
        public var first: Int
    }

    public static func lines(measure: Double, slack: Double = 0, maxLines: Int?, width: Double, captured: (lines: Int, lastLineFraction: Double)) -> (count: Int, lastLineFraction: Double) {
        let wrapped = lines(measure: measure, slack: slack, maxLines: maxLines, width: width, beside: nil, captured: captured)
        return (wrapped.count, wrapped.lastLineFraction)
    }

    public static func lines(measure: Double, slack: Double = 0, maxLines: Int?, width: Double, beside: Beside?, captured: (lines: Int, lastLineFraction: Double)) -> Lines {
        let most = maxLines ?? Self.maxLines
        guard width > 0 else { return Lines(count: 1, lastLineFraction: 1, first: 0) }
        let room = Room(width: width, beside: beside)
        let (narrow, first, short) = (room.narrow, room.first, room.short)
        let slack = max(0, min(slack, (short > 0 ? narrow : width) / 2))
        // What n lines hold when all of them wrap: each its width less the slack.
        func wrapping(_ n: Int) -> Double { Double(min(n, short)) * (narrow - slack) + Double(max(0, n - short)) * (width - slack) }
        // The fewest n whose n − 1 wrapped lines and a last one of its whole width hold the measure.
        let text = measure - slack
        let wanted = text <= Double(short) * (narrow - slack)
            ? (text / (narrow - slack) - 1e-6).rounded(.up)
            : Double(short) + ((text - Double(short) * (narrow - slack)) / (width - slack) - 1e-6).rounded(.up)
        let count = wanted >= Double(most) ? most : max(1, Int(wanted))
        if text > wrapping(count) { return Lines(count: count, lastLineFraction: 1, first: first) }
        if count >= 2 && count == captured.lines { return Lines(count: count, lastLineFraction: captured.lastLineFraction, first: first) }
        return Lines(count: count, lastLineFraction: max(0.05, (measure - wrapping(count - 1)) / room.of(count - 1)), first: first)
    }

    /// A paragraph's lines when its `words` break greedily at `width`.
    public static func lines(words: Node.Words, maxLines: Int?, width: Double, beside: Beside?) -> Lines {
        let most = maxLines ?? Self.maxLines
        guard width > 0 else { return Lines(count: 1, lastLineFraction: 1, first: 0) }
        let room = Room(width: width, beside: beside)
        var line = 0
        var used: Double?
        for word in words.widths {
            for (index, piece) in word.enumerated() {
                let gap = index == 0 ? words.space : 0
                if let filled = used, filled + gap + piece <= room.of(line) + 0.05 {
                    used = filled + gap + piece
                } else if used == nil {
                    used = piece
                } else {
                    line += 1
                    if line == most { return Lines(count: most, lastLineFraction: 1, first: room.first) }
                    used = piece
                }
            }
        }
        return Lines(count: line + 1, lastLineFraction: min(1, max(0.05, (used ?? 0) / room.of(line))), first: room.first)
    }
}
