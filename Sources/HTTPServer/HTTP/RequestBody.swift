/// A request's content as its route sees it: the decoded bytes when they were at most
/// `RequestLimits.maxKeptBodyBytes`, and the decoded size whatever it was.
///
/// Guarantees: `bytes` is nil exactly when `count` exceeds the kept limit; otherwise
/// `bytes.count == count`.
package struct RequestBody: Sendable, Equatable {
    package let bytes: [UInt8]?
    package let count: Int

    package init(bytes: [UInt8]?, count: Int) {
        self.bytes = bytes
        self.count = count
    }
}
