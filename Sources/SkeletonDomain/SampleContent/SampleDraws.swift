/// The seeded choices behind one element's sample content.
///
/// Guarantees: the draws for (screen, element, seed) come from `SplitMix64` started at
/// `seed ^ fnv1a64("<screen>/<element>")` (as a simulated load's generator starts from its
/// screen and scenario), so they are the same on every run and machine; each helper consumes a
/// fixed number of draws for a given argument, so an element's content depends only on its seed.
struct SampleDraws {
    private var generator: SplitMix64

    init(screen: String, element: String, seed: Int) {
        var hash = ContentHash()
        hash.add(Array("\(screen)/\(element)".utf8))
        generator = SplitMix64(seed: UInt64(truncatingIfNeeded: seed) ^ hash.value)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        generator.next(in: range)
    }

    mutating func pick<Item>(_ items: [Item]) -> Item {
        items[generator.next(in: 0...items.count - 1)]
    }

    /// `count` different items of `items`, in drawn order (a partial Fisher-Yates shuffle).
    mutating func distinct<Item>(_ count: Int, of items: [Item]) -> [Item] {
        precondition(count <= items.count, "cannot draw \(count) distinct items of \(items.count)")
        var pool = items
        for index in 0..<count {
            pool.swapAt(index, generator.next(in: index...pool.count - 1))
        }
        return Array(pool[..<count])
    }

    /// An amount of money in `cents`, as a number with at most two decimals (`12.5`, `1834.2`).
    mutating func amount(cents: ClosedRange<Int>) -> Double {
        Self.amount(generator.next(in: cents))
    }

    /// Integer cents as currency units: the division is exact to the nearest double, whose
    /// shortest form, the one `JSONWriter` writes, is the two-decimal value itself.
    static func amount(_ cents: Int) -> Double {
        Double(cents) / 100
    }
}
