/// Writes responses as HTTP/1.1 bytes (RFC 9112 §4, §6): status line, the server's fixed fields,
/// the response's own fields, the cached `Date`, framing (`Content-Length`, or chunked for
/// streams) and `Connection` where persistence differs from the version's default.
struct ResponseEncoder {
    /// `Server` and the CORS fields: the same on every response, encoded once.
    let fixedFields: [UInt8]

    /// `exposedFields`: the response fields a page on another origin may read besides the
    /// CORS-safelisted ones (Fetch §3.2.6), `Access-Control-Expose-Headers` on every response.
    init(serverName: String, corsOrigin: String, exposedFields: [String]) {
        var fields = ResponseHeaders()
        fields.add("Server", serverName)
        fields.add("Access-Control-Allow-Origin", corsOrigin)
        if !exposedFields.isEmpty { fields.add("Access-Control-Expose-Headers", exposedFields.joined(separator: ", ")) }
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
    func encode(_ response: Response, includeBody: Bool, version: Request.Version, keepAlive: Bool, date: [UInt8], into out: inout ResponseBatch) {
        let forbidsContent = response.status.forbidsContent
        encodeHead(status: response.status, headers: response.headers, tagged: response.tagged, framing: forbidsContent ? nil : .length(response.contentLength),
                   version: version, keepAlive: keepAlive, date: date, into: &out)
        guard includeBody && !forbidsContent else { return }
        if let leading = response.tagged?.leading, !leading.isEmpty { out.append(body: leading) }
        out.append(body: response.body)
    }

    func encodeHead(status: Status, headers: ResponseHeaders, tagged: TaggedContent? = nil, framing: Framing?, version: Request.Version, keepAlive: Bool, date: [UInt8], into out: inout ResponseBatch) {
        // Room for the tag's field (26 bytes), the framing field (37 bytes at most), the
        // connection field (24) and the blank line.
        let room = status.statusLine.count + fixedFields.count + headers.encoded.count + (tagged == nil ? 0 : 26) + date.count + 63
        out.append(atMost: room) { head in
            head.write(status.statusLine)
            head.write(fixedFields)
            head.write(headers.encoded)
            if let tagged {
                head.write("ETag: ")
                tagged.write(quotedInto: head.position)
                head.skip(TaggedContent.quotedCount)
                head.write("\r\n")
            }
            head.write(date)
            switch framing {
            case .length(let count):
                head.write("Content-Length: ")
                head.writeDecimal(count)
                head.write("\r\n")
            case .chunked:
                head.write("Transfer-Encoding: chunked\r\n")
            case .untilClose, nil:
                break
            }
            if !keepAlive {
                head.write("Connection: close\r\n")
            } else if version == .http10 {
                head.write("Connection: keep-alive\r\n")
            }
            head.write("\r\n")
        }
    }

    /// One chunk of a chunked body (RFC 9112 §7.1); nothing for an empty chunk, which would end the body.
    func encodeChunk(_ bytes: [UInt8], into out: inout ResponseBatch) {
        guard !bytes.isEmpty else { return }
        out.append(Array(String(bytes.count, radix: 16).utf8))
        out.append("\r\n")
        out.append(bytes)
        out.append("\r\n")
    }

    static let lastChunk: StaticString = "0\r\n\r\n"
}
