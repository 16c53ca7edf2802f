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
    /// naming it (a variant the screen does not have, a 404: it names no document), returned. Inlined: a request for a layout spends a few hundred instructions
    /// less than through a call that returns the options.
    @inline(__always)
    mutating func choose(from request: Request, variants: [String]) -> Response? {
        if !request.query.isEmpty {
            if let value = request.queryValue("theme") {
                guard let theme = Theme(rawValue: value) else { return ProblemResponses.badParameter("theme", value, allowed: Theme.allCases.map(\.rawValue)) }
                options.theme = theme
                hints.remove(.colorScheme)
            }
            if let value = request.queryValue("motion") {
                guard let motion = Motion(rawValue: value) else { return ProblemResponses.badParameter("motion", value, allowed: Motion.allCases.map(\.rawValue)) }
                options.motion = motion
                hints.remove(.reducedMotion)
            }
            if let value = request.queryValue("variant") {
                guard let found = variants.firstIndex(of: value) else {
                    return ProblemResponses.unknown(.variant, value, allowed: variants)
                }
                variantIndex = found
                options.variant = value
            }
            if let value = request.queryValue("direction") {
                guard let direction = Direction(rawValue: value) else { return ProblemResponses.badParameter("direction", value, allowed: Direction.allCases.map(\.rawValue)) }
                options.direction = direction
            }
            if let value = request.queryValue("expand") {
                guard let expand = Bool(value) else { return ProblemResponses.badParameter("expand", value, allowed: ["true", "false"]) }
                options.expand = expand
            }
        }
        // The client hints choose what the query did not (and the response varies on them).
        if hints.contains(.colorScheme) && Self.clientHint(request, DocumentResponses.colorSchemeHint) == "dark" { options.theme = .dark }
        if hints.contains(.reducedMotion) && Self.clientHint(request, DocumentResponses.reducedMotionHint) == "reduce" { options.motion = .reduced }
        return nil
    }

    /// A client hint's token: the structured-field string (`"dark"`) or bare token (`dark`), lower-cased.
    private static func clientHint(_ request: Request, _ name: String) -> String? {
        guard let value = request.fields[name] else { return nil }
        return String(value.filter { $0 != "\"" }).lowercased()
    }
}
