import Layouts
import SkeletonDomain
import Testing

/// A paragraph's `words` in screen files (issue 41): served as written (each word its pieces'
/// widths), after `slack`; on a text without `measure`, with no words, a word that is not an
/// array of sizes, a width out of range or a member it does not have, a problem naming the pointer.
struct WordsScreenFileTests {
    @Test func wordsAreServedAfterTheSlack() throws {
        let text = #"{"type": "text", "id": "e", "lines": 2, "lineHeight": 12, "measure": 300, "slack": 4, "words": {"widths": [[120], [40.25, 20], [130]], "space": 5}}"#
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: text).utf8))
        let bytes = try #require(Catalog(screens: [screen]).document(screen: "t", options: LayoutOptions())).bytes
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""slack":4,"words":{"widths":[[120],[40.25,20],[130]],"space":5}"#))
    }

    @Test func badWordsAreAProblemNamingThem() {
        let text = #"{"type": "text", "id": "e", "lines": 1, "lineHeight": 12"#
        #expect(OneElementScreenFile.problems(root: text + #", "words": {"widths": [[4]], "space": 1}}"#) == [
            "/layouts/0/root/words: needs \"measure\": only a paragraph that wraps by width breaks between words",
        ])
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [[4], [-1]], "space": 1}}"#) == [
            "/layouts/0/root/words/widths/1/0: -1 is outside 0 to 10000",
        ])
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [[4], [3, "x"]], "space": 1}}"#) == [
            "/layouts/0/root/words/widths/1/1: expected a number, found string",
        ])
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [4], "space": 1}}"#).count == 1)
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [[]], "space": 1}}"#).count == 1)
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [], "space": 1}}"#).count == 1)
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [[4]]}}"#).count == 1)
        #expect(OneElementScreenFile.problems(root: text + #", "measure": 90, "words": {"widths": [[4]], "space": 1, "gap": 2}}"#).count == 1)
        #expect(OneElementScreenFile.problems(root: #"{"type": "block", "id": "e", "height": 10, "words": {"widths": [[4]], "space": 1}}"#).count == 1)
    }
}
