/// The body of one element's sample content, ready to send: its media type and its bytes.
///
/// Guarantees: `application/json` bodies are one compact JSON object (RFC 8259) written by
/// `JSONWriter`, UTF-8; `image/svg+xml` bodies are one standalone SVG document.
public struct SampleBody: Sendable, Equatable {
    public let contentType: String
    public let bytes: [UInt8]

    static func json(_ writer: JSONWriter) -> SampleBody {
        SampleBody(contentType: "application/json", bytes: writer.bytes)
    }

    static func svg(_ text: String) -> SampleBody {
        SampleBody(contentType: "image/svg+xml", bytes: Array(text.utf8))
    }
}
