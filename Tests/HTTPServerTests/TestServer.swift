@testable import HTTPServer

/// A live server for a test: on port 0, without an access log, keeping time by a manual clock that
/// the test moves. Started before the body; after it, shut down, its grace period moved past (so
/// that a reply left pending cannot hold the shutdown on a clock that no longer moves) and waited for.
struct TestServer {
    let server: Server
    let port: UInt16
    let clock: ManualClock

    static func run(_ router: Router, threads: Int = 1, configure: (inout ServerConfiguration) -> Void = { _ in },
                    _ body: (TestServer) throws -> Void) throws {
        let clock = ManualClock()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = threads
        configuration.accessLog = nil
        configuration.clock = .manual(clock)
        configure(&configuration)
        let server = Server(configuration: configuration, router: router)
        let port = try server.start()
        defer {
            server.shutdown()
            clock.advance(by: configuration.shutdownGraceMilliseconds + Self.sweepInterval)
            server.wait()
        }
        try body(TestServer(server: server, port: port, clock: clock))
    }

    /// How long past a deadline the loop may see it: it applies deadlines at each sweep.
    static var sweepInterval: Int { Int(EventLoop.sweepInterval) }

    func client() throws -> TestClient {
        try TestClient(port: port)
    }
}
