/// A JSON document encoded once, with its strong ETag (RFC 9110 §8.8.3): the quoted FNV-1a 64
/// hash of exactly these bytes, so equal bytes always carry the same tag and any change of a
/// byte changes it (for all practical purposes). A document made for one request by extending a
/// kept prefix (frames at an instant) hashes what follows the prefix a word at a time
/// (`init(bytes:extending:)`): equal bytes still carry equal tags, and a change still changes it.
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

    /// `bytes`, which begin with the bytes `prefix` was made of: tagged with the prefix's FNV-1a
    /// 64 carried on over the rest eight bytes at a time (`ContentHash.addWords`), so that only
    /// the bytes after the prefix are hashed, and at an eighth of the cost.
    package init(bytes: [UInt8], extending prefix: HashedPrefix) {
        assert(bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix.bytes), "the document does not begin with its prefix")
        var hash = prefix.hash
        hash.addWords(bytes[prefix.count...])
        self.bytes = bytes
        self.etag = "\"" + hash.hex + "\""
    }
}

/// The start of documents that extend it (a frames document at rest without its closing brace,
/// which each instant's document begins with), hashed once: `EncodedDocument(bytes:extending:)`
/// then hashes only what follows.
package struct HashedPrefix: Sendable {
    let bytes: ArraySlice<UInt8>
    let hash: ContentHash

    var count: Int { bytes.count }

    package init(_ bytes: ArraySlice<UInt8>) {
        var hash = ContentHash()
        hash.add(bytes)
        self.bytes = bytes
        self.hash = hash
    }
}
