/// The header fields of one request, in arrival order, duplicates kept (RFC 9110 §5.3).
/// One copy of the header bytes plus the ranges of each name and value: two allocations
/// per request whatever the number of fields. Names compare case-insensitively.
public struct HTTPFields: Sendable {
    struct Entry: Sendable {
        var nameStart: Int32, nameEnd: Int32, valueStart: Int32, valueEnd: Int32
    }

    private let storage: [UInt8]
    private let entries: [Entry]

    init(storage: [UInt8], entries: [Entry]) {
        self.storage = storage
        self.entries = entries
    }

    /// Fields from names and values, for building requests outside the parser (tests, routers).
    public init(_ pairs: [(String, String)]) {
        var storage: [UInt8] = []
        var entries: [Entry] = []
        for (name, value) in pairs {
            let nameStart = Int32(storage.count)
            storage += name.utf8
            let valueStart = Int32(storage.count)
            storage += value.utf8
            entries.append(Entry(nameStart: nameStart, nameEnd: valueStart, valueStart: valueStart, valueEnd: Int32(storage.count)))
        }
        self.init(storage: storage, entries: entries)
    }

    public var count: Int { entries.count }

    /// The value of the first field named `name`.
    public subscript(_ name: String) -> String? {
        guard let index = firstIndex(named: name, from: 0) else { return nil }
        return string(Int(entries[index].valueStart)..<Int(entries[index].valueEnd))
    }

    /// The values of every field named `name`, in order.
    public func values(_ name: String) -> [String] {
        var values: [String] = []
        var next = 0
        while let index = firstIndex(named: name, from: next) {
            values.append(string(Int(entries[index].valueStart)..<Int(entries[index].valueEnd)))
            next = index + 1
        }
        return values
    }

    /// The index of the first entry from `start` on whose name is `name`, compared byte by byte.
    private func firstIndex(named name: String, from start: Int) -> Int? {
        guard start < entries.count else { return nil }
        return storage.withUnsafeBytes { bytes in
            name.withUTF8Bytes { target in
                var index = start
                while index < entries.count {
                    let entry = entries[index]
                    if Bytes.equalsIgnoringCase(bytes, Int(entry.nameStart), Int(entry.nameEnd), target) { return index }
                    index += 1
                }
                return nil
            }
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: storage[range], as: UTF8.self)
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
