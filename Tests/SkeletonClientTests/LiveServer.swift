import Foundation
import HTTPServer
import SkeletonAPI
import SkeletonClient

/// The real service on a loopback port the kernel chose, in this process; on the wall clock, or
/// on a `ManualClock` that the test moves (its loops' timers and its sessions' time both).
final class LiveServer: Sendable {
    let server: Server
    let port: UInt16
    /// The clock the test moves; nil on the wall clock.
    let clock: ManualClock?

    /// `router`: the service's by default; a test's own to serve what a later server would.
    init(router: Router = SkeletonService(readiness: Readiness()).router) throws {
        (server, port) = try Self.start(router, clock: nil)
        clock = nil
    }

    /// The service with its loop and its sessions on `clock` (epoch ms: 1.8e12 plus the clock's
    /// ms), which replicas share when they share the clock.
    init(clock: ManualClock) throws {
        let service = SkeletonService(readiness: Readiness(), now: { 1_800_000_000_000 + clock.microseconds / 1000 })
        (server, port) = try Self.start(service.router, clock: clock)
        self.clock = clock
    }

    private static func start(_ router: Router, clock: ManualClock?) throws -> (Server, UInt16) {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.accessLog = nil
        configuration.shutdownGraceMilliseconds = 100
        if let clock { configuration.clock = .manual(clock) }
        let server = Server(configuration: configuration, router: router)
        return (server, try server.start())
    }

    var client: SkeletonServerClient { SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!) }

    /// A client whose follows are timed on `clock`.
    func client(clock: TestClock) -> SkeletonServerClient { SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, clock: clock) }

    /// Drains: open event streams get `reconnect` and close. On a manual clock, the loops handle
    /// the drain before the clock moves past the grace period.
    func stop() {
        server.shutdown()
        if let clock {
            clock.advance(by: 0)
            clock.advance(by: 1_000)
        }
        server.wait()
    }

    deinit { stop() }
}
