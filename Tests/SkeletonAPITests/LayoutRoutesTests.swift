import HTTPServer
import Layouts
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// The layout routes through the router directly, without sockets (the wire suite runs the same over loopback).
@Suite struct LayoutRoutesTests {
    let router = SkeletonService(readiness: Readiness()).router

    func response(_ path: String, query: String = "", fields: [(String, String)] = []) -> Response {
        router.response(path, query: query, fields: fields)
    }

    @Test func servesThePreEncodedDocument() throws {
        let served = response("/layouts/home")
        let document = try #require(Catalog.builtIn.document(screen: "home", options: LayoutOptions()))
        #expect(served.status == .ok)
        #expect(served.body == document.bytes)
        #expect(served.headers["ETag"] == document.etag)
    }

    @Test func optionsSelectTheDocument() throws {
        let served = response("/layouts/movies", query: "theme=dark&motion=reduced&direction=rtl&expand=true")
        let options = LayoutOptions(theme: .dark, motion: .reduced, variant: "default", direction: .rtl, expand: true)
        #expect(served.body == Catalog.builtIn.document(screen: "movies", options: options)?.bytes)
        #expect(served.headers["Vary"] == nil)
    }

    @Test func clientHintsChooseWhenTheQueryIsSilent() {
        let served = response("/layouts/inbox", fields: [("Sec-CH-Prefers-Color-Scheme", "\"dark\"")])
        let options = LayoutOptions(theme: .dark)
        #expect(served.body == Catalog.builtIn.document(screen: "inbox", options: options)?.bytes)
        #expect(served.headers["Vary"] == "Sec-CH-Prefers-Color-Scheme, Sec-CH-Prefers-Reduced-Motion")
    }

    @Test func matchingETagIsNotModified() {
        let etag = response("/layouts/thread").headers["ETag"]!
        let served = response("/layouts/thread", fields: [("If-None-Match", etag)])
        #expect(served.status == .notModified)
        #expect(served.body.isEmpty)
        #expect(served.headers["ETag"] == etag)
    }

    @Test func unknownScreenSuggestsTheClosest() {
        let served = response("/layouts/hom")
        #expect(served.status == .notFound)
        let body = String(decoding: served.body, as: UTF8.self)
        #expect(body.contains(#""suggestion":"home""#))
        #expect(body.contains(#""allowed":["home","insights","inbox","thread","movies"]"#))
    }

    @Test func aVariantTheScreenLacksIsA404ListingItsVariants() {
        let served = response("/layouts/home", query: "variant=full")
        #expect(served.status == .notFound)
        #expect(String(decoding: served.body, as: UTF8.self).contains(#""type":"/problems/unknown-variant""#))
        #expect(String(decoding: served.body, as: UTF8.self).contains(#""allowed":["default","fullscreen"]"#))
    }
}
