import Glibc

/// The access log's line format.
package enum AccessLogFormat: String, Sendable, CaseIterable {
    /// `2026-11-23T05:31:21.123Z 127.0.0.1:54321 GET /layouts/home 200 3638 12`: when the
    /// response was written (UTC), the peer, method, target, status, bytes sent, microseconds.
    case text
    /// The same as one JSON object per line: `time`, `peer`, `method`, `target`, `status`,
    /// `bytes`, `us`.
    case json
}

/// One event loop's access log: lines are appended to a buffer and written to standard output
/// when it fills, every quarter second (the loop's sweep), and at exit, so that logging costs no
/// system call per request and no line is lost. The parts that repeat from line to line are
/// formatted once: the timestamp once per millisecond, the peer once per run of lines from the
/// same peer (a pipelined batch, a keep-alive client). With no format it records nothing. A target's
/// bytes that could break a line or a JSON string (controls, space, non-ASCII, `"`, `\`) are
/// written percent-encoded, which names the same target.
struct AccessLog: ~Copyable {
    private let format: AccessLogFormat?
    private var buffer = OutputBuffer(capacity: 4 * flushThreshold)
    private var clock: LogClock
    private var peers = PeerText()
    private static let flushThreshold = 32 * 1024

    /// `clock`: the loop's, which the times given to `record` are read from.
    init(format: AccessLogFormat?, clock: LoopClock) {
        self.format = format
        self.clock = LogClock(loopClock: clock)
    }

    var isEnabled: Bool { format != nil }

    /// `atMicroseconds` is the loop's clock when the response was written.
    mutating func record(_ request: Request, peer: PeerAddress, status: Status, bytes: Int, atMicroseconds: Int64, microseconds: Int) {
        switch format {
        case nil:
            return
        case .text:
            let time = clock.text(atMicroseconds), peerText = peers.text(peer)
            // Room for the method (7 bytes at most) and three spaces.
            buffer.append(atMost: time.count + peerText.count + 10) { line in
                line.write(time)
                line.write(space)
                line.write(peerText)
                line.write(space)
                line.write(request.method.name)
                line.write(space)
            }
            appendTarget(request)
            // Room for three spaces, the status code and two numbers of at most 19 digits.
            buffer.append(atMost: 3 + 3 + 2 * 19) { line in
                line.write(space)
                line.writeDecimal(status.code)
                line.write(space)
                line.writeDecimal(bytes)
                line.write(space)
                line.writeDecimal(microseconds)
            }
        case .json:
            buffer.append(#"{"time":""#)
            buffer.append(clock.text(atMicroseconds))
            buffer.append(#"","peer":""#)
            buffer.append(peers.text(peer))
            buffer.append(#"","method":""#)
            buffer.append(request.method.name)
            buffer.append(#"","target":""#)
            appendTarget(request)
            buffer.append(#"","status":"#)
            buffer.appendDecimal(status.code)
            buffer.append(#","bytes":"#)
            buffer.appendDecimal(bytes)
            buffer.append(#","us":"#)
            buffer.appendDecimal(microseconds)
            buffer.append(UInt8(ascii: "}"))
        }
        buffer.append(lf)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    private mutating func appendTarget(_ request: Request) {
        appendEscaped(request.path, isPlain: request.target.isPlain)
        if !request.query.isEmpty {
            buffer.append(UInt8(ascii: "?"))
            appendEscaped(request.query, isPlain: request.target.isPlain)
        }
    }

    private mutating func appendEscaped(_ text: String, isPlain: Bool) {
        text.withUTF8Bytes { bytes in
            if isPlain {
                buffer.append(UnsafeRawBufferPointer(bytes))
                return
            }
            for byte in bytes {
                if RequestTarget.isPlain(byte) {
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

/// Wall-clock timestamps for log lines without a clock call or a date formatting per line: the
/// wall clock's offset from the loop's is read once a second, and the text
/// (`2026-11-23T05:31:21.123Z`) is formatted once per millisecond, up to the second once per second.
private struct LogClock: ~Copyable {
    private let loopClock: LoopClock
    private var offsetMicroseconds: Int64 = 0
    private var nextOffsetRead: Int64 = .min
    private var second: Int64 = -1
    private var prefix: [UInt8] = []
    /// The text of the millisecond holding the loop clock's microseconds `textStart..<textEnd`.
    private var text = OutputBuffer(capacity: 64)
    private var textStart: Int64 = 0
    private var textEnd: Int64 = .min

    init(loopClock: LoopClock) {
        self.loopClock = loopClock
    }

    /// The text for the loop clock's microseconds `now`: valid until the next call.
    mutating func text(_ now: Int64) -> UnsafeRawBufferPointer {
        if now < textStart || now >= textEnd { format(now) }
        return text.bytes
    }

    private mutating func format(_ now: Int64) {
        if now >= nextOffsetRead {
            var wall = timespec()
            clock_gettime(CLOCK_REALTIME, &wall)
            offsetMicroseconds = Int64(wall.tv_sec) * 1_000_000 + Int64(wall.tv_nsec) / 1000 - loopClock.microseconds
            nextOffsetRead = now + 1_000_000
        }
        let wallMicroseconds = now + offsetMicroseconds
        let (second, microseconds) = wallMicroseconds.quotientAndRemainder(dividingBy: 1_000_000)
        if second != self.second {
            self.second = second
            var clock = time_t(second)
            var parts = tm()
            gmtime_r(&clock, &parts)
            var text = String(1900 + Int(parts.tm_year)) + "-"
            for (value, separator) in [(parts.tm_mon + 1, "-"), (parts.tm_mday, "T"), (parts.tm_hour, ":"), (parts.tm_min, ":"), (parts.tm_sec, ".")] {
                text += (value < 10 ? "0" : "") + String(value) + separator
            }
            prefix = Array(text.utf8)
        }
        let milliseconds = Int(microseconds / 1000)
        text.removeAll(keepingCapacity: 64)
        text.append(prefix)
        text.append(UInt8(ascii: "0") + UInt8(milliseconds / 100))
        text.append(UInt8(ascii: "0") + UInt8(milliseconds / 10 % 10))
        text.append(UInt8(ascii: "0") + UInt8(milliseconds % 10))
        text.append(UInt8(ascii: "Z"))
        // Until the next millisecond, or the next read of the offset, whichever comes first.
        textStart = now
        textEnd = min(now - microseconds % 1000 + 1000, nextOffsetRead)
    }
}

/// The text of the last peer written (`127.0.0.1:54321`), reused while lines come from it.
private struct PeerText: ~Copyable {
    private var peer = PeerAddress()
    private var text = OutputBuffer(capacity: 64)

    init() {
        peer.write(into: &text)
    }

    /// The text of `peer`: valid until the next call.
    mutating func text(_ peer: PeerAddress) -> UnsafeRawBufferPointer {
        if peer != self.peer {
            self.peer = peer
            text.removeAll(keepingCapacity: 64)
            peer.write(into: &text)
        }
        return text.bytes
    }
}
