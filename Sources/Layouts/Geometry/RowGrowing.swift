/// A row whose children's widths before growing (`LayoutBox.rowBasis`; a table column its share)
/// and gaps leave free width, grown as CSS grows flex items of `flex: grow 1 basis` with a
/// `max-width` on border boxes (CSS Flexbox §9.7): the greedy children share the free width in
/// proportion to their grow (only that part of it when the grows add up to less than 1); one whose
/// share would take it beyond its limit (`LayoutBox.maxFillWidth`) is frozen at its limit, and the
/// others share again what it leaves, until none would go beyond. What no child can take is left
/// empty at the row's end.
///
/// Guarantees: no width below its basis; no greedy width beyond its limit (nor its padding's
/// width, when that is more); with a greedy child none of whose limits is reached, and grows
/// adding up to 1 or more, the widths and gaps add up to the inner width.
enum RowGrowing {
    /// The children's widths, given their bases and the free width (at least 0) they leave.
    static func widths(_ children: [LayoutBox], bases: [Double], free: Double) -> [Double] {
        var widths = bases
        // A basis at its limit is frozen from the start (CSS's hypothetical main size below the flex base size).
        var growing = children.indices.filter { children[$0].isGreedy && children[$0].limited(.infinity) > bases[$0] }
        var left = free
        while !growing.isEmpty {
            let grows = growing.reduce(0) { $0 + children[$1].grow }
            // Grows adding up to less than 1 share only that part of the first free width, when that is less.
            let (shared, among) = grows < 1 && free * grows <= left ? (free, 1.0) : (left, grows)
            for index in growing { widths[index] = bases[index] + shared * children[index].grow / among }
            let frozen = growing.filter { children[$0].limited(widths[$0]) < widths[$0] }
            guard !frozen.isEmpty else { return widths }
            for index in frozen {
                widths[index] = children[index].limited(widths[index])
                left -= widths[index] - bases[index]
            }
            growing.removeAll { frozen.contains($0) }
        }
        return widths
    }
}
