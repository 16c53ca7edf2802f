import Layouts
import SkeletonDomain
import Testing

/// A stack's `rowSpacing` in screen files (contract 3.11): read on stacks within `spacing`'s range
/// and written into the served document only when set; a bad value, or the member on another
/// type, is a problem naming its pointer.
struct RowSpacingScreenFileTests {
    @Test func aStacksRowSpacingIsServedAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "axis": "horizontal", "wrap": true, "spacing": 16, "rowSpacing": 24, "children": []}, {"type": "stack", "axis": "horizontal", "minColumnWidth": 90, "rowSpacing": -4, "children": []}, {"type": "stack", "axis": "horizontal", "wrap": true, "children": []}]}"#)
        try #require(children.count == 3)
        #expect(children[0]["rowSpacing"]?.number == 24 && children[0]["spacing"]?.number == 16)
        #expect(children[1]["rowSpacing"]?.number == -4, "served as written (laid out as 0)")
        #expect(children[2]["rowSpacing"] == nil, "absent is not written")
    }

    @Test func aBadRowSpacingIsAProblemAtItsPointer() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "wrap": true, "rowSpacing": "24px", "children": []}, {"type": "stack", "wrap": true, "rowSpacing": 10001, "children": []}, {"type": "text", "lines": 1, "lineHeight": 9, "lineSpacing": 0, "lastLineFraction": 1, "rowSpacing": 8}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/rowSpacing: expected a number, found string",
            "/layouts/0/root/children/1/rowSpacing: 10001 is outside -10000 to 10000",
            "/layouts/0/root/children/2/rowSpacing: unknown member \"rowSpacing\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, slack, words, float, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}
