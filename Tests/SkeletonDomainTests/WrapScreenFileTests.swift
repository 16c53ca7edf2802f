import Layouts
import SkeletonDomain
import Testing

/// `wrap` in screen files (issue 41): read on stacks and written into the served document; a bad
/// value, or the member on another type, is a problem naming its pointer and the allowed values.
struct WrapScreenFileTests {
    @Test func aWrappingStackIsServedWithWrap() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "axis": "horizontal", "wrap": true, "children": []}, {"type": "stack", "wrap": false, "children": []}]}"#)
        try #require(children.count == 2)
        #expect(children[0]["wrap"]?.bool == true)
        #expect(children[1]["wrap"] == nil, "false is the default and is not written")
    }

    @Test func aBadWrapIsAProblemNamingTheAllowedValues() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "wrap": 1, "children": []}, {"type": "text", "lines": 1, "lineHeight": 9, "lineSpacing": 0, "lastLineFraction": 1, "wrap": true}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/wrap: expected true or false, found number",
            "/layouts/0/root/children/1/wrap: unknown member \"wrap\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, slack, words, float, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}

/// A fill width's `basis` in screen files (issue 41): read and served in the tagged width; on a
/// points width, or not a size, a problem naming its pointer.
struct BasisScreenFileTests {
    @Test func aBasisIsServedInTheFillWidth() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "width": {"kind": "fill", "basis": 200}, "children": []}, {"type": "stack", "width": {"kind": "fill", "grow": 2}, "children": []}]}"#)
        try #require(children.count == 2)
        #expect(children[0]["width"]?["basis"]?.number == 200)
        #expect(children[1]["width"]?["basis"] == nil, "no basis is not written")
    }

    @Test func aBasisOnAPointsWidthIsAProblem() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "width": {"kind": "points", "points": 10, "basis": 200}, "children": []}]}"#)
        #expect(found == ["/layouts/0/root/children/0/width/basis: only a fill width has a basis (a points width is its points)"])
    }
}
