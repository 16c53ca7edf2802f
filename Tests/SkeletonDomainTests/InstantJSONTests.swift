import Layouts
import SkeletonDomain
import Testing

/// A frames document at an instant (`FramesDocument.json(at:)`, written by `InstantJSON` onto
/// the document at rest) against the same members written by the general `JSONWriter`, for every
/// built-in screen in both themes and directions, at rest and reduced, at instants across a period,
/// and for a pulse (whose stops change with the instant); and the tag of an instant's document,
/// hashed in pieces: equal bytes, equal tags; other bytes, other tags.
struct InstantJSONTests {
    /// The instant's members as `JSONWriter` writes them: the oracle.
    private static func written(_ document: FramesDocument, at epochMs: Int) -> [UInt8] {
        written(document.paints(at: epochMs), at: epochMs)
    }

    private static func written(_ paints: [ShimmerPaint], at epochMs: Int) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("at", epochMs)
        writer.key("paints")
        writer.beginArray()
        for paint in paints {
            writer.beginObject()
            writer.member("group", paint.group)
            writer.member("kind", paint.kind.rawValue)
            writer.member("application", paint.application.rawValue)
            for (name, point) in [("start", paint.start), ("end", paint.end)] {
                writer.key(name)
                writer.beginObject()
                writer.member("x", (point.x * 1000).rounded() / 1000)
                writer.member("y", (point.y * 1000).rounded() / 1000)
                writer.endObject()
            }
            writer.key("stops")
            writer.beginArray()
            for stop in paint.stops {
                writer.beginObject()
                writer.member("color", stop.color.hex)
                writer.member("location", stop.location)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    @Test func anInstantsMembersAreTheGeneralWritersBytes() throws {
        var compared = 0
        for (label, document) in everyFramesDocument() {
            let atRest = document.json()
            for epochMs in [0, 1, 250, 749, 1_200, 1_499, 2_999, 1_700_000_000_375, 1_700_000_001_111] {
                let expected = Array(atRest.dropLast()) + [UInt8(ascii: ",")] + Self.written(document, at: epochMs).dropFirst()
                #expect(document.json(at: epochMs) == expected, "\(label) at \(epochMs)")
                compared += 1
            }
        }
        #expect(compared == Catalog.builtIn.screens.count * 8 * 9)
    }

    /// A pulse over three groups (no built-in screen pulses): its stops, written for each instant,
    /// and its points, which do not move.
    @Test func aPulsesStopsAreWrittenForEachInstant() {
        let pulse = Shimmer.Effect.pulse(fromOpacity: 0.25, toOpacity: 1, timing: Shimmer.Timing(durationMs: 1_000, easing: .linear, autoreverses: true))
        let shimmer = ResolvedShimmer(
            application: .overlay, stops: [.init(color: RGBA(0xFFFF_FF80), location: 0), .init(color: RGBA(0x0A14_1EFF), location: 0.625)],
            effect: pulse, direction: .rtl)
        let groups = [ShimmerGroup(id: 0, rect: Rect(x: 16, y: 20.5, width: 358, height: 0.25)), ShimmerGroup(id: 3, rect: Rect(x: -0.0004, y: 1e-4, width: 100.3337, height: 44)),
                      ShimmerGroup(id: 7, rect: Rect(x: 1_000.0005, y: -20.0015, width: 2, height: 3))]
        let painter = ShimmerPainter(shimmer, groups: groups)
        let opening = Array("{\"screen\":\"pulse\"".utf8)
        let instant = InstantJSON(painter: painter, atRest: opening + [UInt8(ascii: "}")])
        var bodies: Set<[UInt8]> = []
        for epochMs in [0, 1, 250, 500, 999, 1_000, 1_500, 2_000, 1_700_000_000_375] {
            let expected = opening + [UInt8(ascii: ",")] + Self.written(painter.paints(at: Double(epochMs)), at: epochMs).dropFirst()
            #expect(instant.encoded(at: epochMs).bytes == expected, "at \(epochMs)")
            bodies.insert(Array(expected.drop { $0 != UInt8(ascii: "[") }))
        }
        // The stops change with the instant (the points do not): 0, 1 and 2,000 round to the same
        // alphas, as do 500 and 1,500, and 999 and 1,000; the rest differ.
        #expect(bodies.count == 5)
    }

    /// Every screen, theme and motion at instants through two periods: two instants' documents
    /// have the same tag exactly when they have the same bytes (a still shimmer's always do), and
    /// the same request twice, from documents made apart, has the same tag.
    @Test func anInstantsTagFollowsItsBytes() throws {
        var tags: [[UInt8]: String] = [:], bodies: [String: [UInt8]] = [:]
        for screen in Catalog.builtIn.screens {
            for theme in [Theme.light, .dark] {
                for motion in Motion.allCases {
                    let document = try #require(FramesDocument(screen: screen, options: LayoutOptions(theme: theme, motion: motion), width: 390, height: nil))
                    let instant = document.instantJSON(atRest: document.json())
                    let again = document.instantJSON(atRest: document.json())
                    for epochMs in stride(from: 1_700_000_000_000, to: 1_700_000_004_000, by: 37) {
                        let encoded = instant.encoded(at: epochMs)
                        #expect(again.encoded(at: epochMs).etag == encoded.etag)
                        let body = Array(encoded.bytes.drop { $0 != UInt8(ascii: "[") })
                        #expect(tags.updateValue(encoded.etag, forKey: encoded.bytes) ?? encoded.etag == encoded.etag)
                        #expect(bodies.updateValue(encoded.bytes, forKey: encoded.etag) ?? encoded.bytes == encoded.bytes, "\(screen.id) at \(epochMs): \(String(decoding: body, as: UTF8.self))")
                    }
                }
            }
        }
        #expect(tags.count == bodies.count && tags.count > 1_000)
    }
}
