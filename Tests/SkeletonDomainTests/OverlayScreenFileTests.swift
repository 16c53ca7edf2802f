import Layouts
import SkeletonDomain
import Testing

/// `overlay` in screen files (issue 41): read on stacks, scrolls, blocks and paragraphs and written
/// into the served document with one offset per axis; both offsets of an axis, an offset out of
/// range, or the member on a spacer is a problem naming its pointer and the allowed values.
struct OverlayScreenFileTests {
    @Test func anOverlayIsServedWithOneOffsetPerAxis() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 10, "overlay": {"bottom": -6, "trailing": 4}}, {"type": "text", "lines": 1, "lineHeight": 9, "overlay": {}}, {"type": "block", "height": 10}]}"#)
        try #require(children.count == 3)
        #expect(children[0]["overlay"]?["bottom"]?.number == -6)
        #expect(children[0]["overlay"]?["trailing"]?.number == 4)
        #expect(children[0]["overlay"]?["top"] == nil && children[0]["overlay"]?["leading"] == nil)
        #expect(children[1]["overlay"]?["top"]?.number == 0, "an axis with neither offset is 0 from the top")
        #expect(children[1]["overlay"]?["leading"]?.number == 0, "and 0 from the leading edge")
        #expect(children[2]["overlay"] == nil, "no overlay, none written")
    }

    @Test func badOverlaysAreProblemsNamingTheAllowedValues() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 1, "overlay": {"top": 1, "bottom": 2, "left": 3}}, {"type": "block", "height": 1, "overlay": {"leading": 20000}}, {"type": "spacer", "overlay": {}}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/overlay/left: unknown member \"left\" (allowed: top, bottom, leading, trailing, center, offsetFraction)",
            "/layouts/0/root/children/0/overlay/bottom: one of \"top\" and \"bottom\", not both: an overlay keeps its own size",
            "/layouts/0/root/children/1/overlay/leading: 20000 is outside -10000 to 10000",
            "/layouts/0/root/children/2/overlay: unknown member \"overlay\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer)",
        ])
    }
}
