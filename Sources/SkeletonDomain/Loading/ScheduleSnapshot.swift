/// A simulated load as a client sees it at one instant, the statuses reached so far: what the
/// loading-state document is written from (SkeletonClient's `LoadingState` is that document decoded).
///
/// Guarantees: holds no time later than `elapsedMs` except the reveal times of elements already
/// ready or failed (docs/spec.md §5: those reveals may still be ahead), so its document never discloses
/// when a loading stage or element will change.
package struct ScheduleSnapshot: Sendable, Equatable {
    private let schedule: Schedule
    package let elapsedMs: Int

    init(schedule: Schedule, elapsedMs: Int) {
        self.schedule = schedule
        self.elapsedMs = elapsedMs
    }

    package var screen: String { schedule.screen }
    package var scenario: Scenario { schedule.scenario }
    package var seed: Int { schedule.seed }

    package var stages: [Schedule.StageState] {
        schedule.stages.map { hasChanged($0.status) ? $0 : Schedule.StageState(id: $0.id, status: .loading) }
    }

    package var elements: [Schedule.ElementState] {
        schedule.elements.map {
            hasChanged($0.status) ? $0 : Schedule.ElementState(id: $0.id, stage: $0.stage, status: .loading, revealAtMs: nil)
        }
    }

    /// True once no element's status will change again (every one ready or failed).
    package var isComplete: Bool {
        schedule.elements.allSatisfy { hasChanged($0.status) }
    }

    /// While loading, clients are asked to poll again after this long.
    package static let pollAfterMs = 100

    /// The body of `GET /loading-state` (docs/spec.md §5): `{session, screen, variant, scenario, seed, elapsedMs,
    /// complete, stages, elements, pollAfterMs}`; `session` is null for `at=` snapshots and
    /// `pollAfterMs` null once complete. A stage shows `readyAtMs` once ready or `failedAtMs`
    /// once failed; an element as in the timeline once it has changed. Assembled from the
    /// schedule's pre-encoded objects: no per-object encoding on the request path.
    package func document(session: String?) -> [UInt8] {
        let isComplete = isComplete
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginDocument()
        writer.key("session")
        if let session { writer.string(session) } else { writer.null() }
        writer.member("screen", screen)
        writer.member("variant", schedule.variant)
        writer.member("scenario", scenario.rawValue)
        writer.member("seed", seed)
        writer.member("elapsedMs", elapsedMs)
        writer.member("complete", isComplete)
        writer.key("stages")
        writer.beginArray()
        for (index, stage) in schedule.stages.enumerated() {
            writer.encodedValue(schedule.fragments.stage(index, final: hasChanged(stage.status)))
        }
        writer.endArray()
        writer.key("elements")
        writer.beginArray()
        for (index, element) in schedule.elements.enumerated() {
            writer.encodedValue(schedule.fragments.element(index, final: hasChanged(element.status)))
        }
        writer.endArray()
        writer.key("pollAfterMs")
        if isComplete { writer.null() } else { writer.number(Self.pollAfterMs) }
        writer.endObject()
        return writer.bytes
    }

    /// Whether a final status has been reached by now (at its time exactly, it has).
    private func hasChanged(_ status: Schedule.Status) -> Bool {
        status.atMs! <= elapsedMs
    }
}
