import Glibc

/// Milliseconds since the Unix epoch: the clock session tokens record their start in, so that
/// any replica with the same secret (and a synchronised clock) computes the same elapsed time.
@Sendable package func epochMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
}
