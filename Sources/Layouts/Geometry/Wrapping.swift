/// How a paragraph with a `measure` wraps at a width (docs/spec.md §3), the same sum the web
/// renderer does: n = min(maxLines ?? 100, max(1, ⌈measure / width − 10⁻⁶⌉)) lines, the last
/// one 1 wide when the text is clamped (measure > n·width); else, where n is the paragraph's own
/// `lines` (two or more: the lines it showed where it was captured), its own `lastLineFraction`;
/// else (measure − (n − 1)·width) / width, at least 0.05. So the captured last line is exact at
/// the captured width while the measure (the text's run, its full lines' slack left out) wraps
/// the other widths: wrapped lines end short of the width, so no one measure gives both.
///
/// Guarantees: at least one line and at most `maxLines` (100 without it); with no width (0 or
/// less) one line, which has no width either, so that a paragraph squeezed out of a narrow row
/// takes one line's height rather than its most; the fraction lies in 0.05...1 (or is the
/// paragraph's own).
public enum Wrapping {
    public static let maxLines = 100

    public static func lines(measure: Double, maxLines: Int?, width: Double, captured: (lines: Int, lastLineFraction: Double)) -> (count: Int, lastLineFraction: Double) {
        let most = maxLines ?? Self.maxLines
        guard width > 0 else { return (1, 1) }
        let wanted = (measure / width - 1e-6).rounded(.up)
        let count = wanted >= Double(most) ? most : max(1, Int(wanted))
        if measure > Double(count) * width { return (count, 1) }
        if count >= 2 && count == captured.lines { return (count, captured.lastLineFraction) }
        return (count, max(0.05, (measure - Double(count - 1) * width) / width))
    }
}
