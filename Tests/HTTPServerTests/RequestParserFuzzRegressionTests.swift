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

    @Test
    func contentLengthWithLeadingZerosIsItsValue() {
        let limits = RequestLimits()
        let head = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0000000000000000000005\r\n\r\n"
        #expect(outcome(head, limits: limits) == "complete \(head.utf8.count)")
        #expect(outcome("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5, 0000000000000000000005\r\n\r\n", limits: limits) != "400")
    }
}
