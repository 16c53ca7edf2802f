/// Closing: what the peer's end of stream or half-close does to a connection, the graceful end
/// after its last response (lingering, RFC 9112 §9.6), and the close itself, which ends a pending
/// exchange and gives the descriptor back.
extension EventLoop {
    func peerFinished(_ connection: Connection) {
        connection.isPeerHalfClosed = true
        if connection.outbox.isEmpty || connection.hasPartialRequest {
            close(connection)
        } else {
            connection.closeAfterFlush = true
            connection.lingerAfterFlush = false
        }
    }

    func peerHalfClosed(_ connection: Connection) {
        connection.isPeerHalfClosed = true
        switch connection.phase {
        case .waiting, .streaming: close(connection) // the client gave up on the reply
        case .head, .body, .lingering: if connection.outbox.isEmpty { close(connection) } else { connection.closeAfterFlush = true }
        }
    }

    /// After the last response: close at once, or gracefully when the peer may still be sending.
    func finishConnection(_ connection: Connection) {
        guard connection.lingerAfterFlush || connection.hasPartialRequest else {
            close(connection)
            return
        }
        Socket.shutdownWrite(connection.fd)
        connection.phase = .lingering
        connection.pending = []
        connection.deadline = now + Int64(configuration.lingerMilliseconds)
    }

    func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        switch connection.phase {
        case .waiting(let exchange):
            exchange.end()
            metrics?.add(-1, to: .deferredPending)
        case .streaming(let exchange):
            exchange.end()
            metrics?.add(-1, to: .streamsOpen)
        case .head, .body, .lingering: break
        }
        connection.phase = .head
        connection.pending = []
        connection.outbox = []
        Socket.close(connection.fd)
        connections[Int(connection.fd)] = nil
        connectionCount -= 1
        metrics?.add(-1, to: .connectionsOpen)
        state.connectionCount.subtract(1, ordering: .relaxed)
        if isDraining && connectionCount == 0 { isFinished = true }
    }
}
