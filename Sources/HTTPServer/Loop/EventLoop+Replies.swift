/// Deferred and streamed replies, called by `Exchange`: a response or a stream's pieces encoded
/// for a connection whose request was answered later, then its pipelined requests resumed.
extension EventLoop {
    func complete(_ exchange: Exchange, with response: Response) {
        let connection = exchange.connection
        connection.phase = .head
        metrics?.add(-1, to: .deferredPending)
        emit(to: connection) { out in append(response, for: exchange.request, on: connection, into: &out) }
    }

    func startStream(_ exchange: Exchange, status: Status, headers: ResponseHeaders, framing: ResponseEncoder.Framing) {
        let connection = exchange.connection
        connection.phase = .streaming(exchange)
        metrics?.add(-1, to: .deferredPending)
        metrics?.add(1, to: .streamsOpen)
        let keepAlive = exchange.request.isKeepAlive && framing != .untilClose && !isDraining
        emit(to: connection) { out in
            encoder.encodeHead(status: status, headers: headers, framing: framing, version: exchange.request.version,
                               keepAlive: keepAlive, date: date.line, into: &out)
        }
        if !keepAlive { connection.closeAfterFlush = true }
    }

    func sendChunk(_ exchange: Exchange, _ bytes: [UInt8], framing: ResponseEncoder.Framing) {
        guard exchange.request.method != .head else { return }
        emit(to: exchange.connection) { out in
            if framing == .chunked { encoder.encodeChunk(bytes, into: &out) } else { out.append(bytes) }
        }
    }

    func finishStream(_ exchange: Exchange, framing: ResponseEncoder.Framing) {
        let connection = exchange.connection
        connection.phase = .head
        metrics?.add(-1, to: .streamsOpen)
        // Before emitting, which flushes: a draining server closes the connection after the stream.
        if isDraining { connection.closeAfterFlush = true }
        emit(to: connection) { out in
            if framing == .chunked && exchange.request.method != .head { out.append(ResponseEncoder.lastChunk) }
            log(exchange.request, status: .ok, bytes: 0, on: connection)
        }
    }

    /// Closes an exchange's connection without the rest of its response (`Exchange.abort`).
    func abort(_ exchange: Exchange, reset: Bool) {
        let connection = exchange.connection
        guard !connection.isClosed else { return }
        if reset { Socket.resetOnClose(connection.fd) }
        close(connection)
    }

    /// Encodes for `connection`: into the batch being processed when that is this connection's,
    /// otherwise into a batch of its own, sent at once; then resumes its pipelined requests.
    private func emit(to connection: Connection, _ encode: (inout ResponseBatch) -> Void) {
        if current === connection {
            encode(&output)
            return
        }
        encode(&sideOutput)
        flush(&sideOutput, to: connection)
        if current == nil {
            resume(connection)
        } else {
            schedule(afterMilliseconds: 0) { [self] in resume(connection) }
        }
    }

    /// Processes requests that arrived while a reply was pending or output was backed up.
    func resume(_ connection: Connection) {
        processBuffered(connection)
        if !connection.isClosed { settle(connection) }
    }
}
