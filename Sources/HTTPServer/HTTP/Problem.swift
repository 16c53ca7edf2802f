/// An RFC 9457 problem document (`application/problem+json`): its kind (`ProblemType`), title,
/// status, detail and extension members, rendered deterministically with full JSON string escaping. Its first member
/// is `formatVersion`, the version of the service's document formats, as in every JSON
/// document the service writes.
package struct Problem: Sendable {
    /// The version of the service's document formats: `DocumentFormat.version`, which this module
    /// cannot see (a test holds the two equal).
    package static let formatVersion = 2

    package enum Value: Sendable {
        case string(String)
        case strings([String])
        case integer(Int)
        case bool(Bool)
    }

    package var status: Status
    package var title: String
    package var detail: String
    package var type: String
    package var extensions: [(name: String, value: Value)]

    package init(_ type: ProblemType, detail: String, title: String? = nil, extensions: [(name: String, value: Value)] = []) {
        status = type.status
        self.title = title ?? type.status.reasonPhrase
        self.detail = detail
        self.type = type.uri
        self.extensions = extensions
    }

    package var json: [UInt8] {
        var out: [UInt8] = Array(#"{"formatVersion":\#(Self.formatVersion),"type":"#.utf8)
        appendJSONString(type, to: &out)
        out += #","title":"#.utf8
        appendJSONString(title, to: &out)
        out += #","status":"#.utf8
        out += String(status.code).utf8
        out += #","detail":"#.utf8
        appendJSONString(detail, to: &out)
        for (name, value) in extensions {
            out.append(UInt8(ascii: ","))
            appendJSONString(name, to: &out)
            out.append(UInt8(ascii: ":"))
            switch value {
            case .string(let string):
                appendJSONString(string, to: &out)
            case .strings(let strings):
                out.append(UInt8(ascii: "["))
                for (index, string) in strings.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    appendJSONString(string, to: &out)
                }
                out.append(UInt8(ascii: "]"))
            case .integer(let number):
                out += String(number).utf8
            case .bool(let flag):
                out += (flag ? "true" : "false").utf8
            }
        }
        out += "}".utf8
        return out
    }

    package func response(headers: ResponseHeaders = ResponseHeaders()) -> Response {
        var all = ResponseHeaders.contentType("application/problem+json")
        all.append(headers)
        return Response(status: status, headers: all, body: json)
    }
}

/// Appends `string` as a JSON string literal (RFC 8259 §7).
func appendJSONString(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
        switch byte {
        case UInt8(ascii: "\""): out += #"\""#.utf8
        case UInt8(ascii: "\\"): out += #"\\"#.utf8
        case 0x0A: out += #"\n"#.utf8
        case 0x0D: out += #"\r"#.utf8
        case 0x09: out += #"\t"#.utf8
        case 0..<0x20:
            out += #"\u00"#.utf8
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        default: out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
}

private let hexDigits = Array("0123456789abcdef".utf8)
