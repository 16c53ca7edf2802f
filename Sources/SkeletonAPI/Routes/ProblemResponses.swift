import HTTPServer
import SkeletonDomain

/// The problem documents the API answers bad input with: what was wrong, the allowed values,
/// and the closest allowed name when one is close (`/layouts/hom` suggests `home`).
enum ProblemResponses {
    /// What a path segment or a `screen=` can name that may not exist.
    enum Unknown: String {
        case screen, theme, element, variant

        var type: ProblemType {
            switch self {
            case .screen: .unknownScreen
            case .theme: .unknownTheme
            case .element: .unknownElement
            case .variant: .unknownVariant
            }
        }
    }

    /// 404 for a name that names nothing (`/layouts/{screen}`, `/themes/{theme}`, `screen=`, `variant=`).
    static func unknown(_ kind: Unknown, _ value: String, allowed: [String]) -> Response {
        unknownProblem(kind, value, allowed: allowed).response()
    }

    /// The problem `unknown` answers with, for routes that render it another way (the preview's HTML page).
    static func unknownProblem(_ kind: Unknown, _ value: String, allowed: [String]) -> Problem {
        problem(kind.type, "unknown \(kind.rawValue) '\(value)'; known: \(allowed.joined(separator: ", "))", value: value, allowed: allowed,
                parameter: kind == .variant ? "variant" : nil)
    }

    /// 400 for a known query parameter with a value outside its set.
    static func badParameter(_ name: String, _ value: String, allowed: [String]) -> Response {
        problem(.badParameter, "query parameter '\(name)' must be one of: \(allowed.joined(separator: ", ")); got '\(value)'",
                value: value, allowed: allowed, parameter: name).response()
    }

    /// 400 for a known query parameter outside its range, `allowed` saying the range in words.
    static func badRange(_ name: String, _ value: String, _ allowed: String) -> Response {
        Problem(.badParameter, detail: "query parameter '\(name)' must be \(allowed); got '\(value)'",
                extensions: [("parameter", .string(name)), ("allowed", .string(allowed))]).response()
    }

    /// 400 for a required query parameter that is missing, `allowed` saying its values in words.
    static func missing(_ name: String, _ allowed: String) -> Response {
        Problem(.missingParameter, detail: "query parameter '\(name)' is required: \(allowed)",
                extensions: [("parameter", .string(name)), ("allowed", .string(allowed))]).response()
    }

    private static func problem(_ type: ProblemType, _ detail: String, value: String, allowed: [String], parameter: String?) -> Problem {
        var detail = detail
        var members: [(name: String, value: Problem.Value)] = []
        if let parameter { members.append(("parameter", .string(parameter))) }
        members.append(("allowed", .strings(allowed)))
        if let suggestion = closestName(to: value, among: allowed) {
            detail += "; did you mean '\(suggestion)'?"
            members.append(("suggestion", .string(suggestion)))
        }
        return Problem(type, detail: detail, extensions: members)
    }
}
