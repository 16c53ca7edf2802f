/// A row whose children's sizes before shrinking (`LayoutBox.rowBasis`, table columns their share)
/// and gaps exceed its inner width, shrunk as CSS shrinks flex items of `flex-shrink: 1` on border
/// boxes (CSS Flexbox §9.7): the overflow is taken from the greedy children with a `basis`, each
/// from its basis (even beyond its limit: CSS's flex base size) in proportion to its basis beyond
/// its horizontal padding. Where that would take some below their padding or beyond their limit
/// (`LayoutBox.maxFillWidth`), those on the side violated by more in all stay at their padding or
/// limit, and the rest is shared again among the others (CSS's freezing). Children without a
/// basis keep their sizes (a greedy one its padding, another its own width), so that a row of
/// them overflows as before.
///
/// Guarantees: no width below its child's horizontal padding, nor a greedy one beyond its limit;
/// when the shrinkable children can absorb the overflow, the widths and gaps add up to the inner
/// width.
enum RowShrinking {
    /// The children's widths, given their sizes and the (negative) free width they leave.
    static func widths(_ children: [LayoutBox], sizes: [Double], free: Double) -> [Double] {
        let shrinks = children.map { $0.isGreedy && $0.basis != nil }
        let bases = children.indices.map { shrinks[$0] ? max(children[$0].basis ?? 0, children[$0].horizontalPadding) : sizes[$0] }
        var widths = bases
        let weights = children.indices.map { shrinks[$0] ? bases[$0] - children[$0].horizontalPadding : 0 }
        var shrinking = weights.indices.filter { weights[$0] > 0 }
        var overflow = bases.indices.reduce(-free) { $0 + bases[$1] - sizes[$1] }
        while !shrinking.isEmpty, overflow > 0 {
            let total = shrinking.reduce(0) { $0 + weights[$1] }
            let targets = shrinking.map { bases[$0] - overflow * weights[$0] / total }
            for (index, target) in zip(shrinking, targets) { widths[index] = children[index].limited(max(target, children[index].horizontalPadding)) }
            let violation = zip(shrinking, targets).reduce(0) { $0 + widths[$1.0] - $1.1 }
            guard violation != 0 else { return widths }
            let frozen = zip(shrinking, targets).filter { violation > 0 ? widths[$0.0] > $0.1 : widths[$0.0] < $0.1 }.map(\.0)
            for index in frozen { overflow -= bases[index] - widths[index] }
            shrinking.removeAll { frozen.contains($0) }
        }
        for index in shrinking { widths[index] = children[index].limited(bases[index]) }
        return widths
    }
}
