import Glibc

/// A failed system call: the call's name and its `errno`, rendered with `strerror` (or the
/// resolver's message for `getaddrinfo`).
package struct SystemError: Error, CustomStringConvertible {
    package let call: String
    package let errno: Int32

    /// The error's own words where they are not `strerror`'s (the resolver's `gai_strerror`).
    private let message: String?

    package init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
        message = nil
    }

    /// A failed `getaddrinfo`, in the resolver's words.
    init(resolving host: String, status: Int32) {
        call = "getaddrinfo(\(host))"
        errno = EINVAL
        message = String(cString: gai_strerror(status))
    }

    package var description: String {
        if let message { return "\(call): \(message)" }
        return "\(call): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

/// The outcome of a non-blocking call: it did its work, or it would have had to wait.
enum IOResult<Value> {
    case done(Value)
    case wouldBlock
}

/// Runs a system call that reports failure as -1: retries `EINTR`, turns `EAGAIN` into
/// `.wouldBlock` and throws any other `errno` with the call's name (as swift-nio's `System.swift`).
@inline(__always)
func syscall<T: FixedWidthInteger>(_ name: StaticString, _ body: () -> T) throws(SystemError) -> IOResult<T> {
    while true {
        let result = body()
        if result != -1 { return .done(result) }
        switch Glibc.errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case let code: throw SystemError(call: "\(name)", errno: code)
        }
    }
}

/// Runs a system call that must not block (setup calls): retries `EINTR`, throws any other `errno`.
@inline(__always)
@discardableResult
func checked<T: FixedWidthInteger>(_ name: StaticString, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = Glibc.errno
        if code != EINTR { throw SystemError(call: "\(name)", errno: code) }
    }
}
