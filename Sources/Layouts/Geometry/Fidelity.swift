/// How faithful a skeleton is to the content that replaced it (docs/spec.md, "Fidelity score"):
/// the skeleton's shapes matched to the content's by IoU, greedily and deterministically, times
/// the ratio of the two heights.
///
/// Guarantees: `score` is in [0, 1]; the same inputs give the same `shapes`, in the contract's
/// order (matched pairs in matching order, then unmatched skeleton shapes ascending, then
/// unmatched content shapes ascending), as the web renderer's measurement does.
public struct Fidelity: Sendable, Equatable {
    /// One entry of the comparison: a matched pair, or a shape of one side that matched nothing
    /// (the other index nil, `iou` 0).
    public struct Shape: Sendable, Equatable {
        public var skeleton: Int?
        public var content: Int?
        public var iou: Double

        public init(skeleton: Int?, content: Int?, iou: Double) {
            self.skeleton = skeleton
            self.content = content
            self.iou = iou
        }
    }

    /// The least IoU at which two shapes can be matched.
    public static let matchThreshold = 0.1

    /// shapeScore × heightScore, unrounded.
    public let score: Double
    public let shapeScore: Double
    public let heightScore: Double
    public let shapes: [Shape]
    /// The heights compared, as given.
    public let skeletonHeight: Double
    public let contentHeight: Double

    /// Compares the skeleton's shapes `skeleton` (content height `skeletonHeight`) with the
    /// content's shapes `content` (measured height `contentHeight`), all relative to the same
    /// top-left corner, in document order.
    public init(skeleton: [Rect], content: [Rect], skeletonHeight: Double, contentHeight: Double) {
        var candidates: [(iou: Double, skeleton: Int, content: Int)] = []
        for i in skeleton.indices {
            for j in content.indices {
                let iou = skeleton[i].intersectionOverUnion(content[j])
                if iou >= Self.matchThreshold { candidates.append((iou, i, j)) }
            }
        }
        candidates.sort { a, b in
            if a.iou != b.iou { return a.iou > b.iou }
            if a.skeleton != b.skeleton { return a.skeleton < b.skeleton }
            return a.content < b.content
        }
        var skeletonUsed = [Bool](repeating: false, count: skeleton.count)
        var contentUsed = [Bool](repeating: false, count: content.count)
        var shapes: [Shape] = []
        var sum = 0.0
        for candidate in candidates where !skeletonUsed[candidate.skeleton] && !contentUsed[candidate.content] {
            skeletonUsed[candidate.skeleton] = true
            contentUsed[candidate.content] = true
            sum += candidate.iou
            shapes.append(Shape(skeleton: candidate.skeleton, content: candidate.content, iou: candidate.iou))
        }
        let matched = shapes.count
        for i in skeleton.indices where !skeletonUsed[i] { shapes.append(Shape(skeleton: i, content: nil, iou: 0)) }
        for j in content.indices where !contentUsed[j] { shapes.append(Shape(skeleton: nil, content: j, iou: 0)) }
        let denominator = skeleton.count + content.count - matched
        shapeScore = denominator == 0 ? 1 : sum / Double(denominator)
        let tallest = max(skeletonHeight, contentHeight)
        heightScore = tallest <= 0 ? 1 : min(skeletonHeight, contentHeight) / tallest
        score = shapeScore * heightScore
        self.shapes = shapes
        self.skeletonHeight = skeletonHeight
        self.contentHeight = contentHeight
    }

    /// `value` rounded to 4 decimals, half away from zero: how scores and IoUs are reported.
    public static func rounded4(_ value: Double) -> Double {
        (value * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000
    }
}

extension Rect {
    /// area(self ∩ other) / area(self ∪ other); 0 when the union is empty.
    public func intersectionOverUnion(_ other: Rect) -> Double {
        let overlap = intersection(other)
        let shared = overlap.width * overlap.height
        let union = width * height + other.width * other.height - shared
        return union > 0 ? shared / union : 0
    }
}
