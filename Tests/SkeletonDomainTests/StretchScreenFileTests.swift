import Layouts
import SkeletonDomain
import Testing

/// `stretch` in screen files (issue 41): read on stacks (and blocks: `StretchedBlockScreenFileTests`)
/// and written into the served document; a bad value, or the member on another type, is a problem
/// naming its pointer and the allowed values.
struct StretchScreenFileTests {
    @Test func aStretchedStackIsServedWithStretch() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "axis": "horizontal", "children": [{"type": "stack", "stretch": true, "children": []}, {"type": "stack", "stretch": false, "children": []}]}"#)
        try #require(children.count == 2)
        #expect(children[0]["stretch"]?.bool == true)
        #expect(children[1]["stretch"] == nil, "false is the default and is not written")
    }

    @Test func aBadStretchIsAProblemNamingTheAllowedValues() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "axis": "horizontal", "children": [{"type": "stack", "stretch": "yes", "children": []}, {"type": "text", "lines": 1, "lineHeight": 9, "stretch": true}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/stretch: expected true or false, found string",
            "/layouts/0/root/children/1/stretch: unknown member \"stretch\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, slack, words, float, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}
