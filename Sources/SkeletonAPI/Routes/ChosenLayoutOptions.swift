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
    /// The options the query has given so far, a bit each (`Option.rawValue`).
    private var given: UInt8 = 0

    /// A layout option a query may give, by the parameter that gives it (`parameter`).
    enum Option: UInt8, CaseIterable, Sendable {
        case theme = 1, motion = 2, direction = 4, expand = 8, variant = 16

        /// The option `parameter` gives; nil when it gives none.
        init?(_ parameter: Parameter) {
            guard let option = Self.allCases.first(where: { $0.parameter === parameter }) else { return nil }
            self = option
        }

        var parameter: Parameter {
            switch self {
            case .theme: Parameters.theme
            case .motion: Parameters.motion
            case .direction: Parameters.direction
            case .expand: Parameters.expand
            case .variant: Parameters.variant
            }
        }
    }

    /// The options' values as their declarations list them, matched as bytes: made once by each
    /// route that reads options and handed to every `take`, so that a request reads no static.
    struct Words: Sendable {
        let themes = DeclaredChoices<Theme>(Parameters.theme)
        let motions = DeclaredChoices<Motion>(Parameters.motion)
        let directions = DeclaredChoices<Direction>(Parameters.direction)
        let expands = DeclaredChoices<Bool>(boolean: Parameters.expand)
    }

    /// Sets these to the options of `/layouts/{screen}` (theme, motion, variant, direction,
    /// expand) from the query, its names those `options` declares, and, where it has none, the
    /// client hints; returns the first bad option's answer (`problem`). One pass over the query,
    /// its names and values compared as bytes; the first of a repeated parameter counts, as
    /// `Request.queryValue` has it.
    mutating func choose(from request: Request, options names: DeclaredQuery<Option>, words: Words, variants: QueryChoices) -> Response? {
        request.forEachQueryItem { name, value in
            if let option = names.key(name) { take(option, value, words: words, variants: variants) }
        }
        return finish(request)
    }

    /// Reads one query parameter that gives a layout option (the first of its name), for a route
    /// that reads its own parameters in the same pass; nothing once a problem has been found.
    /// Then `finish`.
    mutating func take(_ option: Option, _ value: QueryText, words: Words, variants: QueryChoices) {
        guard problem == nil, given & option.rawValue == 0 else { return }
        given |= option.rawValue
        switch option {
        case .theme:
            hints.remove(.colorScheme)
            if let theme = words.themes.value(value) { options.theme = theme } else { refuse(option, value, variants) }
        case .motion:
            hints.remove(.reducedMotion)
            if let motion = words.motions.value(value) { options.motion = motion } else { refuse(option, value, variants) }
        case .direction:
            if let direction = words.directions.value(value) { options.direction = direction } else { refuse(option, value, variants) }
        case .expand:
            if let expand = words.expands.value(value) { options.expand = expand } else { refuse(option, value, variants) }
        case .variant:
            if let found = value.index(in: variants) { variantIndex = found } else { refuse(option, value, variants) }
        }
    }

    /// Sets `problem` to the answer to `option`'s bad `value`: a 400 naming it, or for a variant
    /// the screen does not have a 404. Kept out of `take`, which would otherwise make room for a
    /// response on every call.
    @inline(never)
    private mutating func refuse(_ option: Option, _ value: QueryText, _ variants: QueryChoices) {
        problem = option == .variant ? ProblemResponses.unknown(.variant, value.text, allowed: variants.texts) : option.parameter.rejection(value.text).response
    }

    /// After the query: the first bad option's answer, or nil with the client hints choosing what
    /// the query did not (and the response varying on them).
    mutating func finish(_ request: Request) -> Response? {
        if let problem { return problem }
        if hints.contains(.colorScheme) && Self.clientHint(Parameters.prefersColorScheme, request) == "dark" { options.theme = .dark }
        if hints.contains(.reducedMotion) && Self.clientHint(Parameters.prefersReducedMotion, request) == "reduce" { options.motion = .reduced }
        return nil
    }

    /// A client hint's token: the structured-field string (`"dark"`) or bare token (`dark`), lower-cased.
    private static func clientHint(_ hint: Parameter, _ request: Request) -> String? {
        guard let value = hint.value(in: request) else { return nil }
        return String(value.filter { $0 != "\"" }).lowercased()
    }
}
