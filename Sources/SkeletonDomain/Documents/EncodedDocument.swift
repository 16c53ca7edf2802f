/// A JSON document encoded once, with its strong ETag (RFC 9110 §8.8.3): the quoted FNV-1a 64
/// hash of exactly these bytes, so equal bytes always carry the same tag and any change of a
/// byte changes it (for all practical purposes). A frames document at an instant is hashed in
/// the pieces it is made of (`init(bytes:hash:)`): equal bytes still carry equal tags, and a
/// change still changes it; its bytes then follow its `opening`, the bytes at rest that every
/// instant shares, kept once rather than copied into each instant's.
package struct EncodedDocument: Sendable {
    /// The document's first bytes, shared with others (empty unless made by `InstantJSON`).
    package let opening: ArraySlice<UInt8>
    /// The document's bytes after `opening`.
    package let bytes: [UInt8]
    /// The quoted form, ready for the `ETag` header: `"3f2a9c0d11e8b702"`.
    package let etag: String

    package init(bytes: [UInt8]) {
        var hash = ContentHash()
        hash.add(bytes)
        opening = []
        self.bytes = bytes
        self.etag = hash.quotedHex
    }

    /// `opening` then `bytes`, tagged with `hash`, which its maker carried over every byte in
    /// pieces of its own (`InstantJSON`: the kept pieces once, the instant's for each request),
    /// so that equal bytes from one maker carry equal tags and a change of a byte changes the tag.
    init(opening: ArraySlice<UInt8>, bytes: [UInt8], hash: ContentHash) {
        self.opening = opening
        self.bytes = bytes
        self.etag = hash.quotedHex
    }

    /// The whole document, `opening` then `bytes`, in one array.
    package var content: [UInt8] {
        opening.isEmpty ? bytes : Array(opening) + bytes
    }
}
