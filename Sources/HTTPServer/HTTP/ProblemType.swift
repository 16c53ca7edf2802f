/// A kind of problem, named by its `type` (RFC 9457 §3.1.1): a URI reference under `/problems/`,
/// relative to the service, stable across versions, so that a client tells two problems of one
/// status apart (an unknown screen from an expired session) by `type`, not by prose.
///
/// The kinds the HTTP layer answers with are here; an API adds its own (`ProblemType("unknown-screen")`).
public struct ProblemType: Sendable, Hashable {
    /// The `type` member: `/problems/NAME`.
    public let uri: String

    public init(_ name: String) {
        uri = "/problems/" + name
    }

    /// 400: the request is not well-formed HTTP/1.1 (or a smuggling form); the connection is closed.
    public static let malformedRequest = ProblemType("malformed-request")
    /// 400: the query is not well-formed percent-encoded UTF-8; `parameter` names where.
    public static let malformedQuery = ProblemType("malformed-query")
    /// 400: a path segment does not decode to UTF-8 text without `/` or NUL.
    public static let malformedPath = ProblemType("malformed-path")
    /// 404: no route matches the path.
    public static let noRoute = ProblemType("no-route")
    /// 405: the route does not answer the method; `Allow` lists those it does.
    public static let methodNotAllowed = ProblemType("method-not-allowed")
    /// 408: the request's header section did not arrive in time.
    public static let requestTimeout = ProblemType("request-timeout")
    /// 413: the body is larger than the server takes.
    public static let contentTooLarge = ProblemType("content-too-large")
    /// 414: the request line is longer than the server takes.
    public static let uriTooLong = ProblemType("uri-too-long")
    /// 431: the header section (or a trailer section) is larger or has more fields than the server takes.
    public static let headerFieldsTooLarge = ProblemType("header-fields-too-large")
    /// 501: the method is not one the server knows.
    public static let notImplemented = ProblemType("not-implemented")
    /// 505: the request is not HTTP/1.x.
    public static let versionNotSupported = ProblemType("http-version-not-supported")

    /// The HTTP layer's kinds, in the order of their statuses.
    public static let httpKinds: [(type: ProblemType, status: Status)] = [
        (malformedRequest, .badRequest), (malformedQuery, .badRequest), (malformedPath, .badRequest), (noRoute, .notFound),
        (methodNotAllowed, .methodNotAllowed), (requestTimeout, .requestTimeout), (contentTooLarge, .contentTooLarge),
        (uriTooLong, .uriTooLong), (headerFieldsTooLarge, .requestHeaderFieldsTooLarge), (notImplemented, .notImplemented),
        (versionNotSupported, .httpVersionNotSupported),
    ]

    /// The kind of a parse error with `status`: each status but 400 has one kind.
    static func ofParseError(_ status: Status) -> ProblemType {
        status == .badRequest ? malformedRequest : httpKinds.first { $0.status == status }?.type ?? malformedRequest
    }
}
