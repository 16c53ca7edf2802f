import Foundation
import HTTPServer
import SkeletonAPI
import SkeletonClient
import Testing

/// `data(…)` decodes the data routes' envelope: the element, its stage and seed, and its content
/// into the app's own type, as the server sent it.
@Suite struct ElementDataTests {
    /// An app's own type for home's accounts carousel: only the members it reads.
    struct Accounts: Decodable {
        struct Account: Decodable {
            let name: String
            let balance: Double
            let currency: String
        }
        let accounts: [Account]
    }

    /// An app's own type for a movie poster.
    struct Poster: Decodable {
        let title: String
        let mediaType: String
        let svg: String
    }

    /// A server that answers at once (`--no-faults`), so that a request that starts its load is not held.
    static func immediate() throws -> LiveServer {
        try LiveServer(router: SkeletonService(readiness: Readiness(), injectsFaults: false).router)
    }

    @Test func anElementsDataNamesItsElementStageAndSeedAndDecodesItsContent() async throws {
        let server = try Self.immediate()
        let data = try await server.client.data(screen: "home", element: "accountsCarousel", seed: 7)
        #expect((data.screen, data.element, data.stage, data.seed) == ("home", "accountsCarousel", "fastPath", 7))
        #expect(data.formatVersion == DocumentFormat.version)
        let accounts = try data.content(as: Accounts.self).accounts
        #expect(accounts.count == 3 && accounts.allSatisfy { $0.balance > 0 && $0.currency.count == 3 })
    }

    @Test func aSessionsDataIsTheSameAsTheLoadItStarted() async throws {
        let server = try Self.immediate()
        let state = try await server.client.startLoading(screen: "movies", seed: 2)
        let bySession = try await server.client.data(element: "poster[1]", session: try #require(state.session))
        let started = try await server.client.data(screen: "movies", element: "poster[1]", seed: 2)
        #expect(bySession == started)
        let poster = try bySession.content(as: Poster.self)
        #expect(poster.mediaType == "image/svg+xml" && poster.svg.hasPrefix("<svg ") && !poster.title.isEmpty)
    }

    @Test func contentOfAnotherShapeIsADecodingError() async throws {
        let server = try Self.immediate()
        let data = try await server.client.data(screen: "thread", element: "messages", seed: 1)
        #expect(throws: DecodingError.self) { try data.content(as: Accounts.self) }
    }

    @Test func anEnvelopeWithoutItsContentIsRefused() async throws {
        var router = Router()
        router.get("/data/home/accountsCarousel") { _ in
            Response.json(Array(#"{"formatVersion":1,"screen":"home","element":"accountsCarousel","stage":"fastPath","seed":0,"content":[1]}"#.utf8))
        }
        let server = try LiveServer(router: router)
        await #expect(throws: DecodingError.self) { try await server.client.data(screen: "home", element: "accountsCarousel") }
    }
}
