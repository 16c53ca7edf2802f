import Foundation
import Testing
@testable import HTTPServer

struct LockedTests {
    /// Four threads adding to one count through `withLock` lose no addition.
    @Test func concurrentChangesAreSerialised() {
        let count = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<50_000 { count.withLock { $0 += 1 } }
            }
        }
        group.wait()
        #expect(count.withLock { $0 } == 200_000)
    }
}
