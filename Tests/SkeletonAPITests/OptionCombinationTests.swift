import Layouts
import Testing
@testable import SkeletonAPI

/// `LayoutOptions.combination`, by which the layout routes find a prepared document and the frame
/// routes key their cache: one number per set of options, wherever a case is added.
@Suite struct OptionCombinationTests {
    /// Every set of theme, motion, direction and expand, built from the enumerations' own cases.
    static let everySet = Theme.allCases.flatMap { theme in
        Motion.allCases.flatMap { motion in
            Direction.allCases.flatMap { direction in
                [false, true].map { LayoutOptions(theme: theme, motion: motion, direction: direction, expand: $0) }
            }
        }
    }

    @Test func everySetHasANumberOfItsOwnBelowTheCount() {
        let numbers = Self.everySet.map(\.combination)
        #expect(Set(numbers).count == Self.everySet.count)
        #expect(LayoutOptions.combinations == Self.everySet.count)
        #expect(numbers.allSatisfy { (0..<LayoutOptions.combinations).contains($0) })
    }

    @Test func ordinalsAreThePositionsAmongTheDeclaredWords() {
        #expect(Theme.allCases.map(\.rawValue) == Parameters.theme.words)
        #expect(Theme.allCases.map(\.ordinal) == Array(Theme.allCases.indices))
        #expect(Motion.allCases.map(\.rawValue) == Parameters.motion.words)
        #expect(Motion.allCases.map(\.ordinal) == Array(Motion.allCases.indices))
        #expect(Direction.allCases.map(\.rawValue) == Parameters.direction.words)
        #expect(Direction.allCases.map(\.ordinal) == Array(Direction.allCases.indices))
    }

    /// As if a third theme were declared (and three directions): every set still has a number of
    /// its own, below the count.
    @Test func withAThirdThemeEverySetStillHasANumberOfItsOwn() {
        let counts = LayoutOptions.Counts(themes: 3, motions: 2, directions: 3, expands: 2)
        var numbers: [Int] = []
        for theme in 0..<3 { for motion in 0..<2 { for direction in 0..<3 { for expand in 0..<2 {
            numbers.append(counts.combination(theme: theme, motion: motion, direction: direction, expand: expand))
        } } } }
        #expect(Set(numbers).count == 36 && counts.combinations == 36)
        #expect(numbers.allSatisfy { (0..<36).contains($0) })
    }

    /// The frame cache's key, packed for a third theme's 24 combinations (the key of 16 kept 7 bits
    /// for them; 128 and more collided there): distinct and non-zero for every combination, view,
    /// size, variant, screen and element, at the edges of each field.
    @Test func withAThirdThemeEveryFramesKeyIsDistinct() {
        let counts = LayoutOptions.Counts(themes: 3, motions: 2, directions: 2, expands: 2)
        for combinations in [counts.combinations, 200] {
            let packing = FrameKey(combinations: combinations, heights: Parameters.height.integers!, widths: Parameters.width.integers!,
                                   variants: 3, screens: 5, elements: 40)
            var keys = Set<UInt64>()
            var count = 0
            for combination in [0, 1, combinations / 2, combinations - 1] { for isSnapshot in [false, true] {
                for width in [120, 121, 2047, 2048] { for height in [nil, 120, 2048] {
                    for variant in 0..<3 { for screen in [0, 4] { for element in [nil, 0, 39] {
                        keys.insert(packing.key(combination: combination, isSnapshot: isSnapshot, width: width, height: height,
                                                variant: variant, screen: screen, element: element))
                        count += 1
                    } } }
                } }
            } }
            #expect(keys.count == count, "\(count - keys.count) keys collide for \(combinations) combinations")
            #expect(!keys.contains(0))
        }
    }
}
