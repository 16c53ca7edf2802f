import Testing
@testable import HTTPServer

/// The loop's timer heap: due timers in deadline order, then scheduling order; a removed timer
/// never comes out, wherever it was in the heap.
@Suite struct TimerHeapTests {
    func timers(_ deadlines: [Int64]) -> [LoopTimer] {
        deadlines.enumerated().map { LoopTimer(deadline: $1, sequence: UInt64($0), action: {}) }
    }

    func drain(_ heap: inout TimerHeap, now: Int64 = .max) -> [UInt64] {
        var order: [UInt64] = []
        while let timer = heap.popDue(now: now) { order.append(timer.sequence) }
        return order
    }

    @Test func popsDueTimersByDeadlineThenSequence() {
        var heap = TimerHeap()
        for timer in timers([30, 10, 20, 10, 40]) { heap.insert(timer) }
        #expect(drain(&heap, now: 25) == [1, 3, 2])
        #expect(heap.nextDeadline == 30)
        #expect(drain(&heap) == [0, 4])
        #expect(heap.nextDeadline == nil)
    }

    @Test func removedTimersNeverComeOut() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var heap = TimerHeap()
            let all = timers((0..<200).map { _ in Int64.random(in: 0..<100, using: &generator) })
            for timer in all { heap.insert(timer) }
            let removed = Set(all.indices.filter { _ in Bool.random(using: &generator) })
            for index in removed { heap.remove(all[index]) }
            for index in removed { heap.remove(all[index]) }  // a second removal changes nothing
            let expected = all.indices.filter { !removed.contains($0) }
                .sorted { (all[$0].deadline, $0) < (all[$1].deadline, $1) }.map(UInt64.init)
            #expect(drain(&heap) == expected)
            #expect(all.allSatisfy { $0.heapIndex == nil })
        }
    }
}
