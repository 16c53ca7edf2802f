import HTTPServer
import Layouts
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// `/layouts/{screen}/frames`, `/snapshot.svg` and `/elements/{element}/frames` through the
/// router: the engine's frames as served, revalidation, a 400 naming the parameter for every bad
/// size or option, and a 404 naming the layout's elements for an element it does not have.
@Suite struct FrameRoutesTests {
    let router = SkeletonService(readiness: Readiness()).router

    func response(_ path: String, query: String = "", fields: [(String, String)] = []) -> Response {
        router.response(path, query: query, fields: fields)
    }

    @Test func servesTheFramesOfTheChosenOptionsAndSize() throws {
        let served = response("/layouts/movies/frames", query: "width=430&height=900&theme=dark&direction=rtl")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "application/json")
        let document = try #require(FramesDocument(
            screen: Catalog.builtIn.screen("movies")!, options: LayoutOptions(theme: .dark, direction: .rtl), width: 430, height: 900))
        #expect(served.body == document.json())
        let json = try JSONParser.parse(served.body)
        #expect(json["width"] == .number(430))
        #expect(json["height"] == .number(900))
        #expect(json["background"] == .string("#000000FF"))
    }

    @Test func aSecondRequestIsTheSameDocumentAndRevalidates() throws {
        let first = response("/layouts/home/frames", query: "width=390")
        let second = response("/layouts/home/frames", query: "width=390")
        #expect(first.body == second.body)
        let etag = try #require(first.headers["ETag"])
        #expect(response("/layouts/home/frames", query: "width=390", fields: [("If-None-Match", etag)]).status == .notModified)
        #expect(response("/layouts/home/frames", query: "width=391").headers["ETag"] != etag)
    }

    /// An instant's document is the kept one at rest with the paints added: the same bytes whether
    /// its screen, options and size were asked for before or not, and as the document writes them whole.
    @Test(arguments: ["/layouts/inbox/frames", "/layouts/home/elements/accountsCarousel/frames", "/layouts/home/snapshot.svg"])
    func anInstantsDocumentIsTheKeptOneWithItsPaints(path: String) throws {
        let fresh = SkeletonService(readiness: Readiness()).router
        // What each response sends: an instant's document is its kept opening, then its own bytes.
        let (cold, atRest, warm) = (fresh.response(path, query: "width=390&theme=dark&at=1700000000375"), fresh.response(path, query: "width=390&theme=dark"),
                                    fresh.response(path, query: "width=390&theme=dark&at=1700000000375"))
        #expect(cold.status == .ok && warm.status == .ok && atRest.status == .ok)
        let (coldContent, warmContent) = (Array(cold.tagged?.leading ?? []) + cold.body, Array(warm.tagged?.leading ?? []) + warm.body)
        #expect(coldContent == warmContent && coldContent != atRest.body)
        let document = try #require(FramesDocument(
            screen: Catalog.builtIn.screen(String(path.split(separator: "/")[1]))!, options: LayoutOptions(theme: .dark),
            element: path.contains("/elements/") ? "accountsCarousel" : nil, width: 390, height: nil))
        if path.hasSuffix(".svg") {
            #expect(warmContent == document.svg(at: 1_700_000_000_375) && atRest.body == document.svg())
        } else {
            #expect(warmContent == document.json(at: 1_700_000_000_375) && atRest.body == document.json())
            #expect(Array(warmContent.prefix(atRest.body.count - 1)) == Array(atRest.body.dropLast()))
            #expect(try JSONParser.parse(warmContent)["at"] == .number(1_700_000_000_375))
        }
    }

    @Test func theSnapshotIsAStillSVGOfTheSameFrames() throws {
        let served = response("/layouts/inbox/snapshot.svg", query: "width=320&theme=dark")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "image/svg+xml")
        #expect(served.headers["Content-Security-Policy"] == "default-src 'none'")
        let svg = String(decoding: served.body, as: UTF8.self)
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="320""#))
        #expect(!svg.contains("<script") && !svg.contains("href"))
        let frames = try JSONParser.parse(response("/layouts/inbox/frames", query: "width=320&theme=dark").body)
        guard case .array(let list)? = frames["frames"] else { Issue.record("no frames"); return }
        #expect(svg.components(separatedBy: "<rect ").count + svg.components(separatedBy: "<path ").count - 2 == list.count + 1 + svg.components(separatedBy: "<clipPath").count - 1)
    }

    @Test(arguments: [("", "width"), ("width=119", "width"), ("width=2049", "width"), ("width=abc", "width"), ("width=390.5", "width"),
                      ("width=-390", "width"), ("width=1e3", "width"), ("width=390&height=50", "height"), ("width=390&height=x", "height"),
                      ("width=390&theme=sepia", "theme"), ("width=390&direction=up", "direction")])
    func aBadSizeOrOptionIsA400NamingIt(query: String, parameter: String) throws {
        let served = response("/layouts/home/frames", query: query)
        #expect(served.status == .badRequest)
        let problem = try JSONParser.parse(served.body)
        #expect(problem["parameter"] == .string(parameter))
        if parameter == "width" || parameter == "height" { #expect(problem["allowed"] == .string("an integer of points from 120 to 2048")) }
    }

    @Test func anUnknownScreenOrDocumentIsA404OfItsKind() throws {
        let screen = response("/layouts/nope/frames", query: "width=390")
        #expect(screen.status == .notFound)
        #expect(try JSONParser.parse(screen.body)["type"] == .string("/problems/unknown-screen"))
        let document = response("/layouts/home/frame", query: "width=390")
        #expect(document.status == .notFound)
        #expect(try JSONParser.parse(document.body)["type"] == .string("/problems/no-route"))
    }

    @Test func servesAnElementLaidOutAloneAtItsViewsSize() throws {
        let served = response("/layouts/movies/elements/popular/frames", query: "width=320&theme=dark&direction=rtl")
        #expect(served.status == .ok)
        #expect(served.headers["Content-Type"] == "application/json")
        let document = try #require(FramesDocument(
            screen: Catalog.builtIn.screen("movies")!, options: LayoutOptions(theme: .dark, direction: .rtl), element: "popular", width: 320, height: nil))
        #expect(served.body == document.json())
        let json = try JSONParser.parse(served.body)
        #expect(json["element"] == .string("popular"))
        #expect(json["width"] == .number(320))
        #expect(json["height"] == json["contentHeight"])
        guard case .array(let frames)? = json["frames"] else { Issue.record("no frames"); return }
        // The posters start at the row's padding, mirrored within the element's own 320 pt.
        #expect(frames.first?["x"] == .number(320 - 24 - 135))
        #expect(response("/layouts/movies/frames", query: "width=320").body != served.body)
        // Laid out alone at the width the screen gives it, it is its slice of the screen moved to its origin.
        let screen = try JSONParser.parse(response("/layouts/home/frames", query: "width=390").body)
        let alone = try JSONParser.parse(response("/layouts/home/elements/categories/frames", query: "width=358").body)
        guard case .array(let placed)? = screen["elements"],
              let place = placed.first(where: { $0["id"] == .string("categories") }) else { Issue.record("no elements"); return }
        #expect(place["width"] == .number(358))
        guard case .array(let screenFrames)? = screen["frames"], case .array(let aloneFrames)? = alone["frames"],
              case .number(let x)? = place["x"], case .number(let y)? = place["y"] else { Issue.record("no frames"); return }
        let slice = screenFrames.filter { $0["element"] == .string("categories") }
        #expect(slice.count == aloneFrames.count && !slice.isEmpty)
        for (own, inScreen) in zip(aloneFrames, slice) {
            #expect(Self.number(own["x"]).map { $0 + x } == Self.number(inScreen["x"]))
            #expect(Self.number(own["y"]).map { $0 + y } == Self.number(inScreen["y"]))
            #expect((own["width"], own["height"], own["fill"], own["group"]) == (inScreen["width"], inScreen["height"], inScreen["fill"], inScreen["group"]))
        }
    }

    @Test func anElementTheLayoutDoesNotHaveIsA404NamingItsElements() throws {
        let served = response("/layouts/home/elements/accountCarousel/frames", query: "width=390")
        #expect(served.status == .notFound)
        let problem = try JSONParser.parse(served.body)
        #expect(problem["type"] == .string("/problems/unknown-element"))
        #expect(problem["allowed"] == .array(["accountsCarousel", "transactionsSummary", "subscriptions", "categories"].map { .string($0) }))
        #expect(problem["suggestion"] == .string("accountsCarousel"))
        // The elements of the variant asked for.
        let fullscreen = try JSONParser.parse(response("/layouts/home/elements/categories/frames", query: "width=390&variant=fullscreen").body)
        #expect(fullscreen["allowed"] == .array([.string("homeSkeleton")]))
        #expect(response("/layouts/nope/elements/categories/frames", query: "width=390").status == .notFound)
    }

    @Test(arguments: ["", "width=119", "width=2049", "width=abc", "width=390&height=50"])
    func anElementsBadSizeIsA400(query: String) {
        #expect(response("/layouts/home/elements/categories/frames", query: query).status == .badRequest)
    }

    @Test func anElementsFramesRevalidate() throws {
        let first = response("/layouts/inbox/elements/conversationList/frames", query: "width=390")
        let etag = try #require(first.headers["ETag"])
        #expect(response("/layouts/inbox/elements/conversationList/frames", query: "width=390", fields: [("If-None-Match", etag)]).status == .notModified)
        #expect(response("/layouts/inbox/frames", query: "width=390").headers["ETag"] != etag)
        #expect(response("/layouts/inbox/elements/conversationList/frames", query: "width=391").headers["ETag"] != etag)
        let hinted = response("/layouts/inbox/elements/conversationList/frames", query: "width=390", fields: [("Sec-CH-Prefers-Color-Scheme", "dark")])
        #expect(try JSONParser.parse(hinted.body)["theme"] == .string("dark"))
    }

    static func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { number } else { nil }
    }
}
