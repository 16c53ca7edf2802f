/// The request methods of RFC 9110 §9 (and PATCH, RFC 5789). A token outside this set is
/// answered 501 Not Implemented; method names are case-sensitive (RFC 9110 §9.1).
public enum Method: String, Sendable, CaseIterable {
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", delete = "DELETE"
    case connect = "CONNECT", options = "OPTIONS", trace = "TRACE", patch = "PATCH"

    /// The method named by the bytes, without allocating.
    init?(bytes: UnsafeRawBufferPointer) {
        switch bytes.count {
        case 3:
            if bytes.elementsEqual("GET".utf8) { self = .get } else if bytes.elementsEqual("PUT".utf8) { self = .put } else { return nil }
        case 4:
            if bytes.elementsEqual("HEAD".utf8) { self = .head } else if bytes.elementsEqual("POST".utf8) { self = .post } else { return nil }
        case 5:
            if bytes.elementsEqual("TRACE".utf8) { self = .trace } else if bytes.elementsEqual("PATCH".utf8) { self = .patch } else { return nil }
        case 6:
            if bytes.elementsEqual("DELETE".utf8) { self = .delete } else { return nil }
        case 7:
            if bytes.elementsEqual("CONNECT".utf8) { self = .connect } else if bytes.elementsEqual("OPTIONS".utf8) { self = .options } else { return nil }
        default:
            return nil
        }
    }
}
