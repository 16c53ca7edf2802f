import Foundation
import Layouts
import SkeletonDomain
import Testing

/// The model read back from what the server writes: every served layout document's tree and
/// elements decode into `Node` and `Element` and lay out as the screen they were written from,
/// and an element's content comes back as compact JSON.
struct DecodingTests {
    private struct Served: Decodable {
        let root: Node
        let elements: [Element]
    }

    @Test(arguments: ["home", "insights", "inbox", "thread", "movies"])
    func everyServedTreeDecodesAndLaysOutAsItsScreen(screen id: String) throws {
        let screen = try #require(Catalog.builtIn.screen(id))
        for variant in screen.variants {
            let layout = try #require(screen.layout(variant))
            for expand in [false, true] {
                for theme in Theme.allCases {
                    for direction in Direction.allCases {
                        let options = LayoutOptions(theme: theme, variant: variant, direction: direction, expand: expand)
                        let document = try #require(Catalog.builtIn.document(screen: id, options: options))
                        let served = try JSONDecoder().decode(Served.self, from: Data(document.bytes))
                        #expect(served.elements == layout.elements)
                        let decoded = FrameLayout.layout(
                            root: served.root, elements: Set(served.elements.map(\.id)), theme: theme, direction: direction, width: 390)
                        let written = FrameLayout.layout(layout, theme: theme, direction: direction, width: 390)
                        #expect(decoded.frames == written.frames, "\(id) \(options)")
                        #expect(decoded.contentHeight == written.contentHeight)
                    }
                }
            }
        }
    }

    /// Format 2's tagged width, a kind added later (its points if it has them, else fill), and
    /// format 1's number or "fill".
    @Test func aBlockWidthDecodesInEveryForm() throws {
        let forms: [(String, Node.Width)] = [
            (#"{"kind": "points", "points": 120}"#, .points(120)), (#"{"kind": "fill"}"#, .fill),
            (#"{"kind": "fraction", "fraction": 0.5, "points": 80}"#, .points(80)), (#"{"kind": "fraction", "fraction": 0.5}"#, .fill),
            ("64", .points(64)), (#""fill""#, .fill),
        ]
        for (text, width) in forms {
            let node = try JSONDecoder().decode(Node.self, from: Data(#"{"type": "block", "width": \#(text), "height": 10, "cornerRadius": 0, "shape": "rect", "fill": "base"}"#.utf8))
            guard case .block(let decoded, _, _, _, _) = node.kind else { Issue.record("\(text) is not a block"); continue }
            #expect(decoded == width, "\(text)")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Node.self, from: Data(#"{"type": "block", "width": "wide", "height": 10, "cornerRadius": 0, "shape": "rect", "fill": "base"}"#.utf8))
        }
    }

    /// Any node's width, a fill width's grow, and a paragraph's measure and maxLines (issue 31).
    @Test func aWidthOnAnyNodeAndAMeasuredParagraphDecode() throws {
        let text = #"""
            {"type": "stack", "axis": "horizontal", "spacing": 0, "alignment": "top", "width": {"kind": "points", "points": 200}, "children": [
             {"type": "text", "lines": 2, "lineHeight": 14, "lineSpacing": 6, "lastLineFraction": 0.5, "measure": 420, "maxLines": 3,
              "width": {"kind": "fill", "grow": 2}},
             {"type": "block", "width": {"kind": "fill", "grow": 0.5}, "height": 10, "cornerRadius": 0, "shape": "rect", "fill": "base"}]}
            """#
        let node = try JSONDecoder().decode(Node.self, from: Data(text.utf8))
        #expect(node.width == .points(200))
        guard case .stack(_, _, _, let children) = node.kind, children.count == 2 else { Issue.record("not a stack of two"); return }
        #expect(children[0].width == .fill(grow: 2))
        guard case .text(let lines, _, _, let fraction, let measure, let maxLines) = children[0].kind else { Issue.record("not a text"); return }
        #expect((lines, fraction, measure, maxLines) == (2, 0.5, 420, 3))
        guard case .block(let width, _, _, _, _) = children[1].kind else { Issue.record("not a block"); return }
        #expect(width == .fill(grow: 0.5) && children[1].width == nil)
    }

    @Test func anElementsContentDecodesToCompactJSON() throws {
        let text = #"""
            {"id": "e", "stage": "s", "accessibilityLabel": "L",
             "content": {"items": [1, 2.5, -3, 1e300, "q\"\\\n\t\b\f\u0001é", true, null, {}, []]}}
            """#
        let element = try JSONDecoder().decode(Element.self, from: Data(text.utf8))
        let content = try #require(element.content)
        #expect(String(decoding: content, as: UTF8.self) == #"{"items":[1,2.5,-3,1e+300,"q\"\\\n\t\b\f\u0001é",true,null,{},[]]}"#)
        let none = try JSONDecoder().decode(Element.self, from: Data(#"{"id": "e", "stage": "s", "accessibilityLabel": "L"}"#.utf8))
        #expect(none == Element(id: "e", stage: "s", accessibilityLabel: "L"))
    }
}
