import Synchronization

/// Counters written by one thread (their event loop) and read by any (the scrape): each an
/// atomic, so a read is never torn, but incremented with a relaxed load and store rather than a
/// locked read-modify-write, since no other thread writes it. Fixed size, allocated once.
final class Counters: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for index in 0..<count { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Only from the owning thread.
    @inline(__always)
    func add(_ amount: Int, at index: Int) {
        slots[index].store(slots[index].load(ordering: .relaxed) &+ amount, ordering: .relaxed)
    }

    /// Only from the owning thread.
    @inline(__always)
    func set(_ value: Int, at index: Int) {
        slots[index].store(value, ordering: .relaxed)
    }

    /// From any thread.
    func value(at index: Int) -> Int {
        slots[index].load(ordering: .relaxed)
    }
}

/// Counters keyed by a nonzero `UInt64`, in a fixed open-addressed table: written by one thread,
/// read by any. A new key's count is stored before the key is published (release), so a reader
/// that sees the key (acquire) sees its count. When the table is full, new keys are dropped:
/// callers key by bounded labels (route templates, never raw paths), far fewer than its capacity.
final class KeyedCounters: @unchecked Sendable {
    private let keys: UnsafeMutablePointer<Atomic<UInt64>>
    private let counts: Counters
    private let mask: Int

    /// `capacity` is rounded up to a power of two.
    init(capacity: Int) {
        var size = 1
        while size < capacity { size <<= 1 }
        mask = size - 1
        keys = .allocate(capacity: size)
        for index in 0..<size { (keys + index).initialize(to: Atomic(0)) }
        counts = Counters(count: size)
    }

    deinit {
        keys.deinitialize(count: mask + 1)
        keys.deallocate()
    }

    /// Only from the owning thread.
    func add(_ amount: Int, to key: UInt64) {
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        for _ in 0...mask {
            let found = keys[index].load(ordering: .relaxed)
            if found == key {
                counts.add(amount, at: index)
                return
            }
            if found == 0 {
                counts.set(amount, at: index)
                keys[index].store(key, ordering: .releasing)
                return
            }
            index = (index + 1) & mask
        }
    }

    /// Calls `body` with every key and its count; from any thread.
    func forEach(_ body: (UInt64, Int) -> Void) {
        for index in 0...mask {
            let key = keys[index].load(ordering: .acquiring)
            if key != 0 { body(key, counts.value(at: index)) }
        }
    }
}
