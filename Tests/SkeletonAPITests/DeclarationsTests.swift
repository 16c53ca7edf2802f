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

    /// A sample value of each parameter, as a request gives it: the first declared word, the
    /// lowest integer, or for a schema a value the built-in catalog has.
    private static func sample(_ parameter: Parameter, session: String) -> String {
        switch parameter.values {
        case .choice(let words): return words[0]
        case .boolean: return Parameter.booleanWords[0]
        case .integer(let range, _): return parameter == Parameters.width ? "390" : "\(range.lowerBound)"
        case .schema(let component):
            switch component {
            case "ScreenID": return "home"
            case "Variant": return "default"
            case "ElementID": return "accountsCarousel"
            case "SessionToken": return session
            case "Speed": return "100"
            case "EventID": return "0"
            default: return parameter == Parameters.ifNoneMatch ? "*" : "\"dark\""
            }
        }
    }

    /// Walks every operation's handler, through the service's router, with requests that carry
    /// its declared parameters (all, none, and its older forms alone): every parameter a handler
    /// reads goes through `Parameter.value(in:)`, which in this debug build stops the process
    /// when the running operation does not declare it. So a handler that reads a name its
    /// operation lacks (the contract does not describe) fails this test by crashing it.
    @Test func everyHandlerReadsOnlyWhatItsOperationDeclares() throws {
        var start = Request(method: .get, path: "/loading-state", query: "screen=home")
        guard case .response(let started) = router.reply(to: &start) else { Issue.record("the load was held"); return }
        guard case .string(let session) = try JSONParser.parse(started.body)["session"] else { Issue.record("no session"); return }
        for operation in Operations.all {
            var path = operation.template
            for parameter in operation.parameters where parameter.location == .path {
                path = path.replacingOccurrences(of: "{\(parameter.name)}", with: Self.sample(parameter, session: session))
            }
            let given = [operation.parameters, [], operation.undocumented]
            for parameters in given {
                let query = parameters.filter { $0.location == .query }.map { "\($0.name)=\(Self.sample($0, session: session))" }.joined(separator: "&")
                let fields = parameters.filter { $0.location == .header }.map { ($0.name, Self.sample($0, session: session)) }
                var request = Request(method: operation.method, path: path, query: query, fields: HTTPFields(fields))
                _ = router.reply(to: &request)
            }
        }
    }

    /// The router runs a handler registered by its operation with that operation as `running`:
    /// what the check above relies on.
    @Test func aHandlerRunsWithItsOperationAsTheOneRunning() {
        var router = Router()
        router.get(Operations.health) { _ in Response(body: Array((Operation.running?.id ?? "none").utf8)) }
        #expect(String(decoding: router.response("/healthz").body, as: UTF8.self) == Operations.health.id)
        #expect(Operation.running == nil)
    }

    /// An operation declares what it lists and its older forms, and nothing else.
    @Test func anOperationDeclaresItsParametersAndItsOlderFormsOnly() {
        #expect(Operations.startLoad.declares(Parameters.loadingScreen))
        #expect(Operations.startLoad.declares(Parameters.sessionQuery))
        #expect(!Operations.startLoad.declares(Parameters.width))
        #expect(!Operations.layout.declares(Parameters.wait))
    }
}
