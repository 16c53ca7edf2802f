import Layouts
import SkeletonDomain
import Testing

/// A negative `spacing` in screen files (issue 41): read down to −10,000 and written into the
/// served document; beyond that, a problem naming the pointer and the allowed range.
struct NegativeSpacingScreenFileTests {
    @Test func aNegativeSpacingIsServedAsWritten() throws {
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: #"{"type": "stack", "id": "e", "axis": "horizontal", "spacing": -10, "children": []}"#).utf8))
        let bytes = try #require(Catalog(screens: [screen]).document(screen: "t", options: LayoutOptions())).bytes
        #expect(try JSON.parse(bytes)["root"]?["spacing"]?.number == -10)
    }

    @Test func aSpacingBeyondTheRangeIsAProblemNamingIt() {
        #expect(OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "spacing": -10001, "children": []}"#) == [
            "/layouts/0/root/spacing: -10001 is outside -10000 to 10000",
        ])
    }
}
