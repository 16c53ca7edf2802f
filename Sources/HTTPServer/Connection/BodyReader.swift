/// Reads a request body off the wire incrementally: Content-Length bodies by count, chunked bodies
/// by their framing (RFC 9112 §7.1), trailer fields included. Keeps the decoded bytes while they
/// fit in `maxKeptBytes` (then only counts them), enforces the body limit on the decoded size and
/// rejects malformed chunk framing with 400.
struct BodyReader {
    private enum State {
        case counted(remaining: Int)
        case chunkSize(size: Int, digits: Int, inExtension: Bool, lineLength: Int)
        case chunkSizeLineFeed(size: Int)
        case chunkData(remaining: Int)
        case chunkDataEnd(sawCR: Bool)
        case trailer(lineLength: Int, sawCR: Bool)
        case done
    }

    private var state: State
    private var total = 0
    private let maxBodyBytes: Int
    private let maxKeptBytes: Int
    /// The decoded body so far, emptied once it outgrows `maxKeptBytes`.
    private var kept: [UInt8] = []
    /// The decoded body's size so far.
    private var received = 0
    private static let maxChunkLine = 4096

    init(framing: BodyFraming, maxBodyBytes: Int, maxKeptBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxKeptBytes = maxKeptBytes
        switch framing {
        case .none: state = .done
        case .length(let count): state = .counted(remaining: count)
        case .chunked: state = .chunkSize(size: 0, digits: 0, inExtension: false, lineLength: 0)
        }
    }

    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// The body read, once complete: its bytes when it fitted in `maxKeptBytes`.
    var body: RequestBody { RequestBody(bytes: received <= maxKeptBytes ? kept : nil, count: received) }

    private mutating func keep(_ bytes: UnsafeRawBufferPointer) {
        received += bytes.count
        if received <= maxKeptBytes {
            kept.append(contentsOf: bytes)
        } else if !kept.isEmpty {
            kept = []
        }
    }

    /// Consumes body bytes from the front of `bytes`; returns how many it took.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(ParseError) -> Int {
        var index = 0
        while index < bytes.count {
            switch state {
            case .done:
                return index
            case .counted(let remaining), .chunkData(let remaining):
                let taken = min(remaining, bytes.count - index)
                keep(UnsafeRawBufferPointer(rebasing: bytes[index..<index + taken]))
                index += taken
                if case .counted = state {
                    state = remaining == taken ? .done : .counted(remaining: remaining - taken)
                } else {
                    state = remaining == taken ? .chunkDataEnd(sawCR: false) : .chunkData(remaining: remaining - taken)
                }
            case .chunkSize(let size, let digits, let inExtension, let lineLength):
                let byte = bytes[index]
                index += 1
                if lineLength + 1 > Self.maxChunkLine { throw .bad("a chunk-size line exceeds \(Self.maxChunkLine) bytes") }
                if byte == cr {
                    guard digits > 0 else { throw .bad("a chunk has no size") }
                    state = .chunkSizeLineFeed(size: size)
                } else if inExtension {
                    if byte < 0x20 && byte != tab { throw .bad("a chunk extension has a control character") }
                    state = .chunkSize(size: size, digits: digits, inExtension: true, lineLength: lineLength + 1)
                } else if let value = hexValue(byte) {
                    let newSize = size * 16 + Int(value)
                    if total + newSize > maxBodyBytes { throw ParseError(.contentTooLarge, "the body exceeds \(maxBodyBytes) bytes") }
                    state = .chunkSize(size: newSize, digits: digits + 1, inExtension: false, lineLength: lineLength + 1)
                } else if digits > 0 && (byte == UInt8(ascii: ";") || byte == space || byte == tab) {
                    state = .chunkSize(size: size, digits: digits, inExtension: true, lineLength: lineLength + 1)
                } else {
                    throw .bad("a chunk size is not hexadecimal")
                }
            case .chunkSizeLineFeed(let size):
                guard bytes[index] == lf else { throw .bad("a chunk-size line does not end in CRLF") }
                index += 1
                total += size
                state = size == 0 ? .trailer(lineLength: 0, sawCR: false) : .chunkData(remaining: size)
            case .chunkDataEnd(let sawCR):
                let byte = bytes[index]
                index += 1
                if !sawCR && byte == cr {
                    state = .chunkDataEnd(sawCR: true)
                } else if sawCR && byte == lf {
                    state = .chunkSize(size: 0, digits: 0, inExtension: false, lineLength: 0)
                } else {
                    throw .bad("chunk data is not followed by CRLF")
                }
            case .trailer(let lineLength, let sawCR):
                let byte = bytes[index]
                index += 1
                if sawCR {
                    guard byte == lf else { throw .bad("a trailer line does not end in CRLF") }
                    state = lineLength == 0 ? .done : .trailer(lineLength: 0, sawCR: false)
                } else if byte == cr {
                    state = .trailer(lineLength: lineLength, sawCR: true)
                } else if byte == lf {
                    throw .bad("a trailer line does not end in CRLF")
                } else {
                    if lineLength + 1 > Self.maxChunkLine { throw ParseError(.requestHeaderFieldsTooLarge, "a trailer field exceeds \(Self.maxChunkLine) bytes") }
                    state = .trailer(lineLength: lineLength + 1, sawCR: false)
                }
            }
        }
        return index
    }
}
