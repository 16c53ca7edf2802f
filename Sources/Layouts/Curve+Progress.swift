/// A curve as the web renderer plays it (renderer.js's `readCurve`): an eased curve is its CSS
/// timing function over its duration; a spring is SwiftUI's `.spring(response:dampingFraction:)`
/// sampled into CSS `linear()` (41 points, rounded to thousandths) over the time it takes to
/// settle within 0.1 % (the last instant on a 1/240 s grid where it is not, at least 50 ms),
/// rounded to the millisecond.
///
/// Guarantees: `progress(atMs:)` is 0 at and before 0 ms and 1 from `playedDurationMs` on; the
/// maths is the platform C library's (`exp`, `sin`, `cos`), nothing else. `PlayedCurve` holds
/// the same curve with a spring's settling time found once.
extension Curve {
    /// How long the renderer plays the curve, in ms.
    public var playedDurationMs: Int { PlayedCurve(self).durationMs }

    /// The eased progress `ms` after the curve starts. A spring's settling time is found again on
    /// each call: what draws every frame keeps a `PlayedCurve` (as `RevealTransition` does).
    public func progress(atMs ms: Double) -> Double { PlayedCurve(self).progress(atMs: ms) }
}

extension Curve.Easing {
    /// The eased value of `x` (0...1) as CSS computes the keyword: `linear`, or `cubic-bezier`
    /// with ease-in (0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), ease-in-out (0.42, 0, 0.58, 1).
    public func progress(_ x: Double) -> Double {
        switch self {
        case .linear: x
        case .easeIn: Self.cubicBezier(0.42, 0, 1, 1, at: x)
        case .easeOut: Self.cubicBezier(0, 0, 0.58, 1, at: x)
        case .easeInOut: Self.cubicBezier(0.42, 0, 0.58, 1, at: x)
        }
    }

    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), at `x`:
    /// the parameter whose x is `x` found by Newton's method, else by bisection (as browsers do).
    private static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let (cx, cy) = (3 * x1, 3 * y1)
        let (bx, by) = (3 * (x2 - x1) - cx, 3 * (y2 - y1) - cy)
        let (ax, ay) = (1 - cx - bx, 1 - cy - by)
        func curveX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        var t = x
        for _ in 0..<8 {
            let error = curveX(t) - x
            if abs(error) < 1e-7 { return ((ay * t + by) * t + cy) * t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        t = x
        while low < high {
            let value = curveX(t)
            if abs(value - x) < 1e-7 { break }
            if x > value { low = t } else { high = t }
            t = (low + high) / 2
            if high - low < 1e-12 { break }
        }
        return ((ay * t + by) * t + cy) * t
    }
}
