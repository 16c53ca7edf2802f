import Layouts
import SkeletonDomain
import Testing

/// A node's `maxFillFraction` in screen files (contract 3.12): read on stacks, scrolls, blocks and
/// texts as a number above 0 and at most 1, written into the served document and back into a
/// screen file only when set; a bad value, or the member on a spacer, divider or repeat, is a
/// problem naming its pointer and the allowed range.
struct MaxFillFractionScreenFileTests {
    private static let root = #"""
        {"type": "stack", "id": "e", "alignment": "leading", "children": [
         {"type": "stack", "maxFillFraction": 0.7, "children": [{"type": "block", "height": 20}]},
         {"type": "scroll", "maxFillFraction": 1, "child": {"type": "block", "height": 20}},
         {"type": "block", "height": 20, "maxFillFraction": 0.25, "maxFillWidth": 300},
         {"type": "text", "lines": 2, "lineHeight": 16, "measure": 900, "maxFillFraction": 0.005},
         {"type": "block", "height": 20}]}
        """#

    @Test func aNodesMaxFillFractionIsServedAndWrittenBackAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: Self.root)
        try #require(children.count == 5)
        #expect(children.map { $0["maxFillFraction"]?.number } == [0.7, 1, 0.25, 0.005, nil], "absent is not written")
        #expect(children[2]["maxFillWidth"]?.number == 300, "beside maxFillWidth")
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: Self.root).utf8))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        guard case .stack(_, _, _, let nodes) = again.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(nodes.map(\.maxFillFraction) == [0.7, 1, 0.25, 0.005, nil])
    }

    @Test func aBadMaxFillFractionIsAProblemAtItsPointer() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 9, "maxFillFraction": 0}, {"type": "block", "height": 9, "maxFillFraction": -0.5}, {"type": "stack", "maxFillFraction": 1.5, "children": []}, {"type": "text", "lines": 1, "lineHeight": 9, "maxFillFraction": "70%"}, {"type": "spacer", "maxFillFraction": 0.5}, {"type": "divider", "maxFillFraction": 0.5}, {"type": "repeat", "count": 2, "maxFillFraction": 0.5, "child": {"type": "block", "height": 9}}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/maxFillFraction: must be above 0 (at most 1)",
            "/layouts/0/root/children/1/maxFillFraction: -0.5 is outside 0 to 1",
            "/layouts/0/root/children/2/maxFillFraction: 1.5 is outside 0 to 1",
            "/layouts/0/root/children/3/maxFillFraction: expected a number, found string",
            "/layouts/0/root/children/4/maxFillFraction: unknown member \"maxFillFraction\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer)",
            "/layouts/0/root/children/5/maxFillFraction: unknown member \"maxFillFraction\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, opacity, thickness)",
            "/layouts/0/root/children/6/maxFillFraction: unknown member \"maxFillFraction\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, count, child)",
        ])
    }
}
