import Foundation
import Layouts
import Testing

/// `Tests/Reference/transition-moments.json` is `RevealTransition.moment(at:reduceMotion:)`'s output for
/// the transitions it lists (those of screens the browser suite reveals), so that the browser
/// suite can hold the renderer's cross-fade to the client library's figures
/// (`Tests/Browser/test_motion_matrix.py`). Run with `RECORD_REFERENCE=1` to write it anew.
struct TransitionReferenceTests {
    struct Reference: Codable {
        var instants: [Double]
        var transitions: [Entry]
    }

    struct Entry: Codable {
        var screen: String
        var motion: String
        var transition: TransitionJSON
        var moments: [MomentJSON]
    }

    /// A transition as documents serve it, kept as read so that the file round-trips.
    struct TransitionJSON: Codable {
        var skeletonExit: AppearanceJSON
        var contentEnter: AppearanceJSON
        var curve: CurveJSON
    }

    struct AppearanceJSON: Codable, Equatable {
        var opacity: Double
        var scale: Double
    }

    struct CurveJSON: Codable {
        var type: String
        var durationMs: Int?
        var responseMs: Int?
        var dampingFraction: Double?
    }

    struct MomentJSON: Codable, Equatable {
        var skeleton: AppearanceJSON
        var content: AppearanceJSON
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/transition-moments.json")

    /// Rounded to millionths, as the file keeps them.
    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    static func moments(_ entry: Entry, at instants: [Double]) throws -> [MomentJSON] {
        let transition = try JSONDecoder().decode(RevealTransition.self, from: JSONEncoder().encode(entry.transition))
        return instants.map { ms in
            let moment = transition.moment(at: ms, reduceMotion: entry.motion == "reduced")
            func appearance(_ value: RevealTransition.Appearance) -> AppearanceJSON { AppearanceJSON(opacity: rounded(value.opacity), scale: rounded(value.scale)) }
            return MomentJSON(skeleton: appearance(moment.skeleton), content: appearance(moment.content))
        }
    }

    @Test func theReferenceIsTheLibrarysMoments() throws {
        var reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: Self.file))
        #expect(reference.transitions.count >= 4 && reference.instants.count >= 8)
        for index in reference.transitions.indices {
            let computed = try Self.moments(reference.transitions[index], at: reference.instants)
            if ProcessInfo.processInfo.environment["RECORD_REFERENCE"] == "1" { reference.transitions[index].moments = computed }
            #expect(reference.transitions[index].moments == computed, "\(reference.transitions[index].screen) \(reference.transitions[index].motion)")
        }
        if ProcessInfo.processInfo.environment["RECORD_REFERENCE"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try (encoder.encode(reference) + Data("\n".utf8)).write(to: Self.file)
        }
    }
}
