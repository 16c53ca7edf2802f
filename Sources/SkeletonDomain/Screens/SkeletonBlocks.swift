import Layouts

/// The seeds' base skeleton blocks, one per app, with the seeds' own parameters, so that each
/// screen reads like its seed. A nil width fills the parent, as in the seeds.
extension Node {
    /// The finance app's `SkeletonView` (seed 000): `systemFill` with its own shimmer.
    static func skeletonView(width: Double? = nil, height: Double, cornerRadius: Double = 8) -> Node {
        block(width: width.map(Width.points) ?? .fill, height: height, cornerRadius: cornerRadius, fill: .base)
            .shimmering()
    }

    /// The chat app's `SkeletonView` (seed 002): filled by its own gradient shimmer.
    static func chatSkeletonView(width: Double, height: Double, cornerRadius: Double) -> Node {
        block(width: .points(width), height: height, cornerRadius: cornerRadius, fill: .gray5).shimmering()
    }

    /// The movie app's `SkeletonRectangle` (seed 004): the surface colour. Its shimmer comes
    /// from the group it sits in, since the screen allows only three.
    static func skeletonRectangle(
        width: Double? = nil, height: Double, cornerRadius: Double, corners: [Corner]? = nil
    ) -> Node {
        block(
            width: width.map(Width.points) ?? .fill, height: height, cornerRadius: cornerRadius,
            fill: .surface, corners: corners)
    }
}
