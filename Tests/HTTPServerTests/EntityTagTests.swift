import Testing
@testable import HTTPServer

@Suite struct EntityTagTests {
    func matches(_ values: [String], _ etag: String = "\"abc\"") -> Bool {
        ifNoneMatch(HTTPFields(values.map { ("If-None-Match", $0) }), matches: etag)
    }

    @Test func matchesListsStarAndWeakTags() {
        #expect(matches(["\"abc\""]))
        #expect(matches(["\"x\", \"abc\""]))
        #expect(matches(["\"x\"", "W/\"abc\""]))
        #expect(matches(["*"]))
        #expect(!matches([]))
        #expect(!matches(["\"abcd\""]))
        #expect(!matches(["abc"]))
        #expect(!matches(["\"ab"]))
    }
}
