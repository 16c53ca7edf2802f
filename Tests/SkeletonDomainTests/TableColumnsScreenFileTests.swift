import Layouts
import SkeletonDomain
import Testing

/// Content widths in screen files (issue 41): read on any node and written into the served
/// document as they were given; a bad one is a problem naming its pointer and what is allowed.
struct TableColumnsScreenFileTests {
    @Test func aContentWidthIsServedWithItsMinAndMax() throws {
        let children = try OneElementScreenFile.servedChildren(root: #"{"type": "stack", "id": "e", "axis": "horizontal", "children": [{"type": "stack", "width": {"kind": "content", "points": 180, "min": 90, "max": 260}, "children": []}]}"#)
        try #require(children.count == 1)
        let width = try #require(children[0]["width"])
        #expect(width["kind"]?.string == "content")
        #expect([width["points"]?.number, width["min"]?.number, width["max"]?.number] == [180, 90, 260])
    }

    @Test func aBadContentWidthIsAProblemNamingWhatIsAllowed() {
        let found = OneElementScreenFile.problems(root: #"{"type": "stack", "id": "e", "children": [{"type": "stack", "width": {"kind": "content", "points": 180, "min": 300, "max": 260}, "children": []}, {"type": "stack", "width": {"kind": "content", "points": 180}, "children": []}, {"type": "stack", "width": {"kind": "points", "points": 180, "min": 1}, "children": []}]}"#)
        #expect(found == [
            "/layouts/0/root/children/0/width/min: a column's min-content width 300.0 is above its max-content width 260.0",
            "/layouts/0/root/children/1/width: missing member \"min\"",
            "/layouts/0/root/children/1/width: missing member \"max\"",
            "/layouts/0/root/children/2/width/min: only a content width has \"min\" and \"max\"",
        ])
    }
}
