import Glibc

/// The access log's line format.
public enum AccessLogFormat: String, Sendable, CaseIterable {
    /// `GET /layouts/home 200 3638 12`: method, target, status, bytes sent, microseconds.
    case text
    /// The same as one JSON object per line.
    case json
}

/// One event loop's access log: lines are appended to a buffer and written to standard output
/// when it fills, once a second, and at exit, so that logging costs no system call per request.
/// With no format it records nothing.
struct AccessLog: ~Copyable {
    private let format: AccessLogFormat?
    private var buffer = OutputBuffer(capacity: 4 * flushThreshold)
    private static let flushThreshold = 32 * 1024

    init(format: AccessLogFormat?) {
        self.format = format
    }

    var isEnabled: Bool { format != nil }

    mutating func record(_ request: Request, status: Status, bytes: Int, microseconds: Int) {
        switch format {
        case nil:
            return
        case .text:
            buffer.append(request.method.name)
            buffer.append(space)
            appendEscaped(request.path)
            if !request.query.isEmpty {
                buffer.append(UInt8(ascii: "?"))
                appendEscaped(request.query)
            }
            buffer.append(space)
            buffer.appendDecimal(status.code)
            buffer.append(space)
            buffer.appendDecimal(bytes)
            buffer.append(space)
            buffer.appendDecimal(microseconds)
        case .json:
            var line: [UInt8] = Array(#"{"method":""#.utf8)
            line += request.method.rawValue.utf8
            line += #"","target":"#.utf8
            appendJSONString(request.query.isEmpty ? request.path : request.path + "?" + request.query, to: &line)
            line += #","status":\#(status.code),"bytes":\#(bytes),"us":\#(microseconds)}"#.utf8
            buffer.append(line)
        }
        buffer.append(lf)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Appends text with bytes that could break a log line (controls, spaces, non-ASCII) escaped.
    private mutating func appendEscaped(_ text: String) {
        text.withUTF8Bytes { bytes in
            if !bytes.contains(where: { $0 <= space || $0 >= 0x7F }) {
                buffer.append(UnsafeRawBufferPointer(bytes))
                return
            }
            for byte in bytes {
                if byte > space && byte < 0x7F {
                    buffer.append(byte)
                } else {
                    buffer.append(UInt8(ascii: "%"))
                    buffer.append(upperHexDigits[Int(byte >> 4)])
                    buffer.append(upperHexDigits[Int(byte & 0xF)])
                }
            }
        }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        let bytes = buffer.bytes
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        buffer.removeAll(keepingCapacity: 4 * Self.flushThreshold)
    }
}

private let upperHexDigits = Array("0123456789ABCDEF".utf8)
