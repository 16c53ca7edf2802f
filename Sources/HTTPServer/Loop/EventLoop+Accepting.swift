import CLinux
import Glibc

/// Accepting: new connections from the shared listener, registered with epoll and read at once;
/// accepting pauses for a moment while the process is out of descriptors.
extension EventLoop {
    func acceptConnections() {
        var peer = sockaddr_storage()
        for _ in 0..<64 {
            let result: IOResult<Int32>
            do {
                result = try Socket.accept(listener, peer: &peer)
            } catch {
                switch error.errno {
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop accepting for a moment rather than spin on a
                    // listener that stays readable; existing connections go on being served.
                    pauseAccepting(milliseconds: 100)
                    return
                default:
                    continue // ECONNABORTED and the like concern only that one client
                }
            }
            guard case .done(let fd) = result else { return }
            if state.connectionCount.add(1, ordering: .relaxed).newValue > configuration.maxConnections {
                state.connectionCount.subtract(1, ordering: .relaxed)
                Socket.close(fd)
                continue
            }
            register(fd, peer: PeerAddress(peer))
        }
    }

    private func register(_ fd: Int32, peer: PeerAddress) {
        let index = Int(fd)
        if index >= connections.count {
            connections += Array(repeating: nil, count: max(index + 1 - connections.count, connections.count))
        }
        let interest = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        let connection = Connection(fd: fd, peer: peer, deadline: now + Int64(configuration.headerTimeoutMilliseconds), interest: interest)
        do {
            try control(EPOLL_CTL_ADD, fd, events: interest)
        } catch {
            state.connectionCount.subtract(1, ordering: .relaxed)
            Socket.close(fd)
            return
        }
        connections[index] = connection
        connectionCount += 1
        memoryReturn.noteOpen(connectionCount)
        metrics?.add(1, to: .connectionsOpen)
        metrics?.add(1, to: .connectionsAccepted)
        // Accepting waited for the client's first bytes (see `Socket.listen`): serve them now
        // rather than after another round of epoll.
        readInput(connection)
        if !connection.isClosed { settle(connection) }
    }

    private func pauseAccepting(milliseconds: Int) {
        guard isListenerRegistered else { return }
        try? control(EPOLL_CTL_DEL, listener, events: 0)
        isListenerRegistered = false
        schedule(afterMilliseconds: milliseconds) { [self] in
            guard !isDraining, !isListenerRegistered else { return }
            if (try? control(EPOLL_CTL_ADD, listener, events: Self.listenerEvents)) != nil { isListenerRegistered = true }
        }
    }
}
