/// SplitMix64 (Steele, Lea and Flood, 2014), the generator every simulated load draws from.
///
/// Guarantees: the schedule is defined by this specification, not by the platform, so that a
/// (screen, scenario, seed) triple gives the same draws on every server, run and machine:
/// - the generator for a triple starts from `seed ^ fnv1a64("<screen>/<scenario>")`, the FNV-1a
///   64-bit hash (offset basis 0xcbf29ce484222325, prime 0x100000001b3) of the UTF-8 bytes of the
///   screen id, a slash and the scenario's raw value;
/// - each `next()` adds 0x9E3779B97F4A7C15 to the state and returns it mixed:
///   `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB; z ^ (z >> 31)`;
/// - an integer in `lo...hi` is `lo + next() % (hi - lo + 1)` (the slight modulo bias is part of
///   the definition).
package struct SplitMix64: Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// The generator of one simulated load.
    package init(screen: String, scenario: Scenario, seed: Int) {
        var hash = ContentHash()
        hash.add(Array("\(screen)/\(scenario.rawValue)".utf8))
        self.init(seed: UInt64(truncatingIfNeeded: seed) ^ hash.value)
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
