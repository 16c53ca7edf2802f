import SkeletonDomain
import Testing

/// The loading simulation's suites, nested here so that `swift test --filter Loading` runs them
/// all, with the helpers they share.
@Suite enum LoadingTests {
    static let catalog = Catalog.builtIn

    static func screen(_ id: String) -> Screen {
        catalog.screen(id)!
    }

    static func schedule(_ screen: String, _ scenario: Scenario, seed: Int = 0) -> Schedule {
        Schedule(screen: self.screen(screen), scenario: scenario, seed: seed)
    }

    /// Every (screen, scenario, seed) for seeds `0..<seeds`.
    static func allSchedules(seeds: Int) -> [Schedule] {
        catalog.screens.flatMap { screen in
            Scenario.allCases.flatMap { scenario in
                (0..<seeds).map { Schedule(screen: screen, scenario: scenario, seed: $0) }
            }
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }
}
