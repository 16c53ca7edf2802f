import HTTPServer
import Layouts

/// The options a request for a layout document chose (`/layouts/{screen}` and its frames and
/// snapshot), and the client hints that chose what its query did not, so that the response
/// varies on exactly those.
struct ChosenLayoutOptions {
    var options = LayoutOptions()
    var variantIndex = 0
    var hints: DocumentResponses.HintUse = [.colorScheme, .reducedMotion]

    /// The first bad option's answer: a 400 naming it (a variant the screen does not have, a 404:
    /// it names no document). Once set, `take` reads nothing more.
    private(set) var problem: Response?
    private var given = Given()

    /// Sets these to the options of `/layouts/{screen}` (theme, motion, variant, direction,
    /// expand) from the query and, where it has none, the client hints; returns the first bad
    /// option's answer (`problem`). One pass over the query, its names and values compared as
    /// bytes; the first of a repeated parameter counts, as `Request.queryValue` has it.
    mutating func choose(from request: Request, variants: [String]) -> Response? {
        request.forEachQueryItem { name, value in take(name, value, variants: variants) }
        return finish(request)
    }

    /// Reads one query parameter if it is a layout option (the first of its name), for a route
    /// that reads its own parameters in the same pass; nothing once a problem has been found.
    /// Then `finish`.
    mutating func take(_ name: QueryText, _ value: QueryText, variants: [String]) {
        guard problem == nil else { return }
        if name.is("theme") {
            guard given.insert(.theme).inserted else { return }
            hints.remove(.colorScheme)
            if value.is("light") { options.theme = .light } else if value.is("dark") { options.theme = .dark } else {
                problem = Parameters.theme.rejection(value.text).response
            }
        } else if name.is("motion") {
            guard given.insert(.motion).inserted else { return }
            hints.remove(.reducedMotion)
            if value.is("full") { options.motion = .full } else if value.is("reduced") { options.motion = .reduced } else {
                problem = Parameters.motion.rejection(value.text).response
            }
        } else if name.is("direction") {
            guard given.insert(.direction).inserted else { return }
            if value.is("ltr") { options.direction = .ltr } else if value.is("rtl") { options.direction = .rtl } else {
                problem = Parameters.direction.rejection(value.text).response
            }
        } else if name.is("expand") {
            guard given.insert(.expand).inserted else { return }
            if value.is("true") { options.expand = true } else if value.is("false") { options.expand = false } else {
                problem = Parameters.expand.rejection(value.text).response
            }
        } else if name.is("variant") {
            guard given.insert(.variant).inserted else { return }
            if let found = value.index(in: variants) {
                variantIndex = found
                options.variant = variants[found]
            } else {
                problem = ProblemResponses.unknown(.variant, value.text, allowed: variants)
            }
        }
    }

    /// After the query: the first bad option's answer, or nil with the client hints choosing what
    /// the query did not (and the response varying on them).
    mutating func finish(_ request: Request) -> Response? {
        if let problem { return problem }
        if hints.contains(.colorScheme) && Self.clientHint(request, DocumentResponses.colorSchemeHint) == "dark" { options.theme = .dark }
        if hints.contains(.reducedMotion) && Self.clientHint(request, DocumentResponses.reducedMotionHint) == "reduce" { options.motion = .reduced }
        return nil
    }

    /// The options a query has given so far.
    private struct Given: OptionSet {
        let rawValue: UInt8
        static let theme = Given(rawValue: 1)
        static let motion = Given(rawValue: 2)
        static let direction = Given(rawValue: 4)
        static let expand = Given(rawValue: 8)
        static let variant = Given(rawValue: 16)
    }

    /// A client hint's token: the structured-field string (`"dark"`) or bare token (`dark`), lower-cased.
    private static func clientHint(_ request: Request, _ name: String) -> String? {
        guard let value = request.fields[name] else { return nil }
        return String(value.filter { $0 != "\"" }).lowercased()
    }
}
