import SkeletonClient
import UIKit

/// Frames drawn in order, each in its colour and cut to its clip (paint the view's background first when it has one).
final class SkeletonView: UIView {
    var frames: [Frame] = [] { didSet { setNeedsDisplay() } }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        for frame in frames {
            context.saveGState()
            if let clip = frame.clip { context.clip(to: Self.cgRect(clip)) }
            let fill = frame.fill
            UIColor(red: CGFloat(fill.red) / 255, green: CGFloat(fill.green) / 255,
                    blue: CGFloat(fill.blue) / 255, alpha: CGFloat(fill.alpha) / 255).setFill()
            Self.path(Self.cgRect(frame.rect), radii: frame.radii.map { CGFloat($0) }).fill()
            context.restoreGState()
        }
    }

    static func cgRect(_ r: Rect) -> CGRect { CGRect(x: r.x, y: r.y, width: r.width, height: r.height) }

    /// A rectangle with the radii top-left, top-right, bottom-right, bottom-left.
    static func path(_ r: CGRect, radii: [CGFloat]) -> UIBezierPath {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: r.minX + radii[0], y: r.minY))
        path.addArc(withCenter: CGPoint(x: r.maxX - radii[1], y: r.minY + radii[1]), radius: radii[1], startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        path.addArc(withCenter: CGPoint(x: r.maxX - radii[2], y: r.maxY - radii[2]), radius: radii[2], startAngle: 0, endAngle: .pi / 2, clockwise: true)
        path.addArc(withCenter: CGPoint(x: r.minX + radii[3], y: r.maxY - radii[3]), radius: radii[3], startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        path.addArc(withCenter: CGPoint(x: r.minX + radii[0], y: r.minY + radii[0]), radius: radii[0], startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
        path.close()
        return path
    }
}
