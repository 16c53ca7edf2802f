import Layouts
import SkeletonDomain
import Testing

/// Each screen checked against its seed, number by number, on the expanded encoded document.
struct ScreenFidelityTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        let screen: String
        let variant: String
        let node: String
        let blocks: [String]
        var testDescription: String { "\(screen)/\(variant) #\(node)" }

        init(_ screen: String, _ node: String, variant: String = "default", blocks: [String]) {
            self.screen = screen
            self.variant = variant
            self.node = node
            self.blocks = blocks
        }
    }

    private static let sectionCard = ["36x36 r18 circle", "140x14 r8 capsule", "100x12 r6 capsule"]
    private static let accountCards = Array(repeating: "200x120 r20 rect", count: 3)

    static let expectations: [Expectation] = [
        // Seeds 000 / 003: home.
        Expectation("home", "accountsCarousel", blocks: accountCards),
        Expectation("home", "transactionsSummary", blocks: sectionCard),
        Expectation("home", "subscriptions", blocks: sectionCard),
        Expectation("home", "categories", blocks: sectionCard),
        Expectation(
            "home", "homeSkeleton", variant: "fullscreen",
            blocks: ["110x32 r16 capsule"] + accountCards + sectionCard + sectionCard + sectionCard),
        // Seed 000: insights.
        Expectation(
            "insights", "summaryHeader",
            blocks: Array(repeating: ["fillx11 r5 rect", "fillx20 r7 rect"], count: 3).flatMap { $0 }
                + ["150x13 r6 rect", "64x22 r11 capsule"]),
        Expectation("insights", "filterCarousel", blocks: Array(repeating: "70x30 r15 capsule", count: 4)),
        Expectation("insights", "sectionHeader", blocks: ["100x16 r8 capsule"]),
        Expectation(
            "insights", "insightCards",
            blocks: Array(
                repeating: ["40x40 r20 circle", "160x13 r8 capsule", "100x11 r5 rect", "120x19 r8 rect", "72x48 r8 rect"],
                count: 3
            ).flatMap { $0 }),
        // Seed 002: chat.
        Expectation(
            "inbox", "conversationList",
            blocks: Array(repeating: ["50x50 r25 circle", "120x16 r4 rect", "200x14 r4 rect", "40x12 r4 rect"], count: 8)
                .flatMap { $0 }),
        Expectation(
            "thread", "messages",
            blocks: (0..<10).map { $0 % 3 == 0 ? "200x40 r16 rect" : "180x40 r16 rect" }),
        // Seed 004: movies.
        Expectation("movies", "hero", blocks: ["fillx300 r0 rect", "200x24 r4 rect", "100x14 r4 rect"]),
        Expectation(
            "movies", "popular",
            blocks: Array(repeating: ["135x178 r12 rect", "100x16 r4 rect", "60x12 r4 rect"], count: 6).flatMap { $0 }),
        Expectation(
            "movies", "compactList",
            blocks: Array(repeating: ["60x90 r8 rect", "150x16 r4 rect", "80x12 r4 rect", "fillx12 r4 rect"], count: 4)
                .flatMap { $0 }),
    ]

    @Test(arguments: expectations)
    func blocksMatchTheSeed(_ expectation: Expectation) throws {
        let document = try Documents.expanded(expectation.screen, variant: expectation.variant)
        let node = try #require(document["root"]?.node(id: expectation.node))
        #expect(node.blockSignatures == expectation.blocks)
    }

    @Test func homeSectionCardsAreSeed000sCard() throws {
        let root = try #require(try Documents.expanded("home")["root"])
        #expect(root["background"]?.string == "screen")
        let column = try #require(root["child"])
        #expect(column["spacing"]?.number == 24)
        #expect(column["alignment"]?.string == "leading")
        #expect(column.insets == [12, 0, 12, 0])
        for id in ["transactionsSummary", "subscriptions", "categories"] {
            let card = try #require(root.node(id: id))
            #expect(card["axis"]?.string == "horizontal")
            #expect(card["spacing"]?.number == 12)
            #expect(card.insets == [12, 12, 12, 12])
            #expect(card["minHeight"]?.number == 72)
            #expect(card["maxWidth"]?.string == "fill")
            #expect(card["background"]?.string == "card")
            #expect(card["cornerRadius"]?.number == 12)
            #expect(card["clip"]?.bool == true)
            let lines = try #require(card["children"]?.array[1])
            #expect(lines["spacing"]?.number == 4)
            #expect(lines["alignment"]?.string == "leading")
            #expect(card["children"]?.array.last?["type"]?.string == "spacer")
        }
        let carousel = try #require(root.node(id: "accountsCarousel"))
        #expect(carousel["type"]?.string == "scroll")
        #expect(carousel["axis"]?.string == "horizontal")
        #expect(carousel["child"]?["spacing"]?.number == 12)
        #expect(carousel["child"]?.insets == [4, 16, 4, 16])
    }

    @Test func homeFullscreenIsSeed000sOneStageForm() throws {
        let document = try Documents.parsed("home", LayoutOptions(variant: "fullscreen"))
        #expect(document["variant"]?.string == "fullscreen")
        #expect(document["stages"]?.array.compactMap { $0["id"]?.string } == ["fastPath"])
        #expect(document["elements"]?.array.compactMap { $0["id"]?.string } == ["homeSkeleton"])
        let chip = try #require(document["root"]?["child"]?["children"]?.array.first)
        #expect(chip.blockSignatures == ["110x32 r16 capsule"])
        #expect(chip.insets == [0, 16, 0, 16])
    }

    @Test func insightsContainersFollowSeed000() throws {
        let root = try #require(try Documents.expanded("insights")["root"])
        #expect(root["child"]?["spacing"]?.number == 16)
        let header = try #require(root.node(id: "summaryHeader"))
        #expect(header["spacing"]?.number == 12)
        #expect(header.insets == [12, 12, 12, 12])
        #expect(header["background"]?.string == "card")
        #expect(header["cornerRadius"]?.number == 12)
        let divider = try #require(header.nodes.first { $0["type"]?.string == "divider" })
        #expect(divider["opacity"]?.number == 0.3)
        let columns = header.nodes.filter { $0["id"]?.string?.hasPrefix("metricColumn") == true }
        #expect(columns.count == 3)
        #expect(columns.allSatisfy { $0["maxWidth"]?.string == "fill" && $0["spacing"]?.number == 4 })
        #expect(root.node(id: "filterCarousel")?["child"]?["spacing"]?.number == 8)
        #expect(root.node(id: "sectionHeader")?.insets == [0, 16, 0, 16])
        let cards = try #require(root.node(id: "insightCards"))
        #expect(cards["spacing"]?.number == 12)
        #expect(cards.insets == [0, 16, 0, 16])
        for card in cards["children"]?.array ?? [] {
            #expect(card.insets == [12, 12, 12, 12])
            #expect(card["background"]?.string == "card")
            #expect(card["cornerRadius"]?.number == 12)
        }
    }

    @Test func inboxRowsAreSeed002sRows() throws {
        let list = try #require(try Documents.expanded("inbox")["root"])
        #expect(list["id"]?.string == "conversationList")
        let stack = try #require(list["child"])
        #expect(stack["spacing"]?.number == 0)
        let rows = stack["children"]?.array ?? []
        #expect(rows.count == 8)
        for row in rows {
            #expect(row["spacing"]?.number == 12)
            #expect(row.insets == [12, 16, 12, 16])
            #expect(row["minHeight"]?.number == 74)
            #expect(row["children"]?.array[1]["spacing"]?.number == 8)
            #expect(row["children"]?.array[2]["type"]?.string == "spacer")
        }
    }

    @Test func threadAlternatesEveryThirdBubbleToTheTrailingSide() throws {
        let stack = try #require(try Documents.expanded("thread")["root"]?["child"])
        #expect(stack["spacing"]?.number == 16)
        #expect(stack.insets == [16, 16, 16, 16])
        let bubbles = stack["children"]?.array ?? []
        #expect(bubbles.count == 10)
        for (index, bubble) in bubbles.enumerated() {
            let kinds = bubble["children"]?.array.compactMap { $0["type"]?.string }
            if index % 3 == 0 {
                #expect(kinds == ["spacer", "block"], "bubble \(index) is sent: trailing")
                #expect(bubble.blockSignatures == ["200x40 r16 rect"])
            } else {
                #expect(kinds == ["block", "spacer"], "bubble \(index) is received: leading")
                #expect(bubble.blockSignatures == ["180x40 r16 rect"])
            }
        }
    }

    @Test func moviesCardsFollowSeed004() throws {
        let root = try #require(try Documents.expanded("movies")["root"])
        let hero = try #require(root.node(id: "hero"))
        #expect(hero["spacing"]?.number == 16)
        #expect(hero["children"]?.array[1]["spacing"]?.number == 8)
        #expect(hero["children"]?.array[1].insets == [0, 20, 0, 20])

        let row = try #require(root.node(id: "popular")?["child"])
        #expect(row["spacing"]?.number == 12)
        #expect(row.insets == [0, 24, 0, 24])
        let cards = row["children"]?.array ?? []
        #expect(cards.count == 6)
        for (index, card) in cards.enumerated() {
            #expect(card["spacing"]?.number == 0)
            #expect(card["background"]?.string == "surface")
            #expect(card["cornerRadius"]?.number == 12)
            #expect(card["clip"]?.bool == true)
            let poster = try #require(card["children"]?.array.first)
            #expect(poster["id"]?.string == "poster[\(index)]")
            #expect(poster["corners"]?.array.compactMap(\.string) == ["topLeading", "topTrailing"])
            let text = try #require(card["children"]?.array.last)
            #expect(text["spacing"]?.number == 4)
            #expect(text.insets == [12, 8, 12, 8])
        }

        let compact = root.nodes.filter { $0["id"]?.string?.hasPrefix("compactCard") == true }
        #expect(compact.count == 4)
        for card in compact {
            #expect(card["spacing"]?.number == 12)
            #expect(card.insets == [16, 16, 16, 16])
            #expect(card["background"]?.string == "surface")
            #expect(card["cornerRadius"]?.number == 12)
            #expect(card["children"]?.array[1]["spacing"]?.number == 8)
        }
    }

    @Test func moviesShimmersInThreeGroupsAndLoadsPostersOneByOne() throws {
        let document = try Documents.parsed("movies")
        #expect(document["animation"]?["maxConcurrentShimmers"]?.number == 3)
        let groups = document["root"]?.nodes.filter { $0["shimmer"]?.bool == true }.compactMap { $0["id"]?.string }
        #expect(groups == ["hero", "popular", "compactList"])
        let posters = (0..<6).map { "poster[\($0)]" }
        #expect(document["stages"]?.array.compactMap { $0["id"]?.string } == ["trending", "popular"] + posters)
        let elements = document["elements"]?.array.map { [$0["id"]?.string, $0["stage"]?.string] }
        #expect(
            elements
                == [["hero", "trending"], ["popular", "popular"], ["compactList", "popular"]]
                + posters.map { [$0, $0] })
    }

    @Test(arguments: [
        ("home", ["fastPath", "fullyInitialized"],
         ["accountsCarousel:fastPath", "transactionsSummary:fullyInitialized", "subscriptions:fullyInitialized", "categories:fastPath"]),
        ("insights", ["insightsLoaded"],
         ["summaryHeader:insightsLoaded", "filterCarousel:insightsLoaded", "sectionHeader:insightsLoaded", "insightCards:insightsLoaded"]),
        ("inbox", ["conversations"], ["conversationList:conversations"]),
        ("thread", ["messages"], ["messages:messages"]),
    ])
    func stagesAndElementsFollowTheSpec(screen: String, stages: [String], elements: [String]) throws {
        let document = try Documents.parsed(screen)
        #expect(document["stages"]?.array.compactMap { $0["id"]?.string } == stages)
        #expect(document["elements"]?.array.map { "\($0["id"]!.string!):\($0["stage"]!.string!)" } == elements)
    }
}
