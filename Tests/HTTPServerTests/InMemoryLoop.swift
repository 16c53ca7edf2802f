@testable import HTTPServer

/// A `ConnectionHandler` on an event loop that no thread runs, its connections in memory
/// (`InMemoryTransport`) and its time a `ManualClock`. The test sends bytes and moves time;
/// `run()` then does what the loop's passes would: the ready events handed to the handler, the
/// timers that fell due fired, the deadlines applied at each sweep (every
/// `EventLoop.sweepInterval`), pass after pass until nothing is ready. No socket, no thread.
final class InMemoryLoop {
    let clock = ManualClock()
    let transport = InMemoryTransport()
    let handler: ConnectionHandler
    private let loop: EventLoop
    private var nextSweep = EventLoop.sweepInterval

    init(_ router: Router, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        var configuration = ServerConfiguration()
        configuration.accessLog = nil
        configuration.clock = .manual(clock)
        configure(&configuration)
        loop = try EventLoop(clock: configuration.clock)
        // No thread runs this loop, the test turns it: `advance` has no one to wait for.
        loop.handle.stopped()
        handler = ConnectionHandler(loop: loop, listener: nil, io: transport, configuration: configuration,
                                    router: router, state: ServerState(), metrics: nil)
    }

    /// Closes what is still open, so that no exchange outlives the test.
    deinit {
        for case let connection? in handler.connections.snapshot { handler.report(.abandoned, to: connection) }
    }

    /// Connections open in the handler.
    var openConnections: Int { handler.connections.count }

    /// Accepts a connection that comes with `text` (as `TCP_DEFER_ACCEPT` hands them over) and
    /// whose transport takes `writableBytes`, then runs.
    func connect(sending text: String = "", writableBytes: Int = .max) -> InMemoryConnection {
        let connection = transport.connect()
        connection.send(text)
        connection.writableBytes = writableBytes
        handler.serverState.connectionCount.add(1, ordering: .relaxed)
        loop.beginPass(serving: handler)
        handler.open(connection.fd, peer: PeerAddress())
        loop.endPass(serving: handler, nextSweep: &nextSweep)
        run()
        return connection
    }

    /// Passes of the loop until one leaves nothing ready (its timers may have made some ready).
    func run() {
        for _ in 0..<1000 {
            loop.beginPass(serving: handler)
            for connection in transport.all where connection.readyEvents != 0 {
                handler.handle(fd: connection.fd, events: connection.readyEvents)
            }
            loop.endPass(serving: handler, nextSweep: &nextSweep)
            if transport.all.allSatisfy({ $0.readyEvents == 0 }) { return }
        }
        preconditionFailure("the loop found events ready in 1,000 passes in a row")
    }

    func advance(by milliseconds: Int) {
        clock.advance(by: milliseconds)
        run()
    }

    /// Begins a graceful shutdown, as `Server.shutdown` does, and runs.
    func drain() {
        loop.handle.requestStop()
        run()
    }
}
