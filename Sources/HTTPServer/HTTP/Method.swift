import Glibc

/// The request methods of IANA's HTTP Method Registry: those of RFC 9110 §9, PATCH (RFC 5789),
/// QUERY, and the WebDAV family. A method a route does not serve is answered 405 with `Allow`;
/// a token outside this set 501 Not Implemented (RFC 9110 §9.1, §15.5.6, §15.6.2). Method names
/// are case-sensitive. (PRI is registered only to reserve HTTP/2's connection preface, which is
/// answered 505: it is not a method here.)
package enum Method: String, Sendable, CaseIterable {
    case get = "GET", head = "HEAD", post = "POST", put = "PUT", delete = "DELETE"
    case connect = "CONNECT", options = "OPTIONS", trace = "TRACE", patch = "PATCH"
    case query = "QUERY"
    case acl = "ACL", baselineControl = "BASELINE-CONTROL", bind = "BIND", checkin = "CHECKIN", checkout = "CHECKOUT"
    case copy = "COPY", label = "LABEL", link = "LINK", lock = "LOCK", merge = "MERGE", mkactivity = "MKACTIVITY"
    case mkcalendar = "MKCALENDAR", mkcol = "MKCOL", mkredirectref = "MKREDIRECTREF", mkworkspace = "MKWORKSPACE"
    case move = "MOVE", orderpatch = "ORDERPATCH", propfind = "PROPFIND", proppatch = "PROPPATCH", rebind = "REBIND"
    case report = "REPORT", search = "SEARCH", unbind = "UNBIND", uncheckout = "UNCHECKOUT", unlink = "UNLINK"
    case unlock = "UNLOCK", update = "UPDATE", updateredirectref = "UPDATEREDIRECTREF", versionControl = "VERSION-CONTROL"

    /// The registered methods no route of this server serves: looked up off the hot path.
    private static let others = allCases.filter { ![.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch].contains($0) }

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
        default:
            guard let other = Self.others.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
            self = other
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
        case .query: "QUERY"
        case .acl: "ACL"
        case .baselineControl: "BASELINE-CONTROL"
        case .bind: "BIND"
        case .checkin: "CHECKIN"
        case .checkout: "CHECKOUT"
        case .copy: "COPY"
        case .label: "LABEL"
        case .link: "LINK"
        case .lock: "LOCK"
        case .merge: "MERGE"
        case .mkactivity: "MKACTIVITY"
        case .mkcalendar: "MKCALENDAR"
        case .mkcol: "MKCOL"
        case .mkredirectref: "MKREDIRECTREF"
        case .mkworkspace: "MKWORKSPACE"
        case .move: "MOVE"
        case .orderpatch: "ORDERPATCH"
        case .propfind: "PROPFIND"
        case .proppatch: "PROPPATCH"
        case .rebind: "REBIND"
        case .report: "REPORT"
        case .search: "SEARCH"
        case .unbind: "UNBIND"
        case .uncheckout: "UNCHECKOUT"
        case .unlink: "UNLINK"
        case .unlock: "UNLOCK"
        case .update: "UPDATE"
        case .updateredirectref: "UPDATEREDIRECTREF"
        case .versionControl: "VERSION-CONTROL"
        }
    }
}
