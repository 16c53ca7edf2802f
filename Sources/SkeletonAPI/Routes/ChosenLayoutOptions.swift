import HTTPServer
import Layouts

/// The options a request for a layout document chose (`/layouts/{screen}` and its frames and
/// snapshot), and the client hints that chose what its query did not, so that the response
/// varies on exactly those. The variant is `variantIndex` (`options.variant` stays the default:
/// a route that needs the name looks it up).
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
    mutating func choose(from request: Request, variants: QueryChoices) -> Response? {
        request.forEachQueryItem { name, value in take(name, value, variants: variants) }
        return finish(request)
    }

    /// Reads one query parameter if it is a layout option (the first of its name), for a route
    /// that reads its own parameters in the same pass; nothing once a problem has been found.
    /// Then `finish`.
    mutating func take(_ name: QueryText, _ value: QueryText, variants: QueryChoices) {
        guard problem == nil, let option = Given(name), given.insert(option).inserted else { return }
        switch option {
        case .theme:
            hints.remove(.colorScheme)
            if value.is("light") { options.theme = .light } else if value.is("dark") { options.theme = .dark } else { refuse(option, value, variants) }
        case .motion:
            hints.remove(.reducedMotion)
            if value.is("full") { options.motion = .full } else if value.is("reduced") { options.motion = .reduced } else { refuse(option, value, variants) }
        case .direction:
            if value.is("ltr") { options.direction = .ltr } else if value.is("rtl") { options.direction = .rtl } else { refuse(option, value, variants) }
        case .expand:
            if value.is("true") { options.expand = true } else if value.is("false") { options.expand = false } else { refuse(option, value, variants) }
        case .variant:
            if let found = value.index(in: variants) { variantIndex = found } else { refuse(option, value, variants) }
        default:
            preconditionFailure("a parameter names one option")
        }
    }

    /// Sets `problem` to the answer to `option`'s bad `value`: a 400 naming it, or for a variant
    /// the screen does not have a 404. Kept out of `take`, which would otherwise make room for a
    /// response on every call.
    @inline(never)
    private mutating func refuse(_ option: Given, _ value: QueryText, _ variants: QueryChoices) {
        problem = switch option {
        case .theme: Parameters.theme.rejection(value.text).response
        case .motion: Parameters.motion.rejection(value.text).response
        case .direction: Parameters.direction.rejection(value.text).response
        case .expand: Parameters.expand.rejection(value.text).response
        default: ProblemResponses.unknown(.variant, value.text, allowed: variants.texts)
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

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// The option a parameter's name is; nil when it is none. A name with nothing to decode
        /// is told by its length first: one comparison for most names, two for six bytes.
        @inline(__always)
        init?(_ name: QueryText) {
            guard let length = name.plainLength else {
                guard let option = Self.decoded(name) else { return nil }
                self = option
                return
            }
            switch length {
            case 5 where name.is("theme"): self = .theme
            case 6 where name.is("motion"): self = .motion
            case 6 where name.is("expand"): self = .expand
            case 7 where name.is("variant"): self = .variant
            case 9 where name.is("direction"): self = .direction
            default: return nil
            }
        }

        private static func decoded(_ name: QueryText) -> Given? {
            if name.is("theme") { return .theme }
            if name.is("motion") { return .motion }
            if name.is("expand") { return .expand }
            if name.is("variant") { return .variant }
            if name.is("direction") { return .direction }
            return nil
        }
    }

    /// A client hint's token: the structured-field string (`"dark"`) or bare token (`dark`), lower-cased.
    private static func clientHint(_ request: Request, _ name: String) -> String? {
        guard let value = request.fields[name] else { return nil }
        return String(value.filter { $0 != "\"" }).lowercased()
    }
}
