import Glibc

/// One parsed request head: method, target, version and fields. The body, if any, has been
/// read and discarded by the connection (no route here takes content).
public struct Request: Sendable {
    public enum Version: Sendable, Equatable {
        case http10, http11
    }

    public let method: Method
    public let version: Version
    /// The target's path, `*` for `OPTIONS *`: percent-encoded unreserved characters decoded, every
    /// other percent-encoding kept (`/layouts/a%2Fb`), so that routing sees the client's segments.
    public let path: String
    /// The raw query, without `?`; empty when the target has none.
    public let query: String
    /// Kept by an `Exchange` only while its start closure runs (see `Exchange.request`).
    public internal(set) var fields: HTTPFields
    /// Whether the connection stays open after this request (RFC 9112 §9.3).
    public var isKeepAlive: Bool
    /// Whether the path and query are written into an access-log line as they are, with no byte
    /// to escape (`AccessLog.isPlain`): the parser knows it from its pass over the target.
    let isTargetPlain: Bool
    /// The route template's `{name}` segment and its value, set by the router.
    var routeParameter: RouteParameter?
    /// Which route answered it, for the metrics (`LoopMetrics.RouteSlot`); set by the router.
    var routeSlot = LoopMetrics.RouteSlot.unmatched

    public init(method: Method, path: String, query: String = "", version: Version = .http11, fields: HTTPFields = HTTPFields([]), isKeepAlive: Bool = true) {
        self.init(method: method, path: path, query: query, version: version, fields: fields, isKeepAlive: isKeepAlive,
                  isTargetPlain: path.utf8.allSatisfy(AccessLog.isPlain) && query.utf8.allSatisfy(AccessLog.isPlain))
    }

    init(method: Method, path: String, query: String, version: Version, fields: HTTPFields, isKeepAlive: Bool, isTargetPlain: Bool) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.fields = fields
        self.isKeepAlive = isKeepAlive
        self.isTargetPlain = isTargetPlain
    }

    /// The value of the route parameter `name` (`screen` in `/layouts/{screen}`), decoded.
    public func parameter(_ name: String) -> String? {
        guard let routeParameter else { return nil }
        if routeParameter.name == name { return routeParameter.value }
        // A template ending in several parameters: names and values joined by `/`, which no decoded value holds.
        let names = routeParameter.name.split(separator: "/")
        guard names.count > 1, let index = names.firstIndex(where: { $0 == name }) else { return nil }
        return String(routeParameter.value.split(separator: "/", omittingEmptySubsequences: false)[index])
    }

    /// The decoded value of the first query parameter called `name`; nil when absent. The
    /// router has answered 400 to a query with a malformed name or value (`Query.defect(in:)`).
    public func queryValue(_ name: String) -> String? {
        Query.value(of: name, in: query)
    }
}

/// A route template's final `{name}` segments and the values they matched (several: joined by `/`). A struct, not a tuple:
/// an optional tuple is copied through the runtime's generic value witnesses, ten times slower.
struct RouteParameter: Sendable {
    let name: String
    let value: String
}
