import Layouts
import SkeletonDomain
import Testing

/// `aspectRatio` in screen files (issue 41): read on blocks and stacks and written into the served
/// document; a bad value is a problem naming its pointer and the allowed range.
struct AspectRatioScreenFileTests {
    @Test func aBlocksAndAStacksRatioAreServed() throws {
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: #"{"type": "stack", "id": "e", "aspectRatio": 3, "children": [{"type": "block", "height": 90, "aspectRatio": 1.7778}]}"#).utf8))
        let bytes = try #require(Catalog(screens: [screen]).document(screen: "t", options: LayoutOptions())).bytes
        let root = try #require(try JSON.parse(bytes)["root"])
        #expect(root["aspectRatio"]?.number == 3)
        #expect(root["children"]?.array[0]["aspectRatio"]?.number == 1.7778)
        #expect(root["children"]?.array[0]["height"]?.number == 90, "the captured height stays, for clients that ignore the ratio")
    }

    @Test func aBadRatioIsAProblemNamingTheAllowedRange() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 9, "aspectRatio": 0}, {"type": "block", "height": 9, "aspectRatio": 150}, {"type": "block", "height": 9, "aspectRatio": "16/9"}, {"type": "text", "lines": 1, "lineHeight": 9, "aspectRatio": 2}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/aspectRatio: must be above 0 (at most 100)",
            "/layouts/0/root/children/1/aspectRatio: 150 is outside 0 to 100",
            "/layouts/0/root/children/2/aspectRatio: expected a number, found string",
            "/layouts/0/root/children/3/aspectRatio: unknown member \"aspectRatio\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, slack, words, float, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}
