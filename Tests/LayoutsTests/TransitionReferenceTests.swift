import Foundation
import Layouts
import Testing

/// `Tests/Reference/transition-moments.json` is written by an independent model,
/// `Tests/Reference/transition_model.py` (the spring from its closed form, the timing functions by
/// bisection; `test_reference.py` holds the file to it): `RevealTransition.moment(at:reduceMotion:)`
/// must give its figures within the file's rounding (a millionth), as the renderer's cross-fade
/// must in the browser (`Tests/Browser/test_motion_matrix.py`).
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

    @Test func theLibraryGivesTheModelsMoments() throws {
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: Self.file))
        #expect(reference.transitions.count >= 4 && reference.instants.count >= 8)
        for entry in reference.transitions {
            let computed = try Self.moments(entry, at: reference.instants)
            for (instant, (expected, moment)) in zip(reference.instants, zip(entry.moments, computed)) {
                for (name, want, got) in [("skeleton", expected.skeleton, moment.skeleton), ("content", expected.content, moment.content)] {
                    #expect(abs(want.opacity - got.opacity) <= 1e-6 && abs(want.scale - got.scale) <= 1e-6,
                            "\(entry.screen) \(entry.motion) at \(instant) ms, \(name): the model's \(want), the library's \(got)")
                }
            }
        }
    }
}
