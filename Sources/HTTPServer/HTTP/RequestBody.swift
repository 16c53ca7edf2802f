/// A request's content as its route sees it: the decoded bytes when they were at most
/// `RequestLimits.maxKeptBodyBytes`, and the decoded size whatever it was.
///
/// Guarantees: `bytes` is nil exactly when `count` exceeds the kept limit; otherwise
/// `bytes.count == count`. An empty body holds no array, so that the requests without
/// content, nearly all, copy and free no reference for it.
package struct RequestBody: Sendable, Equatable {
    /// The bytes kept, nil for an empty body as for one over the limit (`bytes` tells them apart).
    private let kept: [UInt8]?
    package let count: Int

    package init(bytes: [UInt8]?, count: Int) {
        kept = count == 0 ? nil : bytes
        self.count = count
    }

    package var bytes: [UInt8]? { count == 0 ? [] : kept }
}
