import Layouts

/// Every set of a layout's options but its variant (theme, motion, direction, expand) as one
/// number below `LayoutOptions.combinations`, each enumeration's case a digit in mixed radix: a
/// case added to any of them is counted by `combinations` and given a digit of its own by its
/// `ordinal` (which the compiler asks for), so that no two sets share a number.
extension LayoutOptions {
    static let combinations = themes * motions * directions * 2

    private static let themes = Theme.allCases.count
    private static let motions = Motion.allCases.count
    private static let directions = Direction.allCases.count

    /// This set's number, from 0 to `combinations - 1`.
    var combination: Int {
        ((theme.ordinal * Self.motions + motion.ordinal) * Self.directions + direction.ordinal) * 2 + (expand ? 1 : 0)
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
