#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A sweep's gradient on a box as CSS draws a linear gradient, and as the web renderer animates
/// it (renderer.js's `sweepGeometry` and `shimmerImage`): the gradient line's angle, and where
/// the first stop (`base`) lies on that line and how far the last stop is from it (`length`).
///
/// Guarantees: at the ends of a period it is the exact geometry of the served points; between
/// them the angle (by its shorter turn), the base and the length each move linearly with the
/// phase, as the renderer's `calc()`s of its phase do. A sweep that only translates (every seed's)
/// is exact at every phase; one that turns is what the renderer draws, not a rotation.
struct SweepGeometry {
    /// Degrees, clockwise from "to top", as CSS's `<angle>`.
    var angle: Double
    var base: Double
    var length: Double

    /// The gradient from `start` to `end`, unit points of a `width` x `height` box.
    init(start: Shimmer.UnitPoint, end: Shimmer.UnitPoint, width: Double, height: Double) {
        let sx = start.x * width, sy = start.y * height
        let dx = end.x * width - sx, dy = end.y * height - sy
        let distance = (dx * dx + dy * dy).squareRoot()
        length = distance > 0 ? distance : 1e-6
        let ux = dx / length, uy = dy / length
        let line = abs(width * ux) + abs(height * uy)
        base = (sx - width / 2) * ux + (sy - height / 2) * uy + line / 2
        angle = atan2(dx, -dy) * 180 / .pi
    }

    private init(angle: Double, base: Double, length: Double) {
        self.angle = angle
        self.base = base
        self.length = length
    }

    /// The geometry at `phase` of a period that runs from `first` to `last`.
    static func at(_ phase: Double, from first: SweepGeometry, to last: SweepGeometry) -> SweepGeometry {
        var turn = (last.angle - first.angle + 180).truncatingRemainder(dividingBy: 360)
        if turn < 0 { turn += 360 }
        turn -= 180
        var geometry = translated(phase, from: first, to: last)
        geometry.angle = first.angle + turn * phase
        return geometry
    }

    /// The geometry at `phase` of a period whose angle stays `first`'s: `at`'s, without finding the turn.
    static func translated(_ phase: Double, from first: SweepGeometry, to last: SweepGeometry) -> SweepGeometry {
        SweepGeometry(angle: first.angle, base: first.base + (last.base - first.base) * phase, length: first.length + (last.length - first.length) * phase)
    }

    /// The gradient's first and last stops' points, in a `width` x `height` box at `origin`.
    func points(from origin: Point, width: Double, height: Double) -> (start: Point, end: Point) {
        points(from: origin, width: width, height: height, line: line(width: width, height: height))
    }

    /// The gradient line's direction (a unit vector) and its length across a `width` x `height`
    /// box: what depends on the angle alone, so that a sweep that does not turn finds it once.
    /// At a quarter turn (0, 90, 180 or 270 degrees, as every seed's sweep is) the direction is
    /// exact: `cos` of 90 degrees in radians is 6e-17, not 0, which would move the other
    /// coordinate by a rounding error from one phase to the next; exactly 0, it does not move.
    func line(width: Double, height: Double) -> Line {
        let dx: Double, dy: Double
        if angle.truncatingRemainder(dividingBy: 90) == 0 {
            (dx, dy) = switch Int(angle / 90) & 3 {
            case 0: (0, -1)
            case 1: (1, 0)
            case 2: (0, 1)
            default: (-1, 0)
            }
        } else {
            let radians = angle * .pi / 180
            (dx, dy) = (sin(radians), -cos(radians))
        }
        return Line(dx: dx, dy: dy, length: abs(width * dx) + abs(height * dy))
    }

    /// The points along `line`, this geometry's (or an equal angle's).
    func points(from origin: Point, width: Double, height: Double, line: Line) -> (start: Point, end: Point) {
        let (dx, dy) = (line.dx, line.dy)
        let start = Point(x: origin.x + width / 2 + dx * (base - line.length / 2), y: origin.y + height / 2 + dy * (base - line.length / 2))
        return (start, Point(x: start.x + dx * length, y: start.y + dy * length))
    }

    struct Line {
        var dx: Double
        var dy: Double
        var length: Double
    }
}
