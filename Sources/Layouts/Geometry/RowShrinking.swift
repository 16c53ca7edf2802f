/// A row whose children's bases (`LayoutBox.rowBasis`) and gaps exceed its inner width, shrunk as
/// CSS shrinks flex items of `flex-shrink: 1` on border boxes (CSS Flexbox §9.7): the overflow is
/// taken from the greedy children with a `basis`, each in proportion to its basis beyond its
/// horizontal padding; one that would go below its padding stays at its padding and the rest is
/// shared again among the others. Children without a basis keep their bases (a greedy one its
/// padding, another its own width), so that a row of them overflows as before.
///
/// Guarantees: no width below its child's horizontal padding; when the shrinkable children can
/// absorb the overflow, the widths and gaps add up to the inner width.
enum RowShrinking {
    /// The children's widths, given their bases and the (negative) free width they leave.
    static func widths(_ children: [LayoutBox], bases: [Double], free: Double) -> [Double] {
        var widths = bases
        let weights = zip(children, bases).map { child, basis in child.isGreedy && child.basis != nil ? basis - child.horizontalPadding : 0 }
        var shrinking = Set(weights.indices.filter { weights[$0] > 0 })
        var overflow = -free
        while !shrinking.isEmpty, overflow > 0 {
            let total = shrinking.reduce(0) { $0 + weights[$1] }
            let floored = shrinking.filter { bases[$0] - overflow * weights[$0] / total < children[$0].horizontalPadding }
            guard !floored.isEmpty else {
                for index in shrinking { widths[index] = bases[index] - overflow * weights[index] / total }
                return widths
            }
            for index in floored {
                widths[index] = children[index].horizontalPadding
                overflow -= bases[index] - widths[index]
            }
            shrinking.subtract(floored)
        }
        return widths
    }
}
