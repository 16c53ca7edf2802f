import Glibc

/// A growable byte buffer for encoding responses and log lines: appends are a capacity check
/// and a `memcpy`, with none of `Array`'s uniqueness checks. Non-copyable, so its memory has
/// exactly one owner (an event loop or its access log), freed with it.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The bytes written so far; valid until the next mutation.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends the decimal digits of a non-negative integer.
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        precondition(value >= 0, "only non-negative values are written")
        reserve(20)
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        rest = value
        var position = count + digits
        repeat {
            position -= 1
            base.storeBytes(of: UInt8(truncatingIfNeeded: rest % 10) &+ 48, toByteOffset: position, as: UInt8.self)
            rest /= 10
        } while rest > 0
        count += digits
    }

    /// Empties the buffer; a buffer grown past `keepingCapacity` shrinks back, so that one burst
    /// does not hold memory for good.
    mutating func removeAll(keepingCapacity limit: Int) {
        count = 0
        if capacity > limit {
            base.deallocate()
            capacity = limit
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        memcpy(newBase, base, count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
