@testable import SkeletonAPI
import Testing

/// The frames cache's bound (docs/architecture.md: 512 documents, started afresh when full),
/// against a dictionary that keeps everything.
@Suite struct FrameCacheTests {
    /// Distinct non-zero keys spread over the whole range, as packed keys are.
    private func keys(_ count: Int, from seed: UInt64) -> [UInt64] {
        var state = seed
        var made: Set<UInt64> = []
        while made.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if state != 0 { made.insert(state) }
        }
        return Array(made)
    }

    @Test func aFullCacheKeepsEveryDocumentItWasGiven() {
        let cache = FrameCache<Int>(limit: FrameRoutes.cacheLimit)
        let kept = keys(FrameRoutes.cacheLimit, from: 1)
        for (index, key) in kept.enumerated() { cache.keep(index, key) }
        for (index, key) in kept.enumerated() { #expect(cache.document(key) == index) }
        #expect(keys(100, from: 2).allSatisfy { cache.document($0) == nil })
    }

    @Test func oneDocumentPastTheBoundStartsAfresh() {
        let cache = FrameCache<Int>(limit: FrameRoutes.cacheLimit)
        let kept = keys(FrameRoutes.cacheLimit + 1, from: 3)
        for (index, key) in kept.enumerated() { cache.keep(index, key) }
        #expect(kept.dropLast().allSatisfy { cache.document($0) == nil })
        #expect(cache.document(kept.last!) == FrameRoutes.cacheLimit)
    }

    @Test func keepingAKeyAgainReplacesItAndTakesNoRoom() {
        let cache = FrameCache<Int>(limit: 4)
        let kept = keys(4, from: 5)
        for (index, key) in kept.dropLast().enumerated() { cache.keep(index, key) }
        for _ in 0..<10 { cache.keep(99, kept[0]) }
        cache.keep(3, kept[3])
        #expect(cache.document(kept[0]) == 99)
        #expect((1..<4).allSatisfy { cache.document(kept[$0]) == $0 })
    }
}
