import Layouts
import SkeletonDomain
import Testing

/// `stretch` on a block in screen files (contract 3.11): read as a boolean, written into the served
/// document and back into a screen file only when true; a value other than a boolean is a problem
/// at its pointer.
struct StretchedBlockScreenFileTests {
    private static let root = #"""
        {"type": "stack", "id": "e", "axis": "horizontal", "children": [
         {"type": "block", "width": 64, "height": 40, "aspectRatio": 1, "stretch": true},
         {"type": "block", "height": 40, "stretch": false},
         {"type": "text", "lines": 3, "lineHeight": 16}]}
        """#

    @Test func aStretchedBlockIsServedAndWrittenBackAsWritten() throws {
        let children = try OneElementScreenFile.servedChildren(root: Self.root)
        try #require(children.count == 3)
        #expect(children.map { $0["stretch"]?.bool } == [true, nil, nil], "false is the default and is not written")
        let screen = try ScreenFileDecoder.decode(Array(OneElementScreenFile.text(root: Self.root).utf8))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        guard case .stack(_, _, _, let nodes) = again.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(nodes.map(\.isStretched) == [true, false, false])
    }

    @Test func aBadStretchOnABlockIsAProblemAtItsPointer() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "axis": "horizontal", "children": [{"type": "block", "height": 9, "stretch": "yes"}, {"type": "block", "height": 9, "stretch": 1}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/stretch: expected true or false, found string",
            "/layouts/0/root/children/1/stretch: expected true or false, found number",
        ])
    }
}
