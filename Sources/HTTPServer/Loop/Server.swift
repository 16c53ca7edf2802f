import Glibc
import Synchronization

/// An HTTP/1.1 server: `configuration.threads` event loops, each on its own thread, sharing one
/// listening socket (each through its own descriptor, registered `EPOLLEXCLUSIVE`, as nginx's
/// workers do), so that one process owns its port: a second one fails with `EADDRINUSE`.
///
/// Life: `start()` binds and starts serving and returns the port; `shutdown()` (any thread, any
/// number of times) stops accepting, closes idle connections and lets in-flight requests finish
/// within the grace period; `wait()` returns when every loop has stopped.
package final class Server: Sendable {
    private enum Life {
        case idle
        /// The loops by their handles, the only part of a loop that other threads touch.
        case running(loops: [LoopHandle], threads: [pthread_t])
        case stopping
    }

    package let configuration: ServerConfiguration
    private let router: Router
    private let state = ServerState()
    private let life = Locked<Life>(.idle)
    private let draining = Atomic<Bool>(false)

    package init(configuration: ServerConfiguration, router: Router) {
        precondition(configuration.threads >= 1, "a server needs at least one event loop")
        self.configuration = configuration
        self.router = router
    }

    /// True once shutdown has begun.
    package var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Connections open now, across all loops.
    package var openConnections: Int { state.connectionCount.load(ordering: .relaxed) }

    /// Binds the listeners and starts the loops; returns the port they listen on.
    @discardableResult
    package func start() throws(SystemError) -> UInt16 {
        signal(SIGPIPE, SIG_IGN)
        var listeners: [Int32] = []
        var port: UInt16 = 0
        do {
            let listener = try Socket.listen(host: configuration.host, port: configuration.port)
            listeners.append(listener)
            port = try Socket.localPort(listener)
            for _ in 1..<configuration.threads { listeners.append(try Socket.duplicate(listener)) }
            let handlers = try listeners.map { fd throws(SystemError) in
                let loop = try EventLoop(clock: configuration.clock)
                return ConnectionHandler(loop: loop, listener: try Listener(fd: fd, loop: loop, state: state, maxConnections: configuration.maxConnections),
                                         io: SocketIO(loop: loop), configuration: configuration, router: router, state: state,
                                         metrics: configuration.metrics?.attachLoop(routeTemplates: router.templates))
            }
            let threads = handlers.map { handler in startThread { handler.loop.run(serving: handler) } }
            life.withLock { $0 = .running(loops: handlers.map(\.loop.handle), threads: threads) }
        } catch {
            listeners.forEach(Socket.close)
            throw error
        }
        return port
    }

    /// Begins a graceful shutdown.
    package func shutdown() {
        draining.store(true, ordering: .relaxed)
        life.withLock { life in
            // Every loop is told before any wakes: a loop that has begun draining (and closed a
            // client's idle connection) cannot race one that would still answer keep-alive.
            if case .running(let loops, _) = life {
                loops.forEach { $0.requestStop() }
                loops.forEach { $0.wake() }
            }
        }
    }

    /// Routes every request that arrives from now on with `router`, which must have the same route
    /// templates (the metrics count by them); open connections, streams and pending replies keep
    /// what they have. Callable from any thread.
    package func replaceRouter(_ router: Router) {
        precondition(router.templates == self.router.templates, "a replacement router must have the same routes")
        life.withLock { life in
            if case .running(let loops, _) = life { loops.forEach { $0.replaceRouter(router) } }
        }
    }

    /// Every loop has finished (`wait()` then returns at once).
    package var hasFinished: Bool { state.finishedLoops.load(ordering: .acquiring) == configuration.threads }

    /// Blocks until every loop has finished.
    package func wait() {
        let threads = life.withLock { life -> [pthread_t] in
            guard case .running(_, let threads) = life else { return [] }
            life = .stopping
            return threads
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}

private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

private func startThread(_ body: @escaping () -> Void) -> pthread_t {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    let result = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(result == 0, "pthread_create failed: \(result)")
    return thread
}
