/// What each connection's state machine decides, carried out: deadlines, resuming the requests
/// held back, the 408, the graceful close, the close, and the epoll interest each state wants.
extension ConnectionHandler {
    /// Tells the connection's state machine what happened and carries out its answer; inlined, so
    /// that the common answer, none, costs no call.
    @inline(__always)
    func report(_ event: ConnectionStateMachine.Event, to connection: Connection) {
        let action = connection.handle(event)
        if case .none = action { return }
        perform(action, on: connection)
    }

    /// Carries out what a connection's state machine decided.
    func perform(_ action: ConnectionStateMachine.Action, on connection: Connection) {
        switch action {
        case .none:
            return
        case .setDeadline(.header):
            connection.deadline = loop.now + Int64(configuration.headerTimeoutMilliseconds)
        case .setDeadline(.idle):
            connection.deadline = loop.now + Int64(configuration.idleTimeoutMilliseconds)
        case .clearDeadline:
            connection.deadline = .max
        case .dispatchBuffered:
            if current === connection { return }  // its processing goes on with the next request
            if current == nil {
                resume(connection)
            } else {
                loop.schedule(afterMilliseconds: 0) { [self] in resume(connection) }
            }
        case .sendRequestTimeout:
            appendProblem(ParseError(.requestTimeout, "the request was not received within \(configuration.headerTimeoutMilliseconds) ms"), on: connection)
            flushOutput(connection)
        case .shutDownWriting:
            io.shutdownWrite(connection.fd)
            connection.release()
            connection.deadline = loop.now + Int64(configuration.lingerMilliseconds)
        case .drainExchange:
            if case .reply(let exchange) = connection.work { exchange.drain() }
        case .close:
            close(connection)
        }
    }

    /// Dispatches the requests that arrived while a reply was pending or output was backed up.
    private func resume(_ connection: Connection) {
        guard !connection.isClosed else { return }
        processBuffered(connection)
        report(.inputProcessed(hasPartialRequest: connection.hasPartialRequest), to: connection)
        settle(connection)
    }

    /// Watches for the epoll events the connection's state wants, when they changed.
    func settle(_ connection: Connection) {
        guard !connection.isClosed, let wanted = connection.interestChange() else { return }
        do {
            try io.changeInterest(connection.fd, to: wanted)
        } catch {
            report(.abandoned, to: connection)
        }
    }

    /// Gives the descriptor back and ends a pending exchange; the machine is already `closed`. A
    /// stream cut before its end (the client left, or the handler aborted it) is logged with the
    /// bytes it had sent.
    private func close(_ connection: Connection) {
        assert(connection.isClosed, "a connection is closed when its state machine says so")
        if case .reply(let exchange) = connection.work {
            exchange.end()
            metrics?.add(-1, to: exchange.isStreaming ? .streamsOpen : .deferredPending)
            if exchange.isStreaming { log(exchange.request, status: .ok, bytes: exchange.streamedBytes, on: connection) }
        }
        connection.release()
        io.close(connection.fd)
        connections.remove(connection)
        metrics?.add(-1, to: .connectionsOpen)
        serverState.connectionCount.subtract(1, ordering: .relaxed)
        if isDraining && connections.count == 0 { isFinished = true }
    }
}
