/// A JSON document encoded once, with its strong ETag (RFC 9110 §8.8.3): the quoted FNV-1a 64
/// hash of exactly these bytes, so equal bytes always carry the same tag and any change of a
/// byte changes it (for all practical purposes). A frames document at an instant is hashed in
/// the pieces it is made of (`init(bytes:hash:)`): equal bytes still carry equal tags, and a
/// change still changes it.
package struct EncodedDocument: Sendable {
    package let bytes: [UInt8]
    /// The quoted form, ready for the `ETag` header: `"3f2a9c0d11e8b702"`.
    package let etag: String

    package init(bytes: [UInt8]) {
        var hash = ContentHash()
        hash.add(bytes)
        self.bytes = bytes
        self.etag = hash.quotedHex
    }

    /// `bytes` tagged with `hash`, which its maker carried over every byte in pieces of its
    /// own (`InstantJSON`: the kept pieces once, the instant's for each request), so that equal
    /// bytes from one maker carry equal tags and a change of a byte changes the tag.
    init(bytes: [UInt8], hash: ContentHash) {
        self.bytes = bytes
        self.etag = hash.quotedHex
    }
}
