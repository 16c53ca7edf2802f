import HTTPServer

/// The API's kinds of problem, beside the HTTP layer's (`ProblemType.httpKinds`).
extension ProblemType {
    static let unknownScreen = ProblemType("unknown-screen", status: .notFound)
    static let unknownTheme = ProblemType("unknown-theme", status: .notFound)
    static let unknownElement = ProblemType("unknown-element", status: .notFound)
    static let unknownVariant = ProblemType("unknown-variant", status: .notFound)
    static let unknownSession = ProblemType("unknown-session", status: .notFound)
    static let badParameter = ProblemType("bad-parameter", status: .badRequest)
    static let missingParameter = ProblemType("missing-parameter", status: .badRequest)
    static let conflictingParameters = ProblemType("conflicting-parameters", status: .badRequest)
    static let badHeader = ProblemType("bad-header", status: .badRequest)
    static let elementFailed = ProblemType("element-failed", status: .serviceUnavailable)
    static let elementTimedOut = ProblemType("element-timed-out", status: .gatewayTimeout)
    static let draining = ProblemType("draining", status: .serviceUnavailable)
    static let badReport = ProblemType("bad-report", status: .badRequest)
    static let staleVersion = ProblemType("stale-version", status: .notFound)
    static let learnForbidden = ProblemType("learn-forbidden", status: .forbidden)
    static let noProposal = ProblemType("no-proposal", status: .notFound)
    static let learnFailed = ProblemType("learn-failed", status: .internalServerError)
    static let unsupportedMediaType = ProblemType("unsupported-media-type", status: .unsupportedMediaType)
}

/// Every kind of problem the service answers with, and what the description and docs/http-api.md
/// say of each: when it is sent (its status is its type's) and the extension members it carries. Stable: a kind
/// is never renamed; new kinds may be added within a contract version.
struct ProblemKind: Sendable {
    let type: ProblemType
    let summary: String
    let members: [String]

    static let all: [ProblemKind] = [
        ProblemKind(type: .badParameter, summary: "A known query parameter (or path segment) has a value outside its set or range.", members: ["parameter", "allowed", "suggestion"]),
        ProblemKind(type: .missingParameter, summary: "A required query parameter is missing (or none of the ones of which one is needed).", members: ["parameter", "parameters", "allowed"]),
        ProblemKind(type: .conflictingParameters, summary: "A query parameter was given beside another that decides it (a seed beside a session), in the older query forms.", members: ["parameter", "conflictsWith"]),
        ProblemKind(type: .badHeader, summary: "A header field the route reads has a bad value (Last-Event-ID).", members: ["header"]),
        ProblemKind(type: .malformedQuery, summary: "The query is not well-formed percent-encoded UTF-8.", members: ["parameter"]),
        ProblemKind(type: .malformedPath, summary: "A path segment does not decode to UTF-8 text without / or NUL.", members: []),
        ProblemKind(type: .malformedRequest, summary: "The request is not well-formed HTTP/1.1, or is a request smuggling form; the connection is closed.", members: []),
        ProblemKind(type: .unknownScreen, summary: "No such screen: allowed lists the screens, suggestion the closest.", members: ["allowed", "suggestion"]),
        ProblemKind(type: .unknownTheme, summary: "No such theme: allowed lists the themes.", members: ["allowed", "suggestion"]),
        ProblemKind(type: .unknownVariant, summary: "The screen has no such layout variant (variant=): allowed lists its variants.", members: ["parameter", "allowed", "suggestion"]),
        ProblemKind(type: .unknownElement, summary: "No such element in the screen: allowed lists its elements.", members: ["allowed", "suggestion"]),
        ProblemKind(type: .unknownSession, summary: "No session this server serves: the token was not sealed with its secret, was altered, or expired (24 h).", members: ["parameter"]),
        ProblemKind(type: .noRoute, summary: "No route matches the path.", members: []),
        ProblemKind(type: .methodNotAllowed, summary: "The route does not answer the method; Allow lists those it does.", members: []),
        ProblemKind(type: .requestTimeout, summary: "The header section did not arrive within the header timeout (10 s by default).", members: []),
        ProblemKind(type: .contentTooLarge, summary: "The body is larger than the limit (1 MiB by default; 4 KiB for a drift report, whose problem says so in allowed).", members: ["allowed"]),
        ProblemKind(type: .uriTooLong, summary: "The request line is longer than the limit (8 KiB by default).", members: []),
        ProblemKind(type: .headerFieldsTooLarge, summary: "The header section is larger (16 KiB) or has more fields (100) than the limits.", members: []),
        ProblemKind(type: .notImplemented, summary: "The method is not one the server knows.", members: []),
        ProblemKind(type: .elementFailed, summary: "The element failed to load (a simulated error); the same request succeeds retryAfterMs later.", members: ["element", "stage", "code", "retryable", "failedAtMs", "retryAfterMs"]),
        ProblemKind(type: .draining, summary: "The server is shutting down (Retry-After: 0): ask again, another replica answers the same session alike.", members: ["element", "retryable"]),
        ProblemKind(type: .elementTimedOut, summary: "The element timed out (the timeout scenario); the same request succeeds retryAfterMs later.", members: ["element", "stage", "code", "retryable", "failedAtMs", "retryAfterMs"]),
        ProblemKind(type: .badReport, summary: "A drift report (POST /drift) is not JSON, lacks a member, has one it may not, has a value of the wrong type or out of range, or has a proposal a server without --learn does not take or that does not make a valid screen file (problems lists each, by JSON pointer): field names it (a JSON path), allowed says what it may be.", members: ["field", "allowed", "problems"]),
        ProblemKind(type: .learnForbidden, summary: "A drift report carries a proposal from a peer --learn does not admit (loopback, and each --learn-from CIDR): allowed lists the blocks.", members: ["field", "allowed"]),
        ProblemKind(type: .noProposal, summary: "GET /drift/{screen}/proposal: the server does not learn (no --learn), or has no proposal for the screen yet.", members: []),
        ProblemKind(type: .learnFailed, summary: "A valid proposal could not be applied to --layouts DIR (a read, write or rename failed): detail says which call and why.", members: []),
        ProblemKind(type: .staleVersion, summary: "A drift report names a version of the screen that is not the one served now: current is the one served.", members: ["current"]),
        ProblemKind(type: .unsupportedMediaType, summary: "The request's Content-Type is not the one the route takes (application/json for POST /drift).", members: ["allowed"]),
        ProblemKind(type: .versionNotSupported, summary: "The request is not HTTP/1.x (HTTP/2 included).", members: []),
    ]
}
