/// The bounds on screen files, so that an untrusted file costs bounded time and memory; the
/// schema (`/schema/screen.json`) and docs/screens.md state the same numbers.
package enum ScreenFileLimits {
    package static let maxFileBytes = 1_048_576
    package static let maxFiles = 256
    package static let maxJSONDepth = 64
    package static let maxStringBytes = 4096
    package static let maxContentBytes = 65_536
    /// Sizes in points: padding, spacing, width, height, radii, line metrics.
    package static let sizes: ClosedRange<Double> = 0...10_000
    /// A stack's `spacing` (below 0, its children overlap by that much) and `rowSpacing` (below 0,
    /// its lines are 0 apart), in points.
    package static let spacings: ClosedRange<Double> = -10_000...10_000
    /// An overlay's offsets from its parent's edges, in points: below 0, beyond that edge.
    package static let offsets: ClosedRange<Double> = -10_000...10_000
    /// An overlay's `offsetFraction`: a share of its parent's frame width, either way.
    package static let offsetFractions: ClosedRange<Double> = -1...1
    /// A fill width's `grow` (above 0) and a paragraph's `measure` (above 0), in points.
    package static let grows: ClosedRange<Double> = 0...100
    package static let measures: ClosedRange<Double> = 0...100_000
    /// A block's or a stack's `aspectRatio`, width over height (above 0).
    package static let aspectRatios: ClosedRange<Double> = 0...100
    /// A greedy node's `maxFillFraction` (above 0), of the width its percentage resolves against.
    package static let fractions: ClosedRange<Double> = 0...1
    package static let maxLines = 1...100
    /// The words of a paragraph's `words` (its greedy breaking).
    package static let wordCounts = 1...2_000
    /// The pieces of one word (more than one where a line may break inside it, after a hyphen).
    package static let wordPieces = 1...64
    /// The width a screen was captured at (`captureWidth`), in points.
    package static let captureWidths = 120...10_000
    package static let maxNodeDepth = 32
    package static let repeatCounts = 0...100
    package static let maxChildren = 256
    /// Nodes of one document once its repeats are expanded.
    package static let maxExpandedNodes = 10_000
    package static let stageCount = 1...64
    package static let elementCount = 1...256
    package static let layoutCount = 1...8
    package static let stopCount = 2...16
    package static let stageMilliseconds = 0...600_000
    package static let displayMilliseconds = 0...60_000
    package static let timeoutMilliseconds = 1...600_000
    package static let animationMilliseconds = 1...60_000
}

/// The identifier patterns of screen files, checked without regular expressions.
struct IdentifierSyntax: Sendable {
    let name: String
    /// As written in the schema.
    let pattern: String
    let first: @Sendable (UInt8) -> Bool
    let rest: @Sendable (UInt8) -> Bool
    let maxLength: Int

    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let head = bytes.first, bytes.count <= maxLength, first(head) else { return false }
        return bytes.dropFirst().allSatisfy(rest)
    }

    private static func letter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func digit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static let screen = IdentifierSyntax(
        name: "screen id", pattern: "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$",
        first: { letter($0) || digit($0) }, rest: { letter($0) || digit($0) || $0 == 0x5F || $0 == 0x2D }, maxLength: 64)
    /// Stage, element and node ids: `poster[0]` is an element id of the built-in movies screen.
    static let node = IdentifierSyntax(
        name: "id", pattern: "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$",
        first: { letter($0) || $0 == 0x5F },
        rest: { letter($0) || digit($0) || [0x5F, 0x2E, 0x5B, 0x5D, 0x2D].contains($0) }, maxLength: 64)
    static let variant = IdentifierSyntax(
        name: "variant", pattern: "^[A-Za-z][A-Za-z0-9_-]{0,31}$",
        first: letter, rest: { letter($0) || digit($0) || $0 == 0x5F || $0 == 0x2D }, maxLength: 32)
}
