/// How a paragraph with a `measure` wraps at a width (docs/spec.md §3), the same sum the web
/// renderer does: n = min(maxLines ?? 100, max(1, ⌈measure / width − 10⁻⁶⌉)) lines, the last
/// one 1 wide when the text is clamped (measure > n·width), else (measure − (n − 1)·width) /
/// width, at least 0.05.
///
/// Guarantees: at least one line and at most `maxLines` (100 without it); with no width (0 or
/// less) one line, which has no width either, so that a paragraph squeezed out of a narrow row
/// takes one line's height rather than its most; the fraction lies in 0.05...1.
public enum Wrapping {
    public static let maxLines = 100

    public static func lines(measure: Double, maxLines: Int?, width: Double) -> (count: Int, lastLineFraction: Double) {
        let most = maxLines ?? Self.maxLines
        guard width > 0 else { return (1, 1) }
        let wanted = (measure / width - 1e-6).rounded(.up)
        let count = wanted >= Double(most) ? most : max(1, Int(wanted))
        if measure > Double(count) * width { return (count, 1) }
        return (count, max(0.05, (measure - Double(count - 1) * width) / width))
    }
}
