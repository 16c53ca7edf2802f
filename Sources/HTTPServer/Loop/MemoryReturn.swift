import CLinux

/// Gives memory back to the system after a burst of connections has gone: glibc keeps the freed
/// buffers of thousands of closed connections in its free lists for good, so without this a
/// burst of 10,000 event streams would leave 20 MB resident after they closed. It trims only when
/// a loop's open connections fell by `burst` from their peak, so steady churn never pays for it.
struct MemoryReturn {
    private var peak = 0
    private static let burst = 1000

    /// Notes how many connections the loop has open after accepting.
    mutating func noteOpen(_ count: Int) {
        peak = max(peak, count)
    }

    /// Called from the loop's periodic sweep: trims once the burst has closed.
    mutating func sweep(open count: Int) {
        guard peak - count >= Self.burst else { return }
        peak = count
        malloc_trim(0)
    }
}
