/// Why a request could not be accepted, with the status that says so (RFC 9112, RFC 9110 §15.5).
/// Every parse error ends the connection after its response: the framing can no longer be trusted.
package struct ParseError: Error, Sendable, Equatable {
    package let status: Status
    package let detail: String

    init(_ status: Status, _ detail: String) {
        self.status = status
        self.detail = detail
    }

    static func bad(_ detail: String) -> ParseError { ParseError(.badRequest, detail) }
}
