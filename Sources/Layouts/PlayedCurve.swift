#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A curve ready to be played frame after frame: what `Curve.playedDurationMs` and
/// `Curve.progress(atMs:)` compute, with a spring's settling time and its 41 `linear()` points
/// found once, here, so that `progress(atMs:)` costs a clamp and one interpolation.
///
/// Guarantees: `durationMs` and `progress(atMs:)` equal the curve's own, bit for bit; two played
/// curves are equal when their curves are.
public struct PlayedCurve: Sendable, Equatable {
    public let curve: Curve
    /// How long the renderer plays the curve, in ms.
    public let durationMs: Int
    /// A spring's `linear()` points, 41 of them; empty for an eased curve.
    private let points: [Double]

    public init(_ curve: Curve) {
        self.curve = curve
        switch curve {
        case .eased(_, let durationMs):
            self.durationMs = durationMs
            points = []
        case .spring(let responseMs, let dampingFraction):
            let spring = Spring(responseMs: responseMs, damping: dampingFraction)
            let seconds = spring.settledSeconds
            durationMs = Spring.milliseconds(seconds)
            points = (0...40).map { spring.sample($0, over: seconds) }
        }
    }

    /// The eased progress `ms` after the curve starts.
    public func progress(atMs ms: Double) -> Double {
        switch curve {
        case .eased(let easing, let durationMs):
            if durationMs <= 0 { return ms < 0 ? 0 : 1 }
            return easing.progress(min(max(ms / Double(durationMs), 0), 1))
        case .spring:
            // CSS `linear()` with 41 evenly spaced points: between the two around x.
            let position = min(max(ms / Double(durationMs), 0), 1) * 40
            let index = min(Int(position), 39)
            let (low, high) = (points[index], points[index + 1])
            return low + (high - low) * (position - Double(index))
        }
    }

    public static func == (left: PlayedCurve, right: PlayedCurve) -> Bool { left.curve == right.curve }
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
