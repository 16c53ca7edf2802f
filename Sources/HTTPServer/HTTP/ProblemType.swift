/// A kind of problem, named by its `type` (RFC 9457 §3.1.1): a URI reference under `/problems/`,
/// relative to the service, stable across versions, so that a client tells two problems of one
/// status apart (an unknown screen from an expired session) by `type`, not by prose.
///
/// Each kind has one status, which every problem of that kind carries. The kinds the HTTP layer
/// answers with are here; an API adds its own (`ProblemType("unknown-screen", status: .notFound)`).
package struct ProblemType: Sendable, Equatable {
    /// The `type` member: `/problems/NAME`.
    package let uri: String
    package let status: Status

    package init(_ name: String, status: Status) {
        uri = "/problems/" + name
        self.status = status
    }

    /// 400: the request is not well-formed HTTP/1.1 (or a smuggling form); the connection is closed.
    package static let malformedRequest = ProblemType("malformed-request", status: .badRequest)
    /// 400: the query is not well-formed percent-encoded UTF-8; `parameter` names where.
    package static let malformedQuery = ProblemType("malformed-query", status: .badRequest)
    /// 400: a path segment does not decode to UTF-8 text without `/` or NUL.
    package static let malformedPath = ProblemType("malformed-path", status: .badRequest)
    /// 404: no route matches the path.
    package static let noRoute = ProblemType("no-route", status: .notFound)
    /// 405: the route does not answer the method; `Allow` lists those it does.
    package static let methodNotAllowed = ProblemType("method-not-allowed", status: .methodNotAllowed)
    /// 408: the request's header section did not arrive in time.
    package static let requestTimeout = ProblemType("request-timeout", status: .requestTimeout)
    /// 413: the body is larger than the server takes.
    package static let contentTooLarge = ProblemType("content-too-large", status: .contentTooLarge)
    /// 414: the request line is longer than the server takes.
    package static let uriTooLong = ProblemType("uri-too-long", status: .uriTooLong)
    /// 431: the header section (or a trailer section) is larger or has more fields than the server takes.
    package static let headerFieldsTooLarge = ProblemType("header-fields-too-large", status: .requestHeaderFieldsTooLarge)
    /// 501: the method is not one the server knows.
    package static let notImplemented = ProblemType("not-implemented", status: .notImplemented)
    /// 505: the request is not HTTP/1.x.
    package static let versionNotSupported = ProblemType("http-version-not-supported", status: .httpVersionNotSupported)

    /// The HTTP layer's kinds, in the order of their statuses.
    package static let httpKinds = [
        malformedRequest, malformedQuery, malformedPath, noRoute, methodNotAllowed, requestTimeout, contentTooLarge,
        uriTooLong, headerFieldsTooLarge, notImplemented, versionNotSupported,
    ]

    /// The kind of a parse error with `status`: each status but 400 has one kind.
    static func ofParseError(_ status: Status) -> ProblemType {
        status == .badRequest ? malformedRequest : httpKinds.first { $0.status == status } ?? malformedRequest
    }
}
