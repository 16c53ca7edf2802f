/// How a frames document's key packs what the document depends on into one integer, each field
/// as many bits as its count of values needs, counted when the routes are made (from the
/// declarations' values and the catalog), not baked in: a value added to a parameter or a screen
/// added to the catalog widens its field, so that no two documents share a key.
///
/// Guarantees: distinct fields give distinct keys, and no key is zero (a width is at least 1),
/// as `FrameCache` needs; the fields fit 64 bits, or the routes are never made (a precondition).
struct FrameKey: Sendable {
    /// Where each field starts, from the low bits up: the options' combination (from bit 0), then
    /// whether it is the snapshot, the height (0 without one), the width, the variant, the
    /// screen and the element laid out alone (its index plus one, 0 for the whole screen).
    private let snapshotShift: Int
    private let heightShift: Int
    private let widthShift: Int
    private let variantShift: Int
    private let screenShift: Int
    private let elementShift: Int

    init(combinations: Int, heights: ClosedRange<Int>, widths: ClosedRange<Int>, variants: Int, screens: Int, elements: Int) {
        precondition(widths.lowerBound > 0, "a width of 0 would give a zero key")
        snapshotShift = Self.bits(combinations - 1)
        heightShift = snapshotShift + 1
        widthShift = heightShift + Self.bits(heights.upperBound)
        variantShift = widthShift + Self.bits(widths.upperBound)
        screenShift = variantShift + Self.bits(variants - 1)
        elementShift = screenShift + Self.bits(screens - 1)
        precondition(elementShift + Self.bits(elements) <= UInt64.bitWidth, "a frames key needs \(elementShift + Self.bits(elements)) bits")
    }

    /// How many bits the numbers 0 to `largest` need.
    static func bits(_ largest: Int) -> Int {
        largest <= 0 ? 0 : Int.bitWidth - largest.leadingZeroBitCount
    }

    /// The key of a document: each argument within the counts it was made with.
    @inline(__always)
    func key(combination: Int, isSnapshot: Bool, width: Int, height: Int?, variant: Int, screen: Int, element: Int?) -> UInt64 {
        var packed = UInt64(element.map { $0 + 1 } ?? 0) << elementShift | UInt64(screen) << screenShift | UInt64(variant) << variantShift
        packed |= UInt64(width) << widthShift | UInt64(height ?? 0) << heightShift
        return packed | (isSnapshot ? 1 << snapshotShift : 0) | UInt64(combination)
    }
}
