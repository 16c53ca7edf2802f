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

    @Test func ordinalsAreThePositionsInAllCases() {
        #expect(Theme.allCases.map(\.ordinal) == Array(Theme.allCases.indices))
        #expect(Motion.allCases.map(\.ordinal) == Array(Motion.allCases.indices))
        #expect(Direction.allCases.map(\.ordinal) == Array(Direction.allCases.indices))
    }

    /// The frame cache's key keeps 7 bits for the combination.
    @Test func theCombinationsFitTheFrameKeysBits() {
        #expect(LayoutOptions.combinations <= 1 << 7)
    }
}
