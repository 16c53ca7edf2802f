import Layouts
import SkeletonDomain
import Testing

/// Properties every served layout document has, checked on the encoded bytes of all of them.
struct DocumentTests {
    @Test func everyDocumentParsesAndEchoesItsOptions() throws {
        #expect(Documents.allOptions.count == 96)
        for (screen, options) in Documents.allOptions {
            let document = try Documents.parsed(screen, options)
            #expect(
                document.keys == [
                    "formatVersion", "screen", "title", "source", "version", "theme", "motion", "variant", "direction", "units",
                    "tokens", "palette", "animation", "stages", "elements", "root", "assumptions",
                ])
            #expect(document["screen"]?.string == screen)
            #expect(document["theme"]?.string == options.theme.rawValue)
            #expect(document["motion"]?.string == options.motion.rawValue)
            #expect(document["variant"]?.string == options.variant)
            #expect(document["direction"]?.string == options.direction.rawValue)
            #expect(document["units"]?.string == "pt")
            if options.expand {
                #expect(document["root"]?.nodes.contains { $0["type"]?.string == "repeat" } == false)
            }
        }
    }

    @Test func unknownScreensAndVariantsHaveNoDocument() {
        #expect(Documents.catalog.document(screen: "hom", options: LayoutOptions()) == nil)
        #expect(Documents.catalog.document(screen: "inbox", options: LayoutOptions(variant: "fullscreen")) == nil)
        #expect(Documents.catalog.screen("movies")?.variants == ["default"])
        #expect(Documents.catalog.screen("home")?.variants == ["default", "fullscreen"])
        #expect(Documents.catalog.screen("nope") == nil)
    }

    @Test func encodingIsDeterministic() {
        let again = Catalog(screens: Documents.catalog.screens)
        for (screen, options) in Documents.allOptions {
            let first = Documents.catalog.document(screen: screen, options: options)
            let second = again.document(screen: screen, options: options)
            #expect(first?.bytes == second?.bytes)
            #expect(first?.etag == second?.etag)
        }
        #expect(again.layoutsIndex.bytes == Documents.catalog.layoutsIndex.bytes)
        #expect(again.themesIndex.bytes == Documents.catalog.themesIndex.bytes)
    }

    @Test func etagsAreQuotedContentHashesAndVersionsFollowTheScreen() throws {
        var etagsByBytes: [[UInt8]: Set<String>] = [:]
        var versions: [String: Set<String>] = [:]
        for (screen, options) in Documents.allOptions {
            let document = try #require(Documents.catalog.document(screen: screen, options: options))
            #expect(document.etag.utf8.count == 18 && document.etag.first == "\"" && document.etag.last == "\"")
            #expect(document.etag.dropFirst().dropLast().allSatisfy { $0.isHexDigit })
            etagsByBytes[document.bytes, default: []].insert(document.etag)
            versions[screen, default: []].insert(try JSON.parse(document.bytes)["version"]!.string!)
        }
        #expect(etagsByBytes.values.allSatisfy { $0.count == 1 }, "equal bytes, equal tag")
        #expect(Set(etagsByBytes.values.flatMap { $0 }).count == etagsByBytes.count, "different bytes, different tag")
        #expect(etagsByBytes.count == Documents.allOptions.count - 8, "all distinct but thread's: it has no repeat")
        #expect(versions.values.allSatisfy { $0.count == 1 }, "one version per screen, whatever the options")
        #expect(Set(versions.values.map { $0.first! }).count == 5)
        #expect(versions.values.allSatisfy { $0.first!.count == 16 && $0.first!.allSatisfy { $0.isHexDigit } })
    }

    @Test func everyElementAppearsExactlyOnceInTheTree() throws {
        for (screen, options) in Documents.allOptions {
            let document = try Documents.parsed(screen, options)
            let ids = document["root"]?.nodes.compactMap { $0["id"]?.string } ?? []
            let stages = Set(document["stages"]?.array.compactMap { $0["id"]?.string } ?? [])
            for element in document["elements"]?.array ?? [] {
                let id = try #require(element["id"]?.string)
                #expect(ids.filter { $0 == id }.count == 1, "\(screen) \(options): \(id)")
                #expect(stages.contains(element["stage"]?.string ?? ""), "\(screen): \(id)'s stage")
                #expect(element["accessibilityLabel"]?.string?.isEmpty == false)
            }
        }
    }

    @Test func everyNodeWritesTheMembersItsTypeHas() throws {
        let required: [String: [String]] = [
            "stack": ["axis", "spacing", "alignment", "children"],
            "scroll": ["axis", "scrollEnabled", "child"],
            "block": ["width", "height", "cornerRadius", "shape", "fill"],
            "divider": ["opacity", "thickness"],
            "repeat": ["count", "child"],
            "spacer": [],
        ]
        for (screen, options) in Documents.allOptions {
            for node in try Documents.parsed(screen, options)["root"]?.nodes ?? [] {
                let type = try #require(node["type"]?.string)
                let members = try #require(required[type], "unknown node type \(type)")
                for member in members {
                    #expect(node[member] != nil, "\(screen): \(type) without \(member)")
                }
                if type == "scroll" { #expect(node["scrollEnabled"]?.bool == false) }
            }
        }
    }

    @Test func everyPaletteTokenUsedExistsInBothThemes() throws {
        let light = try Documents.parsed("home", LayoutOptions(theme: .light))["palette"]!
        let dark = try Documents.parsed("home", LayoutOptions(theme: .dark))["palette"]!
        #expect(light.keys == dark.keys)
        for (screen, options) in Documents.allOptions {
            let document = try Documents.parsed(screen, options)
            for node in document["root"]?.nodes ?? [] {
                for member in ["fill", "background"] {
                    if let token = node[member]?.string {
                        #expect(light[token] != nil && dark[token] != nil, "\(screen): \(member) \(token)")
                    }
                }
            }
            for stop in document["animation"]?["shimmer"]?["stops"]?.array ?? [] {
                let color = try #require(stop["color"]?.string)
                #expect(color.count == 9 && color.first == "#" && color.dropFirst().allSatisfy { $0.isHexDigit })
            }
        }
    }

    @Test func shimmerGroupsNeverExceedTheScreensLimit() throws {
        for (screen, options) in Documents.allOptions {
            let document = try Documents.parsed(screen, options)
            guard let limit = document["animation"]?["maxConcurrentShimmers"]?.number else { continue }
            let groups = document["root"]?.nodes.filter { $0["shimmer"]?.bool == true }.count ?? 0
            #expect(groups <= Int(limit), "\(screen) \(options)")
        }
        #expect(try Documents.parsed("movies")["animation"]?["maxConcurrentShimmers"]?.number == 3)
        for screen in ["home", "insights", "inbox", "thread"] {
            #expect(try Documents.parsed(screen)["animation"]?["maxConcurrentShimmers"] == .null)
        }
    }

    @Test func expandWritesEachCopyWithItsIndexSuffixed() throws {
        let inbox = try Documents.expanded("inbox")
        let rows = inbox["root"]?.nodes.compactMap { $0["id"]?.string }.filter { $0.hasPrefix("conversationRow") }
        #expect(rows == (0..<8).map { "conversationRow[\($0)]" })
        let home = try Documents.expanded("home")
        let cards = home["root"]?.nodes.compactMap { $0["id"]?.string }.filter { $0.hasPrefix("accountCard") }
        #expect(cards == ["accountCard[0]", "accountCard[1]", "accountCard[2]"])
        let unexpanded = try Documents.parsed("inbox")
        let repeatNode = try #require(unexpanded["root"]?.nodes.first { $0["type"]?.string == "repeat" })
        #expect(repeatNode["count"]?.number == 8)
        #expect(repeatNode["child"]?["id"]?.string == "conversationRow")
    }

    @Test func directionMirrorsOnlyTheSweep() throws {
        for screen in ["home", "insights", "inbox", "thread", "movies"] {
            let ltr = try Documents.parsed(screen, LayoutOptions(direction: .ltr))
            let rtl = try Documents.parsed(screen, LayoutOptions(direction: .rtl))
            #expect(ltr["root"] == rtl["root"], "trees use leading and trailing: no mirroring")
            for end in ["start", "end"] {
                for moment in ["from", "to"] {
                    let left = try #require(ltr["animation"]?["shimmer"]?[end]?[moment])
                    let right = try #require(rtl["animation"]?["shimmer"]?[end]?[moment])
                    #expect(abs(right["x"]!.number! - (1 - left["x"]!.number!)) < 1e-12, "\(screen) \(end).\(moment)")
                    #expect(right["y"] == left["y"])
                }
            }
        }
        let movies = try Documents.parsed("movies", LayoutOptions(direction: .rtl))["animation"]!["shimmer"]!
        #expect(movies["end"]?["to"]?["x"]?.number == -0.3, "written without binary noise")
        #expect(movies["start"]?["from"]?["x"]?.number == 1.3)
    }

    @Test func reducedMotionStillsTheShimmerAndDropsScaling() throws {
        for (screen, options) in Documents.allOptions where options.motion == .reduced {
            let animation = try #require(try Documents.parsed(screen, options)["animation"])
            let shimmer = try #require(animation["shimmer"])
            #expect(shimmer.keys == ["kind", "application", "stops", "blendMode"])
            #expect(shimmer["kind"]?.string == "static")
            #expect(animation["transition"]?["skeletonExit"]?["scale"]?.number == 1)
            #expect(animation["transition"]?["contentEnter"]?["scale"]?.number == 1)
            #expect(animation["transition"]?["skeletonExit"]?["opacity"]?.number == 0)
        }
        let movies = try Documents.parsed("movies", LayoutOptions(motion: .reduced))["animation"]!["shimmer"]!
        #expect(movies["application"]?.string == "overlay")
        #expect(movies["stops"]?.array.compactMap { $0["color"]?.string } == ["#8E8E934D", "#8E8E934D"])
        let chat = try Documents.parsed("inbox", LayoutOptions(theme: .dark, motion: .reduced))["animation"]!["shimmer"]!
        #expect(chat["application"]?.string == "fill")
        #expect(chat["stops"]?.array.compactMap { $0["color"]?.string } == ["#2C2C2E4D", "#2C2C2E4D"])
    }

    @Test func everyDocumentStatesItsAssumptions() throws {
        for (screen, options) in Documents.allOptions {
            let assumptions = try Documents.parsed(screen, options)["assumptions"]?.array.compactMap(\.string) ?? []
            #expect(assumptions.contains { $0.hasPrefix("spacing tokens") })
            #expect(assumptions.contains { $0.hasPrefix("showDelayMs 0") })
            #expect(Set(assumptions).count == assumptions.count, "no assumption twice")
        }
        let movies = try Documents.parsed("movies")["assumptions"]?.array.compactMap(\.string) ?? []
        #expect(movies.contains { $0.contains("top corners only") })
        #expect(movies.contains { $0.contains("#252836FF") })
        #expect(movies.contains { $0.contains("4 compact cards") })
        let inbox = try Documents.parsed("inbox")["assumptions"]?.array.compactMap(\.string) ?? []
        #expect(!inbox.contains { $0.contains("surface") }, "only the tokens a screen paints with")
    }
}
