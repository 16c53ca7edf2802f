import Glibc

/// Byte-level helpers for the hot path: specialised loops over raw buffers instead of generic
/// collection algorithms, which cost an order of magnitude more instructions per call.
enum Bytes {
    /// The index of the first `byte` in `buffer[start..<end]`.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `buffer[start..<end]` equals `text` ignoring ASCII case.
    @inline(__always)
    static func equalsIgnoringCase(_ buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard end - start == text.count else { return false }
        var index = 0
        while index < text.count {
            if lowercased(buffer[start + index]) != lowercased(text[index]) { return false }
            index += 1
        }
        return true
    }

    /// Whether `buffer[start..<end]` equals the lower-case `text` ignoring ASCII case.
    @inline(__always)
    static func equalsIgnoringCase(_ buffer: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ text: StaticString) -> Bool {
        equalsIgnoringCase(buffer, start, end, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension String {
    /// The UTF-8 `bytes` as a string, ill-formed sequences repaired as `String(decoding:as:)`
    /// repairs them. Up to 15 ASCII bytes become a small string by one copy and one check, where
    /// `String(decoding:as:)` validates and copies them byte by byte (about three times the
    /// instructions: 340 for a 13-byte path).
    init(utf8 bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else {
            self = ""
            return
        }
        self.init(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source, byteCount: bytes.count)
            return bytes.count
        }
    }

    /// Runs `body` over the string's UTF-8 bytes without copying when they are contiguous (native strings are).
    @inlinable @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}
