/// The parameters of a query (`application/x-www-form-urlencoded`: `name=value` joined by `&`),
/// in order, as sent: each name and value a slice of the query's bytes, marked when it has a `%`
/// or `+` to decode. One pass over the query, eight bytes at a time (`ByteWord`), each word read
/// once; nothing copied or allocated.
///
/// Guarantees: empty pairs (`&&`) are skipped; a pair without `=` has an empty value; the first
/// `=` of a pair ends its name. Valid only while the bytes it reads are.
struct QueryItems: Sequence, IteratorProtocol {
    private let query: UnsafeBufferPointer<UInt8>
    /// The next pair's first byte.
    private var start = 0
    /// The first byte of the word being read (before the first, none), and its marks
    /// (`marks(_:at:)`) not yet passed.
    private var word = -8
    private var marks: UInt64 = 0

    init(_ query: UnsafeBufferPointer<UInt8>) {
        self.query = query
    }

    mutating func next() -> (name: QueryText, value: QueryText)? {
        guard let base = query.baseAddress else { return nil }
        while start < query.count {
            var equals = -1
            var isNameEncoded = false
            var isValueEncoded = false
            var end = query.count
            scan: while true {
                while marks == 0 {
                    word += 8
                    guard word < query.count else { break scan }
                    marks = Self.marks(query, at: word)
                }
                let at = word + ByteWord.first(marks)
                marks &= marks &- 1
                switch base[at] {
                case UInt8(ascii: "&"):
                    end = at
                    break scan
                case UInt8(ascii: "="):
                    if equals < 0 { equals = at }
                case UInt8(ascii: "%"), UInt8(ascii: "+"):
                    if equals < 0 { isNameEncoded = true } else { isValueEncoded = true }
                default:
                    continue  // another byte below `,` (`!`, `$`, `'`, `(`-`*`, rare in a query)
                }
            }
            let pairStart = start
            start = end + 1
            guard end > pairStart else { continue }
            let nameEnd = equals < 0 ? end : equals
            let valueStart = equals < 0 ? end : equals + 1
            return (QueryText(bytes: UnsafeBufferPointer(start: base + pairStart, count: nameEnd - pairStart), isEncoded: isNameEncoded),
                    QueryText(bytes: UnsafeBufferPointer(start: base + valueStart, count: end - valueStart), isEncoded: isValueEncoded))
        }
        return nil
    }

    /// The bytes of the word at `index` that `next` looks at: `=`, and every byte below `,`, which
    /// takes `%`, `&` and `+` in one test.
    @inline(__always)
    private static func marks(_ query: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        let count = query.count - index
        let word = ByteWord.load(query.baseAddress! + index, count: count)
        return (ByteWord.less(word, than: UInt8(ascii: ",")) & ByteWord.within(count)) | ByteWord.equal(word, UInt8(ascii: "="))
    }
}
