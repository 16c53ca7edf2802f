import Layouts

/// One frames document's JSON at any instant, made ready once: the document at rest without its
/// closing brace (the `opening`), then the instant's members `,"at":…,"paints":[…]}` (its
/// `Tail`). Of the paints, what no instant changes is kept as bytes and hashed here: each
/// paint's `{"group":N,"kind":…,"application":…`, every coordinate the painter keeps still (a
/// still gradient's and a pulse's points, a level sweep's `y`s), the punctuation between them and,
/// unless they pulse, the stops. A request writes `"at"`, the coordinates that move and, for a
/// pulse, the stops once, copies the kept bytes between them, and hashes only what it wrote.
///
/// Guarantees: the bytes `JSONWriter` writes for the same members (`InstantJSONTests`); the ETag
/// is strong (RFC 9110 §8.8.3). Every byte of the body lies in a hashed piece or is written from
/// a hashed value alone: the opening (FNV-1a, as a document at rest is hashed) and the kept
/// pieces; then what the instant writes, in order: `,"at":…,"paints":[` and a pulse's stops as
/// bytes with their length (`ContentHash.addWords`), and each moving coordinate as the
/// thousandths its text is written from (one word; its bytes, for one too large to have them).
/// So one document's two instants whose bytes differ differ in something the tag hashes, and
/// have different tags (each hash step is a bijection of its state); the same instant gives the
/// same bytes and the same tag; and a document whose kept bytes differ (another screen, option,
/// size or server) hashes different pieces.
/// The tag is not the FNV-1a of the body, which only a request that compares it with a tag
/// of this server's could notice: this server made that tag the same way.
package final class InstantJSON: Sendable {
    /// What an instant adds to the opening: its bytes and the document's tag.
    package struct Tail: Sendable {
        package let bytes: [UInt8]
        let hash: ContentHash
        /// The whole document's tag, as the 64-bit hash its quoted hex digits are.
        package var tag: UInt64 { hash.value }
    }

    /// One step of writing the paints: kept bytes copied, then what the instant writes there.
    private struct Step: Sendable {
        /// Where the kept bytes lie in `kept`.
        let start: Int, end: Int
        let then: Written
    }

    /// What an instant writes after a step's kept bytes.
    private enum Written: Sendable {
        /// The coordinate at this index among the instant's: group times four plus `ShimmerPainter.Coordinate`.
        case coordinate(Int)
        /// The pulse's stops: written at their first step, copied at the others.
        case stops
        /// Nothing: the kept bytes end the paints.
        case nothing
    }

    /// The document at rest without its closing brace: the bytes every instant's JSON starts with.
    package let opening: [UInt8]
    private let painter: ShimmerPainter
    /// The kept pieces, one after another, with `JSONCursor.roomAfter` bytes after the last.
    private let kept: [UInt8]
    private let steps: [Step]
    /// The opening and the kept pieces hashed.
    private let keptHash: ContentHash
    /// The most an instant's tail can take, room after it included.
    private let bound: Int

    /// `atRest`: the document's `json()`, which `painter` (its own) paints.
    package init(painter: ShimmerPainter, atRest: [UInt8]) {
        self.painter = painter
        opening = Array(atRest.dropLast())
        var template = Template()
        // The kind, application and group of each paint, its coordinates that stay and, unless
        // they pulse, the stops are the same at every instant: taken from one.
        let paints = painter.paints(at: 0)
        for (index, paint) in paints.enumerated() {
            template.keep("\(index == 0 ? "" : ","){\"group\":\(paint.group),\"kind\":\"\(paint.kind.rawValue)\",\"application\":\"\(paint.application.rawValue)\",\"start\":")
            for coordinate in ShimmerPainter.Coordinate.allCases {
                template.keep(Self.literal(before: coordinate))
                let point = coordinate == .startX || coordinate == .startY ? paint.start : paint.end
                let value = coordinate == .startX || coordinate == .endX ? point.x : point.y
                if painter.moves(coordinate, of: index) {
                    template.add(.coordinate(index * 4 + coordinate.rawValue))
                } else {
                    template.keep(Self.writing(atMost: JSONCursor.roundedBound) { $0.write(rounded: value) })
                }
            }
            template.keep("}")
            if painter.hasChangingStops {
                template.add(.stops)
            } else {
                template.keep(Self.writing(atMost: Self.stopsBound(paint.stops.count)) { Self.write(paint.stops, to: &$0) })
            }
        }
        template.keep("]}")
        steps = template.finish()
        kept = template.bytes + [UInt8](repeating: 0, count: JSONCursor.roomAfter)
        var hash = ContentHash()
        hash.add(opening)
        hash.addWords(template.bytes[...])
        keptHash = hash
        let stopsBound = painter.hasChangingStops ? Self.stopsBound(painter.shimmer.stops.count) : 0
        bound = 64 + template.bytes.count + paints.count * (4 * JSONCursor.roundedBound + stopsBound) + JSONCursor.roomAfter
    }

    /// The JSON at `epochMs` with its ETag.
    package func encoded(at epochMs: Int) -> EncodedDocument {
        let tail = tail(at: epochMs)
        return EncodedDocument(bytes: opening + tail.bytes, hash: tail.hash)
    }

    /// What the JSON at `epochMs` adds to `opening`, and the tag of the whole.
    package func tail(at epochMs: Int) -> Tail {
        var hash = keptHash
        let bytes = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            let base = buffer.baseAddress!
            var cursor = JSONCursor(base)
            cursor.write(",\"at\":")
            cursor.write(epochMs)
            cursor.write(",\"paints\":[")
            hash.addWords(roomAfter: UnsafeRawBufferPointer(start: base, count: cursor.pointer - base))
            withUnsafeTemporaryAllocation(of: Double.self, capacity: painter.groups.count * 4) { coordinates in
                // The template was made from this painter: it reads the coordinates of every
                // group, or none when the painter writes none (a shimmer with no stops).
                _ = painter.write(coordinatesAt: Double(epochMs), into: coordinates)
                write(coordinates, at: epochMs, to: &cursor, hash: &hash)
            }
            count = cursor.pointer - base
            precondition(count + JSONCursor.roomAfter <= bound, "an instant's JSON overran its bound")
        }
        return Tail(bytes: bytes, hash: hash)
    }

    /// The paints: the kept pieces copied, the moving coordinates and a pulse's stops written and hashed.
    private func write(_ coordinates: UnsafeMutableBufferPointer<Double>, at epochMs: Int, to cursor: inout JSONCursor, hash: inout ContentHash) {
        kept.withUnsafeBufferPointer { kept in
            var writtenStops: UnsafeBufferPointer<UInt8>?
            for step in steps {
                cursor.write(padded: kept.baseAddress! + step.start, count: step.end - step.start)
                let start = cursor.pointer
                switch step.then {
                case .nothing:
                    continue
                case .coordinate(let index):
                    // Its text is its thousandths' alone: those are hashed, not the text.
                    if let thousandths = cursor.write(rounded: coordinates[index]) {
                        hash.add(word: UInt64(bitPattern: Int64(thousandths)))
                        continue
                    }
                case .stops:
                    if let writtenStops {
                        cursor.write(writtenStops)
                        continue
                    }
                    Self.write(painter.stops(at: Double(epochMs)), to: &cursor)
                    writtenStops = UnsafeBufferPointer(start: start, count: cursor.pointer - start)
                }
                hash.addWords(roomAfter: UnsafeRawBufferPointer(start: start, count: cursor.pointer - start))
            }
        }
    }

    /// The kept bytes and the steps, as a document's paints are laid out.
    private struct Template {
        var bytes: [UInt8] = []
        var steps: [Step] = []
        /// Where the kept bytes not yet in a step start.
        private var pending = 0

        mutating func keep(_ text: String) {
            bytes += text.utf8
        }

        mutating func keep(_ written: [UInt8]) {
            bytes += written
        }

        /// What the instant writes after the kept bytes not yet in a step.
        mutating func add(_ written: Written) {
            steps.append(Step(start: pending, end: bytes.count, then: written))
            pending = bytes.count
        }

        /// The steps, the kept bytes after the last one included.
        mutating func finish() -> [Step] {
            if pending < bytes.count { add(.nothing) }
            return steps
        }
    }

    /// The literal a coordinate follows: `{"x":`, `,"y":`, `},"end":{"x":`, `,"y":`.
    private static func literal(before coordinate: ShimmerPainter.Coordinate) -> String {
        switch coordinate {
        case .startX: "{\"x\":"
        case .startY, .endY: ",\"y\":"
        case .endX: "},\"end\":{\"x\":"
        }
    }

    private static func stopsBound(_ count: Int) -> Int {
        16 + 64 * count
    }

    /// What `write` writes with a cursor, at most `count` bytes, as bytes.
    private static func writing(atMost count: Int, _ write: (inout JSONCursor) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count + JSONCursor.roomAfter) { buffer, count in
            var cursor = JSONCursor(buffer.baseAddress!)
            write(&cursor)
            count = cursor.pointer - buffer.baseAddress!
        }
    }

    /// `,"stops":[{"color":"#RRGGBBAA","location":…},…]}`: a paint's stops and its closing brace.
    private static func write(_ stops: [ResolvedShimmer.Stop], to cursor: inout JSONCursor) {
        cursor.write(",\"stops\":[")
        for (index, stop) in stops.enumerated() {
            cursor.write(index > 0 ? ",{\"color\":\"#" : "{\"color\":\"#")
            cursor.write(stop.color)
            cursor.write("\",\"location\":")
            cursor.write(stop.location)
            cursor.write(UInt8(ascii: "}"))
        }
        cursor.write("]}")
    }
}
