/// Reading and processing: a connection's bytes read, parsed into requests, dispatched to the
/// router, and the responses encoded into the loop's output batch, which writing sends.
extension EventLoop {
    func readInput(_ connection: Connection) {
        for _ in 0..<4 {
            guard !connection.isClosed, connection.wantsInput else { return }
            let count: Int
            do {
                guard case .done(let read) = try Socket.read(connection.fd, into: readBuffer) else { return }
                count = read
            } catch {
                close(connection)
                return
            }
            if count == 0 {
                peerFinished(connection)
                return
            }
            if case .lingering = connection.phase { continue }
            ingest(connection, UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            if count < readBuffer.count { return }
        }
    }

    /// Processes new bytes after any already pending, then sends what that produced.
    private func ingest(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) {
        if connection.pending.isEmpty {
            let consumed = process(connection, bytes)
            if consumed < bytes.count && !connection.closeAfterFlush && !connection.isClosed {
                connection.pending = Array(bytes[consumed...])
            }
        } else {
            connection.pending += bytes
            processPending(connection)
        }
        flushOutput(connection)
        processBuffered(connection)
    }

    /// Answers requests still buffered after a batch stopped at the output high-water mark, for as
    /// long as the socket takes the responses at once; otherwise EPOLLOUT resumes them.
    func processBuffered(_ connection: Connection) {
        while !connection.isClosed, !connection.closeAfterFlush, connection.outbox.isEmpty,
              case .head = connection.phase, !connection.pending.isEmpty {
            let before = connection.pending.count
            processPending(connection)
            flushOutput(connection)
            if connection.pending.count == before { return } // an incomplete request: wait for its bytes
        }
    }

    private func processPending(_ connection: Connection) {
        let buffered = connection.pending
        let consumed = buffered.withUnsafeBytes { process(connection, $0) }
        connection.pending = connection.closeAfterFlush || connection.isClosed || consumed == buffered.count ? [] : Array(buffered[consumed...])
    }

    /// Parses and answers every complete request at the front of `bytes`; returns the bytes used.
    /// Stops at an incomplete request, a deferred reply, a closing response or a full output buffer.
    private func process(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) -> Int {
        current = connection
        defer { current = nil }
        var offset = 0
        while !connection.closeAfterFlush && !connection.isClosed && output.count < Self.outputHighWater {
            switch connection.phase {
            case .head:
                guard offset < bytes.count else { return offset }
                do {
                    guard case .complete(let request, let framing, let consumed) = try RequestParser.parse(UnsafeRawBufferPointer(rebasing: bytes[offset...]), limits: configuration.limits, scratch: parserScratch) else {
                        return offset
                    }
                    offset += consumed
                    connection.requestStartMicroseconds = clockMicroseconds
                    if framing == .none {
                        dispatch(request, on: connection)
                    } else {
                        connection.phase = .body(request, BodyReader(framing: framing, maxBodyBytes: configuration.limits.maxBodyBytes))
                    }
                } catch {
                    reject(connection, error)
                    return offset
                }
            case .body(let request, var reader):
                do {
                    offset += try reader.consume(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                } catch {
                    reject(connection, error)
                    return offset
                }
                guard reader.isComplete else {
                    connection.phase = .body(request, reader)
                    return offset
                }
                connection.phase = .head
                dispatch(request, on: connection)
            case .waiting, .streaming, .lingering:
                return offset
            }
        }
        return offset
    }

    private func dispatch(_ request: consuming Request, on connection: Connection) {
        connection.servedRequests += 1
        switch router.reply(to: &request) {
        case .response(let response):
            append(response, for: request, on: connection, into: &output)
        case .deferred(let start):
            let exchange = Exchange(request: request, connection: connection, loop: self)
            connection.phase = .waiting(exchange)
            metrics?.add(1, to: .deferredPending)
            start(exchange)
            exchange.forgetFields()
        }
    }

    /// Encodes a complete response into `out`, for `connection`.
    func append(_ response: Response, for request: Request, on connection: Connection, into out: inout ResponseBatch) {
        let before = out.count
        let keepAlive = request.isKeepAlive && !isDraining
        encoder.encode(response, includeBody: request.method != .head, version: request.version,
                       keepAlive: keepAlive, date: date.line, into: &out)
        log(request, status: response.status, bytes: out.count - before, on: connection)
        if !keepAlive { connection.closeAfterFlush = true }
    }

    /// Records a response in the access log and the metrics, timed from its request's start. The
    /// clock is read only for them: once per response.
    func log(_ request: Request, status: Status, bytes: Int, on connection: Connection) {
        guard accessLog.isEnabled || metrics != nil else { return }
        clockMicroseconds = monotonicMicroseconds()
        let microseconds = Int(clockMicroseconds - connection.requestStartMicroseconds)
        accessLog.record(request, peer: connection.peer, status: status, bytes: bytes, atMicroseconds: clockMicroseconds, microseconds: microseconds)
        metrics?.record(route: request.routeSlot, method: request.routeSlot == LoopMetrics.RouteSlot.invalid ? nil : request.method,
                        status: status.code, microseconds: microseconds)
    }

    /// Answers a request that cannot be parsed, then closes gracefully (RFC 9112 §9.6).
    func reject(_ connection: Connection, _ error: ParseError) {
        var request = Request(method: .get, path: "-", isKeepAlive: false)
        request.routeSlot = LoopMetrics.RouteSlot.invalid
        connection.requestStartMicroseconds = clockMicroseconds
        append(Problem(status: error.status, detail: error.detail).response(), for: request, on: connection, into: &output)
        connection.lingerAfterFlush = true
    }
}
