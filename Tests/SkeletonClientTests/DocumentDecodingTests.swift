import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import SkeletonAPI
import SkeletonClient
import SkeletonDomain
import Testing

/// Every document a live server serves decodes into the client's types, the client lays each
/// layout out as the server does, and documents are revalidated by ETag.
@Suite struct DocumentDecodingTests {
    @Test func everyDocumentOfEveryScreenAndOptionDecodes() async throws {
        let server = try LiveServer()
        let client = server.client
        let index = try await client.layouts()
        #expect(index.formatVersion == DocumentFormat.version)
        #expect(index.screens.map(\.id) == ["home", "insights", "inbox", "thread", "movies"])
        var documents = 0
        for screen in index.screens {
            for variant in screen.variants {
                for theme in Theme.allCases {
                    for motion in Motion.allCases {
                        for direction in Direction.allCases {
                            for expand in [false, true] {
                                let document = try await client.layout(
                                    screen.id, theme: theme, motion: motion, variant: variant, direction: direction, expand: expand)
                                #expect(document.screen == screen.id && document.variant == variant && document.theme == theme)
                                #expect(document.elements.map(\.id) == (variant == "default" ? screen.elements : document.elements.map(\.id)))
                                documents += 1
                            }
                        }
                    }
                }
                _ = try await client.frames(screen.id, width: 390, variant: variant)
            }
        }
        #expect(documents == 96)
        #expect(try await client.themes().themes.count == 2)
        for theme in Theme.allCases { #expect(try await client.theme(theme).palette["base"] != nil) }
        let scenarios = try await client.scenarios()
        for screen in index.screens {
            for scenario in scenarios.scenarios {
                let timeline = try await client.timeline(screen: screen.id, scenario: scenario.id, seed: 3)
                #expect(timeline.elements.allSatisfy { $0.revealAtMs != nil && $0.status != .loading })
            }
        }
        #expect(try await client.index().links["frames"] == "/layouts/{screen}/frames")
        #expect(try await client.health().status == "ok")
        let state = try await client.startLoading(screen: "inbox", speed: 10)
        #expect(state.session != nil && state.pollAfterMs != nil)
    }

    /// The client lays a document out with the server's engine: equal to `/frames` at every size.
    @Test(arguments: ["home", "insights", "inbox", "thread", "movies"])
    func framesLaidOutOnTheDeviceEqualTheServers(screen: String) async throws {
        let server = try LiveServer()
        let client = server.client
        for direction in Direction.allCases {
            for theme in Theme.allCases {
                let document = try await client.layout(screen, theme: theme, direction: direction)
                for width in [320, 390, 430, 768] {
                    let served = try await client.frames(screen, width: width, theme: theme, direction: direction)
                    let local = document.frames(width: Double(width))
                    #expect(local.frames.count == served.frames.count)
                    #expect(abs(local.contentHeight - served.contentHeight) < 0.001)
                    for (mine, theirs) in zip(local.frames, served.frames) {
                        #expect(mine.kind == theirs.kind && mine.fill == theirs.fill && mine.element == theirs.element && mine.group == theirs.group)
                        #expect(Self.close(mine.rect, theirs.rect), "\(screen) \(width) \(mine.rect) vs \(theirs.rect)")
                        #expect(zip(mine.radii, theirs.radii).allSatisfy { abs($0 - $1) < 0.001 })
                        #expect((mine.clip == nil) == (theirs.clip == nil))
                    }
                }
            }
        }
    }

    /// One element laid out on the device equals the server's `/elements/{element}/frames`, and at
    /// the width the screen gives it, its frames in the screen moved to where `/frames` places it.
    @Test(arguments: ["home", "insights", "inbox", "thread", "movies"])
    func elementFramesLaidOutOnTheDeviceEqualTheServers(screen: String) async throws {
        let server = try LiveServer()
        let client = server.client
        for direction in Direction.allCases {
            let document = try await client.layout(screen, direction: direction)
            let whole = try await client.frames(screen, width: 390, direction: direction)
            for element in document.elements {
                for width in [320, 390] {
                    let served = try await client.frames(screen, element: element.id, width: width, direction: direction)
                    let local = try document.frames(element: element.id, width: Double(width))
                    #expect(served.element == element.id && served.elements?.first?.id == element.id)
                    #expect(abs(local.contentHeight - served.contentHeight) < 0.001)
                    #expect(local.frames.count == served.frames.count)
                    for (mine, theirs) in zip(local.frames, served.frames) {
                        #expect(mine.kind == theirs.kind && mine.fill == theirs.fill && mine.element == theirs.element && mine.group == theirs.group)
                        #expect(Self.close(mine.rect, theirs.rect), "\(screen) \(element.id) \(width) \(mine.rect) vs \(theirs.rect)")
                    }
                }
                let place = try #require(whole.elements?.first { $0.id == element.id })
                let alone = try document.frames(element: element.id, width: place.rect.width)
                let ids = Set(alone.elements.map(\.id))
                let slice = whole.frames.filter { $0.element.map(ids.contains) ?? false }
                #expect(alone.frames.count == slice.count)
                for (mine, theirs) in zip(alone.frames, slice) {
                    let moved = Rect(x: mine.rect.x + place.rect.x, y: mine.rect.y + place.rect.y, width: mine.rect.width, height: mine.rect.height)
                    #expect(Self.close(moved, theirs.rect), "\(screen) \(element.id) \(moved) vs \(theirs.rect)")
                }
            }
            let unknown = #expect(throws: UnknownElement.self) { try document.frames(element: "nowhere", width: 390) }
            #expect(unknown?.elements == document.elements.map(\.id))
            #expect(unknown?.description.contains("no element nowhere") == true)
        }
    }

    /// Within a format version the server may add members; the client ignores them.
    @Test func unknownMembersAreIgnored() async throws {
        let server = try LiveServer()
        let (plain, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/layouts/movies")!)
        var text = String(decoding: plain, as: UTF8.self)
        text = text.replacingOccurrences(of: #"{"formatVersion":2,"#, with: #"{"formatVersion":2,"addedLater":{"nested":[1,"two",null]},"#)
        text = text.replacingOccurrences(of: #""type":"block","#, with: #""type":"block","glow":0.5,"#)
        text = text.replacingOccurrences(of: #""minimumDisplayMs":"#, with: #""haptics":"soft","minimumDisplayMs":"#)
        #expect(text.contains("glow") && text.contains("haptics") && text.contains("addedLater"))
        let extended = try JSONDecoder().decode(LayoutDocument.self, from: Data(text.utf8))
        let original = try JSONDecoder().decode(LayoutDocument.self, from: plain)
        #expect(extended.frames(width: 390).frames == original.frames(width: 390).frames)
        #expect(extended.elements == original.elements)
    }

    @Test func anUnchangedDocumentIsRevalidatedNotSentAgain() async throws {
        let server = try LiveServer()
        let client = server.client
        let first = try await client.layout("thread", theme: .dark)
        let second = try await client.layout("thread", theme: .dark)
        #expect(first.version == second.version)
        #expect(await client.revalidatedCount == 1)
    }

    @Test func aBadRequestThrowsTheServersProblem() async throws {
        let server = try LiveServer()
        do {
            _ = try await server.client.layout("hom")
            Issue.record("an unknown screen was served")
        } catch let error as SkeletonClientError {
            #expect(error.status == 404)
            #expect(error.problem?.suggestion == "home")
            #expect(error.problem?.allowed == .values(["home", "insights", "inbox", "thread", "movies"]))
        }
        do {
            _ = try await server.client.frames("home", width: 5000)
            Issue.record("a width out of range was served")
        } catch let error as SkeletonClientError {
            #expect(error.status == 400 && error.problem?.parameter == "width" && error.problem?.allowed == .range("an integer of points from 120 to 2048"))
        }
    }

    /// A screen captured from a page (examples/screens/dashboard.json: widths with grows, measured
    /// paragraphs) decodes with its capture width and lays out on the device as on the server.
    @Test func aCapturedScreenDecodesAndLaysOutAsTheServerDoes() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/screens/dashboard.json")
        let screen = try ScreenFileDecoder.decode(Array(try Data(contentsOf: file)))
        let server = try LiveServer(router: SkeletonService(readiness: Readiness(), catalog: Catalog(screens: [screen])).router)
        let client = server.client
        let document = try await client.layout("dashboard")
        #expect(document.captureWidth == 1100)
        for width in [1100, 1440, 768, 390] {
            let served = try await client.frames("dashboard", width: width)
            let local = document.frames(width: Double(width))
            #expect(local.frames.count == served.frames.count && abs(local.contentHeight - served.contentHeight) < 0.001)
            #expect(zip(local.frames, served.frames).allSatisfy { Self.close($0.rect, $1.rect) }, "\(width)")
        }
    }

    private static func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x - b.x) < 0.001 && abs(a.y - b.y) < 0.001 && abs(a.width - b.width) < 0.001 && abs(a.height - b.height) < 0.001
    }
}
