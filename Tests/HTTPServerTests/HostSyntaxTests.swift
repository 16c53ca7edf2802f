import Testing
@testable import HTTPServer

/// Host values at the edges of RFC 3986's `uri-host [ ":" port ]`.
@Suite struct HostSyntaxTests {
    func isValid(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { HostSyntax.isValid($0) }
    }

    @Test(arguments: ["", "example.com", "example.com:8080", "localhost:", "127.0.0.1", "127.0.0.1:80", "999.1.1.1",
                      "[::1]", "[::1]:8080", "[2001:db8::7]", "[::ffff:192.0.2.1]:443", "[v1.fe80::a+en1]", "a%41b",
                      "a.example,b.example", "sub-delims!$&'()*+;=", "xn--bcher-kva.example", "under_score", "~tilde"])
    func accepts(_ host: String) {
        #expect(isValid(host))
    }

    @Test(arguments: ["bad host", "a/b", "a.example, b.example", "a@b", "host:port", "host:80:80", "host:-1", "[::1", "::1",
                      "[::1]x", "[::1]:a", "[::g]", "[1:2:3:4:5:6:7:8:9]", "[v.x]", "[v1.]", "a%4", "a%zz", "é.example",
                      "a\tb", "[]", "host?", "host#"])
    func refuses(_ host: String) {
        #expect(!isValid(host))
    }

    /// The parser's verdict on a request with `Host: host` (nil: the head is accepted).
    func parseError(host: String) -> ParseError? {
        let limits = RequestLimits()
        do {
            _ = try Array("GET /healthz HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8).withUnsafeBytes {
                try RequestParser.parse($0, limits: limits, scratch: RequestParser.Scratch(limits: limits))
            }
            return nil
        } catch {
            return error as? ParseError
        }
    }

    @Test(arguments: ["bad host", "a/b", "a.example, b.example", "user@h", "h:80x", "[::1", "[::zz]"])
    func aRequestWithAnInvalidHostIsA400NamingHost(_ host: String) {
        let refused = parseError(host: host)
        #expect(refused?.status == .badRequest)
        #expect(refused?.detail.contains("Host") == true)
    }

    @Test(arguments: ["", "example.com", "example.com:8080", "127.0.0.1:1", "[::1]:8080", "[v7.x:y]", "h:"])
    func aRequestWithAValidHostIsAccepted(_ host: String) {
        #expect(parseError(host: host) == nil)
    }
}
