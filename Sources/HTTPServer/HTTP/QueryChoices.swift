/// The texts a query parameter may take when they are known only at start-up (a screen's
/// variants), kept as one run of bytes, so that `QueryText.index(in:)` finds a value with a
/// length check and a `memcmp` per choice and never touches a `String` on a request.
@usableFromInline
package struct QueryChoices: Sendable {
    /// The choices, in order: `index(in:)` answers a position among them.
    package let texts: [String]
    /// The texts' UTF-8 bytes one after another; `ends[i]` is where text i ends.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let ends: [Int]

    package init(_ texts: [String]) {
        self.texts = texts
        bytes = texts.flatMap(\.utf8)
        var end = 0
        ends = texts.map { text in
            end += text.utf8.count
            return end
        }
    }
}

extension QueryText {
    /// The position of the first of `choices` that the decoded text is; nil when it is none of them.
    @inlinable
    package func index(in choices: QueryChoices) -> Int? {
        choices.bytes.withUnsafeBufferPointer { bytes in
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
