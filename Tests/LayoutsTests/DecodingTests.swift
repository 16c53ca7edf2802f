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
