/// Writing: a batch of responses sent to a connection, what the socket does not take kept in its
/// outbox until EPOLLOUT, and the connection finished once its last response is out.
extension EventLoop {
    /// Sends the output batch to `connection`.
    func flushOutput(_ connection: Connection) {
        flush(&output, to: connection)
    }

    /// Writes `buffer` to `connection` and empties it; what the socket does not take waits in the outbox.
    func flush(_ buffer: inout ResponseBatch, to connection: Connection) {
        defer { buffer.removeAll(keepingCapacity: 2 * Self.outputHighWater) }
        if !buffer.isEmpty && !connection.isClosed {
            if connection.outbox.isEmpty {
                if let written = write(connection, buffer), written < buffer.count { connection.outbox = buffer.bytes(from: written) }
            } else {
                connection.outbox += buffer.bytes(from: 0)
            }
        }
        if !connection.isClosed && isReadyToClose(connection) { finishConnection(connection) }
    }

    /// Everything is sent and nothing more will be: the last response said so and no reply is pending.
    private func isReadyToClose(_ connection: Connection) -> Bool {
        guard connection.closeAfterFlush, connection.outbox.isEmpty else { return false }
        switch connection.phase {
        case .waiting, .streaming, .lingering: return false
        case .head, .body: return true
        }
    }

    func writeOutbox(_ connection: Connection) {
        guard !connection.outbox.isEmpty else { return }
        let written = connection.outbox.withUnsafeBytes { write(connection, UnsafeRawBufferPointer(rebasing: $0[connection.outboxOffset...])) }
        guard let written else { return }
        connection.outboxOffset += written
        connection.deadline = now + Int64(configuration.idleTimeoutMilliseconds)
        if connection.outboxOffset < connection.outbox.count { return }
        connection.outbox = []
        connection.outboxOffset = 0
        if isReadyToClose(connection) {
            finishConnection(connection)
        } else {
            resume(connection)
        }
    }

    /// Writes what the socket takes now; nil when the connection failed and was closed.
    private func write(_ connection: Connection, _ bytes: borrowing some OutgoingBytes & ~Copyable) -> Int? {
        // Closing (or shutting down writing) follows at once when everything is written.
        let isLast = connection.closeAfterFlush && !connection.isStreaming
        var offset = 0
        while offset < bytes.count {
            do {
                guard case .done(let written) = try bytes.send(to: connection.fd, from: offset, isLast: isLast) else { break }
                offset += written
            } catch {
                close(connection)
                return nil
            }
        }
        return offset
    }
}
