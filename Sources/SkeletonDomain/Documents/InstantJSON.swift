import Layouts

/// One frames document's JSON at any instant, made ready once: the document at rest without its
/// closing brace (the opening), then `,"at":…,"paints":[…]}`. What does not change between
/// instants (the opening, each paint's `{"group":N,"kind":…,"application":…,"start":`, and the
/// stops unless they pulse) is kept as bytes and hashed here; a request writes the instant, each
/// paint's points and, for a pulse, its stops once (the same for every paint), into one buffer
/// sized for them, and hashes only those.
///
/// Guarantees: the bytes `JSONWriter` writes for the same members (`InstantJSONTests`); the ETag
/// is strong (RFC 9110 §8.8.3). Every byte of the body lies in one hashed piece: the opening
/// (FNV-1a, as a document at rest is hashed), each kept piece, then each piece the instant
/// writes (`,"at":…,"paints":[`, each paint's points, a pulse's stops), each with its length
/// (`ContentHash.addWords`), always in this order. So one document's two instants whose bytes
/// differ differ in a piece the tag hashes, and have different tags (each hash step is a
/// bijection of its state); the same instant gives the same bytes and the same tag; and a document
/// whose kept bytes differ (another screen, option, size or server) hashes different pieces.
/// The tag is not the FNV-1a of the body, which only a request that compares it with a tag
/// of this server's could notice: this server made that tag the same way.
package struct InstantJSON: Sendable {
    /// The instant's painter, the document's.
    private let painter: ShimmerPainter
    private let opening: ArraySlice<UInt8>
    /// Each paint's bytes up to its start point, one after another (the second and later with
    /// the comma before them), and where each ends.
    private let heads: [UInt8]
    private let headEnds: [Int]
    /// The stops every paint has at an instant when they do not depend on it, and their bytes
    /// (`,"stops":[…]}`); for a pulse, the stops at instant 0, kept for the instants that have them.
    private let stops: [ResolvedShimmer.Stop]
    private let stopsBytes: [UInt8]
    /// The opening, each head and the kept stops hashed.
    private let keptHash: ContentHash
    /// The most an instant's bytes after the opening can take.
    private let bound: Int

    /// `atRest`: the document's `json()`, which `painter` (its own) paints.
    package init(painter: ShimmerPainter, atRest: [UInt8]) {
        self.painter = painter
        opening = atRest.dropLast()
        // The kind, application and group of each paint, and a sweep's or a still gradient's
        // stops, are the same at every instant: taken from one.
        let paints = painter.paints(at: 0)
        var heads: [UInt8] = [], headEnds: [Int] = []
        var hash = ContentHash()
        hash.add(opening)
        for (index, paint) in paints.enumerated() {
            let start = heads.count
            heads += Self.head(paint, first: index == 0)
            headEnds.append(heads.count)
            hash.addWords(heads[start...])
        }
        stops = paints.first?.stops ?? []
        stopsBytes = Self.stopsBytes(stops)
        hash.addWords(stopsBytes[...])
        self.heads = heads
        self.headEnds = headEnds
        keptHash = hash
        bound = 64 + heads.count + paints.count * (Self.pointsBound + Self.stopsBound(stops.count))
    }

    /// The JSON at `epochMs` with its ETag.
    package func encoded(at epochMs: Int) -> EncodedDocument {
        // Every paint of an instant has the same stops: the kept bytes when they are the kept
        // stops, else (a pulse's) written once after the first paint's points, hashed, and
        // copied after the others'.
        let instantStops = painter.hasChangingStops ? painter.stops(at: Double(epochMs)) : stops
        let changingStops = instantStops == stops ? nil : instantStops
        var hash = keptHash
        let capacity = opening.count + bound
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let base = buffer.baseAddress!
            var cursor = JSONCursor(base)
            cursor.write(opening)
            var pieceStart = cursor.pointer
            cursor.write(",\"at\":")
            cursor.write(epochMs)
            cursor.write(",\"paints\":[")
            hash.addWords(roomAfter: UnsafeRawBufferPointer(start: pieceStart, count: cursor.pointer - pieceStart))
            stopsBytes.withUnsafeBufferPointer { kept in
                var stopsPiece = changingStops == nil ? kept : nil
                heads.withUnsafeBufferPointer { heads in
                    var index = 0, headStart = 0
                    painter.forEachPoints(at: Double(epochMs)) { start, end in
                        let headEnd = headEnds[index]
                        cursor.write(UnsafeBufferPointer(rebasing: heads[headStart..<headEnd]))
                        headStart = headEnd
                        index += 1
                        pieceStart = cursor.pointer
                        cursor.write(start: start, end: end)
                        hash.addWords(roomAfter: UnsafeRawBufferPointer(start: pieceStart, count: cursor.pointer - pieceStart))
                        if let stopsPiece {
                            cursor.write(stopsPiece)
                        } else {
                            pieceStart = cursor.pointer
                            Self.write(changingStops!, to: &cursor)
                            let written = UnsafeBufferPointer(start: UnsafePointer(pieceStart), count: cursor.pointer - pieceStart)
                            hash.addWords(roomAfter: UnsafeRawBufferPointer(written))
                            stopsPiece = written
                        }
                    }
                    precondition(index == headEnds.count, "an instant painted other groups than its document")
                }
            }
            cursor.write("]}")
            count = cursor.pointer - base
            precondition(count + ContentHash.roomAfter <= capacity, "an instant's JSON overran its bound")
        }
        return EncodedDocument(bytes: bytes, hash: hash)
    }

    private static let pointsBound = 2 * 64 + 8

    private static func stopsBound(_ count: Int) -> Int {
        16 + 64 * count
    }

    /// `{"group":N,"kind":"…","application":"…","start":`, after a comma unless `first`.
    private static func head(_ paint: ShimmerPaint, first: Bool) -> [UInt8] {
        Array("\(first ? "" : ","){\"group\":\(paint.group),\"kind\":\"\(paint.kind.rawValue)\",\"application\":\"\(paint.application.rawValue)\",\"start\":".utf8)
    }

    private static func stopsBytes(_ stops: [ResolvedShimmer.Stop]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: stopsBound(stops.count)) { buffer, count in
            var cursor = JSONCursor(buffer.baseAddress!)
            write(stops, to: &cursor)
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
