import CLinux

/// Serves HTTP/1.1 on one event loop's connections: accepts them, reads and parses their requests,
/// dispatches them to the router, encodes and writes the responses, and carries out what each
/// connection's state machine decides (`perform`): deadlines, epoll interest, resuming, the 408,
/// the graceful close and the close. Confined to its loop's thread (see `EventLoop`). Every byte
/// in and out goes through `io` (`ConnectionIO`): sockets in a server, memory in a test.
///
/// Per loop, not per connection: one 64 KiB read buffer and one output batch. All complete
/// requests of one read are answered with one write (pipelining, answered in order).
final class ConnectionHandler {
    let loop: EventLoop
    let configuration: ServerConfiguration
    let metrics: LoopMetrics?
    let encoder: ResponseEncoder
    let io: any ConnectionIO
    let serverState: ServerState
    /// None when the connections come from elsewhere (a test's in-memory ones, `open`).
    private let listener: Listener?
    @exclusivity(unchecked) private var router: Router
    @exclusivity(unchecked) var connections = ConnectionTable()
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private let parserScratch: RequestParser.Scratch
    @exclusivity(unchecked) private var output = ResponseBatch(capacity: 64 * 1024)
    /// Output for a connection other than `current` (a deferred reply answered from a timer).
    @exclusivity(unchecked) private var sideOutput = ResponseBatch(capacity: 4 * 1024)
    /// The connection whose requests are being processed (its responses collect in `output`).
    @exclusivity(unchecked) var current: Connection?
    @exclusivity(unchecked) private(set) var date = DateHeader()
    @exclusivity(unchecked) private var accessLog: AccessLog
    /// The loop's clock in microseconds as last read: at wake-up, and when a response was timed
    /// (which is when the next request of the batch starts).
    @exclusivity(unchecked) private var clockMicroseconds: Int64 = 0
    @exclusivity(unchecked) private(set) var isDraining = false
    @exclusivity(unchecked) private var drainDeadline = Int64.max
    /// Draining has closed every connection: the loop stops.
    @exclusivity(unchecked) var isFinished = false

    private static let outputHighWater = 1024 * 1024

    init(loop: EventLoop, listener: Listener?, io: any ConnectionIO, configuration: ServerConfiguration, router: Router,
         state: ServerState, metrics: LoopMetrics?) {
        self.loop = loop
        self.listener = listener
        self.io = io
        self.configuration = configuration
        self.metrics = metrics
        self.router = router
        serverState = state
        encoder = ResponseEncoder(serverName: configuration.serverName, corsOrigin: configuration.corsOrigin,
                                  exposedFields: configuration.corsExposedFields)
        parserScratch = RequestParser.Scratch(limits: configuration.limits)
        accessLog = AccessLog(format: configuration.accessLog, clock: configuration.clock)
    }

    deinit {
        readBuffer.deallocate()
    }

    func wokeUp(atMicroseconds microseconds: Int64) {
        clockMicroseconds = microseconds
        date.refresh()
    }

    func replaceRouter(_ router: Router) {
        self.router = router
    }

    func handle(fd: Int32, events: UInt32) {
        if let listener, listener.owns(fd) {
            listener.accept { fd, peer in open(fd, peer: peer) }
            return
        }
        guard let connection = connections[fd] else { return }
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
            report(.abandoned, to: connection)
            return
        }
        if events & EPOLLOUT.rawValue != 0 { writeOutbox(connection) }
        if connection.isClosed { return }
        if events & EPOLLIN.rawValue != 0 && connection.machine.readsInput {
            readInput(connection)
        } else if events & EPOLLRDHUP.rawValue != 0 {
            report(.readHangUp, to: connection)
        } else if events & EPOLLIN.rawValue != 0 {
            report(.inputArrived, to: connection)
        }
        settle(connection)
    }

    /// Stops accepting, closes idle connections and tells pending exchanges; in-flight requests
    /// finish, their responses saying `Connection: close`, within the grace period.
    func beginDrain() {
        isDraining = true
        drainDeadline = loop.now + Int64(configuration.shutdownGraceMilliseconds)
        listener?.close()
        for case let connection? in connections.snapshot {
            // A request whose bytes wait in the socket but were not read yet is in flight too.
            let hasPendingInput = !connection.pending.isEmpty || io.unreadByteCount(connection.fd) > 0
            report(.drainBegan(hasPendingInput: hasPendingInput), to: connection)
        }
        if connections.count == 0 { isFinished = true }
    }

    /// Applies the deadlines that passed; at shutdown, the end of the grace period.
    func sweep() {
        accessLog.flush()
        connections.returnMemory()
        if isDraining && loop.now >= drainDeadline {
            for case let connection? in connections.snapshot { report(.abandoned, to: connection) }
            isFinished = true
            return
        }
        let now = loop.now
        for case let connection? in connections.snapshot where connection.deadline <= now {
            report(.deadlinePassed, to: connection)
            settle(connection)
        }
    }

    func finish() {
        accessLog.flush()
        serverState.finishedLoops.add(1, ordering: .releasing)
    }

    /// Takes on an accepted connection, counted in `serverState.connectionCount`, and serves the
    /// bytes that came with it.
    func open(_ fd: Int32, peer: PeerAddress) {
        let connection = Connection(fd: fd, peer: peer, deadline: loop.now + Int64(configuration.headerTimeoutMilliseconds))
        do {
            try io.watch(fd, interest: connection.machine.interest.rawValue)
        } catch {
            serverState.connectionCount.subtract(1, ordering: .relaxed)
            io.close(fd)
            return
        }
        connections.insert(connection)
        metrics?.add(1, to: .connectionsOpen)
        metrics?.add(1, to: .connectionsAccepted)
        // Accepting waited for the client's first bytes (see `Socket.listen`): serve them now
        // rather than after another round of epoll.
        readInput(connection)
        settle(connection)
    }

    private func readInput(_ connection: Connection) {
        for _ in 0..<4 {
            guard connection.machine.readsInput else { return }
            let count: Int
            do {
                guard case .done(let read) = try io.read(connection.fd, into: readBuffer) else { return }
                count = read
            } catch {
                report(.abandoned, to: connection)
                return
            }
            if count == 0 {
                report(.endOfStream, to: connection)
                return
            }
            guard connection.machine.acceptsRequests else { continue }  // lingering: dropped
            ingest(connection, UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            if count < readBuffer.count { return }
        }
    }

    /// Processes new bytes after any already pending, then sends what that produced.
    private func ingest(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) {
        if connection.pending.isEmpty {
            let consumed = process(connection, bytes)
            if consumed < bytes.count && connection.machine.answersMoreRequests {
                connection.pending = Array(bytes[consumed...])
            }
        } else {
            connection.pending += bytes
            processPending(connection)
        }
        flushOutput(connection)
        processBuffered(connection)
        report(.inputProcessed(hasPartialRequest: connection.hasPartialRequest), to: connection)
    }

    /// Answers requests still buffered after a batch stopped at the output high-water mark (or
    /// while a reply was pending), for as long as the socket takes the responses at once;
    /// otherwise the output's drain resumes them.
    func processBuffered(_ connection: Connection) {
        while connection.machine.acceptsRequests && !connection.pending.isEmpty {
            let before = connection.pending.count
            processPending(connection)
            flushOutput(connection)
            if connection.pending.count == before { return } // an incomplete request: wait for its bytes
        }
    }

    private func processPending(_ connection: Connection) {
        let buffered = connection.pending
        let consumed = buffered.withUnsafeBytes { process(connection, $0) }
        connection.pending = !connection.machine.answersMoreRequests || consumed == buffered.count ? [] : Array(buffered[consumed...])
    }

    /// Parses and answers every complete request at the front of `bytes`; returns the bytes used.
    /// Stops at an incomplete request, a deferred reply, a closing response or a full output batch.
    /// A body is read by the connection's `BodyReader`, kept between reads.
    private func process(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) -> Int {
        current = connection
        defer { current = nil }
        var offset = 0
        while connection.machine.acceptsRequests && output.count < Self.outputHighWater {
            if case .body(let request, var reader) = connection.work {
                do {
                    offset += try reader.consume(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                } catch {
                    reject(connection, error)
                    return offset
                }
                guard reader.isComplete else {
                    connection.work = .body(request, reader)
                    return offset
                }
                connection.work = .none
                var request = request
                request.body = reader.body
                dispatch(request, on: connection)
                continue
            }
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
                    connection.work = .body(request, BodyReader(framing: framing, maxBodyBytes: configuration.limits.maxBodyBytes, maxKeptBytes: configuration.limits.maxKeptBodyBytes))
                }
            } catch {
                reject(connection, error)
                return offset
            }
        }
        return offset
    }

    private func dispatch(_ request: consuming Request, on connection: Connection) {
        request.peer = connection.peer
        switch router.reply(to: &request) {
        case .response(let response):
            let keepAlive = request.isKeepAlive && !isDraining
            report(.replied(keepAlive: keepAlive), to: connection)
            append(response, for: request, keepAlive: keepAlive, on: connection, into: &output)
        case .deferred(let start):
            let exchange = Exchange(request: request, path: router.literalTemplate(ofSlot: request.routeSlot),
                                    connection: connection, connectionHandler: self)
            connection.work = .reply(exchange)
            report(.requestDeferred, to: connection)
            metrics?.add(1, to: .deferredPending)
            start(exchange)
        }
    }

    /// Encodes a complete response into `out`, for `connection`, and records it.
    func append(_ response: Response, for request: Request, keepAlive: Bool, on connection: Connection, into out: inout ResponseBatch) {
        let before = out.count
        encoder.encode(response, includeBody: request.method != .head, version: request.version,
                       keepAlive: keepAlive, date: date.line, into: &out)
        log(request, status: response.status, bytes: out.count - before, on: connection)
    }

    /// Records a response in the access log and the metrics, timed from its request's start. The
    /// clock is read only for them: once per response.
    func log(_ request: Request, status: Status, bytes: Int, on connection: Connection) {
        guard accessLog.isEnabled || metrics != nil else { return }
        clockMicroseconds = loop.clock.microseconds
        let microseconds = Int(clockMicroseconds - connection.requestStartMicroseconds)
        accessLog.record(request, peer: connection.peer, status: status, bytes: bytes, atMicroseconds: clockMicroseconds, microseconds: microseconds)
        metrics?.record(route: request.routeSlot, method: request.routeSlot == LoopMetrics.RouteSlot.invalid ? nil : request.method,
                        status: status.code, microseconds: microseconds)
    }

    /// Answers a request that cannot be parsed, then closes gracefully (RFC 9112 §9.6).
    private func reject(_ connection: Connection, _ error: ParseError) {
        report(.requestRejected, to: connection)
        appendProblem(error, on: connection)
    }

    func appendProblem(_ error: ParseError, on connection: Connection) {
        var request = Request(method: .get, path: "-", isKeepAlive: false)
        request.routeSlot = LoopMetrics.RouteSlot.invalid
        connection.requestStartMicroseconds = clockMicroseconds
        append(Problem(ProblemType.ofParseError(error.status), detail: error.detail).response(), for: request, keepAlive: false, on: connection, into: &output)
    }

    /// Encodes for `connection`: into the batch being processed when it is this connection's,
    /// otherwise into a batch of its own, sent at once. Then carries out `action`, the state
    /// machine's answer to what was encoded (reported before, so that a last response is written
    /// as one), and registers the interest that leaves.
    func emit(to connection: Connection, then action: ConnectionStateMachine.Action, _ encode: (inout ResponseBatch) -> Void) {
        if current === connection {
            encode(&output)
            perform(action, on: connection)
            return
        }
        encode(&sideOutput)
        if let event = flush(&sideOutput, to: connection) { report(event, to: connection) }
        perform(action, on: connection)
        settle(connection)
    }

    func flushOutput(_ connection: Connection) {
        if let event = flush(&output, to: connection) { report(event, to: connection) }
    }

    /// Writes `batch` to `connection` and empties it; what the socket does not take waits in the
    /// connection's outbox for EPOLLOUT. Returns what to tell the state machine, once the batch is
    /// let go.
    private func flush(_ batch: inout ResponseBatch, to connection: Connection) -> ConnectionStateMachine.Event? {
        defer { batch.removeAll(keepingCapacity: 2 * Self.outputHighWater) }
        guard !connection.isClosed else { return nil }
        if !batch.isEmpty {
            do {
                _ = try connection.send(batch, through: io)
            } catch {
                return .abandoned
            }
        }
        return connection.hasUnsentOutput ? .outputBackedUp : .outputDrained
    }

    private func writeOutbox(_ connection: Connection) {
        guard connection.hasUnsentOutput else { return }
        let written: Int
        do {
            written = try connection.writeOutbox(through: io)
        } catch {
            report(.abandoned, to: connection)
            return
        }
        if !connection.hasUnsentOutput {
            report(.outputDrained, to: connection)
        } else if written > 0 {
            report(.outputBackedUp, to: connection)
        }
    }
}
