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
struct AccessLog {
    private let format: AccessLogFormat
    private var buffer: [UInt8] = []
    private static let flushThreshold = 32 * 1024

    init(format: AccessLogFormat) {
        self.format = format
    }

    mutating func record(_ request: Request, status: Status, bytes: Int, microseconds: Int) {
        switch format {
        case .text:
            buffer += request.method.rawValue.utf8
            buffer.append(space)
            appendTarget(request)
            buffer.append(space)
            appendDecimal(status.code, to: &buffer)
            buffer.append(space)
            appendDecimal(bytes, to: &buffer)
            buffer.append(space)
            appendDecimal(microseconds, to: &buffer)
        case .json:
            buffer += #"{"method":""#.utf8
            buffer += request.method.rawValue.utf8
            buffer += #"","target":"#.utf8
            var target: [UInt8] = []
            swap(&target, &buffer)
            appendTarget(request)
            swap(&target, &buffer)
            appendJSONString(String(decoding: target, as: UTF8.self), to: &buffer)
            buffer += #","status":"#.utf8
            appendDecimal(status.code, to: &buffer)
            buffer += #","bytes":"#.utf8
            appendDecimal(bytes, to: &buffer)
            buffer += #","us":"#.utf8
            appendDecimal(microseconds, to: &buffer)
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(lf)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Path and query, with bytes that could break a log line (controls, non-ASCII) escaped.
    private mutating func appendTarget(_ request: Request) {
        appendEscaped(request.path)
        if !request.query.isEmpty {
            buffer.append(UInt8(ascii: "?"))
            appendEscaped(request.query)
        }
    }

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            if byte > space && byte < 0x7F {
                buffer.append(byte)
            } else {
                buffer += "%".utf8
                buffer.append(upperHexDigits[Int(byte >> 4)])
                buffer.append(upperHexDigits[Int(byte & 0xF)])
            }
        }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * Self.flushThreshold)
    }
}

private let upperHexDigits = Array("0123456789ABCDEF".utf8)
