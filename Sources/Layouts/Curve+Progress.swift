#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A curve as the web renderer plays it (renderer.js's `readCurve`): an eased curve is its CSS
/// timing function over its duration; a spring is SwiftUI's `.spring(response:dampingFraction:)`
/// sampled into CSS `linear()` (41 points, rounded to thousandths) over the time it takes to
/// settle within 0.1 % (the last instant on a 1/240 s grid where it is not, at least 50 ms),
/// rounded to the millisecond.
///
/// Guarantees: `progress(atMs:)` is 0 at and before 0 ms and 1 from `playedDurationMs` on; the
/// maths is the platform C library's (`exp`, `sin`, `cos`), nothing else.
extension Curve {
    /// How long the renderer plays the curve, in ms.
    public var playedDurationMs: Int {
        switch self {
        case .eased(_, let durationMs): durationMs
        case .spring(let responseMs, let dampingFraction): Spring.milliseconds(Spring(responseMs: responseMs, damping: dampingFraction).settledSeconds)
        }
    }

    /// The eased progress `ms` after the curve starts.
    public func progress(atMs ms: Double) -> Double {
        switch self {
        case .eased(let easing, let durationMs):
            if durationMs <= 0 { return ms < 0 ? 0 : 1 }
            return easing.progress(min(max(ms / Double(durationMs), 0), 1))
        case .spring(let responseMs, let dampingFraction):
            let spring = Spring(responseMs: responseMs, damping: dampingFraction)
            let seconds = spring.settledSeconds
            // CSS `linear()` with 41 evenly spaced points: between the two around x.
            let position = min(max(ms / Double(Spring.milliseconds(seconds)), 0), 1) * 40
            let index = min(Int(position), 39)
            let (low, high) = (spring.sample(index, over: seconds), spring.sample(index + 1, over: seconds))
            return low + (high - low) * (position - Double(index))
        }
    }
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

/// A unit-mass spring whose undamped period is `responseMs`, released from 0 towards 1: the
/// renderer's `springCurve`, step for step.
private struct Spring {
    let omega: Double
    let damping: Double

    init(responseMs: Int, damping: Double) {
        omega = 2 * Double.pi / (Double(responseMs) / 1000)
        self.damping = damping
    }

    func position(_ t: Double) -> Double {
        if damping < 1 {
            let damped = omega * (1 - damping * damping).squareRoot()
            return 1 - exp(-damping * omega * t) * (cos(damped * t) + (damping * omega / damped) * sin(damped * t))
        }
        if damping == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
        let root = (damping * damping - 1).squareRoot()
        let r1 = -omega * (damping - root), r2 = -omega * (damping + root)
        return 1 - (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }

    /// The last instant on the renderer's grid (t += 1/240 from 0 to 10 s) where the spring is
    /// 0.1 % or more from 1, at least 0.05 s. The scan stops once no later instant can be: an
    /// underdamped spring stays within exp(-ζωt)/√(1-ζ²) of 1, and the others approach 1 monotonically.
    var settledSeconds: Double {
        var settled = 0.0
        var t = 0.0
        let bound = damping < 1 ? 1 / (1 - damping * damping).squareRoot() : 1
        while t <= 10 {
            let distance = abs(1 - position(t))
            if distance >= 0.001 { settled = t } else if damping >= 1 && t > 0 { break }
            if damping < 1 && bound * exp(-damping * omega * t) < 0.001 { break }
            t += 1.0 / 240
        }
        return max(settled, 0.05)
    }

    /// `seconds` in whole ms, rounded as `Math.round` does.
    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000 + 0.5).rounded(.down)) }

    /// Point `index` (0...40) of the renderer's `linear()`: the position at that 40th of the
    /// settling time `seconds`, rounded to thousandths as `Math.round` does; the last exactly 1.
    func sample(_ index: Int, over seconds: Double) -> Double {
        index == 40 ? 1 : (position(seconds * Double(index) / 40) * 1000 + 0.5).rounded(.down) / 1000
    }
}
