import Layouts
import SkeletonDomain

/// An example of every 200 the description declares: real documents, made at start-up the way
/// the routes make them (the built-in thread screen, default options, seed 7), so that an example
/// cannot drift from what the server sends. Each is JSON text for an `example` member.
enum OpenAPIExamples {
    private static let screen = Catalog.builtIn.screen("thread")!
    private static let schedule = Schedule(screen: screen, scenario: .typical, seed: 7)
    private static let state = schedule.state(at: 600).document(session: nil)

    static let drift = #"{"formatVersion":2,"replica":"this replica's view: behind a balancer each replica counts its own reports","learns":false,"elements":[{"screen":"home","element":"feed","reports":3,"p10":0.91,"median":0.97,"widths":[390],"lastReportAt":"2026-11-27T22:40:00.000Z"}]}"#
    static let screenFile = text(ScreenFileEncoder.bytes(screen))
    static let index = text(MetaRoutes.indexDocument(servesMetrics: true))
    static let layoutsIndex = text(Catalog.builtIn.layoutsIndex.bytes)
    static let layout = text(Catalog.builtIn.document(screen: screen.id, options: LayoutOptions())!.bytes)
    static let frames = text(FramesDocument(screen: screen, options: LayoutOptions(), width: 390, height: nil)!.json(at: 1_700_000_000_350))
    static let elementFrames = text(FramesDocument(screen: screen, options: LayoutOptions(), element: screen.elements[0].id, width: 390, height: nil)!.json())
    static let themesIndex = text(Catalog.builtIn.themesIndex.bytes)
    static let theme = text(Catalog.builtIn.themeDocument(.dark).bytes)
    static let scenarios = text(ScenariosDocument.bytes(faults: DataRoutes.Fault.allCases.map { ($0.rawValue, $0.summary) }))
    static let loadingState = text(state)
    static let timeline = text(schedule.timelineDocument())
    static let data = text(DataContent(screen: screen.id, element: screen.elements[0], seed: 7).document.bytes)
    /// One event of a stream, as its item schema (`LoadingEvent`) has it: the fields, `data` JSON text.
    static let event = #"{"id": "600", "event": "snapshot", "data": \#(JSONText.string(String(decoding: state, as: UTF8.self)))}"#
    static let health = #"{"formatVersion":1,"status":"ok"}"#
    static let ready = #"{"formatVersion":1,"ready":true}"#
    static let draining = #"{"formatVersion":1,"ready":false}"#
    static let description = #"{"openapi": "3.1.1", "info": {"title": "skeleton-server", "version": "2.0.0"}, "paths": {}, "components": {}}"#
    static let schema = #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "/schema/layout.json"}"#

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
