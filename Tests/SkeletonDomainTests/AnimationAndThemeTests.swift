import Layouts
import SkeletonDomain
import Testing

/// The animation presets, palettes and index documents, against docs/spec.md §4 and the seeds.
struct AnimationAndThemeTests {
    private func shimmer(_ screen: String, theme: Theme = .light) throws -> JSON {
        try #require(try Documents.parsed(screen, LayoutOptions(theme: theme))["animation"]?["shimmer"])
    }

    private func points(_ motion: JSON?) -> [Double] {
        ["from", "to"].flatMap { moment in ["x", "y"].compactMap { motion?[moment]?[$0]?.number } }
    }

    private func stops(_ shimmer: JSON) -> [String] {
        shimmer["stops"]?.array.map { "\($0["color"]!.string!)@\($0["location"]!.number!.formatted)" } ?? []
    }

    @Test(arguments: ["home", "insights"])
    func financeShimmerIsSeed003sFixedForm(screen: String) throws {
        let shimmer = try shimmer(screen)
        #expect(
            shimmer.keys == [
                "kind", "application", "stops", "start", "end", "durationMs", "curve", "repeat", "autoreverses",
                "blendMode", "sync",
            ])
        #expect(shimmer["kind"]?.string == "gradient")
        #expect(shimmer["application"]?.string == "overlay")
        #expect(stops(shimmer) == ["#00000000@0", "#FFFFFF80@0.5", "#00000000@1"])
        #expect(points(shimmer["start"]) == [-0.5, 0.5, 1.5, 0.5])
        #expect(points(shimmer["end"]) == [0.5, 0.5, 2.5, 0.5])
        #expect(shimmer["durationMs"]?.number == 1400)
        #expect(shimmer["curve"] == .object([("type", .string("easeInOut")), ("durationMs", .number(1400))]))
        #expect(shimmer["repeat"]?.number == -1)
        #expect(shimmer["autoreverses"]?.bool == false)
        #expect(shimmer["blendMode"]?.string == "normal")
        #expect(shimmer["sync"] == .object([("scope", .string("screen")), ("originEpochMs", .number(0))]))
    }

    @Test(arguments: ["inbox", "thread"])
    func chatShimmerIsSeed002sGradientFill(screen: String) throws {
        let light = try shimmer(screen)
        #expect(light["application"]?.string == "fill")
        #expect(stops(light) == ["#E5E5EA4D@0", "#D1D1D680@0.5", "#E5E5EA4D@1"])
        #expect(stops(try shimmer(screen, theme: .dark)) == ["#2C2C2E4D@0", "#3A3A3C80@0.5", "#2C2C2E4D@1"])
        #expect(points(light["start"]) == [-1, 0.5, 1, 0.5])
        #expect(points(light["end"]) == [0, 0.5, 2, 0.5])
        #expect(light["curve"] == .object([("type", .string("linear")), ("durationMs", .number(1500))]))
    }

    @Test func moviesShimmerIsSeed004sDiagonalMask() throws {
        let shimmer = try shimmer("movies")
        #expect(shimmer["application"]?.string == "mask")
        #expect(stops(shimmer) == ["#00000066@0", "#000000FF@0.5", "#00000066@1"])
        #expect(points(shimmer["start"]) == [-0.3, -0.3, 1, 1])
        #expect(points(shimmer["end"]) == [0, 0, 1.3, 1.3])
        #expect(shimmer["curve"] == .object([("type", .string("linear")), ("durationMs", .number(1500))]))
    }

    @Test(arguments: [
        ("home", 0.98, 1.02, #"{"type":"spring","responseMs":400,"dampingFraction":0.825}"#),
        ("insights", 0.98, 1.02, #"{"type":"spring","responseMs":400,"dampingFraction":0.825}"#),
        ("inbox", 1, 1, #"{"type":"easeInOut","durationMs":300}"#),
        ("thread", 1, 1, #"{"type":"easeInOut","durationMs":300}"#),
        ("movies", 1, 1, #"{"type":"easeInOut","durationMs":300}"#),
    ])
    func transitionsFollowEachFamily(screen: String, exitScale: Double, enterScale: Double, curve: String) throws {
        let animation = try #require(try Documents.parsed(screen)["animation"])
        let transition = try #require(animation["transition"])
        #expect(transition["skeletonExit"] == .object([("opacity", .number(0)), ("scale", .number(exitScale))]))
        #expect(transition["contentEnter"] == .object([("opacity", .number(0)), ("scale", .number(enterScale))]))
        #expect(transition["curve"] == (try JSON.parse(Array(curve.utf8))))
        #expect(animation["minimumDisplayMs"]?.number == 200)
        #expect(animation["showDelayMs"]?.number == 0)
        #expect(animation["timeoutMs"]?.number == 10000)
    }

    @Test func tokensAreTheAssumedScales() throws {
        let tokens = try Documents.parsed("thread")["tokens"]
        let expected = #"{"spacing":{"xs":4,"sm":8,"md":12,"lg":16,"xl":24,"xxl":32,"xxxl":48},"radius":{"md":12}}"#
        #expect(tokens == (try JSON.parse(Array(expected.utf8))))
    }

    @Test(arguments: [
        ("base", "#78788033", "#7878805C"), ("card", "#FFFFFFFF", "#1C1C1EFF"), ("screen", "#F2F2F7FF", "#000000FF"),
        ("gray5", "#E5E5EAFF", "#2C2C2EFF"), ("gray4", "#D1D1D6FF", "#3A3A3CFF"), ("surface", "#F2F2F7FF", "#252836FF"),
        ("highlight", "#FFFFFF80", "#FFFFFF80"),
    ])
    func palettesHoldTheSystemColours(token: String, light: String, dark: String) throws {
        #expect(try Documents.parsed("movies", LayoutOptions(theme: .light))["palette"]?[token]?.string == light)
        #expect(try Documents.parsed("movies", LayoutOptions(theme: .dark))["palette"]?[token]?.string == dark)
        let themes = try JSON.parse(Documents.catalog.themesIndex.bytes)
        #expect(themes["themes"]?.array.compactMap { $0["palette"]?[token]?.string } == [light, dark])
    }

    @Test func themeDocumentsCarryEveryTokenAndTheAssumedOnes() throws {
        let index = try JSON.parse(Documents.catalog.themesIndex.bytes)
        #expect(index["themes"]?.array.compactMap { $0["theme"]?.string } == ["light", "dark"])
        for theme in Theme.allCases {
            let document = try JSON.parse(Documents.catalog.themeDocument(theme).bytes)
            #expect(document.keys == ["formatVersion", "theme", "palette", "assumptions"])
            #expect(document["theme"]?.string == theme.rawValue)
            #expect(document["palette"] == (try Documents.parsed("home", LayoutOptions(theme: theme))["palette"]))
            #expect(document["assumptions"]?.array.count == 2)
        }
    }

    @Test func layoutsIndexListsTheFiveScreensInOrder() throws {
        let index = try JSON.parse(Documents.catalog.layoutsIndex.bytes)
        let screens = index["screens"]?.array ?? []
        #expect(screens.compactMap { $0["id"]?.string } == ["home", "insights", "inbox", "thread", "movies"])
        #expect(screens.allSatisfy { $0.keys == ["id", "title", "source", "elements", "stages", "variants", "link"] })
        #expect(screens.compactMap { $0["link"]?.string }.last == "/layouts/movies")
        #expect(screens.first?["variants"]?.array.compactMap(\.string) == ["default", "fullscreen"])
        #expect(
            screens.first?["elements"]?.array.compactMap(\.string)
                == ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"])
        #expect(screens.last?["elements"]?.array.count == 9)
    }
}

/// Node types and shimmer kinds no built-in screen uses, on a screen built for the purpose.
struct CustomScreenTests {
    private static let pulse = Shimmer(
        application: .overlay,
        stops: [Shimmer.Stop(.highlight, at: 0), Shimmer.Stop(.highlight, at: 1)],
        effect: .pulse(fromOpacity: 1, toOpacity: 0.4, timing: Shimmer.Timing(durationMs: 1000, easing: .easeInOut, autoreverses: true)))

    private static let catalog = Catalog(screens: [
        Screen(
            id: "custom", title: "Custom", source: "a test", assumptions: [],
            animation: AnimationPreset(
                shimmer: pulse, reducedShimmer: Shimmer(application: .overlay, stops: [], effect: .still),
                transition: RevealTransition(
                    skeletonExit: .init(opacity: 0, scale: 1), contentEnter: .init(opacity: 0, scale: 1),
                    curve: .eased(.linear, durationMs: 100)),
                minimumDisplayMs: 0, showDelayMs: 150, timeoutMs: 5000, assumptions: []),
            stages: [Stage(id: "all", title: "everything", timing: StageTiming(0...10))],
            layouts: [
                ScreenLayout(
                    variant: "default",
                    elements: [Element(id: "body", stage: "all", accessibilityLabel: "Loading")],
                    root: Node(
                        .scroll(
                            .vertical,
                            child: Node(
                                .repeat(
                                    count: 2,
                                    child: Node(
                                        .repeat(
                                            count: 2,
                                            child: Node(
                                                .text(lines: 3, lineHeight: 16, lineSpacing: 4, lastLineFraction: 0.6),
                                                id: "paragraph")))))),
                        id: "body"),
                    assumptions: ["made up"])
            ])
    ])

    @Test func writesTextNodesAndPulses() throws {
        let document = try JSON.parse(try #require(Self.catalog.document(screen: "custom", options: LayoutOptions())).bytes)
        let text = try #require(document["root"]?.node(id: "paragraph"))
        #expect(text.keys == ["type", "id", "lines", "lineHeight", "lineSpacing", "lastLineFraction"])
        #expect(text["lastLineFraction"]?.number == 0.6)
        let shimmer = try #require(document["animation"]?["shimmer"])
        #expect(shimmer["kind"]?.string == "pulse")
        #expect(shimmer["opacity"] == .object([("from", .number(1)), ("to", .number(0.4))]))
        #expect(shimmer["autoreverses"]?.bool == true)
        #expect(document["animation"]?["showDelayMs"]?.number == 150)
        #expect(document["assumptions"]?.array.last?.string == "made up")
    }

    @Test func expandsARepeatThatStandsAloneIntoAStackOfItsCopies() throws {
        let options = LayoutOptions(expand: true)
        let document = try JSON.parse(try #require(Self.catalog.document(screen: "custom", options: options)).bytes)
        let stack = try #require(document["root"]?["child"])
        #expect(stack["type"]?.string == "stack")
        #expect(stack["axis"]?.string == "vertical")
        #expect(stack["spacing"]?.number == 0)
        #expect(
            stack["children"]?.array.compactMap { $0["id"]?.string }
                == ["paragraph[0][0]", "paragraph[0][1]", "paragraph[1][0]", "paragraph[1][1]"])
    }
}
