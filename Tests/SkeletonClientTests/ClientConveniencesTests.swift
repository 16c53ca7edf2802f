import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import SkeletonClient
import Testing

/// What an app leans on beyond the documents: errors that describe themselves, a cache of
/// bounded size, its configuration left alone, values it can make for previews, compare, and
/// keep for an offline start.
@Suite struct ClientConveniencesTests {
    @Test func aClientErrorDescribesItselfInWords() async throws {
        let server = try LiveServer()
        let error = try await #require(throws: SkeletonClientError.self) { try await server.client.layout("hom") }
        let problem = try #require(error.problem)
        #expect(error.localizedDescription == "\(problem.title) (HTTP 404): \(problem.detail)")
        #expect(error.localizedDescription.contains("home"))  // the detail names the closest screen
        let bare = SkeletonClientError(status: 502, problem: nil, retryAfter: nil)
        #expect(bare.localizedDescription == "skeleton-server answered HTTP 502 with no problem document")
        #expect(UnsupportedFormatVersion(version: 3, supported: 2).localizedDescription.contains("format version 3"))
    }

    /// Twice the capacity of distinct instants: the cache holds `cacheCapacity` documents, the
    /// last asked for; the newest is revalidated, the oldest was dropped and comes whole.
    @Test func theETagCacheKeepsTheMostRecentlyUsedUpToItsCapacity() async throws {
        let server = try LiveServer()
        let client = server.client
        let capacity = SkeletonServerClient.cacheCapacity
        for instant in 0..<(2 * capacity) {
            _ = try await client.frames("thread", width: 390, at: 1_800_000_000_000 + instant)
            #expect(await client.cachedCount == min(instant + 1, capacity))
        }
        _ = try await client.frames("thread", width: 390, at: 1_800_000_000_000 + 2 * capacity - 1)
        #expect(await client.revalidatedCount == 1)
        _ = try await client.frames("thread", width: 390, at: 1_800_000_000_000)
        #expect(await client.revalidatedCount == 1)
        #expect(await client.cachedCount == capacity)
    }

    @Test func theCallersConfigurationIsLeftAsItWas() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .returnCacheDataElseLoad
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:1")!, configuration: configuration)
        #expect(configuration.requestCachePolicy == .returnCacheDataElseLoad)
        #expect(client.configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(client.configuration !== configuration)
    }

    /// A preview's states, made in code, equal the same states decoded from the server's JSON.
    @Test func elementStatesAndChangesAreMadeInCode() throws {
        let error = ElementError(code: "timeout", message: "Accounts took too long.", retryable: true)
        let state = ElementState(id: "accountsCarousel", stage: "accounts", status: .failed, failedAtMs: 900, revealAtMs: 900, error: error)
        let json = #"{"id": "accountsCarousel", "stage": "accounts", "status": "failed", "failedAtMs": 900, "revealAtMs": 900, "error": {"code": "timeout", "message": "Accounts took too long.", "retryable": true}}"#
        #expect(try JSONDecoder().decode(ElementState.self, from: Data(json.utf8)) == state)
        let change = ElementChange(element: state.id, phase: .failed(error), state: state)
        #expect(change.phase == .failed(error) && change.state.error?.retryable == true)
        #expect(ElementState(id: "e", stage: "s", status: .loading).readyAtMs == nil)
    }

    /// Every screen's layout, and its frames with paints and its timeline: equal when read twice,
    /// different under other options, and written out and read back equal (a layout kept for a
    /// cold start lays out as the one served).
    @Test func documentsCompareAndReadBackEqualOnceWritten() async throws {
        let server = try LiveServer()
        let client = server.client
        func roundTrip<Document: Codable & Equatable>(_ document: Document) throws -> Document {
            try JSONDecoder().decode(Document.self, from: JSONEncoder().encode(document))
        }
        for screen in try await client.layouts().screens {
            for variant in screen.variants {
                let layout = try await client.layout(screen.id, theme: .dark, variant: variant, direction: .rtl)
                #expect(try await client.layout(screen.id, theme: .dark, variant: variant, direction: .rtl) == layout)
                #expect(try await client.layout(screen.id, theme: .light, variant: variant, direction: .rtl) != layout)
                let kept = try roundTrip(layout)
                #expect(kept == layout, "\(screen.id) \(variant)")
                #expect(kept.frames(width: 358).frames == layout.frames(width: 358).frames)
            }
            let frames = try await client.frames(screen.id, width: 390, at: 1_800_000_000_500)
            #expect(try roundTrip(frames) == frames)
            let timeline = try await client.timeline(screen: screen.id, scenario: "error", seed: 4)
            #expect(try roundTrip(timeline) == timeline)
        }
        let index = try await client.layouts()
        #expect(try roundTrip(index) == index)
        let (scenarios, themes) = (try await client.scenarios(), try await client.themes())
        #expect(try roundTrip(scenarios) == scenarios && roundTrip(themes) == themes)
        let state = try await client.startLoading(screen: "home", scenario: "instant")
        #expect(try roundTrip(state) == state)
    }

    /// The README's and docs/clients.md's Swift that makes a client imports Foundation, which
    /// `URL` needs.
    @Test func theDocsSnippetsImportWhatTheyUse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for file in ["README.md", "docs/clients.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let snippets = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            let makingClients = snippets.filter { $0.contains("import SkeletonClient") && $0.contains("URL(") }
            #expect(!makingClients.isEmpty, "\(file)")
            for snippet in makingClients { #expect(snippet.contains("import Foundation\n"), "\(file): \(snippet.prefix(80))") }
        }
    }
}
