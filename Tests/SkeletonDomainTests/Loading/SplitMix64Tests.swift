import SkeletonDomain
import Testing

extension LoadingTests {
    struct SplitMix64Tests {
        @Test func firstOutputsForSeedZeroAreTheReferenceOnes() {
            var generator = SplitMix64(seed: 0)
            #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
            #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
            #expect(generator.next() == 0x06C4_5D18_8009_454F)
        }

        /// FNV-1a 64 of "home/typical" is 0xc03424941ecb40f9 (Tests/Reference/loading_model.py derives it; test_reference.py checks).
        @Test func loadGeneratorStartsFromSeedXorFNV1aOfScreenAndScenario() {
            let hash: UInt64 = 0xc034_2494_1ecb_40f9
            #expect(SplitMix64(screen: "home", scenario: .typical, seed: 0).state == hash)
            #expect(SplitMix64(screen: "home", scenario: .typical, seed: 5).state == hash ^ 5)
        }

        @Test func drawsStayWithinTheirInclusiveRange() {
            var generator = SplitMix64(seed: 7)
            var seen = Set<Int>()
            for _ in 0..<2000 {
                let value = generator.next(in: 3...9)
                #expect((3...9).contains(value))
                seen.insert(value)
            }
            #expect(seen == Set(3...9))
        }

        @Test func drawIsLowPlusNextModuloWidth() {
            var draws = SplitMix64(seed: 0)
            var raw = SplitMix64(seed: 0)
            for _ in 0..<10 {
                #expect(draws.next(in: 100...1500) == 100 + Int(raw.next() % 1401))
            }
        }
    }
}
