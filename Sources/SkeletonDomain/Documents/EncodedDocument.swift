/// A JSON document encoded once, with its strong ETag (RFC 9110 §8.8.3): the quoted FNV-1a 64
/// hash of exactly these bytes, so equal bytes always carry the same tag and any change of a
/// byte changes it (for all practical purposes).
package struct EncodedDocument: Sendable {
    package let bytes: [UInt8]
    /// The quoted form, ready for the `ETag` header: `"3f2a9c0d11e8b702"`.
    package let etag: String

    package init(bytes: [UInt8]) {
        var hash = ContentHash()
        hash.add(bytes)
        self.bytes = bytes
        self.etag = "\"" + hash.hex + "\""
    }
}
