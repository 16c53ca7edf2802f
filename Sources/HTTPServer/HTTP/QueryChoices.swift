/// The texts a query parameter may take when they are known only at start-up (a screen's
/// variants, a declaration's names or words), kept as one run of bytes, so that
/// `QueryText.index(in:)` finds a text and never touches a `String` on a request.
///
/// Guarantees: `index(in:)` answers the first choice the decoded text is, or nil. A text with
/// nothing to decode and at most 16 bytes long is told by its length and first byte (`entries`):
/// it is compared with the one choice that has both, as two words (`Entry`), or with none; only
/// when two choices share both, or the text is longer or has escapes, are the choices walked in
/// order (`walk`). A class, so that a route handing its choices on per request passes one
/// reference, not its arrays to retain and release.
@usableFromInline
package final class QueryChoices: Sendable {
    /// The one choice in a slot: its length and bytes as two words, and its position.
    @usableFromInline
    struct Entry: Sendable {
        /// The choice's length in bytes; -1 when no choice is in the slot (no text matches).
        @usableFromInline let count: Int
        /// Its position; `several` when more than one choice is in the slot, or one longer than 16 bytes.
        @usableFromInline let index: Int
        @usableFromInline let low: UInt64
        @usableFromInline let high: UInt64
    }

    /// The choices, in order: `index(in:)` answers a position among them.
    package let texts: [String]
    /// The texts' UTF-8 bytes one after another; `ends[i]` is where text i ends.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let ends: [Int]
    /// By `slot(of:)`, `slotCount` of them.
    @usableFromInline let entries: ContiguousArray<Entry>

    package init(_ texts: [String]) {
        self.texts = texts
        bytes = texts.flatMap(\.utf8)
        var end = 0
        ends = texts.map { text in
            end += text.utf8.count
            return end
        }
        var entries = ContiguousArray(repeating: Entry(count: -1, index: 0, low: 0, high: 0), count: QueryChoices.slotCount)
        for (index, text) in texts.enumerated() {
            Array(text.utf8).withUnsafeBufferPointer { text in
                let slot = QueryChoices.slot(of: text)
                let (low, high) = QueryChoices.words(of: text)
                let alone = entries[slot].count < 0 && text.count <= QueryChoices.longest
                entries[slot] = Entry(count: text.count, index: alone ? index : QueryChoices.several, low: low, high: high)
            }
        }
        self.entries = entries
    }

    @inlinable static var slotCount: Int { 64 }
    @inlinable static var several: Int { -1 }
    /// The longest text `words(of:)` holds whole.
    @inlinable static var longest: Int { 16 }

    /// A text's slot: its length and first byte, folded below `slotCount`.
    @inlinable @inline(__always)
    static func slot(of text: UnsafeBufferPointer<UInt8>) -> Int {
        (text.count &* 8 &+ Int(text.first ?? 0)) & (slotCount - 1)
    }

    /// The bytes of a text of at most 16 bytes as two little-endian words: up to 8 in `low` (0
    /// above them) and `high` 0; above 8, the first 8 in `low` and the last 8 in `high`, loads that
    /// may overlap (an overlapping byte is the same in both), so that two texts of the same length
    /// are equal exactly when their words are.
    @inlinable @inline(__always)
    static func words(of text: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64) {
        let count = text.count
        guard let start = text.baseAddress, count > 0 else { return (0, 0) }
        let raw = UnsafeRawPointer(start)
        if count > 8 {
            return (raw.loadUnaligned(as: UInt64.self).littleEndian, raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self).littleEndian)
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self).littleEndian)
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self).littleEndian)
            return (low | high << UInt64((count - 4) * 8), 0)
        }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(start[index]) << UInt64(index * 8) }
        return (word, 0)
    }

    /// The position of the first choice `text` is, comparing it with each in order: for a text
    /// with escapes, longer than `longest`, or in a slot several choices share.
    @usableFromInline
    func walk(_ text: QueryText) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for index in ends.indices {
                let end = ends[index]
                // Without escapes, a text of another length is not compared at all.
                if (text.isEncoded || end - start == text.bytes.count) && text.equals(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return index }
                start = end
            }
            return nil
        }
    }
}

extension QueryText {
    /// The position of the first of `choices` that the decoded text is; nil when it is none of them.
    @inlinable @inline(__always)
    package func index(in choices: QueryChoices) -> Int? {
        if !isEncoded && bytes.count <= QueryChoices.longest {
            let entry = choices.entries.withUnsafeBufferPointer { $0[QueryChoices.slot(of: bytes)] }
            if entry.index != QueryChoices.several {
                guard entry.count == bytes.count else { return nil }
                let (low, high) = QueryChoices.words(of: bytes)
                return low == entry.low && high == entry.high ? entry.index : nil
            }
        }
        return choices.walk(self)
    }
}
