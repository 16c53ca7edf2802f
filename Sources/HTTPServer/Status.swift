/// An HTTP status code with its reason phrase (RFC 9110 §15).
public struct Status: Sendable, Equatable {
    public let code: Int
    public let reasonPhrase: String
    /// `HTTP/1.1 <code> <reason>\r\n`, encoded once.
    let statusLine: [UInt8]

    public init(code: Int, reasonPhrase: String) {
        precondition((100...999).contains(code), "a status code has three digits")
        self.code = code
        self.reasonPhrase = reasonPhrase
        statusLine = Array("HTTP/1.1 \(code) \(reasonPhrase)\r\n".utf8)
    }

    /// Whether a response with this status never has content (RFC 9110 §6.4.1).
    public var forbidsContent: Bool { code < 200 || code == 204 || code == 304 }

    public static let ok = Status(code: 200, reasonPhrase: "OK")
    public static let noContent = Status(code: 204, reasonPhrase: "No Content")
    public static let notModified = Status(code: 304, reasonPhrase: "Not Modified")
    public static let badRequest = Status(code: 400, reasonPhrase: "Bad Request")
    public static let notFound = Status(code: 404, reasonPhrase: "Not Found")
    public static let methodNotAllowed = Status(code: 405, reasonPhrase: "Method Not Allowed")
    public static let requestTimeout = Status(code: 408, reasonPhrase: "Request Timeout")
    public static let contentTooLarge = Status(code: 413, reasonPhrase: "Content Too Large")
    public static let uriTooLong = Status(code: 414, reasonPhrase: "URI Too Long")
    public static let requestHeaderFieldsTooLarge = Status(code: 431, reasonPhrase: "Request Header Fields Too Large")
    public static let internalServerError = Status(code: 500, reasonPhrase: "Internal Server Error")
    public static let notImplemented = Status(code: 501, reasonPhrase: "Not Implemented")
    public static let serviceUnavailable = Status(code: 503, reasonPhrase: "Service Unavailable")
    public static let gatewayTimeout = Status(code: 504, reasonPhrase: "Gateway Timeout")
    public static let httpVersionNotSupported = Status(code: 505, reasonPhrase: "HTTP Version Not Supported")
}
