import Layouts
import SkeletonDomain
import Testing

/// A stack's `lineAlignment` in screen files (contract 3.12): read on stacks as `leading`,
/// `center` or `trailing`, written into the served document and back into a screen file when set
/// (as given, `leading` too); an unknown value, a value that is not a string, or the member on
/// another type, is a problem naming its pointer and the allowed values.
struct LineAlignmentScreenFileTests {
    private static let root = #"""
        {"type": "stack", "id": "e", "alignment": "leading", "children": [
         {"type": "stack", "axis": "horizontal", "wrap": true, "lineAlignment": "center", "children": [{"type": "block", "width": 40, "height": 20}]},
         {"type": "stack", "axis": "horizontal", "wrap": true, "lineAlignment": "trailing", "children": []},
         {"type": "stack", "axis": "horizontal", "wrap": true, "lineAlignment": "leading", "children": []},
         {"type": "stack", "axis": "horizontal", "wrap": true, "children": []}]}
        """#

    @Test func aStacksLineAlignmentIsServedAndWrittenBackAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: Self.root)
        try #require(children.count == 4)
        #expect(children.map { $0["lineAlignment"]?.string } == ["center", "trailing", "leading", nil], "absent is not written")
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: Self.root).utf8))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        guard case .stack(_, _, _, let nodes) = again.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(nodes.map(\.lineAlignment) == [.center, .trailing, .leading, nil])
    }

    @Test func aBadLineAlignmentIsAProblemNamingTheAllowedValues() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "wrap": true, "lineAlignment": "centre", "children": []}, {"type": "stack", "lineAlignment": "top", "children": []}, {"type": "stack", "lineAlignment": 1, "children": []}, {"type": "block", "height": 9, "lineAlignment": "center"}, {"type": "text", "lines": 1, "lineHeight": 9, "lineAlignment": "center"}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/lineAlignment: unknown line alignment \"centre\" (allowed: leading, center, trailing); did you mean \"center\"?",
            "/layouts/0/root/children/1/lineAlignment: unknown line alignment \"top\" (allowed: leading, center, trailing)",
            "/layouts/0/root/children/2/lineAlignment: expected a string, found number",
            "/layouts/0/root/children/3/lineAlignment: unknown member \"lineAlignment\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, height, aspectRatio, stretch, shape, corners, fill, maxFillWidth, maxFillFraction, overlay)",
            "/layouts/0/root/children/4/lineAlignment: unknown member \"lineAlignment\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, slack, words, float, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}
