import Synchronization
import Testing

@testable import SkeletonDomain

/// `Once`: nothing is made before the first read, every read gives the one value kept, however
/// many threads read first at once.
struct OnceTests {
    private final class Made: Sendable {}

    @Test func nothingIsMadeBeforeTheFirstReadAndOnlyOnceAfterIt() {
        let makes = Atomic<Int>(0)
        let once = Once { makes.add(1, ordering: .relaxed); return 42 }
        #expect(makes.load(ordering: .relaxed) == 0)
        #expect(once.value == 42)
        #expect(once.value == 42)
        #expect(makes.load(ordering: .relaxed) == 1)
    }

    @Test func threadsReadingFirstAtOnceAllGetTheOneValueKept() async {
        for _ in 0..<50 {
            let once = Once { Made() }
            let read = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 { group.addTask { ObjectIdentifier(once.value) } }
                return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(read.count == 1)
            #expect(read.first == ObjectIdentifier(once.value))
        }
    }
}
