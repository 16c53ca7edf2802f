import HTTPServer
import Layouts

/// The options a request for a layout document chose (`/layouts/{screen}` and its frames and
/// snapshot), and the client hints that chose what its query did not, so that the response
/// varies on exactly those.
struct ChosenLayoutOptions {
    var options = LayoutOptions()
    var variantIndex = 0
    var hints: DocumentResponses.HintUse = [.colorScheme, .reducedMotion]

    /// Sets these to the options of `/layouts/{screen}` (theme, motion, variant, direction,
    /// expand) from the query and, where it has none, the client hints; a bad value is a 400
    /// naming it (a variant the screen does not have, a 404: it names no document), returned.
    /// One pass over the query, its names and values compared as bytes; the first of a repeated
    /// parameter counts, as `Request.queryValue` has it.
    mutating func choose(from request: Request, variants: [String]) -> Response? {
        var problem: Response?
        var given = Given()
        if !request.query.isEmpty { request.forEachQueryItem { name, value in
            guard problem == nil else { return }
            if name.is("theme"), given.insert(.theme).inserted {
                hints.remove(.colorScheme)
                if value.is("light") { options.theme = .light } else if value.is("dark") { options.theme = .dark } else {
                    problem = Parameters.theme.rejection(value.text).response
                }
            } else if name.is("motion"), given.insert(.motion).inserted {
                hints.remove(.reducedMotion)
                if value.is("full") { options.motion = .full } else if value.is("reduced") { options.motion = .reduced } else {
                    problem = Parameters.motion.rejection(value.text).response
                }
            } else if name.is("direction"), given.insert(.direction).inserted {
                if value.is("ltr") { options.direction = .ltr } else if value.is("rtl") { options.direction = .rtl } else {
                    problem = Parameters.direction.rejection(value.text).response
                }
            } else if name.is("expand"), given.insert(.expand).inserted {
                if value.is("true") { options.expand = true } else if value.is("false") { options.expand = false } else {
                    problem = Parameters.expand.rejection(value.text).response
                }
            } else if name.is("variant"), given.insert(.variant).inserted {
                let text = value.text
                if let found = variants.firstIndex(of: text) {
                    variantIndex = found
                    options.variant = text
                } else {
                    problem = ProblemResponses.unknown(.variant, text, allowed: variants)
                }
            }
        } }
        if let problem { return problem }
        // The client hints choose what the query did not (and the response varies on them).
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
