/// A request whose reply comes later: the handle a deferred handler keeps to answer it, to
/// stream a body, and to schedule wake-ups on the connection's event loop. Confined to that loop:
/// use it only from the `deferred` start closure and from its own timers.
///
/// When the client disconnects, or the exchange ends, its timers are cancelled and further
/// calls do nothing, so a handler never writes to a closed or reused socket.
package final class Exchange {
    let connection: Connection
    private unowned let connectionHandler: ConnectionHandler
    /// The pending wake-ups: most exchanges have one at a time, kept without an array.
    private var timer: LoopTimer?
    private var moreTimers: [LoopTimer] = []
    private var drainHandler: (() -> Void)?
    /// What a streamed response has put on the wire, head included: its access log line's bytes.
    var streamedBytes = 0
    /// What is kept of the request (`request`): an open stream or a long poll lives for long, so
    /// it keeps a few words, declared small after large so that they share the object's last word.
    private let routeSlot: Int
    private let target: RequestTarget
    let method: Method
    let version: Request.Version
    let isKeepAlive: Bool
    private var framing: ResponseEncoder.Framing?
    private(set) var isFinished = false

    /// Keeps of `request` what its reply and its access-log line read: the method, target,
    /// version, keep-alive and route slot (the peer is the connection's). `path`, when given, is
    /// a string with the bytes of the request's path (the literal template it matched), kept
    /// instead of the request's own copy.
    init(request: borrowing Request, path: String?, connection: Connection, connectionHandler: ConnectionHandler) {
        routeSlot = request.routeSlot
        target = path.map(request.target.sharing(path:)) ?? request.target
        method = request.method
        version = request.version
        isKeepAlive = request.isKeepAlive
        self.connection = connection
        self.connectionHandler = connectionHandler
    }

    /// The request without its fields, body and route parameter, which a handler reads from the
    /// request its route was given: an open stream or a long poll keeps no header bytes for its life.
    package var request: Request {
        var request = Request(method: method, target: target, version: version, fields: HTTPFields.none, isKeepAlive: isKeepAlive)
        request.routeSlot = routeSlot
        request.peer = connection.peer
        return request
    }

    /// Whether the reply can still be delivered.
    package var isConnected: Bool { !isFinished && !connection.isClosed }

    /// The head of a streamed response was sent.
    var isStreaming: Bool { framing != nil }

    /// Runs `action` on the loop after `milliseconds`, unless cancelled or the exchange ended first.
    package func schedule(afterMilliseconds milliseconds: Int, _ action: @escaping () -> Void) {
        guard isConnected else { return }
        // No guard around `action`: `end()`, which every way of ending the exchange or closing its
        // connection calls, cancels the timer. The action may hold the exchange strongly: the cycle
        // lasts until then.
        let scheduled = connectionHandler.loop.schedule(afterMilliseconds: milliseconds, action)
        if timer?.isDone ?? true {
            timer = scheduled
        } else {
            moreTimers.removeAll { $0.isDone }
            moreTimers.append(scheduled)
        }
    }

    /// Runs `handler` when the server begins to drain (at once if it has begun), so that the
    /// handler can end the exchange early: answer a long poll now, tell a stream's client to
    /// reconnect elsewhere. Without one, the exchange runs on until the drain deadline.
    package func onDrain(_ handler: @escaping () -> Void) {
        guard isConnected else { return }
        if connectionHandler.isDraining {
            handler()
        } else {
            drainHandler = handler
        }
    }

    /// The server began to drain.
    func drain() {
        let handler = drainHandler
        drainHandler = nil
        if isConnected { handler?() }
    }

    /// Sends the whole response and ends the exchange.
    package func respond(_ response: Response) {
        guard isConnected, framing == nil else { return }
        end()
        connectionHandler.complete(self, with: response)
    }

    /// Sends the status and fields of a streamed response; the body follows with `send`.
    /// With `contentLength`, the body is that many bytes (the sends must add up to it before
    /// `finish`); without, it is chunked for HTTP/1.1 and runs until the connection closes for 1.0.
    package func startStream(status: Status = .ok, headers: ResponseHeaders, contentLength: Int? = nil) {
        guard isConnected, framing == nil else { return }
        let framing: ResponseEncoder.Framing = contentLength.map { .length($0) } ?? (version == .http11 ? .chunked : .untilClose)
        self.framing = framing
        connectionHandler.startStream(self, status: status, headers: headers, framing: framing)
    }

    /// Sends one piece of a streamed body now.
    package func send(_ bytes: [UInt8]) {
        guard isConnected, let framing, !bytes.isEmpty else { return }
        connectionHandler.sendChunk(self, bytes, framing: framing)
    }

    /// Ends a streamed body and the exchange.
    package func finish() {
        guard isConnected, let framing else { return }
        end()
        connectionHandler.finishStream(self, framing: framing)
    }

    /// Ends the exchange without the rest of its response, as a failing network would: what was
    /// sent stays sent, then the connection closes, with a reset (RST) when `reset`, else in order
    /// (FIN). Done from the loop's next turn, so that bytes still being batched go out first.
    package func abort(reset: Bool) {
        guard isConnected else { return }
        end()
        connectionHandler.loop.schedule(afterMilliseconds: 0) { [connectionHandler, self] in connectionHandler.abort(self, reset: reset) }
    }

    /// The client went away or the exchange ended: nothing more will be sent.
    func end() {
        isFinished = true
        drainHandler = nil
        if let timer { connectionHandler.loop.cancel(timer) }
        for timer in moreTimers { connectionHandler.loop.cancel(timer) }
        timer = nil
        moreTimers = []
    }
}
