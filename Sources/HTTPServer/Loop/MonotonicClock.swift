import Glibc

/// The monotonic clock in microseconds: the time the loops keep deadlines, timers and request
/// durations in, which setting the wall clock does not move.
@inline(__always)
func monotonicMicroseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
}
