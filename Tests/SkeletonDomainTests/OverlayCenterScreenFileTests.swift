import Layouts
import SkeletonDomain
import Testing

/// An overlay's `center` in screen files (contract 3.11): a number within the overlay offsets'
/// range (±10,000), written into the served document after the two offsets and back into a screen
/// file only when set; a bad value is a problem at its pointer.
struct OverlayCenterScreenFileTests {
    private static let root = #"""
        {"type": "stack", "id": "e", "children": [
         {"type": "block", "height": 100},
         {"type": "block", "width": 40, "height": 26, "overlay": {"top": -13, "leading": 91.5, "center": 0}},
         {"type": "block", "width": 40, "height": 26, "overlay": {"bottom": 0, "trailing": 8, "center": -24.5}},
         {"type": "block", "width": 40, "height": 26, "overlay": {"top": 4, "leading": 4}}]}
        """#

    @Test func anOverlaysCenterIsServedAndWrittenBackAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: Self.root)
        try #require(children.count == 4)
        #expect(children.map { $0["overlay"]?["center"]?.number } == [nil, 0, -24.5, nil], "absent is not written")
        #expect(children[1]["overlay"]?["leading"]?.number == 91.5, "the leading offset stays, for clients that do not know center")
        #expect(children[2]["overlay"]?["trailing"]?.number == 8)
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: Self.root).utf8))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        guard case .stack(_, _, _, let nodes) = again.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(nodes.map { $0.overlay?.center } == [nil, 0, -24.5, nil])
    }

    @Test func aBadCenterIsAProblemAtItsPointer() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "height": 9, "overlay": {"leading": 0, "center": "50%"}}, {"type": "block", "height": 9, "overlay": {"leading": 0, "center": 10001}}, {"type": "block", "height": 9, "overlay": {"leading": 0, "center": -10001}}, {"type": "block", "height": 9, "overlay": {"leading": 0, "middle": 0}}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/overlay/center: expected a number, found string",
            "/layouts/0/root/children/1/overlay/center: 10001 is outside -10000 to 10000",
            "/layouts/0/root/children/2/overlay/center: -10001 is outside -10000 to 10000",
            "/layouts/0/root/children/3/overlay/middle: unknown member \"middle\" (allowed: top, bottom, leading, trailing, center, offsetFraction)",
        ])
    }
}
