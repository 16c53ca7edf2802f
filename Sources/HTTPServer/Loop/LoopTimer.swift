/// A one-shot action scheduled on an event loop. Cancelled (`EventLoop.cancel`) before it fires,
/// it never runs and leaves the loop's heap at once, so a closed connection's timers hold no memory.
final class LoopTimer {
    let deadline: Int64
    let sequence: UInt64
    private var action: (() -> Void)?
    /// Where the timer is in its heap; nil once it has left it. 32 bits, declared last: with them
    /// a timer fits a 64-byte allocation (an open stream or long poll keeps one).
    fileprivate(set) var heapIndex: Int32?

    init(deadline: Int64, sequence: UInt64, action: @escaping () -> Void) {
        self.deadline = deadline
        self.sequence = sequence
        self.action = action
    }

    /// Fired or cancelled.
    var isDone: Bool { action == nil }

    func cancel() {
        action = nil
    }

    func fire() {
        let action = self.action
        self.action = nil
        action?()
    }
}

/// Timers ordered by deadline, then by scheduling order: a binary min-heap in which each timer
/// knows its position, so that removing any one of them is O(log n).
struct TimerHeap {
    private var items: [LoopTimer] = []

    var nextDeadline: Int64? { items.first?.deadline }

    mutating func insert(_ timer: LoopTimer) {
        items.append(timer)
        timer.heapIndex = Int32(items.count - 1)
        siftUp(items.count - 1)
    }

    /// Removes and returns the earliest timer if it is due at `now`.
    mutating func popDue(now: Int64) -> LoopTimer? {
        guard let first = items.first, first.deadline <= now else { return nil }
        remove(first)
        return first
    }

    /// Takes `timer` out of the heap; nothing if it is not in it.
    mutating func remove(_ timer: LoopTimer) {
        guard let index = timer.heapIndex.map(Int.init) else { return }
        timer.heapIndex = nil
        let last = items.removeLast()
        guard index < items.count else { return }
        place(last, at: index)
        siftDown(index)
        siftUp(Int(last.heapIndex!))
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(items[child], items[parent]) else { break }
            swap(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count && precedes(items[left], items[smallest]) { smallest = left }
            if right < items.count && precedes(items[right], items[smallest]) { smallest = right }
            if smallest == parent { return }
            swap(parent, smallest)
            parent = smallest
        }
    }

    private mutating func swap(_ a: Int, _ b: Int) {
        let timer = items[a]
        place(items[b], at: a)
        place(timer, at: b)
    }

    private mutating func place(_ timer: LoopTimer, at index: Int) {
        items[index] = timer
        timer.heapIndex = Int32(index)
    }

    private func precedes(_ a: LoopTimer, _ b: LoopTimer) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
    }
}
