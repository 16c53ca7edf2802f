/// The texts a query parameter may take when they are known only at start-up (a screen's
/// variants, a declaration's names or words), kept as one run of bytes, so that
/// `QueryText.index(in:)` finds a text and never touches a `String` on a request.
///
/// Guarantees: `index(in:)` answers the first choice the decoded text is, or nil. A text with
/// nothing to decode is told by its length and first byte (`slots`): it is compared with the one
/// choice that has both (as one word when it is at most 8 bytes long, `word(of:)`), or with none;
/// only when two choices share both, or the text has escapes, are the choices walked in order.
/// A class, so that a route handing its choices on per request passes one reference, not five
/// arrays to retain and release.
@usableFromInline
package final class QueryChoices: Sendable {
    /// The choices, in order: `index(in:)` answers a position among them.
    package let texts: [String]
    /// The texts' UTF-8 bytes one after another; `ends[i]` is where text i ends.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let ends: [Int]
    /// By `slot(of:)`: the position plus one of the only choice in that slot, 0 when none is,
    /// `several` when more than one is.
    @usableFromInline let slots: [Int]
    /// Each choice's `word(of:)`; 0 for one longer than 8 bytes.
    @usableFromInline let words: [UInt64]

    package init(_ texts: [String]) {
        self.texts = texts
        bytes = texts.flatMap(\.utf8)
        var end = 0
        ends = texts.map { text in
            end += text.utf8.count
            return end
        }
        var slots = [Int](repeating: 0, count: QueryChoices.slotCount)
        for (index, text) in texts.enumerated() {
            let slot = Array(text.utf8).withUnsafeBufferPointer(QueryChoices.slot(of:))
            slots[slot] = slots[slot] == 0 ? index + 1 : QueryChoices.several
        }
        self.slots = slots
        words = texts.map { text in Array(text.utf8).withUnsafeBufferPointer { $0.count <= 8 ? QueryChoices.word(of: $0) : 0 } }
    }

    @inlinable static var slotCount: Int { 64 }
    @inlinable static var several: Int { -1 }

    /// A text's slot: its length and first byte, folded below `slotCount`.
    @inlinable @inline(__always)
    static func slot(of text: UnsafeBufferPointer<UInt8>) -> Int {
        (text.count &* 8 &+ Int(text.first ?? 0)) & (slotCount - 1)
    }

    /// The bytes of a text of 1 to 8 bytes as one little-endian word, 0 above them: two loads
    /// that may overlap (an overlapping byte is the same in both), so that two texts of the same
    /// length are equal exactly when their words are.
    @inlinable @inline(__always)
    static func word(of text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = text.count
        guard let start = text.baseAddress, count > 0 else { return 0 }
        let raw = UnsafeRawPointer(start)
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self).littleEndian)
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self).littleEndian)
            return low | high << UInt64((count - 4) * 8)
        }
        var word: UInt64 = 0
        for index in 0..<count { word |= UInt64(start[index]) << UInt64(index * 8) }
        return word
    }
}

extension QueryText {
    /// The position of the first of `choices` that the decoded text is; nil when it is none of them.
    @inlinable
    package func index(in choices: QueryChoices) -> Int? {
        choices.bytes.withUnsafeBufferPointer { bytes in
            if !isEncoded {
                let only = choices.slots[QueryChoices.slot(of: self.bytes)]
                if only != QueryChoices.several {
                    guard only > 0 else { return nil }
                    let start = only == 1 ? 0 : choices.ends[only - 2], end = choices.ends[only - 1]
                    guard end - start == self.bytes.count else { return nil }
                    if self.bytes.count <= 8 { return QueryChoices.word(of: self.bytes) == choices.words[only - 1] ? only - 1 : nil }
                    return equals(UnsafeBufferPointer(rebasing: bytes[start..<end])) ? only - 1 : nil
                }
            }
            var start = 0
            for index in choices.ends.indices {
                let end = choices.ends[index]
                // Without escapes, a text of another length is not compared at all.
                if (isEncoded || end - start == self.bytes.count) && equals(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return index }
                start = end
            }
            return nil
        }
    }
}
