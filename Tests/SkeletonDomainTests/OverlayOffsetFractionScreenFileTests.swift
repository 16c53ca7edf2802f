import Layouts
import SkeletonDomain
import Testing

/// An overlay's `offsetFraction` in screen files (contract 3.12): a number from -1 to 1, a member
/// of `overlay` only, written into the served document after the offsets (and `center`) and back
/// into a screen file only when set; a bad value, or the member outside an overlay, is a problem
/// naming its pointer and the allowed range.
struct OverlayOffsetFractionScreenFileTests {
    private static let root = #"""
        {"type": "stack", "id": "e", "children": [
         {"type": "block", "height": 4},
         {"type": "block", "width": 12, "height": 12, "overlay": {"top": -4, "leading": -6, "offsetFraction": 0.35}},
         {"type": "block", "width": 8, "height": 8, "overlay": {"bottom": 0, "trailing": 0, "offsetFraction": 0.2}},
         {"type": "block", "width": 8, "height": 8, "overlay": {"top": 0, "leading": 4, "center": 0, "offsetFraction": -1}},
         {"type": "block", "width": 8, "height": 8, "overlay": {"top": 0, "leading": 4}}]}
        """#

    @Test func anOverlaysOffsetFractionIsServedAndWrittenBackAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: Self.root)
        try #require(children.count == 5)
        #expect(children.map { $0["overlay"]?["offsetFraction"]?.number } == [nil, 0.35, 0.2, -1, nil], "absent is not written")
        #expect(children[1]["overlay"]?["leading"]?.number == -6, "the points stay, for clients that do not know it")
        #expect(children[2]["overlay"]?["trailing"]?.number == 0)
        #expect(children[3]["overlay"]?["center"]?.number == 0)
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: Self.root).utf8))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        guard case .stack(_, _, _, let nodes) = again.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(nodes.map { $0.overlay?.offsetFraction } == [nil, 0.35, 0.2, -1, nil])
    }

    @Test func aBadOffsetFractionIsAProblemAtItsPointer() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 9, "overlay": {"leading": -6, "offsetFraction": "35%"}}, {"type": "block", "height": 9, "overlay": {"leading": 0, "offsetFraction": 1.5}}, {"type": "block", "height": 9, "overlay": {"trailing": 0, "offsetFraction": -1.01}}, {"type": "block", "height": 9, "offsetFraction": 0.35}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/overlay/offsetFraction: expected a number, found string",
            "/layouts/0/root/children/1/overlay/offsetFraction: 1.5 is outside -1 to 1",
            "/layouts/0/root/children/2/overlay/offsetFraction: -1.01 is outside -1 to 1",
            "/layouts/0/root/children/3/offsetFraction: unknown member \"offsetFraction\" (allowed: type, id, padding, minHeight, width, maxWidth, background, cornerRadius, clip, shimmer, height, aspectRatio, stretch, shape, corners, fill, maxFillWidth, maxFillFraction, overlay)",
        ])
    }
}
