/// Deferred and streamed replies, called by `Exchange`: a response, or a stream's head, pieces and
/// end, encoded for a connection whose request was answered later; the state machine told of each
/// before it is written, then the pipelined requests behind it resumed.
extension ConnectionHandler {
    func complete(_ exchange: Exchange, with response: Response) {
        let connection = exchange.connection
        connection.work = .none
        metrics?.add(-1, to: .deferredPending)
        let keepAlive = exchange.isKeepAlive && !isDraining
        let action = connection.handle(.replied(keepAlive: keepAlive))
        emit(to: connection, then: action) { out in
            append(response, for: exchange.request, keepAlive: keepAlive, on: connection, into: &out)
        }
    }

    func startStream(_ exchange: Exchange, status: Status, headers: ResponseHeaders, framing: ResponseEncoder.Framing) {
        let connection = exchange.connection
        metrics?.add(-1, to: .deferredPending)
        metrics?.add(1, to: .streamsOpen)
        let keepAlive = isKeepAlive(exchange, framing: framing)
        let action = connection.handle(.streamStarted)
        emit(to: connection, then: action) { out in
            let before = out.count
            encoder.encodeHead(status: status, headers: headers, framing: framing, version: exchange.version,
                               keepAlive: keepAlive, date: date.line, into: &out)
            exchange.streamedBytes += out.count - before
        }
    }

    func sendChunk(_ exchange: Exchange, _ bytes: [UInt8], framing: ResponseEncoder.Framing) {
        guard exchange.method != .head else { return }
        emit(to: exchange.connection, then: .none) { out in
            let before = out.count
            if framing == .chunked { encoder.encodeChunk(bytes, into: &out) } else { out.append(bytes) }
            exchange.streamedBytes += out.count - before
        }
    }

    func finishStream(_ exchange: Exchange, framing: ResponseEncoder.Framing) {
        let connection = exchange.connection
        connection.work = .none
        metrics?.add(-1, to: .streamsOpen)
        // Draining since the head was sent: the connection closes after the stream all the same.
        let action = connection.handle(.replied(keepAlive: isKeepAlive(exchange, framing: framing)))
        emit(to: connection, then: action) { out in
            if framing == .chunked && exchange.method != .head {
                out.append(ResponseEncoder.lastChunk)
                exchange.streamedBytes += ResponseEncoder.lastChunk.utf8CodeUnitCount
            }
            log(exchange.request, status: .ok, bytes: exchange.streamedBytes, on: connection)
        }
    }

    /// Closes an exchange's connection without the rest of its response (`Exchange.abort`).
    func abort(_ exchange: Exchange, reset: Bool) {
        let connection = exchange.connection
        guard !connection.isClosed else { return }
        if reset { io.resetOnClose(connection.fd) }
        report(.abandoned, to: connection)
    }

    /// A stream's connection persists unless the request, HTTP/1.0's close-delimited body or a drain ends it.
    private func isKeepAlive(_ exchange: Exchange, framing: ResponseEncoder.Framing) -> Bool {
        exchange.isKeepAlive && framing != .untilClose && !isDraining
    }
}
