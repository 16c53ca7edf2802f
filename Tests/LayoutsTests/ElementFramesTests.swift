import Foundation
import Layouts
import SkeletonDomain
import Testing

/// One element laid out alone, as the root of its own view: at the width the screen gives it,
/// its frames are its frames in the screen moved to its origin; at any width they stay within
/// the view; an element the screen does not have is nil. Every element of every built-in layout
/// and of the example screens, in both directions.
struct ElementFramesTests {
    /// A screen's layout and one of its elements.
    struct Case: CustomTestStringConvertible, Sendable {
        let layout: ScreenLayout
        let screen: String
        let element: String
        var testDescription: String { "\(screen)/\(layout.variant)/\(element)" }
    }

    static func example(_ name: String) -> Screen {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/screens/\(name).json")
        return try! ScreenFileDecoder.decode(Array(try! Data(contentsOf: file)))
    }

    static let example = example("profile")

    static let cases: [Case] = (Catalog.builtIn.screens + [example, example("dashboard")]).flatMap { screen in
        screen.layouts.flatMap { layout in layout.elements.map { Case(layout: layout, screen: screen.id, element: $0.id) } }
    }

    static func elementLayout(_ layout: ScreenLayout, _ element: String, direction: Direction, width: Double, theme: Theme = .light) -> FrameLayout.Result? {
        FrameLayout.layout(
            element: element, root: layout.root, elements: Set(layout.elements.map(\.id)), theme: theme, direction: direction, width: width)
    }

    @Test(arguments: cases)
    func atTheWidthTheScreenGivesItTheElementIsItsSliceOfTheScreen(_ test: Case) throws {
        for direction in Direction.allCases {
            for screenWidth in [320.0, 390, 768] {
                let screen = FrameLayout.layout(test.layout, theme: .dark, direction: direction, width: screenWidth)
                let place = try #require(screen.elements.first { $0.id == test.element }, "the screen places \(test.element)")
                let alone = try #require(Self.elementLayout(test.layout, test.element, direction: direction, width: place.rect.width, theme: .dark))
                #expect(Self.near(alone.contentHeight, place.rect.height), "\(direction) \(screenWidth): its height is the height the screen gives it")
                let own = try #require(alone.elements.first)
                #expect((own.id, own.rect, own.clip) == (test.element, Rect(x: 0, y: 0, width: place.rect.width, height: alone.contentHeight), nil))
                // Its frames and those of the elements within it.
                let ids = Set(alone.elements.map(\.id))
                let slice = screen.frames.filter { $0.element.map(ids.contains) ?? false }
                #expect(!slice.isEmpty)
                try #require(alone.frames.count == slice.count, "\(direction) \(screenWidth): \(alone.frames.count) frames alone, \(slice.count) in the screen")
                for (own, inScreen) in zip(alone.frames, slice) {
                    let moved = Self.moved(own.rect, by: place.rect)
                    #expect(Self.near(moved, inScreen.rect), "\(direction) \(screenWidth): \(own) at \(place.rect) is \(inScreen)")
                    #expect(zip(own.radii, inScreen.radii).allSatisfy { Self.near($0, $1) })
                    #expect((own.kind, own.fill, own.element, own.group) == (inScreen.kind, inScreen.fill, inScreen.element, inScreen.group))
                    // Cut to its own clip within the clip of what encloses the element (where that
                    // leaves nothing, where the empty rectangle lies does not matter).
                    let clip = Self.intersection(own.clip.map { Self.moved($0, by: place.rect) }, place.clip)
                    #expect(Self.near(clip, inScreen.clip) || (clip.map(Self.isEmpty) == true && inScreen.clip.map(Self.isEmpty) == true), "\(direction) \(screenWidth): clip \(String(describing: clip)) vs \(String(describing: inScreen.clip))")
                }
            }
        }
    }

    @Test(arguments: cases)
    func atAnyWidthTheElementStaysWithinItsView(_ test: Case) throws {
        for direction in Direction.allCases {
            for width in [320.0, 390, 768] {
                let alone = try #require(Self.elementLayout(test.layout, test.element, direction: direction, width: width))
                #expect(alone.contentHeight > 0 && alone.viewportHeight == alone.contentHeight)
                #expect(!alone.frames.isEmpty)
                // What shows of each frame: all of it, or its part within its clip (none when empty).
                for frame in alone.frames {
                    let visible = Self.intersection(frame.rect, frame.clip)!
                    if Self.isEmpty(visible) { continue }
                    #expect(visible.x >= -0.5 && visible.x + visible.width <= width + 0.5, "\(direction) \(width): \(frame) leaves the view")
                    #expect(visible.y >= -0.5 && visible.y + visible.height <= alone.contentHeight + 0.5, "\(direction) \(width): \(frame) leaves the view")
                }
            }
        }
    }

    @Test func anElementTheScreenDoesNotHaveIsNil() {
        let home = Catalog.builtIn.screen("home")!.layout("default")!
        #expect(Self.elementLayout(home, "nowhere", direction: .ltr, width: 390) == nil)
        // A node's id that names no element of the layout is not an element.
        #expect(Self.elementLayout(home, "accountCard", direction: .ltr, width: 390) == nil)
    }

    @Test func anElementKeepsTheShimmerGroupsItHasInTheScreen() throws {
        let layout = Self.example.layout("default")!
        let screen = FrameLayout.layout(layout, theme: .light, direction: .ltr, width: 390)
        let activity = try #require(Self.elementLayout(layout, "activity", direction: .ltr, width: 200))
        #expect(Set(activity.frames.compactMap(\.group)) == Set(screen.frames.filter { $0.element == "activity" }.compactMap(\.group)))
        #expect(activity.frames.allSatisfy { $0.group == 1 }, "the header starts group 0")
    }

    static func moved(_ rect: Rect, by origin: Rect) -> Rect {
        Rect(x: rect.x + origin.x, y: rect.y + origin.y, width: rect.width, height: rect.height)
    }

    static func intersection(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a, let b else { return a ?? b }
        let left = max(a.x, b.x), top = max(a.y, b.y)
        let right = min(a.x + a.width, b.x + b.width), bottom = min(a.y + a.height, b.y + b.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    static func isEmpty(_ rect: Rect) -> Bool { rect.width <= 0 || rect.height <= 0 }

    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }

    static func near(_ a: Rect?, _ b: Rect?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height)
    }
}
