import Foundation
import SkeletonClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `LayoutDocument.drift(element:width:measured:)` and `SkeletonServerClient.report(_:)` against a
/// live server on a loopback port.
@Suite struct DriftReportTests {
    struct Summary: Decodable {
        struct Entry: Decodable {
            var screen, element: String
            var reports: Int
            var median: Double
            var widths: [Double]
        }
        var elements: [Entry]
    }

    @Test func anAppsViewEqualToItsSkeletonScoresOneAndAMissingShapeLess() async throws {
        let live = try LiveServer()
        let document = try await live.client.layout("inbox")
        let element = try #require(document.elements.first?.id)
        let skeleton = try document.frames(element: element, width: 390)
        let same = MeasuredContent(shapes: skeleton.frames.map(\.rect), height: skeleton.contentHeight)
        #expect(try document.drift(element: element, width: 390, measured: same).score == 1)
        let missing = MeasuredContent(shapes: Array(skeleton.frames.map(\.rect).dropFirst()), height: skeleton.contentHeight)
        let drift = try document.drift(element: element, width: 390, measured: missing)
        let count = Double(skeleton.frames.count)
        #expect(abs(drift.score - (count - 1) / count) < 1e-12)
        #expect(drift.shapes.last == Fidelity.Shape(skeleton: 0, content: nil, iou: 0))
    }

    @Test func aReportPostedIsCountedByTheServer() async throws {
        let live = try LiveServer()
        let client = live.client
        let document = try await client.layout("inbox")
        let element = try #require(document.elements.last?.id)
        let skeleton = try document.frames(element: element, width: 375.5)
        let taller = MeasuredContent(shapes: skeleton.frames.map(\.rect), height: skeleton.contentHeight * 1.25)
        try await client.report(try document.driftReport(element: element, width: 375.5, measured: taller))
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(live.port)/drift")!)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let (body, _) = try await URLSession.shared.data(for: request)
        let entries = try JSONDecoder().decode(Summary.self, from: body).elements
        #expect(entries.count == 1)
        #expect(entries.first?.element == element && entries.first?.reports == 1)
        #expect(entries.first?.median == 0.8)  // heightScore 1/1.25, every shape matched exactly
        #expect(entries.first?.widths == [375.5])
    }

    @Test func aReportOfAnUnknownElementThrowsTheServersProblem() async throws {
        let live = try LiveServer()
        let document = try await live.client.layout("inbox")
        let fidelity = Fidelity(skeleton: [], content: [], skeletonHeight: 0, contentHeight: 0)
        let report = DriftReport(screen: "inbox", version: document.version, element: "no-such-element", width: 390, fidelity: fidelity)
        await #expect(throws: SkeletonClientError.self) { try await live.client.report(report) }
        do {
            try await live.client.report(report)
        } catch let error as SkeletonClientError {
            #expect(error.status == 404)
            #expect(error.problem?.type.hasSuffix("/problems/unknown-element") == true)
        }
    }
}
