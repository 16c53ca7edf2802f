import Glibc

extension RequestParser {
    /// Where the fields of the head being parsed are assembled, reused from head to head, with
    /// the storage of the last head's fields: the next head refills it when no request holds it
    /// any more (the request was answered), so that parsing a head allocates nothing. A request
    /// that is kept (a deferred reply's, one whose body is being read) keeps its storage, and the
    /// next head gets a new one.
    ///
    /// It also keeps the last target read, and hands it out again to a head whose target has the
    /// same bytes: a client asking for one target again and again (a poll, a pipeline) costs one
    /// comparison rather than the target's checks and its strings' making each time (some 800
    /// instructions for `/layouts/home?n=1`, docs/performance.md). A target's reading depends on
    /// its bytes alone, but for `*`, which only `OPTIONS` may send and which is never kept.
    final class Scratch {
        private let buffer: UnsafeMutableRawBufferPointer
        private var storage: HTTPFields.Storage?
        private var storageCapacity = 0
        /// Used by one loop's thread only (as the whole scratch is), so not checked at run time.
        @exclusivity(unchecked) private var lastTarget: RequestTarget?
        /// The last target's bytes (room for the longest request line): comparing the next head's
        /// with them touches no string (a string of up to 15 bytes, held inline, would be copied
        /// out to be compared).
        private let lastTargetBytes: UnsafeMutableRawBufferPointer
        private var lastTargetCount = 0

        init(limits: RequestLimits) {
            buffer = .allocate(byteCount: limits.maxHeaderCount * MemoryLayout<HTTPFields.Entry>.stride + limits.maxHeaderBytes, alignment: 16)
            lastTargetBytes = .allocate(byteCount: limits.maxRequestLine, alignment: 16)
        }

        deinit {
            buffer.deallocate()
            lastTargetBytes.deallocate()
        }

        func setEntry(_ index: Int, _ entry: HTTPFields.Entry) {
            buffer.storeBytes(of: entry, toByteOffset: index * MemoryLayout<HTTPFields.Entry>.stride, as: HTTPFields.Entry.self)
        }

        /// The fields made of the first `count` entries and the header section `bytes`.
        func fields(count: Int, bytes: UnsafeRawBufferPointer) -> HTTPFields {
            let table = UnsafeRawBufferPointer(rebasing: buffer[..<(count * MemoryLayout<HTTPFields.Entry>.stride)])
            let size = table.count + bytes.count
            if !isKnownUniquelyReferenced(&storage) || storageCapacity < size {
                storage = HTTPFields.Storage.make(byteCount: size)
                storageCapacity = size
            }
            storage!.fill(table: table, bytes: bytes)
            return HTTPFields(storage: storage!, count: count)
        }

        /// The target read last, when `bytes` are its bytes.
        func target(sameAs bytes: UnsafeRawBufferPointer) -> RequestTarget? {
            guard let lastTarget, lastTargetCount == bytes.count,
                  memcmp(lastTargetBytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0 else { return nil }
            return lastTarget
        }

        /// Keeps `target`, read from `bytes`, to be handed out again (`target(sameAs:)`); a target
        /// longer than the limits' request line (which the parser refuses) is not kept.
        func keep(_ target: RequestTarget, readFrom bytes: UnsafeRawBufferPointer) {
            guard bytes.count <= lastTargetBytes.count else { return }
            lastTarget = target
            lastTargetBytes.copyMemory(from: bytes)
            lastTargetCount = bytes.count
        }
    }
}
