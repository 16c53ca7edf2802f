import Testing
@testable import HTTPServer

@Suite struct StatusTests {
    @Test func reasonPhraseIsTheTextOfItsStatusLine() {
        #expect(Status.ok.reasonPhrase == "OK")
        #expect(Status.notFound.reasonPhrase == "Not Found")
        #expect(Status.httpVersionNotSupported.reasonPhrase == "HTTP Version Not Supported")
        #expect(Problem(.noRoute, detail: "x").title == "Not Found")
    }
}
