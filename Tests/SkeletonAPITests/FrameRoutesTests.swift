import HTTPServer
import Layouts
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// `/layouts/{screen}/frames` and `/snapshot.svg` through the router: the engine's frames as
/// served, revalidation, and a 400 naming the parameter for every bad size or option.
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
}
