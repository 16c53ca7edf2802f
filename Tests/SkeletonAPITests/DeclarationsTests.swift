import HTTPServer
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// The parsers agree with the declarations (`Parameters`): every value a query parameter's
/// declaration allows is accepted by the operations that list it, and a value just outside is a
/// 400 naming that parameter with the declared values, so a declaration cannot change without
/// its parser.
@Suite struct DeclarationsTests {
    private let router = SkeletonService(readiness: Readiness()).router

    /// Values the declaration allows, and values just outside them.
    private static func samples(_ parameter: Parameter) -> (allowed: [String], refused: [String]) {
        switch parameter.values {
        case .choice(let words): return (words, ["bogus", words[0].uppercased()])
        case .boolean: return (["true", "false"], ["yes", "1"])
        case .integer(let range, _):
            return (["\(range.lowerBound)", "\(range.upperBound)"], ["\(range.upperBound + 1)", "x"] + (range.lowerBound > 0 ? ["\(range.lowerBound - 1)"] : []))
        case .schema: return ([], [])
        }
    }

    /// Operations answered at once, as the route tests ask them, and the parameters each needs.
    private static let requests: [(operation: Operation, path: String, required: [(String, String)])] = [
        (Operations.layout, "/layouts/home", []),
        (Operations.frames, "/layouts/home/frames", [("width", "390")]),
        (Operations.elementFrames, "/layouts/home/elements/categories/frames", [("width", "390")]),
        (Operations.instant, "/loading-state/instant", [("screen", "home"), ("at", "1200")]),
        (Operations.timeline, "/loading-state/timeline", [("screen", "home")]),
    ]

    @Test(arguments: [Parameters.theme, Parameters.motion, Parameters.direction, Parameters.expand, Parameters.width, Parameters.height,
                      Parameters.scenario, Parameters.seed, Parameters.at])
    func everyDeclaredValueIsAcceptedAndTheRestRefusedByName(parameter: Parameter) throws {
        let (allowed, refused) = Self.samples(parameter)
        let requests = Self.requests.filter { request in request.operation.parameters.contains { $0.component == parameter.component } }
        #expect(!requests.isEmpty, "no operation here lists \(parameter.name)")
        for request in requests {
            let base = request.required.filter { $0.0 != parameter.name }.map { "\($0.0)=\($0.1)&" }.joined()
            for value in allowed {
                let status = router.response(request.path, query: base + "\(parameter.name)=\(value)").status
                #expect(status == .ok, "\(request.path)?\(base)\(parameter.name)=\(value) is \(status.code)")
            }
            for value in refused {
                let served = router.response(request.path, query: base + "\(parameter.name)=\(value)")
                #expect(served.status == .badRequest, "\(request.path)?\(base)\(parameter.name)=\(value) is \(served.status.code)")
                let problem = try JSONParser.parse(served.body)
                #expect(problem["parameter"] == .string(parameter.name))
                if case .choice(let words) = parameter.values { #expect(problem["allowed"] == .array(words.map { .string($0) })) }
                if case .integer = parameter.values { #expect(problem["allowed"] == .string(parameter.allowedInWords)) }
            }
        }
    }
}
