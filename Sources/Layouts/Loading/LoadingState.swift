/// A simulated load as a client sees it at one instant: the statuses reached so far.
///
/// Guarantees: holds no time later than `elapsedMs` except the reveal times of elements already
/// ready or failed (SPEC §5: those reveals may still be ahead), so its document never discloses
/// when a loading stage or element will change.
public struct LoadingState: Sendable, Equatable {
    public let screen: String
    public let scenario: Scenario
    public let seed: Int
    public let elapsedMs: Int
    public let stages: [Schedule.StageState]
    public let elements: [Schedule.ElementState]

    /// True once no element's status will change again (every one ready or failed).
    public var isComplete: Bool {
        elements.allSatisfy { $0.status != .loading }
    }

    /// While loading, clients are asked to poll again after this long.
    public static let pollAfterMs = 100

    /// The body of `GET /loading-state` (SPEC §5): `{session, screen, scenario, seed, elapsedMs,
    /// complete, stages, elements, pollAfterMs}`; `session` is null for `at=` snapshots and
    /// `pollAfterMs` null once complete. A stage shows `readyAtMs` once ready or `failedAtMs`
    /// once failed; an element as in the timeline once it has changed.
    public func document(session: String?) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.key("session")
        if let session { writer.string(session) } else { writer.null() }
        writer.member("screen", screen)
        writer.member("scenario", scenario.rawValue)
        writer.member("seed", seed)
        writer.member("elapsedMs", elapsedMs)
        writer.member("complete", isComplete)
        writer.key("stages")
        writer.beginArray()
        for stage in stages {
            writer.beginObject()
            writer.member("id", stage.id)
            writer.member("status", stage.status.name)
            switch stage.status {
            case .loading: break
            case .ready(let atMs): writer.member("readyAtMs", atMs)
            case .failed(let atMs, _): writer.member("failedAtMs", atMs)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.key("elements")
        writer.beginArray()
        for element in elements { element.write(to: &writer) }
        writer.endArray()
        writer.key("pollAfterMs")
        if isComplete { writer.null() } else { writer.number(Self.pollAfterMs) }
        writer.endObject()
        return writer.bytes
    }
}
