import Layouts
import SkeletonDomain
import Testing

/// A frames document at an instant (`FramesDocument.json(at:)`, written by `InstantJSON` onto
/// the document at rest) against the same members written by the general `JSONWriter`, for every
/// built-in screen in both themes and directions, at rest and reduced, at instants across a period;
/// and the tag of a document that extends a kept prefix.
struct InstantJSONTests {
    /// The instant's members as `JSONWriter` writes them: the oracle.
    private static func written(_ document: FramesDocument, at epochMs: Int) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("at", epochMs)
        writer.key("paints")
        writer.beginArray()
        for paint in document.paints(at: epochMs) {
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
        for screen in Catalog.builtIn.screens {
            for theme in [Theme.light, .dark] {
                for direction in [Direction.ltr, .rtl] {
                    for motion in Motion.allCases {
                        let options = LayoutOptions(theme: theme, motion: motion, direction: direction)
                        let document = try #require(FramesDocument(screen: screen, options: options, width: 390, height: nil))
                        let atRest = document.json()
                        for epochMs in [0, 1, 250, 749, 1_200, 1_499, 2_999, 1_700_000_000_375, 1_700_000_001_111] {
                            let expected = Array(atRest.dropLast()) + [UInt8(ascii: ",")] + Self.written(document, at: epochMs).dropFirst()
                            #expect(document.json(at: epochMs) == expected, "\(screen.id) \(theme) \(direction) \(motion) at \(epochMs)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared == Catalog.builtIn.screens.count * 8 * 9)
    }

    @Test func anExtendedDocumentsTagFollowsEveryByteAfterItsPrefix() {
        let opening = Array("{\"screen\":\"home\"".utf8)
        let prefix = HashedPrefix(opening[...])
        let rest = Array(",\"at\":1200,\"paints\":[{\"group\":0,\"kind\":\"gradient\"}]}".utf8)
        let tag = EncodedDocument(bytes: opening + rest, extending: prefix).etag
        #expect(EncodedDocument(bytes: opening + rest, extending: prefix).etag == tag)
        #expect(tag.count == 18 && tag.first == "\"" && tag.last == "\"")
        var tags: Set<String> = [tag]
        for index in rest.indices {
            var changed = rest
            changed[index] ^= 0x01
            tags.insert(EncodedDocument(bytes: opening + changed, extending: prefix).etag)
        }
        // One byte more or less (a zero among them) is another document too.
        tags.insert(EncodedDocument(bytes: opening + rest + [0], extending: prefix).etag)
        tags.insert(EncodedDocument(bytes: opening + rest.dropLast(), extending: prefix).etag)
        #expect(tags.count == rest.count + 3)
    }
}
