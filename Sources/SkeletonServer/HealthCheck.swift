import Glibc

/// `skeleton-server healthcheck [URL]`: for a container's HEALTHCHECK, which has no curl.
/// Succeeds when the URL (default `http://127.0.0.1:$PORT/healthz`) answers 200 within 2 s;
/// otherwise says in one line why (the resolver's, the connection's or the server's words).
struct HealthCheck {
    struct Failure: Error {
        let reason: String
    }

    let host: String
    let port: String
    let path: String
    static let timeoutMs = 2_000

    /// Reads `http://HOST[:PORT][/PATH]`; the path defaults to `/healthz`.
    init(url: String) throws(Failure) {
        guard url.hasPrefix("http://") else { throw Failure(reason: "'\(url)' is not an http:// URL") }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        self.path = path.isEmpty ? "/healthz" : String(path)
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw Failure(reason: "'\(url)' has an unclosed IPv6 address") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            port = after.hasPrefix(":") ? String(after.dropFirst()) : "80"
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        } else {
            host = String(authority)
            port = "80"
        }
        guard !host.isEmpty, !port.isEmpty, port.utf8.allSatisfy({ (48...57).contains($0) }) else { throw Failure(reason: "'\(url)' has no host or a bad port") }
    }

    /// Resolves, connects, sends `GET path` and reads the status line, all within 2 s.
    func run() throws(Failure) {
        let deadline = Self.monotonicMs() + Self.timeoutMs
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, port, &hints, &list)
        guard resolved == 0, let address = list else { throw Failure(reason: "cannot resolve \(host): \(String(cString: gai_strerror(resolved)))") }
        defer { freeaddrinfo(list) }
        let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(reason: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 && errno != EINPROGRESS {
            throw Failure(reason: "cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        try wait(fd, for: Int16(POLLOUT), until: deadline, doing: "connecting")
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else { throw Failure(reason: "cannot connect to \(host):\(port): \(String(cString: strerror(error)))") }

        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            throw Failure(reason: "cannot send the request: \(String(cString: strerror(errno)))")
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while !response.contains(UInt8(ascii: "\n")) {
            try wait(fd, for: Int16(POLLIN), until: deadline, doing: "waiting for the response")
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard count > 0 else { throw Failure(reason: "the connection closed before a response") }
            response += chunk[..<count]
        }
        let statusLine = String(decoding: response.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { throw Failure(reason: "not an HTTP response: '\(statusLine.prefix(80))'") }
        guard parts[1] == "200" else { throw Failure(reason: "\(path) answered '\(statusLine.dropFirst(parts[0].count + 1))'") }
    }

    private func wait(_ fd: Int32, for events: Int16, until deadline: Int, doing what: String) throws(Failure) {
        while true {
            let remaining = deadline - Self.monotonicMs()
            guard remaining > 0 else { throw Failure(reason: "no answer within \(Self.timeoutMs / 1000) s (\(what))") }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(remaining))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw Failure(reason: "poll: \(String(cString: strerror(errno)))") }
        }
    }

    private static func monotonicMs() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
