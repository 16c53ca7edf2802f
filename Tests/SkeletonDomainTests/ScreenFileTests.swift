import Layouts
import SkeletonDomain
import Testing

/// Screen files: the built-ins survive export and decoding byte for byte, omitted members get
/// docs/spec.md §3's defaults, and a file's problems are all reported.
struct ScreenFileTests {
    private static func decoded(_ text: String) throws -> Screen {
        try ScreenFileDecoder.decode(Array(text.utf8))
    }

    private static func problems(_ text: String) -> [String] {
        do {
            _ = try ScreenFileDecoder.decode(Array(text.utf8))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    /// A one-element screen around `root` (a JSON node), animated by `animation`, its element's
    /// `content` member, if any, `content` (JSON text).
    private static func file(root: String, animation: String = #"{"preset": "chat"}"#, content: String? = nil) -> String {
        let element = #"{"id": "e", "stage": "s", "accessibilityLabel": "L""# + (content.map { #", "content": \#($0)"# } ?? "") + "}"
        return #"""
            {"id": "t", "title": "T", "animation": \#(animation),
             "stages": [{"id": "s", "title": "S", "readyMs": {"min": 1, "max": 2}}],
             "layouts": [{"variant": "default", "elements": [\#(element)], "root": \#(root)}]}
            """#
    }

    @Test func everyBuiltInScreenSurvivesExportByteForByte() throws {
        let reloaded = Catalog(screens: try Catalog.builtIn.screens.map { try ScreenFileDecoder.decode(ScreenFileEncoder.bytes($0)) })
        for (screen, options) in Documents.allOptions {
            #expect(reloaded.document(screen: screen, options: options)?.bytes == Catalog.builtIn.document(screen: screen, options: options)?.bytes)
        }
        #expect(reloaded.layoutsIndex.bytes == Catalog.builtIn.layoutsIndex.bytes)
        for screen in Catalog.builtIn.screens {
            let twice = ScreenFileEncoder.bytes(try ScreenFileDecoder.decode(ScreenFileEncoder.bytes(screen)))
            #expect(twice == ScreenFileEncoder.bytes(screen))
        }
    }

    @Test func omittedMembersTakeTheSpecDefaults() throws {
        let screen = try Self.decoded(Self.file(root: #"{"type": "scroll", "id": "e", "child": {"type": "stack", "children": [{"type": "block", "height": 10}, {"type": "divider"}, {"type": "text", "lines": 2, "lineHeight": 12}]}}"#))
        let catalog = Catalog(screens: [screen])
        let bytes = try #require(catalog.document(screen: "t", options: LayoutOptions())).bytes
        let root = try #require(try JSON.parse(bytes)["root"])
        #expect(root["axis"]?.string == "vertical" && root["scrollEnabled"]?.bool == false)
        let stack = try #require(root["child"])
        #expect(stack["axis"]?.string == "vertical" && stack["spacing"]?.number == 0 && stack["alignment"]?.string == "center")
        let block = stack["children"]!.array[0]
        #expect(block["width"]?["kind"]?.string == "fill" && block["cornerRadius"]?.number == 0 && block["shape"]?.string == "rect" && block["fill"]?.string == "base")
        let divider = stack["children"]!.array[1]
        #expect(divider["opacity"]?.number == 1 && divider["thickness"]?.number == 1)
        let text = stack["children"]!.array[2]
        #expect(text["lineSpacing"]?.number == 0 && text["lastLineFraction"]?.number == 1)
    }

    @Test func aPresetKeepsItsAssumptionsOnlyWhenNothingOfItIsReplaced() throws {
        let node = #"{"type": "block", "id": "e", "height": 10}"#
        let preset = try Self.decoded(Self.file(root: node, animation: #"{"preset": "movies"}"#)).animation
        #expect(preset.name == "movies" && !preset.assumptions.isEmpty && preset.timeoutMs == 10000)
        let changed = try Self.decoded(Self.file(root: node, animation: #"{"preset": "movies", "timeoutMs": 5000, "transition": "finance"}"#)).animation
        #expect(changed.name == nil && changed.assumptions.isEmpty && changed.timeoutMs == 5000)
        #expect(changed.shimmer == preset.shimmer && changed.reducedShimmer == preset.reducedShimmer)
        #expect(changed.transition == AnimationPreset.named["finance"]!.transition)
    }

    @Test func withoutAPresetTheReducedShimmerIsTheShimmerStandingStill() throws {
        let shimmer = #"{"kind": "gradient", "application": "fill", "stops": [{"token": "gray5", "location": 0}, {"token": "gray4", "opacity": 0.5, "location": 1}], "start": {"from": {"x": -1, "y": 0}, "to": {"x": 1, "y": 0}}, "end": {"from": {"x": 0, "y": 0}, "to": {"x": 2, "y": 0}}, "durationMs": 900}"#
        let transition = #"{"skeletonExit": {"opacity": 0, "scale": 1}, "contentEnter": {"opacity": 0, "scale": 1}, "curve": {"type": "spring", "responseMs": 300, "dampingFraction": 0.7}}"#
        let animation = try Self.decoded(Self.file(root: #"{"type": "spacer", "id": "e"}"#, animation: #"{"shimmer": \#(shimmer), "transition": \#(transition)}"#)).animation
        #expect(animation.reducedShimmer == Shimmer(application: .fill, stops: animation.shimmer.stops, effect: .still))
        #expect(animation.minimumDisplayMs == 200 && animation.showDelayMs == 0 && animation.transition.curve == .spring(responseMs: 300, dampingFraction: 0.7))
        #expect(animation.shimmer.effect == .sweep(
            start: Shimmer.PointMotion(from: Shimmer.UnitPoint(x: -1, y: 0), to: Shimmer.UnitPoint(x: 1, y: 0)),
            end: Shimmer.PointMotion(from: Shimmer.UnitPoint(x: 0, y: 0), to: Shimmer.UnitPoint(x: 2, y: 0)),
            timing: Shimmer.Timing(durationMs: 900, easing: .linear)))
    }

    @Test func everyProblemOfAFileIsReportedWithItsPointer() {
        let found = Self.problems(Self.file(
            root: #"{"type": "stack", "alignment": "top", "children": [{"type": "block", "id": "e", "height": "tall", "corners": ["topLeading", "topLeading"]}, {"type": "text", "lines": 0, "lineHeight": 1, "lastLineFraction": 0}]}"#,
            animation: #"{"shimmer": "chat", "timeoutMs": 0}"#))
        #expect(found == [
            "/animation: missing member \"transition\" (or name a \"preset\": finance, chat, movies)",
            "/animation/timeoutMs: 0 is outside 1 to 600000",
            "/layouts/0/root/alignment: unknown alignment for a vertical stack \"top\" (allowed: leading, center, trailing)",
            "/layouts/0/root/children/0/height: expected a number, found string",
            "/layouts/0/root/children/0/corners: a corner is listed twice",
            "/layouts/0/root/children/1/lines: 0 is outside 1 to 100",
            "/layouts/0/root/children/1/lastLineFraction: must be above 0 (at most 1)",
        ])
    }

    /// A block's width is points, "fill", or the tagged form a layout document writes; a bad tagged
    /// width is reported with its pointer and the allowed kinds.
    @Test func aBlockWidthIsReadInEveryForm() throws {
        let file = Self.file(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "width": {"kind": "points", "points": 30}, "height": 10}, {"type": "block", "width": {"kind": "fill"}, "height": 10}, {"type": "block", "width": 20, "height": 10}]}"#)
        let root = try #require(try Self.decoded(file).layout("default")?.root)
        guard case .stack(_, _, _, let children) = root.kind else { Issue.record("the root is not a stack"); return }
        let widths = children.compactMap { child -> Node.Width? in if case .block(let width, _, _, _, _) = child.kind { width } else { nil } }
        #expect(widths == [.points(30), .fill, .points(20)])
        let found = Self.problems(Self.file(root: #"{"type": "stack", "id": "e", "children": [{"type": "block", "width": {"kind": "wide"}, "height": 10}, {"type": "block", "width": {"kind": "points"}, "height": 10}]}"#))
        #expect(found == [
            "/layouts/0/root/children/0/width/kind: unknown width kind \"wide\" (allowed: points, fill, content)",
            "/layouts/0/root/children/1/width: missing member \"points\"",
        ])
    }

    /// The data routes answer an element's content as their envelope's `content` object.
    @Test(arguments: [#"[1, 2]"#, #""text""#, "42", "true", "null"])
    func anElementsContentMustBeAnObject(content: String) throws {
        let root = #"{"type": "spacer", "id": "e"}"#
        let found = Self.problems(Self.file(root: root, content: content))
        #expect(found.count == 1 && found.first?.hasPrefix("/layouts/0/elements/0/content: expected an object, found ") == true, "\(found)")
        let element = try Self.decoded(Self.file(root: root, content: #"{"name": "Ada", "tags": [1, null]}"#)).layouts[0].elements[0]
        #expect(element.content == Array(#"{"name":"Ada","tags":[1,null]}"#.utf8))
    }

    @Test func nestedRepeatsAreCountedWithoutOverflow() {
        var node = #"{"type": "spacer", "shimmer": true}"#
        for _ in 0..<12 { node = #"{"type": "repeat", "count": 100, "child": \#(node)}"# }
        let found = Self.problems(Self.file(root: #"{"type": "stack", "id": "e", "children": [\#(node)]}"#, animation: #"{"preset": "chat", "maxConcurrentShimmers": 3}"#))
        #expect(found == [
            "/layouts/0/root: 4611686018427387903 nodes once repeats are expanded; at most 10000",
            "/layouts/0/root: 4611686018427387903 shimmer groups once repeats are expanded; maxConcurrentShimmers is 3",
        ])
    }

    /// The renderer, the frames and the loading find an element on one node: inside a repeat its
    /// node stands for as many as the repeat makes, none of which is the element.
    @Test(arguments: [(0, 0), (1, 1), (2, 2), (4, 12)])
    func anElementInsideARepeatIsOnExactlyOneNodeOnlyOnceExpanded(count: Int, nodes: Int) {
        let inner = #"{"type": "repeat", "count": \#(count), "child": {"type": "block", "id": "e", "height": 10}}"#
        let root = #"{"type": "stack", "children": [{"type": "repeat", "count": \#(count == 4 ? 3 : 1), "child": \#(inner)}]}"#
        let found = Self.problems(Self.file(root: root))
        #expect(found == (nodes == 1 ? [] : [
            "/layouts/0/elements/0/id: element \"e\" is on a node inside a repeat, which stands for \(nodes) nodes once expanded; "
                + "an element must be on exactly one: put its id on a stack around the repeat",
        ]))
    }

    @Test func stagesMustCountFromEarlierStagesAndEachHaveAnElement() {
        let found = Self.problems(#"""
            {"id": "t", "title": "T", "animation": {"preset": "chat"},
             "stages": [{"id": "a", "title": "A", "readyMs": {"min": 1, "max": 2}, "after": "b"},
                        {"id": "b", "title": "B", "readyMs": {"min": 1, "max": 2}, "scenarios": {"typical": {"min": 1, "max": 2}}}],
             "layouts": [{"variant": "wide", "elements": [{"id": "e", "stage": "a", "accessibilityLabel": "L"}], "root": {"type": "spacer", "id": "e"}}]}
            """#)
        #expect(found == [
            "/stages/0/after: \"b\" is not an earlier stage (earlier: none)",
            "/stages/1/scenarios/typical: unknown member \"typical\" (allowed: instant, slow, timeout, error)",
            "/layouts/0/variant: the first layout must be variant \"default\", not \"wide\"",
        ])
    }
}
