/// Bounds on a JSON document from an untrusted source, checked by `JSONParser`; the defaults are
/// those of a screen file (`--layouts DIR`).
package struct JSONLimits: Sendable, Equatable {
    /// Most arrays and objects open at once; the top-level value is at depth 1 if it is one.
    /// Parsing takes no stack per level, but comparing, writing and freeing a value recurse once
    /// per level, so keep this in the hundreds at most.
    package var maxDepth: Int
    /// Largest input, a byte order mark included; checked before parsing.
    package var maxBytes: Int

    package init(maxDepth: Int = 64, maxBytes: Int = 1_048_576) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }
}
