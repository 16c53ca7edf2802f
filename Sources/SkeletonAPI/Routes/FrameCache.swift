import HTTPServer

/// The frames and snapshot documents computed so far (`FrameRoutes`), each with its responses,
/// under its key packed in one integer: an open-addressed table hashed by one multiplication,
/// so that a look-up costs a few instructions and the lock, not a `Hasher` pass over the key.
///
/// Guarantees: holds at most `limit` documents, in twice as many slots (so that a probe stays
/// short); when it is full, it starts afresh. Safe to share between loops: one lock guards it.
final class FrameCache<Document: Sendable>: Sendable {
    private struct Table {
        /// Zero for an empty slot: no key is zero.
        var keys: [UInt64]
        var documents: [Document?]
        var count = 0
    }

    private let limit: Int
    private let shift: UInt64
    private let table: Locked<Table>

    init(limit: Int) {
        var slots = 2
        while slots < 2 * limit { slots *= 2 }
        self.limit = limit
        shift = UInt64(64 - slots.trailingZeroBitCount)
        table = Locked(Table(keys: Array(repeating: 0, count: slots), documents: Array(repeating: nil, count: slots)))
    }

    /// The document kept under `key`, if any.
    func document(_ key: UInt64) -> Document? {
        table.withLock { table in
            var slot = self.slot(key)
            while true {
                let found = table.keys[slot]
                if found == key { return table.documents[slot] }
                if found == 0 { return nil }
                slot = (slot + 1) & (table.keys.count - 1)
            }
        }
    }

    /// Keeps `document` under `key`, replacing any there; empties the table first when it is full.
    func keep(_ document: Document, _ key: UInt64) {
        precondition(key != 0, "a frame cache key is never zero")
        table.withLock { table in
            if table.count >= limit {
                table.keys.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                table.documents.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
                table.count = 0
            }
            var slot = self.slot(key)
            while table.keys[slot] != 0 && table.keys[slot] != key { slot = (slot + 1) & (table.keys.count - 1) }
            if table.keys[slot] == 0 { table.count += 1 }
            table.keys[slot] = key
            table.documents[slot] = document
        }
    }

    /// Fibonacci hashing: the top bits of the key times 2^64 / φ.
    private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
