import CLinux
import Glibc

/// Where and how the server listens, its limits and timeouts; defaults are docs/spec.md §6's.
package struct ServerConfiguration: Sendable {
    package var host = "127.0.0.1"
    /// 0 lets the kernel choose; `Server.start()` returns the port it got.
    package var port: UInt16 = 8080
    /// Event loops, one thread each; by default the CPUs this process may run on.
    package var threads = ServerConfiguration.availableCPUs
    package var limits = RequestLimits()
    /// From a request's first byte to its complete head and body (408 beyond).
    package var headerTimeoutMilliseconds = 10_000
    /// A persistent connection with no request in progress is closed after this.
    package var idleTimeoutMilliseconds = 30_000
    /// After an error response, how long the server reads and discards before closing (RFC 9112 §9.6).
    package var lingerMilliseconds = 2_000
    /// At shutdown, how long in-flight requests may run before their connections are closed.
    package var shutdownGraceMilliseconds = 9_000
    package var maxConnections = 10_000
    package var corsOrigin = "*"
    /// The response fields a page on another origin may read besides the CORS-safelisted ones
    /// (`Access-Control-Expose-Headers`, Fetch §3.2.6): `ETag` by default, so that a cross-origin
    /// client can revalidate; the application adds its own.
    package var corsExposedFields = ["ETag"]
    package var serverName = "skeleton-server"
    /// One line per request on standard output; nil for none.
    package var accessLog: AccessLogFormat? = .text
    /// Where the loops count requests, connections and streams; nil to count nothing.
    package var metrics: ServerMetrics?
    /// What the loops keep time by: timers, timeouts, the drain's grace period, request durations.
    package var clock = LoopClock.monotonic

    package init() {}

    /// CPUs in this process's affinity mask (a process pinned with `taskset -c 1` has one).
    package static var availableCPUs: Int {
        let count = Int(clinux_available_cpus())
        return count > 0 ? count : max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
