/// A one-shot action scheduled on an event loop; `cancel()` before it fires and it never runs.
public final class LoopTimer {
    let deadline: Int64
    let sequence: UInt64
    private var action: (() -> Void)?

    init(deadline: Int64, sequence: UInt64, action: @escaping () -> Void) {
        self.deadline = deadline
        self.sequence = sequence
        self.action = action
    }

    /// Fired or cancelled.
    var isDone: Bool { action == nil }

    public func cancel() {
        action = nil
    }

    func fire() {
        let action = self.action
        self.action = nil
        action?()
    }
}

/// Timers ordered by deadline, then by scheduling order: a binary min-heap.
struct TimerHeap {
    private var items: [LoopTimer] = []

    var nextDeadline: Int64? { items.first?.deadline }

    mutating func insert(_ timer: LoopTimer) {
        items.append(timer)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest timer if it is due at `now`.
    mutating func popDue(now: Int64) -> LoopTimer? {
        guard let first = items.first, first.deadline <= now else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count && precedes(items[left], items[smallest]) { smallest = left }
                if right < items.count && precedes(items[right], items[smallest]) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first
    }

    private func precedes(_ a: LoopTimer, _ b: LoopTimer) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
    }
}
