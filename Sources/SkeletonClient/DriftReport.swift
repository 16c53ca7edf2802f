/// A drift report as `POST /drift` takes it (docs/http-api.md, schema `/schema/drift-report.json`):
/// which element of which version of a screen, at which width, and how faithful its skeleton was.
///
/// Guarantees: geometry and scores only, no text, URL or content; encodes score and IoUs rounded to
/// 4 decimals and the width and heights to 2, as the web renderer's report does, and the shapes'
/// unmatched side as an explicit `null`.
public struct DriftReport: Encodable, Sendable, Equatable {
    public var screen: String
    public var version: String
    public var element: String
    public var width: Double
    public var fidelity: Fidelity

    public init(screen: String, version: String, element: String, width: Double, fidelity: Fidelity) {
        self.screen = screen
        self.version = version
        self.element = element
        self.width = width
        self.fidelity = fidelity
    }

    /// At most this many shapes are sent (the contract's bound); the rest are left off.
    public static let shapeLimit = 256

    private enum Keys: String, CodingKey {
        case screen, version, element, width, score, skeletonHeight, contentHeight, shapes
    }

    private enum ShapeKeys: String, CodingKey {
        case skeleton, content, iou
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(screen, forKey: .screen)
        try container.encode(version, forKey: .version)
        try container.encode(element, forKey: .element)
        try container.encode(Self.rounded2(width), forKey: .width)
        try container.encode(Fidelity.rounded4(fidelity.score), forKey: .score)
        try container.encode(Self.rounded2(fidelity.skeletonHeight), forKey: .skeletonHeight)
        try container.encode(Self.rounded2(fidelity.contentHeight), forKey: .contentHeight)
        var shapes = container.nestedUnkeyedContainer(forKey: .shapes)
        for shape in fidelity.shapes.prefix(Self.shapeLimit) {
            var entry = shapes.nestedContainer(keyedBy: ShapeKeys.self)
            try entry.encode(shape.skeleton, forKey: .skeleton)
            try entry.encode(shape.content, forKey: .content)
            try entry.encode(Fidelity.rounded4(shape.iou), forKey: .iou)
        }
    }

    static func rounded2(_ value: Double) -> Double { (value * 100).rounded(.toNearestOrAwayFromZero) / 100 }
}
