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
}
