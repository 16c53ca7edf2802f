import Layouts
import SkeletonDomain
import Testing

/// Each shimmer group's bounds: the box of the node that starts it, every shimmered frame inside
/// its group's box, mirrored with the frames for rtl; for an element laid out alone, the group of
/// an ancestor is the element's own box and the groups it starts are its nodes' boxes, moved.
struct ShimmerGroupTests {
    static let layouts = Catalog.builtIn.screens.flatMap { screen in screen.layouts.map { (screen.id, $0) } }

    static func near(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.x >= outer.x - 1e-6 && inner.y >= outer.y - 1e-6
            && inner.x + inner.width <= outer.x + outer.width + 1e-6 && inner.y + inner.height <= outer.y + outer.height + 1e-6
    }

    @Test func everyGroupOfAScreenIsBoundedByItsNodesBox() throws {
        for (screen, layout) in Self.layouts {
            let ltr = FrameLayout.layout(layout, theme: .light, direction: .ltr, width: 390)
            let rtl = FrameLayout.layout(layout, theme: .light, direction: .rtl, width: 390)
            #expect(ltr.groups.map(\.id) == Array(0..<ltr.groups.count), "\(screen): numbered in order")
            #expect(Set(ltr.frames.compactMap(\.group)).isSubset(of: ltr.groups.map(\.id)), "\(screen)")
            for frame in ltr.frames {
                guard let group = frame.group, frame.clip == nil else { continue }
                #expect(Self.contains(ltr.groups[group].rect, frame.rect), "\(screen): \(frame) outside group \(ltr.groups[group])")
            }
            #expect(rtl.groups.map(\.rect) == ltr.groups.map { Rect(x: 390 - $0.rect.x - $0.rect.width, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height) })
        }
    }

    @Test func anElementAloneKeepsItsGroupsAndSpansTheOneAroundIt() throws {
        var enclosed = 0
        for (screen, layout) in Self.layouts {
            let whole = FrameLayout.layout(layout, theme: .light, direction: .ltr, width: 390)
            for place in whole.elements {
                let alone = try #require(FrameLayout.layout(
                    element: place.id, root: layout.root, elements: Set(layout.elements.map(\.id)), theme: .light, direction: .ltr, width: place.rect.width))
                #expect(Set(alone.frames.compactMap(\.group)).isSubset(of: alone.groups.map(\.id)), "\(screen)/\(place.id)")
                let view = Rect(x: 0, y: 0, width: place.rect.width, height: alone.viewportHeight)
                for (index, group) in alone.groups.enumerated() {
                    let inScreen = try #require(whole.groups.first { $0.id == group.id })
                    let moved = Rect(x: inScreen.rect.x - place.rect.x, y: inScreen.rect.y - place.rect.y, width: inScreen.rect.width, height: inScreen.rect.height)
                    if Self.near(group.rect, moved) { continue }
                    // Not its node's box: the group around the element, first, spanning its view.
                    enclosed += 1
                    #expect(index == 0 && group.rect == view, "\(screen)/\(place.id): group \(group.id) at \(group.rect), its node's box moved \(moved)")
                }
            }
        }
        #expect(enclosed > 0, "some element sits in an ancestor's group")
    }
}
