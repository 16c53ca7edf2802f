import Layouts
import SkeletonDomain
import Testing

/// The layout engine on the seeds' screens: the sizes the seeds give, read off the frames; right
/// to left as the mirror image; hostile trees laid out within the screen-file limits. (Against
/// the browser: Tests/Browser/test_frames.py.)
struct FrameLayoutTests {
    static func frames(_ id: String, width: Double = 390, direction: Direction = .ltr, variant: String = "default") -> [Frame] {
        let screen = Catalog.builtIn.screen(id)!
        return FrameLayout.layout(screen.layout(variant)!, theme: .light, direction: direction, width: width).frames
    }

    @Test func homeAccountCardsAre200By120WithRadius20At16PaddingAnd12Spacing() {
        let cards = Self.frames("home").filter { $0.element == "accountsCarousel" && $0.kind == .block }
        #expect(cards.count == 3)
        #expect(cards.map(\.rect.x) == [16, 228, 440])
        for card in cards {
            #expect((card.rect.width, card.rect.height) == (200, 120))
            #expect(card.radii == [20, 20, 20, 20])
            #expect(card.clip != nil, "the carousel is a scroll view: its cards are clipped to it")
        }
    }

    @Test func inboxAvatarsAre50PointCircles() {
        let avatars = Self.frames("inbox").filter { $0.rect.width == 50 && $0.rect.height == 50 }
        #expect(avatars.count == 8)
        for avatar in avatars {
            #expect(avatar.radii == [25, 25, 25, 25])
            #expect(avatar.rect.x == 16)
            #expect(avatar.element == "conversationList")
        }
    }

    @Test func moviePostersAre135By178WithOnlyTheTopCornersRounded() {
        let posters = Self.frames("movies").filter { $0.kind == .block && $0.rect.width == 135 && $0.rect.height == 178 }
        #expect(posters.count == 6)
        for poster in posters { #expect(poster.radii == [12, 12, 0, 0]) }
        #expect(Self.frames("movies", direction: .rtl).filter { $0.rect.width == 135 && $0.rect.height == 178 }.allSatisfy { $0.radii == [12, 12, 0, 0] })
    }

    @Test func threadBubblesSitOnTheirSides() {
        let bubbles = Self.frames("thread").filter { $0.kind == .block }
        #expect(bubbles.count == 10)
        for (index, bubble) in bubbles.enumerated() {
            if index % 3 == 0 {
                #expect((bubble.rect.width, bubble.rect.x + bubble.rect.width) == (200, 390 - 16), "bubble \(index) trails")
            } else {
                #expect((bubble.rect.width, bubble.rect.x) == (180, 16), "bubble \(index) leads")
            }
        }
    }

    @Test(arguments: ["home", "insights", "inbox", "thread", "movies"], [320.0, 390, 430])
    func rightToLeftMirrorsEveryFrame(screen: String, width: Double) {
        let ltr = Self.frames(screen, width: width), rtl = Self.frames(screen, width: width, direction: .rtl)
        #expect(ltr.count == rtl.count)
        for (left, right) in zip(ltr, rtl) {
            #expect(right.rect.x == width - left.rect.x - left.rect.width)
            #expect((right.rect.y, right.rect.width, right.rect.height) == (left.rect.y, left.rect.width, left.rect.height))
            #expect(right.radii == [left.radii[1], left.radii[0], left.radii[3], left.radii[2]])
        }
    }

    @Test func aViewportTallerThanTheContentGivesItsSpacersTheRest() throws {
        let screen = try ScreenFileDecoder.decode(Array(Self.file(root: #"""
            {"type": "stack", "id": "e", "children": [{"type": "block", "width": 10, "height": 10}, {"type": "spacer"}, {"type": "block", "width": 10, "height": 10}]}
            """#).utf8))
        let result = FrameLayout.layout(screen.layout("default")!, theme: .dark, direction: .ltr, width: 200, height: 500)
        #expect(result.contentHeight == 20)
        #expect(result.frames.map(\.rect.y) == [0, 490])
    }

    @Test func theLargestTreeAScreenFileMayHoldIsLaidOut() throws {
        // 100 x 100 copies: the 10,000 expanded nodes the limits allow, each a framed block.
        let screen = try ScreenFileDecoder.decode(Array(Self.file(root: #"""
            {"type": "stack", "id": "e", "children": [{"type": "repeat", "count": 99, "child":
              {"type": "stack", "axis": "horizontal", "children": [{"type": "repeat", "count": 100, "child": {"type": "block", "width": 3, "height": 2, "padding": {"top": 1, "leading": 0, "bottom": 0, "trailing": 0}}}]}}]}
            """#).utf8))
        let result = FrameLayout.layout(screen.layout("default")!, theme: .light, direction: .rtl, width: 2048)
        #expect(result.frames.count == 9900)
        #expect(result.contentHeight == 99 * 3)
    }

    /// As deep as a screen file nests (JSON at most 64 levels).
    @Test func aDeepTreeIsLaidOut() throws {
        var root = #"{"type": "block", "width": 7, "height": 5}"#
        for _ in 0..<28 { root = #"{"type": "stack", "padding": {"top": 1, "leading": 1, "bottom": 1, "trailing": 1}, "children": [\#(root)]}"# }
        let screen = try ScreenFileDecoder.decode(Array(Self.file(root: #"{"type": "stack", "id": "e", "children": [\#(root)]}"#).utf8))
        let result = FrameLayout.layout(screen.layout("default")!, theme: .light, direction: .ltr, width: 320)
        #expect(result.frames.count == 1)
        #expect(result.contentHeight == 5 + 2 * 28)
    }

    static func file(root: String) -> String {
        #"""
        {"id": "t", "title": "T", "animation": {"preset": "chat"},
         "stages": [{"id": "s", "title": "S", "readyMs": {"min": 1, "max": 2}}],
         "layouts": [{"variant": "default", "elements": [{"id": "e", "stage": "s", "accessibilityLabel": "L"}], "root": \#(root)}]}
        """#
    }
}
