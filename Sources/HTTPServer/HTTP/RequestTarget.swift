/// A request's target as the parser read it (RFC 9112 §3.2): the path that routing sees, the
/// query as sent, and what the parser learnt of their bytes. One value, which a parser hands out
/// again whole to a head whose target has the same bytes as the last one (`RequestParser.Scratch`).
@usableFromInline
struct RequestTarget: Sendable {
    /// The path, `*` for `OPTIONS *`: percent-encoded unreserved characters decoded, every other
    /// percent-encoding kept (`/layouts/a%2Fb`).
    let path: String
    /// The raw query, without `?`; empty when the target has none.
    @usableFromInline let query: String
    /// Whether every byte of the path and query is plain (`isPlain`): a log line takes them as they are.
    let isPlain: Bool
    /// Whether the query has a `%` or `+`.
    @usableFromInline let hasQueryEscapes: Bool

    /// This target with `path` as its path: the same bytes in another string (a route template's,
    /// shared by every request it matched).
    func sharing(path: String) -> RequestTarget {
        assert(path == self.path, "a shared path has the bytes of the one it replaces")
        return RequestTarget(path: path, query: query, isPlain: isPlain, hasQueryEscapes: hasQueryEscapes)
    }

    /// Whether a target's byte may be written out as it is, in a line of text between quotes:
    /// not a control, space, non-ASCII, `"` or `\`.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        byte > space && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    static let asterisk = RequestTarget(path: "*", query: "", isPlain: true, hasQueryEscapes: false)
}
