import Layouts
import SkeletonDomain
import Testing

/// `minColumnWidth` and `autoFit` in screen files (issue 41): read on stacks and written into the
/// served document; a bad value, `autoFit` alone, or the members on another type, is a problem
/// naming its pointer and the allowed values.
struct GridColumnsScreenFileTests {
    @Test func aStackOnColumnsIsServedWithThem() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "axis": "horizontal", "minColumnWidth": 180, "autoFit": true, "children": []}, {"type": "stack", "axis": "horizontal", "minColumnWidth": 90, "autoFit": false, "children": []}, {"type": "stack", "children": []}]}"#)
        try #require(children.count == 3)
        #expect(children[0]["minColumnWidth"]?.number == 180 && children[0]["autoFit"]?.bool == true)
        #expect(children[1]["minColumnWidth"]?.number == 90 && children[1]["autoFit"] == nil, "false is the default and is not written")
        #expect(children[2]["minColumnWidth"] == nil && children[2]["autoFit"] == nil)
    }

    @Test func badColumnsAreProblemsNamingTheAllowedValues() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "minColumnWidth": 0, "children": []}, {"type": "stack", "autoFit": true, "children": []}, {"type": "text", "lines": 1, "lineHeight": 9, "lineSpacing": 0, "lastLineFraction": 1, "minColumnWidth": 90}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/minColumnWidth: must be above 0 (at most 10000)",
            "/layouts/0/root/children/1/autoFit: autoFit needs minColumnWidth (the columns' least width)",
            "/layouts/0/root/children/2/minColumnWidth: unknown member \"minColumnWidth\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, slack, words, float, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}
