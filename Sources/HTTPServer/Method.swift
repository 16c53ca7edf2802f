import Glibc

/// The request methods of RFC 9110 §9 (and PATCH, RFC 5789). A token outside this set is
/// answered 501 Not Implemented; method names are case-sensitive (RFC 9110 §9.1).
public enum Method: String, Sendable, CaseIterable {
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", delete = "DELETE"
    case connect = "CONNECT", options = "OPTIONS", trace = "TRACE", patch = "PATCH"

    /// The method named by the bytes, without allocating.
    init?(bytes: UnsafeRawBufferPointer) {
        func equals(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == bytes.count && memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        }
        guard !bytes.isEmpty else { return nil }
        switch bytes[0] {
        case UInt8(ascii: "G") where equals("GET"): self = .get
        case UInt8(ascii: "H") where equals("HEAD"): self = .head
        case UInt8(ascii: "P") where equals("POST"): self = .post
        case UInt8(ascii: "P") where equals("PUT"): self = .put
        case UInt8(ascii: "P") where equals("PATCH"): self = .patch
        case UInt8(ascii: "D") where equals("DELETE"): self = .delete
        case UInt8(ascii: "C") where equals("CONNECT"): self = .connect
        case UInt8(ascii: "O") where equals("OPTIONS"): self = .options
        case UInt8(ascii: "T") where equals("TRACE"): self = .trace
        default: return nil
        }
    }

    /// The method's name as static bytes, for writing without a String.
    var name: StaticString {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .connect: "CONNECT"
        case .options: "OPTIONS"
        case .trace: "TRACE"
        case .patch: "PATCH"
        }
    }
}
