import Glibc
@testable import HTTPServer

/// A blocking loopback client for tests: raw bytes out, responses read by their framing.
final class TestClient {
    struct Reply {
        let head: String
        let body: String
        var status: Int { Int(head.split(separator: " ")[1])! }
        func field(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() { return String(parts[1].drop { $0 == " " }) }
            }
            return nil
        }
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw SystemError(call: "connect", errno: errno) }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads more bytes; false at end of stream or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private func line() -> String? {
        while true {
            if let index = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let text = String(decoding: buffer[..<index], as: UTF8.self)
                buffer.removeFirst(index + 2)
                return text
            }
            guard fill() else { return nil }
        }
    }

    private func take(_ count: Int) -> String? {
        while buffer.count < count { guard fill() else { return nil } }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        buffer.removeFirst(count)
        return text
    }

    /// One response: Content-Length or chunked (each chunk's text appended), or to the end of stream.
    func response(isHead: Bool = false) -> Reply? {
        var head: [String] = []
        while let line = line(), !line.isEmpty { head.append(line) }
        guard !head.isEmpty else { return nil }
        let reply = Reply(head: head.joined(separator: "\r\n"), body: "")
        if isHead { return reply }
        if let length = reply.field("Content-Length").flatMap({ Int($0) }) {
            return Reply(head: reply.head, body: take(length) ?? "")
        }
        if reply.field("Transfer-Encoding") == "chunked" {
            var body = ""
            while let sizeLine = line(), let size = Int(sizeLine, radix: 16) {
                if size == 0 { _ = line(); break }
                body += take(size) ?? ""
                _ = line()
            }
            return Reply(head: reply.head, body: body)
        }
        while fill() {}
        let body = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll()
        return Reply(head: reply.head, body: body)
    }

    /// True when nothing has arrived and the server has not closed the connection: a peek that does
    /// not wait finds the socket empty. Meaningful after `ManualClock.advance`, which returns once
    /// the server has sent what the moved time made it send.
    func hasReceivedNothing() -> Bool {
        guard buffer.isEmpty else { return false }
        var probe: UInt8 = 0
        return recv(fd, &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// True when the server closes the connection.
    func isClosedByServer() -> Bool {
        while fill() {}
        var probe: UInt8 = 0
        return recv(fd, &probe, 1, 0) == 0
    }
}

