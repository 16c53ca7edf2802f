import SkeletonDomain

/// The range of every integer query parameter, written once: the routes parse by these, their
/// 400 problems state them, and the OpenAPI description's `minimum` and `maximum` are made of them.
enum ParameterRanges {
    /// `width` and `height` of frames and snapshots, in whole points.
    static let viewport = 120...2048
    /// `at`: a virtual instant of a load, in ms (24 h).
    static let at = 0...86_400_000
    /// `wait`: how long a long poll may be held, in ms.
    static let wait = 0...30_000
    /// `seed`: exact in every JSON parser.
    static let seed = Schedule.seedRange

    /// `"minimum": A, "maximum": B` members of a JSON Schema for `range`.
    static func bounds(_ range: ClosedRange<Int>) -> String {
        #""minimum": \#(range.lowerBound), "maximum": \#(range.upperBound)"#
    }
}
