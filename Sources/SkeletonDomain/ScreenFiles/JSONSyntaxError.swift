/// Why a document is not JSON `JSONParser` accepts, and where: the first error in the text.
///
/// `line` and `column` are 1-based; lines end at line feeds, and `column` counts bytes from the
/// start of the line (a byte order mark excluded), so a tab or a multi-byte character counts as
/// its bytes. An error at the end of the input points just past the last byte.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    /// Short lower-case English, such as `unterminated string`.
    package let reason: String

    package init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    package var description: String { "line \(line), column \(column): \(reason)" }
}
