import Testing
@testable import HTTPServer

/// Inputs the `request-parser` fuzz target (`scripts/fuzz`) found, each a bug now fixed.
@Suite struct RequestParserFuzzRegressionTests {
    func outcome(_ text: String, limits: RequestLimits) -> String {
        let scratch = RequestParser.Scratch(limits: limits)
        do {
            return switch try Array(text.utf8).withUnsafeBytes({ try RequestParser.parse($0, limits: limits, scratch: scratch) }) {
            case .needMore: "needMore"
            case .complete(_, _, let consumed): "complete \(consumed)"
            }
        } catch {
            return "\((error as! ParseError).status.code)"
        }
    }

    var twentyByteLine: RequestLimits {
        var limits = RequestLimits()
        limits.maxRequestLine = 20
        return limits
    }

    @Test
    func requestLineAtTheLimitWaitsForItsLineFeed() {
        // "GET /123456 HTTP/1.1" is 20 bytes: at the limit, and accepted whole.
        #expect(outcome("GET /123456 HTTP/1.1\r\nHost: h\r\n\r\n", limits: twentyByteLine) == "complete 33")
        #expect(outcome("GET /123456 HTTP/1.1\r", limits: twentyByteLine) == "needMore")
    }

    @Test
    func overLongRequestLineIs414HoweverItArrives() {
        let line = "GET /1234567890 HTTP/1.1"
        #expect(outcome(line, limits: twentyByteLine) == "414")
        #expect(outcome(line + "\nHost: h\r\n\r\n", limits: twentyByteLine) == "414")
    }

    /// The body framing `text`'s head declares, or nil when it is incomplete or refused.
    func framing(_ text: String, limits: RequestLimits) -> BodyFraming? {
        let scratch = RequestParser.Scratch(limits: limits)
        let parsed = try? Array(text.utf8).withUnsafeBytes { try RequestParser.parse($0, limits: limits, scratch: scratch) }
        guard case .complete(_, let framing, _)? = parsed else { return nil }
        return framing
    }

    @Test
    func contentLengthWithLeadingZerosIsItsValue() {
        let limits = RequestLimits()
        let head = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0000000000000000000005\r\n\r\n"
        #expect(outcome(head, limits: limits) == "complete \(head.utf8.count)")
        #expect(framing(head, limits: limits) == .length(5))
        // RFC 9110 §8.6: a list of one value repeated may be taken as that value, and the
        // documented HTTP behaviour refuses only differing values. 5 and 0…05 are both 5: the
        // head is complete and its body is 5 bytes.
        let list = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 0000000000000000000005\r\n\r\n"
        #expect(outcome(list, limits: limits) == "complete \(list.utf8.count)")
        #expect(framing(list, limits: limits) == .length(5))
        // Leading zeros do not make differing values one: 5 and 0…06 are a 400.
        #expect(outcome("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 0000000000000000000006\r\n\r\n", limits: limits) == "400")
    }
}
