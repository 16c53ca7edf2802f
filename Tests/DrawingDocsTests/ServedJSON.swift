import Foundation
import HTTPServer
import SkeletonAPI
import SwiftUI
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real service on a loopback port the kernel chose, read as raw JSON: the oracle the docs'
/// drawing code is held to, decoded here with JSONSerialization rather than by the client.
final class ServedJSON: Sendable {
    private let server: Server
    let baseURL: URL

    init() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        configuration.accessLog = nil
        configuration.shutdownGraceMilliseconds = 100
        server = Server(configuration: configuration, router: SkeletonService(readiness: Readiness()).router)
        baseURL = URL(string: "http://127.0.0.1:\(try server.start())")!
    }

    func object(_ path: String) async throws -> [String: Any] {
        let (data, response) = try await URLSession.shared.data(from: URL(string: path, relativeTo: baseURL)!)
        precondition((response as? HTTPURLResponse)?.statusCode == 200, "GET \(path): \(response)")
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    deinit {
        server.shutdown()
        server.wait()
    }

    /// What the docs' drawing code must draw for `frames` (a served frames document's), each
    /// with its group's paint from `paints` (the served `?at=` paints) by Drawing in motion's table.
    static func expectedFills(frames: [[String: Any]], paints: [[String: Any]]) -> [ExpectedFill] {
        var layers = 0
        return frames.flatMap { frame -> [ExpectedFill] in
            let radii = frame["radii"] as! [Double]
            let path = Path.Shape.roundedRect(
                rect(frame), topLeading: radii[0], topTrailing: radii[1], bottomTrailing: radii[2], bottomLeading: radii[3])
            let clips = (frame["clip"] as? [String: Any]).map { [Path.Shape.rect(rect($0))] } ?? []
            let fill = GraphicsContext.Shading.color(color(frame["fill"] as! String))
            func drawn(_ shading: GraphicsContext.Shading, _ blendMode: GraphicsContext.BlendMode = .normal, layer: Int? = nil) -> ExpectedFill {
                ExpectedFill(path: path, shading: shading, clips: clips, blendMode: blendMode, layer: layer)
            }
            guard let group = frame["group"] as? Int, let paint = paints.first(where: { $0["group"] as? Int == group }) else {
                return [drawn(fill)]
            }
            let stops = (paint["stops"] as! [[String: Any]]).map { Gradient.Stop(color: color($0["color"] as! String), location: $0["location"] as! Double) }
            let gradient = GraphicsContext.Shading.linearGradient(Gradient(stops: stops), startPoint: point(paint["start"]), endPoint: point(paint["end"]))
            switch paint["application"] as! String {
            case "overlay": return [drawn(fill), drawn(gradient)]
            case "fill": return [drawn(gradient)]
            case "mask":
                defer { layers += 1 }
                return [drawn(fill, layer: layers), drawn(gradient, .destinationIn, layer: layers)]
            case let other: preconditionFailure("unknown application \(other)")
            }
        }
    }

    private static func rect(_ object: [String: Any]) -> CGRect {
        CGRect(x: object["x"] as! Double, y: object["y"] as! Double, width: object["width"] as! Double, height: object["height"] as! Double)
    }

    private static func point(_ object: Any?) -> CGPoint {
        let point = object as! [String: Any]
        return CGPoint(x: point["x"] as! Double, y: point["y"] as! Double)
    }

    /// "#RRGGBBAA" as components from 0 to 1.
    private static func color(_ hex: String) -> Color {
        let value = UInt32(hex.dropFirst(), radix: 16)!
        func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        return Color(.sRGB, red: component(24), green: component(16), blue: component(8), opacity: component(0))
    }
}

/// A fill the docs' code must record, from the served JSON.
struct ExpectedFill: CustomStringConvertible {
    let path: Path.Shape
    let shading: GraphicsContext.Shading
    let clips: [Path.Shape]
    let blendMode: GraphicsContext.BlendMode
    let layer: Int?

    var description: String { "\(path) \(shading) clips \(clips) \(blendMode) layer \(String(describing: layer))" }

    /// Whether `fill` is this one: geometry within `tolerance` points (the served JSON's
    /// rounding), colours exactly (both are 8-bit values over 255).
    func isMatched(by fill: GraphicsContext.Fill, tolerance: Double = 0.001) -> Bool {
        func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= tolerance }
        func near(_ a: CGPoint, _ b: CGPoint) -> Bool { near(a.x, b.x) && near(a.y, b.y) }
        func near(_ a: CGRect, _ b: CGRect) -> Bool { near(a.origin, b.origin) && near(a.width, b.width) && near(a.height, b.height) }
        func near(_ a: Path.Shape, _ b: Path.Shape) -> Bool {
            switch (a, b) {
            case (.rect(let a), .rect(let b)): near(a, b)
            case (.roundedRect(let a, let a0, let a1, let a2, let a3), .roundedRect(let b, let b0, let b1, let b2, let b3)):
                near(a, b) && near(a0, b0) && near(a1, b1) && near(a2, b2) && near(a3, b3)
            default: false
            }
        }
        func near(_ a: GraphicsContext.Shading, _ b: GraphicsContext.Shading) -> Bool {
            switch (a, b) {
            case (.color(let a), .color(let b)): a == b
            case (.linearGradient(let a, let aStart, let aEnd), .linearGradient(let b, let bStart, let bEnd)):
                near(aStart, bStart) && near(aEnd, bEnd) && a.stops.count == b.stops.count
                    && zip(a.stops, b.stops).allSatisfy { $0.color == $1.color && near($0.location, $1.location) }
            default: false
            }
        }
        return near(path, fill.path.shape) && near(shading, fill.shading) && clips.count == fill.clips.count
            && zip(clips, fill.clips).allSatisfy { near($0, $1.shape) } && blendMode == fill.blendMode && layer == fill.layer
    }
}
