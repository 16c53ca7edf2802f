import Layouts

/// Every set of a layout's options but its variant (theme, motion, direction, expand) as one
/// number below `LayoutOptions.combinations`, each option a digit in mixed radix whose radix is
/// the count of values its parameter declares (`Parameters.theme`, ...): a value declared for any
/// of them is counted by `combinations` and given a digit of its own by its `ordinal` (its
/// position among the declared words, which the compiler asks for and a test holds to the
/// declaration), so that no two sets share a number.
extension LayoutOptions {
    /// How many values each option's declaration lists.
    struct Counts: Sendable {
        let themes: Int
        let motions: Int
        let directions: Int
        let expands: Int

        /// The counts the declarations list now.
        static let declared = Counts(themes: Parameters.theme.words.count, motions: Parameters.motion.words.count,
                                     directions: Parameters.direction.words.count, expands: Parameter.booleanWords.count)

        /// How many sets there are: the product of the counts.
        var combinations: Int { themes * motions * directions * expands }

        /// The number of the set whose options are at these positions among their values.
        @inline(__always)
        func combination(theme: Int, motion: Int, direction: Int, expand: Int) -> Int {
            ((theme * motions + motion) * directions + direction) * expands + expand
        }
    }

    static let combinations = Counts.declared.combinations

    /// This set's number, from 0 to `combinations - 1`.
    var combination: Int {
        Counts.declared.combination(theme: theme.ordinal, motion: motion.ordinal, direction: direction.ordinal, expand: expand ? 1 : 0)
    }
}

extension Theme {
    /// The position in `allCases`, without making that array on every request.
    var ordinal: Int {
        switch self {
        case .light: 0
        case .dark: 1
        }
    }
}

extension Motion {
    /// The position in `allCases`, without making that array on every request.
    var ordinal: Int {
        switch self {
        case .full: 0
        case .reduced: 1
        }
    }
}

extension Direction {
    /// The position in `allCases`, without making that array on every request.
    var ordinal: Int {
        switch self {
        case .ltr: 0
        case .rtl: 1
        }
    }
}
