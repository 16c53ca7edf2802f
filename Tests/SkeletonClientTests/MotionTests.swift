import Foundation
import SkeletonClient
import Testing

/// The skeleton in motion on the device: a layout document's paints of its own frames at an
/// instant equal the paints the server serves with `?at=` (both directions, motions and the
/// three applications: home's overlay, inbox's fill, movies' mask), for a whole screen and an
/// element alone; and its transition at an instant is seed 003's spring, sampled as the renderer samples it.
@Suite struct MotionTests {
    static func near(_ a: ShimmerPaint, _ b: ShimmerPaint) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 0.0005 + 1e-9 }
        return a.group == b.group && a.kind == b.kind && a.application == b.application && a.stops == b.stops
            && close(a.start.x, b.start.x) && close(a.start.y, b.start.y) && close(a.end.x, b.end.x) && close(a.end.y, b.end.y)
    }

    @Test(arguments: ["home", "inbox", "movies"])
    func paintsOnTheDeviceEqualTheServers(screen: String) async throws {
        let server = try LiveServer()
        let client = server.client
        for direction in Direction.allCases {
            for motion in Motion.allCases {
                let document = try await client.layout(screen, motion: motion, direction: direction)
                for at in [0, 350, 1_700_000_000_775, 8_640_000_000_000_000] {
                    let served = try await client.frames(screen, width: 390, motion: motion, direction: direction, at: at)
                    let mine = document.frames(width: 390)
                    #expect(served.groups == mine.groups.map { ShimmerGroup(id: $0.id, rect: Self.rounded($0.rect)) })
                    #expect(served.at == at)
                    let paints = document.paint(mine, at: Double(at))
                    let servedPaints = try #require(served.paints)
                    #expect(paints.count == servedPaints.count && zip(paints, servedPaints).allSatisfy(Self.near), "\(screen) \(direction) \(motion) at \(at)")
                    #expect(paints.allSatisfy { $0.application == document.shimmer.application })
                }
                let element = try #require(document.elements.first).id
                let alone = try await client.frames(screen, element: element, width: 390, motion: motion, direction: direction, at: 700)
                let mine = try document.frames(element: element, width: 390)
                let paints = document.paint(try #require(alone.groups), at: 700)
                #expect(zip(paints, try #require(alone.paints)).allSatisfy(Self.near) && paints.count == mine.groups.count)
            }
        }
        let still = try await client.frames(screen, width: 390)
        #expect(still.paints == nil && still.at == nil && still.groups?.isEmpty == false)
    }

    @Test func aRevealIsSeed003sSpringAsTheRendererPlaysIt() async throws {
        let server = try LiveServer()
        let document = try await server.client.layout("home")
        // springCurve(400, 0.825): 550 ms, its 4th of 40 samples 0.231.
        let moment = document.transition(at: 55)
        #expect(abs(moment.skeleton.opacity - 0.769) < 1e-9 && abs(moment.content.opacity - 0.231) < 1e-9)
        #expect(abs(moment.skeleton.scale - (1 - 0.02 * 0.231)) < 1e-9 && abs(moment.content.scale - (1.02 - 0.02 * 0.231)) < 1e-9)
        #expect(document.animation.transition.curve.playedDurationMs == 550)
        let reduced = document.transition(at: 55, reduceMotion: true)
        #expect(reduced.skeleton.scale == 1 && reduced.content.scale == 1)
        let reducedDocument = try await server.client.layout("home", motion: .reduced)
        #expect(reducedDocument.transition(at: 55).content.scale == 1)
        #expect(document.transition(at: 550) == .init(skeleton: .init(opacity: 0, scale: 0.98), content: .init(opacity: 1, scale: 1)))
    }

    static func rounded(_ rect: Rect) -> Rect {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return Rect(x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height))
    }
}
