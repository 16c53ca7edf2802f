/// The header fields of one request, in arrival order, duplicates kept (RFC 9110 §5.3).
/// One buffer per request whatever the number of fields: a table of each name's and value's
/// offsets followed by one copy of the header bytes. Names compare case-insensitively.
package struct HTTPFields: Sendable {
    struct Entry: Sendable {
        var nameStart: Int32, nameEnd: Int32, valueStart: Int32, valueEnd: Int32
    }

    /// `count` entries, then the header bytes their offsets point into; the header is the number
    /// of bytes in use. Immutable once fields hold it: the parser writes into one only while it
    /// holds the only reference (`RequestParser.Scratch`).
    final class Storage: ManagedBuffer<Int, UInt8> {
        static func make(byteCount: Int) -> Storage {
            // `create` allocates an instance of the class it is called on: this one.
            unsafeDowncast(create(minimumCapacity: byteCount) { _ in byteCount }, to: Storage.self)
        }

        /// The bytes in use.
        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            withUnsafeMutablePointers { count, bytes in body(UnsafeRawBufferPointer(start: bytes, count: count.pointee)) }
        }

        /// Replaces the content with the entries' `table` followed by the header `bytes`; the
        /// capacity must hold them.
        func fill(table: UnsafeRawBufferPointer, bytes: UnsafeRawBufferPointer) {
            withUnsafeMutablePointers { count, storage in
                let storage = UnsafeMutableRawPointer(storage)
                if !table.isEmpty { storage.copyMemory(from: table.baseAddress!, byteCount: table.count) }
                if !bytes.isEmpty { (storage + table.count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
                count.pointee = table.count + bytes.count
            }
        }
    }

    /// Sendable although `ManagedBuffer` is not: it is never written while fields hold it.
    nonisolated(unsafe) private let storage: Storage
    package let count: Int

    /// Fields over `storage` laid out as above (`RequestParser.Scratch` assembles it).
    init(storage: Storage, count: Int) {
        self.storage = storage
        self.count = count
    }

    /// No fields: one empty buffer, shared.
    static let none = HTTPFields(storage: Storage.make(byteCount: 0), count: 0)

    /// Fields from names and values, for building requests outside the parser (tests, routers).
    package init(_ pairs: [(String, String)]) {
        var table: [UInt8] = []
        var bytes: [UInt8] = []
        for (name, value) in pairs {
            let nameStart = Int32(bytes.count)
            bytes += name.utf8
            let valueStart = Int32(bytes.count)
            bytes += value.utf8
            withUnsafeBytes(of: Entry(nameStart: nameStart, nameEnd: valueStart, valueStart: valueStart, valueEnd: Int32(bytes.count))) { table += $0 }
        }
        let storage = Storage.make(byteCount: table.count + bytes.count)
        table.withUnsafeBytes { table in bytes.withUnsafeBytes { bytes in storage.fill(table: table, bytes: bytes) } }
        self.init(storage: storage, count: pairs.count)
    }

    /// The value of the first field named `name`.
    package subscript(_ name: String) -> String? {
        guard let index = firstIndex(named: name, from: 0) else { return nil }
        return value(at: index)
    }

    /// The values of every field named `name`, in order.
    package func values(_ name: String) -> [String] {
        var values: [String] = []
        var next = 0
        while let index = firstIndex(named: name, from: next) {
            values.append(value(at: index))
            next = index + 1
        }
        return values
    }

    /// The index of the first entry from `start` on whose name is `name`, compared byte by byte.
    private func firstIndex(named name: String, from start: Int) -> Int? {
        guard start < count else { return nil }
        return storage.withBytes { storage in
            name.withUTF8Bytes { target in
                let bytes = UnsafeRawBufferPointer(rebasing: storage[(count * MemoryLayout<Entry>.stride)...])
                var index = start
                while index < count {
                    let entry = Self.entry(index, in: storage)
                    if Bytes.equalsIgnoringCase(bytes, Int(entry.nameStart), Int(entry.nameEnd), target) { return index }
                    index += 1
                }
                return nil
            }
        }
    }

    private func value(at index: Int) -> String {
        storage.withBytes { storage in
            let entry = Self.entry(index, in: storage)
            let base = count * MemoryLayout<Entry>.stride
            return String(utf8: UnsafeRawBufferPointer(rebasing: storage[(base + Int(entry.valueStart))..<(base + Int(entry.valueEnd))]))
        }
    }

    @inline(__always)
    private static func entry(_ index: Int, in storage: UnsafeRawBufferPointer) -> Entry {
        storage.loadUnaligned(fromByteOffset: index * MemoryLayout<Entry>.stride, as: Entry.self)
    }
}

/// ASCII case-insensitive comparison of bytes with a string.
func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ text: String) -> Bool {
    guard bytes.count == text.utf8.count else { return false }
    return zip(bytes, text.utf8).allSatisfy { lowercased($0) == lowercased($1) }
}

@inline(__always)
func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
}

/// The bytes without leading and trailing spaces and tabs.
func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
    return slice
}
