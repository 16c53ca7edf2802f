/// The connections of one loop by file descriptor: descriptors are small and reused, so a flat
/// table finds a connection with one index. It counts them, and gives memory back to the system
/// after a burst has closed (`MemoryReturn`). Confined to its loop.
struct ConnectionTable {
    private var slots: [Connection?] = []
    private(set) var count = 0
    private var memoryReturn = MemoryReturn()

    @inline(__always)
    subscript(fd: Int32) -> Connection? {
        fd >= 0 && Int(fd) < slots.count ? slots[Int(fd)] : nil
    }

    /// The table as it is now, to go through while connections close.
    var snapshot: [Connection?] { slots }

    mutating func insert(_ connection: Connection) {
        let index = Int(connection.fd)
        if index >= slots.count {
            slots += Array(repeating: nil, count: max(index + 1 - slots.count, slots.count))
        }
        precondition(slots[index] == nil, "descriptor \(index) is already a connection's")
        slots[index] = connection
        count += 1
        memoryReturn.noteOpen(count)
    }

    mutating func remove(_ connection: Connection) {
        precondition(slots[Int(connection.fd)] === connection, "the connection is not in the table")
        slots[Int(connection.fd)] = nil
        count -= 1
    }

    /// Called from the loop's periodic sweep.
    mutating func returnMemory() {
        memoryReturn.sweep(open: count)
    }
}
