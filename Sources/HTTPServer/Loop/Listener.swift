import CLinux
import Glibc

/// One loop's descriptor of the shared listening socket, registered `EPOLLEXCLUSIVE` so that a new
/// connection wakes one loop, not all. It accepts up to 64 connections per wake-up, closes at once
/// those over the connection limit (a count shared by every loop), and, out of descriptors, stops
/// accepting for 100 ms rather than spin on a listener that stays readable. Confined to its loop.
final class Listener {
    private let loop: EventLoop
    private let state: ServerState
    private let maxConnections: Int
    /// -1 once closed.
    private var fd: Int32
    private var isRegistered = false

    private static let events = EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue

    init(fd: Int32, loop: EventLoop, state: ServerState, maxConnections: Int) throws(SystemError) {
        self.fd = fd
        self.loop = loop
        self.state = state
        self.maxConnections = maxConnections
        try loop.register(fd, events: Self.events)
        isRegistered = true
    }

    /// Whether epoll's event for `fd` is this listener's.
    @inline(__always)
    func owns(_ fd: Int32) -> Bool {
        fd == self.fd && isRegistered
    }

    /// Accepts the connections waiting, counting each against the limit, and hands each socket
    /// kept to `open`, which owns it from then on.
    func accept(_ open: (Int32, PeerAddress) -> Void) {
        var peer = sockaddr_storage()
        for _ in 0..<64 {
            let result: IOResult<Int32>
            do {
                result = try Socket.accept(fd, peer: &peer)
            } catch {
                switch error.errno {
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: existing connections go on being served meanwhile.
                    pause(milliseconds: 100)
                    return
                default:
                    continue // ECONNABORTED and the like concern only that one client
                }
            }
            guard case .done(let accepted) = result else { return }
            if state.connectionCount.add(1, ordering: .relaxed).newValue > maxConnections {
                state.connectionCount.subtract(1, ordering: .relaxed)
                Socket.close(accepted)
                continue
            }
            open(accepted, PeerAddress(peer))
        }
    }

    /// Stops accepting for good (a drain): the descriptor is closed.
    func close() {
        guard fd >= 0 else { return }
        if isRegistered { loop.deregister(fd) }
        isRegistered = false
        Socket.close(fd)
        fd = -1
    }

    private func pause(milliseconds: Int) {
        guard isRegistered else { return }
        loop.deregister(fd)
        isRegistered = false
        loop.schedule(afterMilliseconds: milliseconds) { [self] in
            guard fd >= 0, !isRegistered else { return }
            if (try? loop.register(fd, events: Self.events)) != nil { isRegistered = true }
        }
    }
}
