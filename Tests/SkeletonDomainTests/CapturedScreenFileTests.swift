import Layouts
import SkeletonDomain
import Testing

/// What a screen captured from a page carries (issue 31): `captureWidth`, widths on any node with
/// a fill width's `grow`, paragraphs with `measure` and `maxLines`; read from screen files, written
/// back the same, served, and every bad value reported at its pointer with what is allowed.
struct CapturedScreenFileTests {
    private static func file(root: String, top: String = "") -> String {
        #"""
        {"id": "t", "title": "T", \#(top) "animation": {"preset": "chat"},
         "stages": [{"id": "s", "title": "S", "readyMs": {"min": 1, "max": 2}}],
         "layouts": [{"variant": "default", "elements": [{"id": "e", "stage": "s", "accessibilityLabel": "L"}], "root": \#(root)}]}
        """#
    }

    private static func problems(_ text: String) -> [String] {
        do {
            _ = try ScreenFileDecoder.decode(Array(text.utf8))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    private static let captured = file(
        root: #"""
            {"type": "stack", "id": "e", "axis": "horizontal", "children": [
             {"type": "stack", "width": 200, "children": []},
             {"type": "stack", "width": "fill", "children": []},
             {"type": "stack", "width": {"kind": "fill", "grow": 2}, "children": []},
             {"type": "text", "width": {"kind": "points", "points": 240}, "lines": 2, "lineHeight": 14, "lastLineFraction": 0.5, "measure": 360, "maxLines": 3},
             {"type": "spacer", "width": {"kind": "fill", "grow": 0.5}}]}
            """#, top: #""captureWidth": 1100,"#)

    @Test func aCapturedScreenIsReadWrittenAndServedWithItsNewMembers() throws {
        let screen = try ScreenFileDecoder.decode(Array(Self.captured.utf8))
        #expect(screen.captureWidth == 1100)
        guard case .stack(_, _, _, let children) = screen.layouts[0].root.kind else { Issue.record("not a stack"); return }
        #expect(children.map(\.width) == [.points(200), .fill, .fill(grow: 2), .points(240), .fill(grow: 0.5)])
        guard case .text(_, _, _, _, let measure, let maxLines) = children[3].kind else { Issue.record("not a text"); return }
        #expect((measure, maxLines) == (360, 3))
        let written = ScreenFileEncoder.bytes(screen)
        let again = try ScreenFileDecoder.decode(written)
        #expect(ScreenFileEncoder.bytes(again) == written)
        #expect(again.captureWidth == 1100)
        let document = try JSON.parse(try #require(Catalog(screens: [again]).document(screen: "t", options: LayoutOptions())).bytes)
        #expect(document["captureWidth"]?.number == 1100)
        let members = document["root"]?["children"]?.array ?? []
        #expect(members.count == 5)
        #expect(members.first?["width"] == .object([("kind", .string("points")), ("points", .number(200))]))
        #expect(members[1]["width"] == .object([("kind", .string("fill"))]))
        #expect(members[2]["width"] == .object([("kind", .string("fill")), ("grow", .number(2))]))
        #expect(members[3].keys == ["type", "lines", "lineHeight", "lineSpacing", "lastLineFraction", "measure", "maxLines", "width"])
    }

    @Test func badGrowsMeasuresMaxLinesAndCaptureWidthsAreReportedWithTheirPointers() {
        let root = #"""
            {"type": "stack", "id": "e", "children": [
             {"type": "stack", "width": {"kind": "fill", "grow": 0}, "children": []},
             {"type": "stack", "width": {"kind": "fill", "grow": 101}, "children": []},
             {"type": "stack", "width": {"kind": "points", "points": 10, "grow": 2}, "children": []},
             {"type": "text", "lines": 1, "lineHeight": 10, "measure": 0},
             {"type": "text", "lines": 1, "lineHeight": 10, "measure": 100001, "maxLines": 0},
             {"type": "text", "lines": 1, "lineHeight": 10, "maxLines": 2},
             {"type": "stack", "width": 10, "maxWidth": "fill", "children": []}]}
            """#
        #expect(Self.problems(Self.file(root: root, top: #""captureWidth": 119.5,"#)) == [
            "/captureWidth: 119.5 is outside 120 to 10000",
            "/layouts/0/root/children/0/width/grow: must be above 0 (at most 100)",
            "/layouts/0/root/children/1/width/grow: 101 is outside 0 to 100",
            "/layouts/0/root/children/2/width/grow: only a fill width grows",
            "/layouts/0/root/children/3/measure: must be above 0 (at most 100000)",
            "/layouts/0/root/children/4/measure: 100001 is outside 0 to 100000",
            "/layouts/0/root/children/4/maxLines: 0 is outside 1 to 100",
            "/layouts/0/root/children/5/maxLines: needs \"measure\": only a paragraph that wraps by width has a maximum",
            "/layouts/0/root/children/6/maxWidth: a node with a points width does not fill",
        ])
        #expect(Self.problems(Self.file(root: #"{"type": "spacer", "id": "e"}"#, top: #""captureWidth": 1440.5,"#)) == ["/captureWidth: 1440.5 is not a whole number"])
    }
}
