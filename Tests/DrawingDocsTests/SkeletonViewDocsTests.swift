import Foundation
import SkeletonClient
import Testing

/// docs/clients.md's UIKit `SkeletonView` (Snippets/SkeletonView.swift, the docs' block byte for
/// byte), built against the UIKit stand-in, whose recording `CGContext` is the probe
/// (`SkeletonViewProbe`): each fill is
/// held to the served frame it draws, its outline to the served rounded rectangle by geometry
/// (every point on the rectangle's edge, its bounds and its area), not by the code's construction.
@Suite @MainActor struct SkeletonViewDocsTests {
    static let width = 358

    @Test func skeletonViewDrawsTheServedFramesOfAScreen() async throws {
        let served = try ServedJSON()
        for screen in ["home", "inbox", "movies"] {
            let layout = try await SkeletonServerClient(baseURL: served.baseURL).layout(screen)
            let frames = try await served.object("layouts/\(screen)/frames?width=\(Self.width)")["frames"] as! [[String: Any]]
            let drawn = SkeletonViewProbe(frames: layout.frames(width: Double(Self.width)).frames, width: Double(Self.width))
            #expect(drawn.asksToBeDrawn, "\(screen): new frames ask to be drawn")
            #expect(drawn.unrestoredStates == 0, "\(screen): every saved state restored")
            #expect(drawn.fills.count == frames.count, "\(screen): \(drawn.fills.count) fills, \(frames.count) frames served")
            for (index, (fill, frame)) in zip(drawn.fills, frames).enumerated() {
                let what = "\(screen) frame \(index)"
                #expect(fill.color == Self.components(frame["fill"] as! String), "\(what): colour")
                #expect(fill.clips == ((frame["clip"] as? [String: Any]).map { [Self.rect($0)] } ?? []), "\(what): clip")
                Self.expectOutline(fill.outline, rect: Self.rect(frame), radii: frame["radii"] as! [Double], what)
            }
        }
    }

    @Test func theTestedSnippetIsTheDocsBlock() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("../../docs/clients.md"), encoding: .utf8)
        let tested = try String(contentsOf: root.appendingPathComponent("Snippets/SkeletonView.swift"), encoding: .utf8)
        #expect(DrawingDocsTests.swiftBlocks(under: "### UIKit", in: docs) == [tested], "docs/clients.md's UIKit block and Snippets/SkeletonView.swift differ")
    }

    /// The outline lies on the edge of the rounded rectangle with `radii` (top-left, top-right,
    /// bottom-right, bottom-left), reaches its four sides and encloses its area.
    static func expectOutline(_ points: [CGPoint], rect: CGRect, radii: [Double], _ what: String) {
        let outside = points.filter { distanceToEdge($0, rect, radii) > 0.001 }
        #expect(outside.count == 0, "\(what): \(outside.count) points off the rounded rectangle \(rect) \(radii), first \(String(describing: outside.first))")
        let xs = points.map(\.x), ys = points.map(\.y)
        #expect(abs(xs.min()! - rect.minX) < 0.001 && abs(xs.max()! - rect.maxX) < 0.001
                && abs(ys.min()! - rect.minY) < 0.001 && abs(ys.max()! - rect.maxY) < 0.001, "\(what): bounds")
        let area = abs(zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }) / 2
        let expected = rect.width * rect.height - (1 - .pi / 4) * radii.reduce(0) { $0 + $1 * $1 }
        #expect(abs(area - expected) < 0.01 * max(1, expected) / 100, "\(what): area \(area), a rounded rectangle's \(expected)")
    }

    /// How far `point` is from the edge of the rounded rectangle: to the nearest corner circle in
    /// a corner's square, to the nearest side elsewhere.
    static func distanceToEdge(_ point: CGPoint, _ rect: CGRect, _ radii: [Double]) -> CGFloat {
        let corners = [(rect.minX, rect.minY, 1.0, 1.0), (rect.maxX, rect.minY, -1.0, 1.0),
                       (rect.maxX, rect.maxY, -1.0, -1.0), (rect.minX, rect.maxY, 1.0, -1.0)]
        for ((x, y, dx, dy), radius) in zip(corners, radii) where radius > 0 {
            let center = CGPoint(x: x + dx * radius, y: y + dy * radius)
            if (point.x - center.x) * dx <= 0 && (point.y - center.y) * dy <= 0 {
                return abs(hypot(point.x - center.x, point.y - center.y) - radius)
            }
        }
        return min(abs(point.x - rect.minX), abs(point.x - rect.maxX), abs(point.y - rect.minY), abs(point.y - rect.maxY))
    }

    static func rect(_ object: [String: Any]) -> CGRect {
        CGRect(x: object["x"] as! Double, y: object["y"] as! Double, width: object["width"] as! Double, height: object["height"] as! Double)
    }

    /// "#RRGGBBAA" as components from 0 to 1.
    static func components(_ hex: String) -> [CGFloat] {
        let value = UInt32(hex.dropFirst(), radix: 16)!
        return [24, 16, 8, 0].map { CGFloat((value >> $0) & 0xFF) / 255 }
    }
}
