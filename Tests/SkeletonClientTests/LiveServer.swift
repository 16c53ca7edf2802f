import Foundation
import HTTPServer
import SkeletonAPI
import SkeletonClient

/// The real service on a loopback port the kernel chose, in this process.
final class LiveServer: Sendable {
    let server: Server
    let port: UInt16

    /// `router`: the service's by default; a test's own to serve what a later server would.
    init(router: Router = SkeletonService(readiness: Readiness()).router) throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.accessLog = nil
        configuration.shutdownGraceMilliseconds = 100
        server = Server(configuration: configuration, router: router)
        port = try server.start()
    }

    var client: SkeletonClient { SkeletonClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!) }

    /// A client whose follows are timed on `clock`.
    func client(clock: TestClock) -> SkeletonClient { SkeletonClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, clock: clock) }

    /// Drains: open event streams get `reconnect` and close.
    func stop() {
        server.shutdown()
        server.wait()
    }

    deinit { stop() }
}
