/// One thing wrong with a screen file: where, as a JSON pointer (RFC 6901) into the file ("" for
/// the whole file), and why, in words that name the allowed values.
package struct ScreenFileProblem: Sendable, Equatable, CustomStringConvertible {
    package let pointer: String
    package let reason: String

    package init(pointer: String, reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    /// `pointer: reason`, or the reason alone for the whole file.
    package var description: String { pointer.isEmpty ? reason : "\(pointer): \(reason)" }
}

/// What `ScreenFileDecoder` throws: every problem it found in one file, in file order.
package struct InvalidScreenFile: Error, Sendable {
    package let problems: [ScreenFileProblem]
}
