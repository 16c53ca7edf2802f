import HTTPServer
import SkeletonDomain

/// The query parameters (and `Last-Event-ID`) of the loading routes (docs/spec.md §5), each
/// validated with a problem that names the parameter and its allowed values, and the session
/// they designate.
struct LoadingParameters {
    let request: Request
    let sessions: LoadingSessions

    func screen() throws(Rejection) -> LoadableScreen? {
        guard let name = Parameters.loadingScreen.value(in: request) else { return nil }
        guard let screen = sessions.screen(name) else {
            throw Rejection(response: ProblemResponses.unknown(.screen, name, allowed: screenIDs))
        }
        return screen
    }

    func requiredScreen() throws(Rejection) -> LoadableScreen {
        guard let screen = try screen() else { throw missingScreen("") }
        return screen
    }

    /// The 400 of a request that names no screen where it needs one; `purpose` says what for.
    private func missingScreen(_ purpose: String) -> Rejection {
        let name = Parameters.loadingScreen.name
        return Rejection(response: Problem(.missingParameter, detail: "query parameter '\(name)' is required\(purpose); one of: \(screenIDs.joined(separator: ", "))",
                                           extensions: [("parameter", .string(name)), ("allowed", .strings(screenIDs))]).response())
    }

    /// The session a request follows: the older `session=TOKEN` form, or a new one started now by
    /// `screen=` (or of `pathScreen`, the screen a `/data` path names, which a token must be a load of);
    /// a new one's schedule is cached unless `cachingSchedule` is false (`LoadingSessions.start`).
    func session(pathScreen: LoadableScreen? = nil, cachingSchedule: Bool = true) throws(Rejection) -> Session {
        if let text = Parameters.sessionQuery.value(in: request) {
            try reject([Parameters.loadingScreen, Parameters.loadingVariant, Parameters.scenario, Parameters.seed, Parameters.speed, Parameters.at],
                       beside: Parameters.sessionQuery)
            return try follow(text, in: .query, of: pathScreen)
        }
        var screen = pathScreen
        if screen == nil { screen = try self.screen() }
        guard let screen else { throw missingScreen(" to start a load (follow one at /loading-state/{session})") }
        return sessions.start(screen, variant: try variant(of: screen), scenario: try scenario(), seed: try seed(), speedThousandths: try speedThousandths(),
                              cachingSchedule: cachingSchedule)
    }

    /// `variant`: one of `screen`'s layout variants, whose elements the load drives; `default`
    /// when absent. Another is a 404 listing them, as on `/layouts/{screen}`.
    func variant(of screen: LoadableScreen) throws(Rejection) -> String {
        guard let name = Parameters.loadingVariant.value(in: request) else { return "default" }
        let variants = screen.screen.variants
        guard variants.contains(name) else { throw Rejection(response: ProblemResponses.unknown(.variant, name, allowed: variants)) }
        return name
    }

    /// Where a request gives a session token.
    enum TokenPlace {
        /// The path's `{session}` segment: anything but a token this server serves is not found.
        case path
        /// The older `session=` query form: text that is not a token at all is a bad parameter.
        case query
    }

    /// The session of the token `text`, which must be a load of `screen` when one is given.
    func follow(_ text: String, in place: TokenPlace, of screen: LoadableScreen? = nil) throws(Rejection) -> Session {
        do throws(SessionRefusal) {
            return try sessions.resume(text, of: screen)
        } catch {
            throw Rejection(response: Self.refused(text, error, in: place))
        }
    }

    /// A token of the right shape names a session; one this server did not issue (or no longer
    /// serves) is not found, which a client or a schema-driven fuzzer reads as such.
    private static func refused(_ text: String, _ refusal: SessionRefusal, in place: TokenPlace) -> Response {
        let parameter = place == .path ? Parameters.sessionPath : Parameters.sessionQuery
        let name = "\(parameter.location == .path ? "path segment" : "query parameter") '\(parameter.name)'"
        switch refusal {
        case .unopened(let error):
            guard place == .path || SessionToken.hasTokenSyntax(text) else {
                return Problem(.badParameter, detail: "\(name) is not a valid session token: \(error)",
                               extensions: [("parameter", .string(parameter.name))]).response()
            }
            return Problem(.unknownSession, detail: "\(name) names no session this server serves: \(error)",
                           extensions: [("parameter", .string(parameter.name))]).response()
        case .otherScreen(let screen, let asked):
            return Problem(.conflictingParameters, detail: "\(name) is a load of screen '\(screen)', not '\(asked)'",
                           extensions: [("parameter", .string(parameter.name)), ("conflictsWith", .string(Parameters.loadingScreen.name))]).response()
        }
    }

    func scenario() throws(Rejection) -> Scenario {
        guard let value = Parameters.scenario.value(in: request) else { return .typical }
        return try Parameters.scenario.choice(value)
    }

    /// `Parameters.seed` (exact in every JSON parser); 0 by default.
    func seed() throws(Rejection) -> Int {
        try integer(Parameters.seed) ?? 0
    }

    /// `speed` from 0.1 to 100 with at most three decimals, in thousandths; 1 (1000) by default.
    func speedThousandths() throws(Rejection) -> Int {
        guard let value = Parameters.speed.value(in: request) else { return 1000 }
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, whole.utf8.count <= 3, fraction.utf8.count <= 3, (whole + fraction).utf8.allSatisfy(Self.isDigit),
              parts.count == 1 || !fraction.isEmpty,
              case let thousandths = Self.decimal(whole) * 1000 + Self.decimal(fraction.padding(toLength: 3)),
              SessionToken.speedThousandthsRange.contains(thousandths)
        else {
            throw Rejection(response: ProblemResponses.badRange(Parameters.speed.name, value, "a number from 0.1 to 100 with at most three decimals"))
        }
        return thousandths
    }

    /// `at`: a virtual time in ms (`Parameters.at`); nil when absent.
    func at() throws(Rejection) -> Int? {
        try integer(Parameters.at)
    }

    /// `wait`: how long a long poll may be held (`Parameters.wait`); nil when absent.
    func wait() throws(Rejection) -> Int? {
        try integer(Parameters.wait)
    }

    /// Refuses `others` beside `given`: a parameter that would be silently ignored (a `seed` beside
    /// a `session`, which carries its own) is a 400, so that a client never believes it chose it.
    func reject(_ others: [Parameter], beside given: Parameter) throws(Rejection) {
        guard let ignored = others.first(where: { $0.isGiven(in: request) }) else { return }
        throw Rejection(response: Problem(.conflictingParameters, detail: "query parameter '\(ignored.name)' cannot be given with '\(given.name)', which decides it",
                                          extensions: [("parameter", .string(ignored.name)), ("conflictsWith", .string(given.name))]).response())
    }

    /// The `Last-Event-ID` header: the id (elapsed ms) of the last event a reconnecting client saw;
    /// nil when absent. Not a bare integer is a 400: a client must not silently get the whole stream again.
    func lastEventID() throws(Rejection) -> Int? {
        let header = Parameters.lastEventID
        guard let text = header.value(in: request) else { return nil }
        guard text.utf8.count <= 16, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int(text) else {
            throw Rejection(response: Problem(.badHeader, detail: "header '\(header.name)' must be an event id this stream sent (an integer of ms); got '\(text)'",
                                              extensions: [("header", .string(header.name))]).response())
        }
        return id
    }

    private var screenIDs: [String] { sessions.screens.map(\.id) }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

    /// The value of ASCII decimal digits (`isDigit`, a few at most).
    private static func decimal(_ digits: some StringProtocol) -> Int {
        digits.utf8.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// The value of integer `parameter`; nil when absent.
    private func integer(_ parameter: Parameter) throws(Rejection) -> Int? {
        try parameter.value(in: request).map { text throws(Rejection) in try parameter.integer(text) }
    }
}

extension Substring {
    /// Right-padded with zeros (`5` -> `500`), for reading decimals as thousandths.
    fileprivate func padding(toLength length: Int) -> String {
        String(self) + String(repeating: "0", count: Swift.max(0, length - count))
    }
}
