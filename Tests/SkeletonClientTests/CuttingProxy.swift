import Foundation
import Glibc

/// A TCP proxy on a loopback port that passes bytes to a backend port until told to cut every
/// open connection, or to send new ones to another backend: how a test cuts an event stream
/// mid-way, or moves a client to another replica. Records each request head it passed, and
/// counts every connection it accepted (passed on or not: one whose backend is gone is closed).
final class CuttingProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var backend: UInt16
    private var open: [Int32] = []
    private var heads: [String] = []
    private var refused: [String] = []
    private var accepted = 0

    init(backend: UInt16) throws {
        self.backend = backend
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = Self.loopback(port: 0)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(listener, 64)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptForever() }
    }

    /// The request heads passed so far, in order.
    var requests: [String] { lock.withLock { heads } }

    /// The connections accepted so far, whether or not the backend took them.
    var connections: Int { lock.withLock { accepted } }

    /// New connections go to `port` from now on.
    func route(to port: UInt16) { lock.withLock { backend = port } }

    /// From now on, a request whose request line has one of `paths` (a path or part of one) is
    /// answered by closing the connection: a proxy that cannot pass that route (say, one that
    /// buffers event streams).
    func refuse(_ paths: [String]) { lock.withLock { refused = paths } }

    /// Closes every open connection, both ways, with no response end.
    func cutAll() {
        lock.withLock {
            for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
            open.removeAll()
        }
    }

    private func acceptForever() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            lock.withLock { accepted += 1 }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: lock.withLock { backend })
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(client)
                close(upstream)
                continue
            }
            lock.withLock { open += [client, upstream] }
            Thread.detachNewThread { [self] in pipe(from: client, to: upstream, recording: true) }
            Thread.detachNewThread { [self] in pipe(from: upstream, to: client, recording: false) }
        }
    }

    private func pipe(from source: Int32, to destination: Int32, recording: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var head = ""  // the request head being read (the client sends GETs: no bodies)
        reading: while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            if recording {
                head += String(decoding: buffer[..<count], as: UTF8.self)
                while let end = head.range(of: "\r\n\r\n") {
                    let complete = String(head[..<end.upperBound])
                    head = String(head[end.upperBound...])
                    let isRefused = lock.withLock {
                        heads.append(complete)
                        let requestLine = complete.prefix { $0 != "\r" }
                        return refused.contains { requestLine.contains($0) }
                    }
                    if isRefused { break reading }
                }
            }
            let sent = buffer.withUnsafeBytes { send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            guard sent == count else { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
        shutdown(source, Int32(SHUT_RDWR))
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
