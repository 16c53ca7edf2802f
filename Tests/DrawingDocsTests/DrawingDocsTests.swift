import Foundation
import SkeletonClient
import SwiftUI
import Testing

/// docs/clients.md's SwiftUI drawing code (Snippets/, the docs' blocks byte for byte), built
/// against the SwiftUI stand-in, whose recording `GraphicsContext` is the probe: what it draws
/// for a screen or an element is held to the frames and paints a live server serves, and its
/// reveal to the layout's played duration, worked out by hand.
@Suite @MainActor struct DrawingDocsTests {
    /// An instant within a shimmer period, on the sync clock (epoch ms).
    static let at = 1_800_000_000_250
    static let width = 358

    @Test func framesCanvasDrawsTheServedFramesOfAScreen() async throws {
        let served = try ServedJSON()
        for screen in ["home", "inbox", "movies"] {
            let layout = try await SkeletonServerClient(baseURL: served.baseURL).layout(screen)
            let frames = try await served.object("layouts/\(screen)/frames?width=\(Self.width)")["frames"] as! [[String: Any]]
            let canvas = try #require(Self.parts(FramesCanvas(frames: layout.frames(width: Double(Self.width)).frames).body).compactMap { $0 as? Canvas }.first)
            var context = GraphicsContext()
            canvas.renderer(&context, CGSize(width: Self.width, height: 800))
            Self.expect(context.drawn, ServedJSON.expectedFills(frames: frames, paints: []), "\(screen)")
        }
    }

    /// For every element of a screen whose shimmer lies over its blocks (home), is their fill
    /// (inbox) or masks them (movies): while loading, the modifier's skeleton is the element's
    /// served frames with their served paints at `at`, at the served content height, labelled as
    /// the layout labels the element, the content hidden from accessibility.
    @Test func skeletonLoadingDrawsTheServedFramesAndPaintsOfEachElement() async throws {
        let served = try ServedJSON()
        for screen in ["home", "inbox", "movies"] {
            let layout = try await SkeletonServerClient(baseURL: served.baseURL).layout(screen)
            let rawLayout = try await served.object("layouts/\(screen)")
            for element in rawLayout["elements"] as! [[String: Any]] {
                let id = element["id"] as! String
                let document = try await served.object("layouts/\(screen)/elements/\(id)/frames?width=\(Self.width)&at=\(Self.at)")
                let modifier = SkeletonLoading(isLoading: true, skeleton: ElementSkeleton(layout: layout, element: id))
                Self.measure(modifier, width: Double(Self.width))
                let timeline = try #require(Self.timeline(modifier))
                #expect(!timeline.schedule.paused, "\(screen)/\(id): loading, the shimmer moves")

                let content = Self.modifiers(timeline.content(.init(date: Date(timeIntervalSince1970: Double(Self.at) / 1000))))
                let height = try #require(content.lazy.compactMap { if case .frameHeight(let height, _) = $0 { height } else { nil } }.first)
                #expect(Double(height) == document["contentHeight"] as? Double, "\(screen)/\(id)")
                #expect(content.contains { if case .accessibilityHidden(true) = $0 { true } else { false } }, "\(screen)/\(id)")
                let overlay = try #require(content.lazy.compactMap { if case .overlay(_, let view) = $0 { view } else { nil } }.first)
                let skeleton = Self.parts(overlay)
                let labels = skeleton.compactMap { if case .accessibilityLabel(let label) = $0 as? AppliedModifier { label } else { nil } }
                #expect(labels == [element["accessibilityLabel"] as! String], "\(screen)/\(id)")
                #expect(skeleton.contains { if case .accessibilityHidden(false) = $0 as? AppliedModifier { true } else { false } })
                let canvas = try #require(skeleton.compactMap { $0 as? Canvas }.first)
                var context = GraphicsContext()
                canvas.renderer(&context, CGSize(width: Double(Self.width), height: height))
                Self.expect(context.drawn, ServedJSON.expectedFills(
                    frames: document["frames"] as! [[String: Any]], paints: document["paints"] as! [[String: Any]]), "\(screen)/\(id)")
            }
        }
    }

    /// The instant the modifier decides by: home's spring (0.4 s, 0.825) plays 550 ms, inbox's
    /// easeInOut its 300 ms; before then the reveal moves, from then on it is held at its end.
    @Test func revealMsHoldsAtThePlayedDuration() async throws {
        let served = try ServedJSON()
        for (screen, played) in [("home", 550.0), ("inbox", 300.0)] {
            let layout = try await SkeletonServerClient(baseURL: served.baseURL).layout(screen)
            let skeleton = ElementSkeleton(layout: layout, element: layout.elements[0].id)
            #expect(skeleton.playedMs == played, "\(screen)")
            let start = Date(timeIntervalSinceReferenceDate: 0)
            func ms(_ after: Double, isLoading: Bool = false, revealedAt: Date? = start) -> Double {
                SkeletonLoading.revealMs(at: start.addingTimeInterval(after / 1000), isLoading: isLoading, revealedAt: revealedAt, playedMs: skeleton.playedMs)
            }
            #expect(ms(0) == 0)
            #expect(abs(ms(played - 1) - (played - 1)) < 1e-6 && ms(played - 1) < played, "still playing 1 ms before the end")
            #expect(ms(played + 0.01) == played && ms(played + 5_000) == played, "played: held at the end")
            #expect(ms(played, isLoading: true) == -1, "loading: the skeleton whole")
            #expect(ms(0, revealedAt: nil) == played, "loaded from the start: nothing to play")
        }
    }

    /// The modifier's state: loaded from the start, its timeline is paused; a reveal runs it;
    /// a frame before the reveal has played leaves it running, one after pauses it (the state
    /// change SwiftUI answers by asking for the body again).
    @Test func theTimelinePausesOnceTheRevealHasPlayed() async throws {
        let served = try ServedJSON()
        let layout = try await SkeletonServerClient(baseURL: served.baseURL).layout("home")
        let modifier = SkeletonLoading(isLoading: false, skeleton: ElementSkeleton(layout: layout, element: "accountsCarousel"))
        Self.measure(modifier, width: Double(Self.width))
        #expect(try #require(Self.timeline(modifier)).schedule.paused, "loaded from the start")
        #expect(try !#require(Self.timeline(SkeletonLoading(isLoading: true, skeleton: modifier.skeleton))).schedule.paused, "loading")

        let loaded = try #require(Self.onChange(of: Bool.self, in: Self.modifiers(modifier.body(content: .init()))))
        loaded(true, false)
        let revealing = try #require(Self.timeline(modifier))
        #expect(!revealing.schedule.paused, "the reveal plays")
        let frame = try #require(Self.onChange(of: Date.self, in: Self.modifiers(revealing.content(.init(date: Date())))))
        frame(Date.distantPast, Date.distantPast)
        #expect(try !#require(Self.timeline(modifier)).schedule.paused, "a frame before the reveal has played")
        frame(Date.distantPast, Date.distantFuture)
        #expect(try #require(Self.timeline(modifier)).schedule.paused, "a frame after it has played")
    }

    @Test func theTestedSnippetsAreTheDocsBlocks() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("../../docs/clients.md"), encoding: .utf8)
        for (heading, file) in [("### SwiftUI `Canvas`", "DrawingFrames.swift"), ("### SwiftUI: `.skeletonLoading(isLoading:skeleton:)`", "SkeletonLoading.swift")] {
            let blocks = Self.swiftBlocks(under: heading, in: docs)
            let tested = try String(contentsOf: root.appendingPathComponent("Snippets/\(file)"), encoding: .utf8)
            #expect(blocks == [tested], "docs/clients.md's \(heading) and Snippets/\(file) differ")
        }
    }

    // MARK: walking what the views built

    /// The fenced ```swift blocks of the section under `heading` (to the next heading), each
    /// with its closing newline.
    static func swiftBlocks(under heading: String, in markdown: String) -> [String] {
        var blocks: [String] = []
        var block: String?
        var inSection = false
        var inOtherFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = block {
                if line == "```" { blocks.append(open); block = nil } else { block = open + line + "\n" }
            } else if inOtherFence {
                if line == "```" { inOtherFence = false }
            } else if line.hasPrefix("```") {
                if inSection && line == "```swift" { block = "" } else { inOtherFence = true }
            } else if line.hasPrefix("#") {
                inSection = line == heading
            }
        }
        return blocks
    }

    /// Lays the modifier out at `width`, as SwiftUI's geometry callback does.
    static func measure(_ modifier: SkeletonLoading, width: Double) {
        for case .onGeometryChange(let action) in modifiers(modifier.body(content: .init())) {
            action(GeometryProxy(size: CGSize(width: width, height: 0)))
        }
    }

    static func timeline(_ modifier: SkeletonLoading) -> TimelineView? {
        parts(modifier.body(content: .init())).lazy.compactMap { $0 as? TimelineView }.first
    }

    static func onChange<V>(of type: V.Type, in modifiers: [AppliedModifier]) -> ((V, V) -> Void)? {
        for case .onChange(let value, let action) in modifiers where value is V { return { action($0, $1) } }
        return nil
    }

    /// The modifiers along `view`'s chain, outermost first, not into overlays.
    static func modifiers(_ view: any View) -> [AppliedModifier] {
        guard let modified = view as? ModifiedContent else { return [] }
        return [modified.modifier] + modifiers(modified.content)
    }

    /// Everything `view` is made of, outermost first: modifiers, overlays' parts, and the views
    /// at the end of each chain (an `if`'s view when there is one).
    static func parts(_ view: any View) -> [Any] {
        if let modified = view as? ModifiedContent {
            let overlay: [Any] = if case .overlay(_, let content) = modified.modifier { parts(content) } else { [] }
            return [modified.modifier] + overlay + parts(modified.content)
        }
        let mirror = Mirror(reflecting: view)
        if mirror.displayStyle == .optional { return mirror.children.first.map { parts($0.value as! any View) } ?? [] }
        return [view]
    }

    static func expect(_ drawn: [GraphicsContext.Fill], _ expected: [ExpectedFill], _ what: String) {
        #expect(drawn.count == expected.count, "\(what): \(drawn.count) fills drawn, \(expected.count) served")
        for (index, (fill, served)) in zip(drawn, expected).enumerated() where !served.isMatched(by: fill) {
            Issue.record("\(what) fill \(index): drew \(fill), served \(served)")
        }
    }
}
