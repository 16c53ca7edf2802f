import HTTPServer
import Layouts
import SkeletonDomain

/// `POST /drift` (a drift report: validated strictly, counted per known element) and `GET /drift`
/// (this replica's counts), and `GET /drift/{screen}/proposal` (what `--learn` learned), drift
/// contract of docs/http-api.md.
///
/// Guarantees: a refused report changes nothing; an accepted one is counted once, for an element
/// of the catalog at the screen's current version only, so the board's memory stays bounded; a
/// `proposal` is taken only with a `learner`, from a peer it admits, once it validates.
struct DriftRoutes {
    let catalog: Catalog
    let board: DriftBoard
    /// Set by `--learn`.
    let learner: Learner?
    let now: @Sendable () -> Int64

    /// The largest report body, in bytes.
    static let maxReportBytes = 4096

    func register(on router: inout Router) {
        let routes = self
        router.post(Operations.postDrift) { request in routes.accept(request) }
        router.get(Operations.drift) { _ in .json(routes.document(), headers: CachePolicy.neverStored.headers) }
        router.get(Operations.driftProposal) { request in routes.proposal(Parameters.screenPath.value(in: request) ?? "") }
    }

    func accept(_ request: Request) -> Response {
        guard Self.isJSON(request.fields["Content-Type"]) else {
            return Problem(.unsupportedMediaType, detail: "a drift report is application/json; got \(request.fields["Content-Type"].map { "'\($0)'" } ?? "no Content-Type")",
                           extensions: [("allowed", .strings(["application/json"]))]).response()
        }
        guard let bytes = request.body.bytes, bytes.count <= DriftReading.maxParsedBytes else { return Self.tooLarge(request.body.count) }
        let reading: DriftReading
        do {
            reading = try DriftReading.parse(bytes)
        } catch {
            let field = error.field.map { "'\($0)' " } ?? ""
            var members: [(name: String, value: Problem.Value)] = [("allowed", .string(error.allowed))]
            if let name = error.field { members.insert(("field", .string(name)), at: 0) }
            return Problem(.badReport, detail: "drift report: \(field)\(error.reason); allowed: \(error.allowed)", extensions: members).response()
        }
        guard let screen = catalog.screen(reading.screen), let version = catalog.version(of: reading.screen) else {
            return ProblemResponses.unknown(.screen, reading.screen, allowed: catalog.screens.map(\.id))
        }
        let elements = Self.elementIDs(of: screen)
        guard elements.contains(reading.element) else {
            return ProblemResponses.unknown(.element, reading.element, allowed: elements)
        }
        let isCurrent = reading.version == version
        guard isCurrent || (reading.proposal != nil && learner?.superseded(screen.id, reading.version) == true) else {
            return Problem(.staleVersion, detail: "screen '\(screen.id)' is at version '\(version)', not '\(reading.version)': reload the layout",
                           extensions: [("current", .string(version))]).response()
        }
        // Checked last, so that a report of any size up to the parsed limit gets the problem that
        // names what is wrong with it (a field, a screen, a version) before the size.
        guard bytes.count <= Self.maxReportBytes else { return Self.tooLarge(bytes.count) }
        if let proposal = reading.proposal, let refusal = learn(proposal, reading, peer: request.peer) { return refusal }
        // A proposal at a version this learner replaced is learned, not counted: its skeleton is gone.
        if isCurrent { board.record(screen: reading.screen, element: reading.element, score: reading.score, width: reading.width, at: now()) }
        return Response(status: .noContent, headers: CachePolicy.neverStored.headers)
    }

    /// Learns a report's proposal; the problem that refuses it, or nil once it is learned.
    private func learn(_ proposal: JSONValue, _ reading: DriftReading, peer: PeerAddress) -> Response? {
        guard let learner else {
            return Problem(.badReport, detail: "drift report: 'proposal' is accepted only from a server started with --learn",
                           extensions: [("field", .string("proposal")), ("allowed", .string("no proposal (this server does not learn)"))]).response()
        }
        guard learner.admits(peer) else {
            let admitted = learner.admitted.map(\.description)
            return Problem(.learnForbidden, detail: "a proposal is accepted only from \(admitted.joined(separator: ", ")) (--learn-from CIDR widens it)",
                           extensions: [("field", .string("proposal")), ("allowed", .strings(admitted))]).response()
        }
        switch learner.learn(proposal, screen: reading.screen, element: reading.element, width: reading.width, score: reading.score, catalog: catalog) {
        case .learned, .alreadyTrue:
            return nil
        case .invalid(let problems):
            let lines = problems.map(\.description)
            return Problem(.badReport, detail: "drift report: 'proposal' does not make a valid screen file: \(lines.joined(separator: "; "))",
                           extensions: [("field", .string("proposal")), ("allowed", .string("a screen-file node (schema /schema/screen.json)")),
                                        ("problems", .strings(lines))]).response()
        case .failed(let reason):
            return Problem(.learnFailed, detail: "the proposal was valid but could not be applied: \(reason)").response()
        }
    }

    /// `GET /drift/{screen}/proposal`: the screen file with what was learned in place.
    func proposal(_ screen: String) -> Response {
        guard catalog.screen(screen) != nil else { return ProblemResponses.unknown(.screen, screen, allowed: catalog.screens.map(\.id)) }
        guard let learner else {
            return Problem(.noProposal, detail: "this server does not learn: start it with --learn to collect proposals").response()
        }
        switch learner.proposedFile(of: screen, in: catalog) {
        case nil:
            return Problem(.noProposal, detail: "no proposal for screen '\(screen)' yet: a report with a proposal scoring below \(Learner.trueScore) makes one").response()
        case .failure(let failure)?:
            return Problem(.learnFailed, detail: failure.message).response()
        case .success(let bytes)?:
            return .json(bytes, headers: CachePolicy.neverStored.headers)
        }
    }

    private static func tooLarge(_ count: Int) -> Response {
        Problem(.contentTooLarge, detail: "a drift report is at most \(maxReportBytes) bytes; got \(count)",
                extensions: [("allowed", .string("at most \(maxReportBytes) bytes"))]).response()
    }

    /// `GET /drift`: per element reported, its count, p10 and median score, widths and last report.
    func document() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginDocument()
        writer.member("replica", "this replica's view: behind a balancer each replica counts its own reports")
        writer.member("learns", learner != nil)
        writer.key("elements")
        writer.beginArray()
        for (key, tally) in board.snapshot() {
            writer.beginObject()
            writer.member("screen", key.screen)
            writer.member("element", key.element)
            writer.member("reports", tally.reports)
            writer.member("p10", Fidelity.rounded4(tally.quantile(0.1)))
            writer.member("median", Fidelity.rounded4(tally.quantile(0.5)))
            writer.key("widths")
            writer.beginArray()
            for width in tally.widths.sorted() { writer.number(width) }
            writer.endArray()
            writer.member("lastReportAt", RFC3339.string(epochMilliseconds: tally.lastReportAt))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// Writes the `skeleton_drift_score` histogram into `/metrics`.
    func writeMetrics(into text: inout PrometheusText) {
        text.family("skeleton_drift_score", .histogram, help: "Drift report scores (1: the skeleton matches its content), by screen and element.")
        for (key, tally) in board.snapshot() {
            let labels = [("screen", key.screen), ("element", key.element)]
            var cumulative = 0
            for (index, bound) in DriftBoard.buckets.enumerated() {
                cumulative += tally.bucketCounts[index]
                text.sample("skeleton_drift_score_bucket", labels: labels + [("le", bound == 1 ? "1" : String(bound))], cumulative)
            }
            text.sample("skeleton_drift_score_bucket", labels: labels + [("le", "+Inf")], tally.reports)
            text.sample("skeleton_drift_score_sum", labels: labels, tally.sum)
            text.sample("skeleton_drift_score_count", labels: labels, tally.reports)
        }
    }

    /// Every element id of every layout variant of the screen, in order, once each.
    static func elementIDs(of screen: Screen) -> [String] {
        var ids: [String] = []
        for layout in screen.layouts { for element in layout.elements where !ids.contains(element.id) { ids.append(element.id) } }
        return ids
    }

    /// `application/json`, any case, with or without parameters.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return mediaType.trimmingSpaces.lowercased() == "application/json"
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
