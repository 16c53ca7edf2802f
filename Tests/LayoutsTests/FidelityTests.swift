import Foundation
import Layouts
import Testing

/// `Fidelity` against `Tests/Fixtures/drift-cases.json`, whose expected scores and shapes come from
/// the independent Python model `Tests/Reference/fidelity.py` (exact rationals), not from this code.
struct FidelityTests {
    struct Cases: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var name: String
        var skeleton: [RectJSON]
        var content: [RectJSON]
        var skeletonHeight: Double
        var contentHeight: Double
        var score: Double
        var shapes: [ShapeJSON]
    }

    struct RectJSON: Decodable {
        var x, y, width, height: Double
        var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
    }

    struct ShapeJSON: Decodable, Equatable, CustomStringConvertible {
        var skeleton: Int?
        var content: Int?
        var iou: Double
        var description: String { "(\(skeleton.map(String.init) ?? "-"), \(content.map(String.init) ?? "-"), \(iou))" }
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/drift-cases.json")

    @Test func matchesThePythonModelShapeByShapeOnEveryFixtureCase() throws {
        let cases = try JSONDecoder().decode(Cases.self, from: Data(contentsOf: Self.fixture)).cases
        #expect(cases.count >= 10)
        for item in cases {
            let fidelity = Fidelity(
                skeleton: item.skeleton.map(\.rect), content: item.content.map(\.rect),
                skeletonHeight: item.skeletonHeight, contentHeight: item.contentHeight)
            #expect(Fidelity.rounded4(fidelity.score) == item.score, "\(item.name)")
            let shapes = fidelity.shapes.map { ShapeJSON(skeleton: $0.skeleton, content: $0.content, iou: Fidelity.rounded4($0.iou)) }
            #expect(shapes == item.shapes, "\(item.name)")
        }
    }

    @Test func roundsExactHalvesAwayFromZero() {
        // 1/32 and 21/32 are exact in binary: ×10⁴ lands on a half, which banker's rounding would take down.
        #expect(Fidelity.rounded4(0.03125) == 0.0313)
        #expect(Fidelity.rounded4(0.65625) == 0.6563)
        #expect(Fidelity.rounded4(-0.03125) == -0.0313)
    }
}
