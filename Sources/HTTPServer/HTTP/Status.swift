/// An HTTP status code with its reason phrase (RFC 9110 §15). A plain value of two words: its
/// status line lies in a static string, so that copying a response copies its status without
/// reference counting, and a small one, since a response is copied on its way to the socket.
package struct Status: Sendable, Equatable {
    /// Where `HTTP/1.1 <code> <reason>\r\n` starts: a static string's bytes, which never
    /// change, so that any thread may read them.
    nonisolated(unsafe) private let lineStart: UnsafeRawPointer
    private let lineCount: UInt16
    private let rawCode: UInt16

    package var code: Int { Int(rawCode) }

    /// `HTTP/1.1 <code> <reason>\r\n`.
    var statusLine: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: lineStart, count: Int(lineCount)) }

    /// `statusLine` must be `HTTP/1.1 `, the three digits of `code`, a space, the reason and CRLF.
    private init(_ code: Int, _ statusLine: StaticString) {
        let text = statusLine.description
        precondition((100...999).contains(code) && text.hasPrefix("HTTP/1.1 \(code) ") && text.hasSuffix("\r\n"),
                     "the status line of \(code) is 'HTTP/1.1 \(code) <reason>\\r\\n'")
        lineStart = UnsafeRawPointer(statusLine.utf8Start)
        lineCount = UInt16(statusLine.utf8CodeUnitCount)
        rawCode = UInt16(code)
    }

    /// The text between `HTTP/1.1 200 ` and CRLF, read as bytes (as characters, CRLF is one).
    package var reasonPhrase: String {
        String(decoding: statusLine[13..<(statusLine.count - 2)], as: UTF8.self)
    }

    /// Whether a response with this status never has content (RFC 9110 §6.4.1).
    package var forbidsContent: Bool { code < 200 || code == 204 || code == 304 }

    package static func == (left: Status, right: Status) -> Bool {
        left.code == right.code
    }

    package static let ok = Status(200, "HTTP/1.1 200 OK\r\n")
    package static let noContent = Status(204, "HTTP/1.1 204 No Content\r\n")
    package static let notModified = Status(304, "HTTP/1.1 304 Not Modified\r\n")
    package static let badRequest = Status(400, "HTTP/1.1 400 Bad Request\r\n")
    package static let forbidden = Status(403, "HTTP/1.1 403 Forbidden\r\n")
    package static let notFound = Status(404, "HTTP/1.1 404 Not Found\r\n")
    package static let methodNotAllowed = Status(405, "HTTP/1.1 405 Method Not Allowed\r\n")
    package static let requestTimeout = Status(408, "HTTP/1.1 408 Request Timeout\r\n")
    package static let contentTooLarge = Status(413, "HTTP/1.1 413 Content Too Large\r\n")
    package static let unsupportedMediaType = Status(415, "HTTP/1.1 415 Unsupported Media Type\r\n")
    package static let uriTooLong = Status(414, "HTTP/1.1 414 URI Too Long\r\n")
    package static let requestHeaderFieldsTooLarge = Status(431, "HTTP/1.1 431 Request Header Fields Too Large\r\n")
    package static let internalServerError = Status(500, "HTTP/1.1 500 Internal Server Error\r\n")
    package static let notImplemented = Status(501, "HTTP/1.1 501 Not Implemented\r\n")
    package static let serviceUnavailable = Status(503, "HTTP/1.1 503 Service Unavailable\r\n")
    package static let gatewayTimeout = Status(504, "HTTP/1.1 504 Gateway Timeout\r\n")
    package static let httpVersionNotSupported = Status(505, "HTTP/1.1 505 HTTP Version Not Supported\r\n")
}
