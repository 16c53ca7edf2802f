import Layouts
import SkeletonDomain
import Testing

/// A paragraph's `float` in screen files (issue 41): served as written with its margin explicit (0
/// where omitted); a member it does not have, a size out of range, or the float on another type is
/// a problem naming the pointer.
struct FloatScreenFileTests {
    @Test func aFloatIsServedWithItsMarginExplicit() throws {
        let text = #"{"type": "text", "id": "e", "lines": 3, "lineHeight": 12, "measure": 900, "float": {"width": 56, "height": 54, "trailing": 8}}"#
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: text).utf8))
        let bytes = try #require(Catalog(screens: [screen]).document(screen: "t", options: LayoutOptions())).bytes
        let float = try JSON.parse(bytes)["root"]?["float"]
        #expect([float?["width"]?.number, float?["height"]?.number, float?["trailing"]?.number, float?["bottom"]?.number, float?["top"]?.number] == [56, 54, 8, 0, 0])
    }

    @Test func aBadFloatIsAProblemNamingIt() {
        #expect(OneElementScreenFile.problems(root: #"{"type": "text", "id": "e", "lines": 1, "lineHeight": 12, "float": {"width": -1, "height": 10, "left": 2}}"#) == [
            "/layouts/0/root/float/left: unknown member \"left\" (allowed: width, height, trailing, bottom, top)",
            "/layouts/0/root/float/width: -1 is outside 0 to 10000",
        ])
        #expect(OneElementScreenFile.problems(root: #"{"type": "block", "id": "e", "height": 10, "float": {"width": 1, "height": 1}}"#).count == 1)
    }
}
