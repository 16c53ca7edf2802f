import SkeletonDomain

/// JSON text to splice into the contract documents' literals: a string, or an array of
/// strings, escaped as RFC 8259 §7 requires (by `JSONWriter`). Only the contract documents
/// use it, once each, at start-up.
enum JSONText {
    static func string(_ value: String) -> String {
        var writer = JSONWriter()
        writer.string(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func strings(_ values: [String]) -> String {
        var writer = JSONWriter()
        writer.beginArray()
        for value in values { writer.string(value) }
        writer.endArray()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
