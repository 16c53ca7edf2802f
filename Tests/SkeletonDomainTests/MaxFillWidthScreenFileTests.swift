import Layouts
import SkeletonDomain
import Testing

/// A node's `maxFillWidth` in screen files (contract 3.11): read on stacks, scrolls, blocks and
/// texts as a size above 0, written into the served document and back into a screen file only
/// when set; a bad value, or the member on a spacer, divider or repeat, is a problem naming its
/// pointer.
struct MaxFillWidthScreenFileTests {
    private static let root = #"""
        {"type": "stack", "id": "e", "alignment": "center", "children": [
         {"type": "stack", "maxFillWidth": 640, "children": [{"type": "block", "height": 20}]},
         {"type": "scroll", "maxFillWidth": 320.5, "child": {"type": "block", "height": 20}},
         {"type": "block", "height": 20, "maxFillWidth": 300},
         {"type": "text", "lines": 2, "lineHeight": 16, "measure": 900, "maxFillWidth": 544},
         {"type": "block", "height": 20}]}
        """#

    @Test func aNodesMaxFillWidthIsServedAndWrittenBackAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: Self.root)
        try #require(children.count == 5)
        #expect(children.map { $0["maxFillWidth"]?.number } == [640, 320.5, 300, 544, nil], "absent is not written")
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: Self.root).utf8))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        guard case .stack(_, _, _, let nodes) = again.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(nodes.map(\.maxFillWidth) == [640, 320.5, 300, 544, nil])
    }

    @Test func aBadMaxFillWidthIsAProblemAtItsPointer() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 9, "maxFillWidth": 0}, {"type": "block", "height": 9, "maxFillWidth": -40}, {"type": "stack", "maxFillWidth": 10001, "children": []}, {"type": "text", "lines": 1, "lineHeight": 9, "maxFillWidth": "640px"}, {"type": "spacer", "maxFillWidth": 100}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/maxFillWidth: must be above 0 (at most 10000)",
            "/layouts/0/root/children/1/maxFillWidth: -40 is outside 0 to 10000",
            "/layouts/0/root/children/2/maxFillWidth: 10001 is outside 0 to 10000",
            "/layouts/0/root/children/3/maxFillWidth: expected a number, found string",
            "/layouts/0/root/children/4/maxFillWidth: unknown member \"maxFillWidth\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer)",
        ])
    }
}
