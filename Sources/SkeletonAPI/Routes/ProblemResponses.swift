import HTTPServer
import SkeletonDomain

/// The problem documents the API answers bad input with: what was wrong, the allowed values,
/// and the closest allowed name when one is close (`/layouts/hom` suggests `home`).
enum ProblemResponses {
    /// 404 for a path segment naming nothing (`/layouts/{screen}`, `/themes/{theme}`).
    static func unknown(_ kind: String, _ value: String, allowed: [String]) -> Response {
        unknownProblem(kind, value, allowed: allowed).response()
    }

    /// The problem `unknown` answers with, for routes that render it another way (the preview's HTML page).
    static func unknownProblem(_ kind: String, _ value: String, allowed: [String]) -> Problem {
        problem(.notFound, "unknown \(kind) '\(value)'; known: \(allowed.joined(separator: ", "))", value: value, allowed: allowed, parameter: nil)
    }

    /// 400 for a known query parameter with a value outside its set.
    static func badParameter(_ name: String, _ value: String, allowed: [String]) -> Response {
        problem(.badRequest, "query parameter '\(name)' must be one of: \(allowed.joined(separator: ", ")); got '\(value)'", value: value, allowed: allowed, parameter: name).response()
    }

    private static func problem(_ status: Status, _ detail: String, value: String, allowed: [String], parameter: String?) -> Problem {
        var detail = detail
        var members: [(name: String, value: Problem.Value)] = []
        if let parameter { members.append(("parameter", .string(parameter))) }
        members.append(("allowed", .strings(allowed)))
        if let suggestion = closestName(to: value, among: allowed) {
            detail += "; did you mean '\(suggestion)'?"
            members.append(("suggestion", .string(suggestion)))
        }
        return Problem(status: status, detail: detail, extensions: members)
    }
}
