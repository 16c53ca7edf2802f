/// One thing wrong with a screen file: where, as a JSON pointer (RFC 6901) into the file ("" for
/// the whole file), and why, in words that name the allowed values.
public struct ScreenFileProblem: Sendable, Equatable, CustomStringConvertible {
    public let pointer: String
    public let reason: String

    public init(pointer: String, reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    /// `pointer: reason`, or the reason alone for the whole file.
    public var description: String { pointer.isEmpty ? reason : "\(pointer): \(reason)" }
}

/// What `ScreenFileDecoder` throws: every problem it found in one file, in file order.
public struct InvalidScreenFile: Error, Sendable {
    public let problems: [ScreenFileProblem]
}
