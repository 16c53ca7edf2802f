/// Writes responses as HTTP/1.1 bytes (RFC 9112 §4, §6): status line, the cached `Date`, the
/// server's fixed fields, the response's own fields, framing (`Content-Length`, or chunked for
/// streams) and `Connection` where persistence differs from the version's default.
struct ResponseEncoder {
    /// `Server` and the CORS origin: the same on every response, encoded once.
    let fixedFields: [UInt8]

    init(serverName: String, corsOrigin: String) {
        var fields = ResponseHeaders()
        fields.add("Server", serverName)
        fields.add("Access-Control-Allow-Origin", corsOrigin)
        fixedFields = fields.encoded
    }

    /// How the body after the head is framed.
    enum Framing: Equatable {
        case length(Int)
        case chunked
        /// HTTP/1.0 streams: the body runs until the connection closes.
        case untilClose
    }

    /// A complete response. `includeBody` is false for HEAD (the length is still the GET one's).
    func encode(_ response: Response, includeBody: Bool, version: Request.Version, keepAlive: Bool, date: [UInt8], into out: inout [UInt8]) {
        let forbidsContent = response.status.forbidsContent
        encodeHead(status: response.status, headers: response.headers, framing: forbidsContent ? nil : .length(response.body.count),
                   version: version, keepAlive: keepAlive, date: date, into: &out)
        if includeBody && !forbidsContent { out += response.body }
    }

    func encodeHead(status: Status, headers: ResponseHeaders, framing: Framing?, version: Request.Version, keepAlive: Bool, date: [UInt8], into out: inout [UInt8]) {
        out += "HTTP/1.1 ".utf8
        appendDecimal(status.code, to: &out)
        out.append(space)
        out += status.reasonPhrase.utf8
        out += "\r\n".utf8
        out += date
        out += fixedFields
        out += headers.encoded
        switch framing {
        case .length(let count):
            out += "Content-Length: ".utf8
            appendDecimal(count, to: &out)
            out += "\r\n".utf8
        case .chunked:
            out += "Transfer-Encoding: chunked\r\n".utf8
        case .untilClose, nil:
            break
        }
        if !keepAlive {
            out += "Connection: close\r\n".utf8
        } else if version == .http10 {
            out += "Connection: keep-alive\r\n".utf8
        }
        out += "\r\n".utf8
    }

    /// One chunk of a chunked body (RFC 9112 §7.1); nothing for an empty chunk, which would end the body.
    func encodeChunk(_ bytes: [UInt8], into out: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        out += String(bytes.count, radix: 16).utf8
        out += "\r\n".utf8
        out += bytes
        out += "\r\n".utf8
    }

    static let lastChunk = Array("0\r\n\r\n".utf8)
}

/// Appends the decimal digits of a non-negative integer without allocating a String.
func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    precondition(value >= 0, "only non-negative values are written")
    if value < 10 {
        out.append(UInt8(ascii: "0") + UInt8(value))
        return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
        while rest > 0 {
            buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            count += 1
        }
        out += buffer[(20 - count)...]
    }
}
