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

    /// Appends the decimal digits of a non-negative integer (`ByteCursor.writeDecimal`).
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        append(atMost: 19) { $0.writeDecimal(value) }
    }

    /// Appends what `write` writes through a cursor, at most `maxCount` bytes: one capacity check
    /// for all of them, instead of one per part.
    @inline(__always)
    mutating func append(atMost maxCount: Int, _ write: (inout ByteCursor) -> Void) {
        reserve(maxCount)
        var cursor = ByteCursor(base + count)
        write(&cursor)
        let written = base.distance(to: cursor.position) - count
        precondition(written <= maxCount, "a cursor wrote past the space reserved for it")
        count += written
    }

    /// Appends a number from 0 to 255 (an IPv4 octet) from a table: no division.
    @inline(__always)
    mutating func appendOctet(_ value: UInt8) {
        reserve(4)
        let entry = octetDigits[Int(value)]
        base.storeBytes(of: entry, toByteOffset: count, as: UInt32.self)  // the digits, then the length byte
        count += Int(entry >> 24)
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

/// "0" to "255": up to three ASCII digits in the low bytes (first digit lowest), the count in the top byte.
private let octetDigits: [UInt32] = (0...255).map { value in
    let text = Array(String(value).utf8)
    return text.enumerated().reduce(UInt32(text.count) << 24) { $0 | UInt32($1.element) << (8 * $1.offset) }
}

/// Writes bytes one after the other into space an `OutputBuffer` reserved for them
/// (`append(atMost:_:)`), which checks afterwards that they fitted.
struct ByteCursor {
    private(set) var position: UnsafeMutableRawPointer

    init(_ position: UnsafeMutableRawPointer) {
        self.position = position
    }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        position.storeBytes(of: byte, as: UInt8.self)
        position += 1
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        position.copyMemory(from: source, byteCount: bytes.count)
        position += bytes.count
    }

    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Moves past `count` bytes the caller wrote at `position` itself.
    @inline(__always)
    mutating func skip(_ count: Int) {
        position += count
    }

    @inline(__always)
    mutating func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The decimal digits of a non-negative integer (at most 19), written in place from the last:
    /// their count by comparison, then one unsigned division by 10 (a multiplication) per digit.
    @inline(__always)
    mutating func writeDecimal(_ value: Int) {
        precondition(value >= 0, "only non-negative values are written")
        var rest = UInt(bitPattern: value)
        var digits = 1
        var bound: UInt = 10
        while rest >= bound {  // an Int is below 10^19, so `bound` never overflows
            digits += 1
            bound &*= 10
        }
        var end = position + digits
        position = end
        repeat {
            end -= 1
            end.storeBytes(of: UInt8(truncatingIfNeeded: rest % 10) &+ 48, as: UInt8.self)
            rest /= 10
        } while rest > 0
    }
}
