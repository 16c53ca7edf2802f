import Layouts
import SkeletonDomain
import Testing

/// A paragraph's `slack` in screen files (issue 41): served as written, after `maxLines`; on a
/// text without `measure`, on another type, or out of range, a problem naming the pointer.
struct SlackScreenFileTests {
    @Test func aSlackIsServedAfterMaxLines() throws {
        let text = #"{"type": "text", "id": "e", "lines": 3, "lineHeight": 12, "measure": 900, "maxLines": 4, "slack": 31.5}"#
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: text).utf8))
        let bytes = try #require(Catalog(screens: [screen]).document(screen: "t", options: LayoutOptions())).bytes
        #expect(try JSON.parse(bytes)["root"]?["slack"]?.number == 31.5)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""maxLines":4,"slack":31.5"#))
    }

    @Test func aBadSlackIsAProblemNamingIt() {
        #expect(OneElementScreenFile.problems(root: #"{"type": "text", "id": "e", "lines": 1, "lineHeight": 12, "slack": 4}"#) == [
            "/layouts/0/root/slack: needs \"measure\": only a paragraph that wraps by width leaves slack",
        ])
        #expect(OneElementScreenFile.problems(root: #"{"type": "text", "id": "e", "lines": 1, "lineHeight": 12, "measure": 90, "slack": -1}"#) == [
            "/layouts/0/root/slack: -1 is outside 0 to 10000",
        ])
        #expect(OneElementScreenFile.problems(root: #"{"type": "block", "id": "e", "height": 10, "slack": 2}"#).count == 1)
    }
}
