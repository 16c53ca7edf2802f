/// The whole timeline of one simulated load of a screen (docs/spec.md §5): when each stage becomes ready
/// or fails, and so each element.
///
/// Guarantees: a (screen, scenario, seed) triple gives the same stages on every server and run
/// (the draws are `SplitMix64`'s, in `stages` order), whatever the layout variant, whose
/// elements (each bound to one of those stages) are the ones the schedule lists; every stage and element ends `ready` or
/// `failed`, never later than the screen's `timeoutMs`; an element's status changes exactly at
/// its time (at `t == readyAtMs` it is ready); its reveal is never before `minimumDisplayMs`.
///
/// The draws, one per stage in `stages` order, then one more for `error`:
/// from the range `StageTiming.range(for:)` gives the scenario (by default: `typical`, `timeout`,
/// `error` the stage's range, `slow` that range times 4, counted from the anchor stage's drawn
/// time when it has one, as each movies poster after `popular`; `instant` 0...20 ms after the
/// start, anchors ignored).
///
/// Then, in every scenario, a stage drawn past `timeoutMs` fails with code `timeout` at
/// `timeoutMs`. In `timeout`, the stage drawn latest (ties: the later in `stages` order) fails so
/// too. In `error`, the extra draw picks stage `next() % stageCount`, which fails with code
/// `error` at its drawn time (unless it timed out already, which the typical ranges never do).
package struct Schedule: Sendable, Equatable {
    /// Where a stage or an element stands; `ready` and `failed` are final.
    package enum Status: Sendable, Equatable {
        case loading
        case ready(atMs: Int)
        case failed(atMs: Int, Failure)

        /// When the final status was reached; nil while loading.
        package var atMs: Int? {
            switch self {
            case .loading: nil
            case .ready(let atMs), .failed(let atMs, _): atMs
            }
        }

        /// The status a stage has once it has ended as `outcome`.
        init(_ outcome: Outcome) {
            switch outcome {
            case .ready(let atMs): self = .ready(atMs: atMs)
            case .failed(let atMs, let failure): self = .failed(atMs: atMs, failure)
            }
        }

        /// The `status` member of the documents.
        package var name: String {
            switch self {
            case .loading: "loading"
            case .ready: "ready"
            case .failed: "failed"
            }
        }
    }

    /// How a stage ends: ready or failed, each at a time. What a finished schedule holds for each
    /// stage (`outcomes`), so that code asking when a stage ends has no `loading` case to rule out.
    package enum Outcome: Sendable, Equatable {
        case ready(atMs: Int)
        case failed(atMs: Int, Failure)

        /// When the stage ends.
        package var atMs: Int {
            switch self {
            case .ready(let atMs), .failed(let atMs, _): atMs
            }
        }

        /// A stage that did not arrive within the screen's `timeoutMs`, failed at that time.
        static func timedOut(_ stage: String, timeoutMs: Int) -> Outcome {
            .failed(atMs: timeoutMs, Failure(code: .timeout, message: "\(stage) did not arrive within \(timeoutMs) ms"))
        }

        /// A stage that failed with a simulated error at `atMs`.
        static func erred(_ stage: String, atMs: Int) -> Outcome {
            .failed(atMs: atMs, Failure(code: .error, message: "\(stage) failed to load (simulated error)"))
        }
    }

    /// Why a stage failed: the `error` member of a failed element.
    package struct Failure: Sendable, Equatable {
        package enum Code: String, Sendable {
            case timeout
            case error
        }

        package let code: Code
        package let message: String
        /// Every simulated failure is retryable (docs/spec.md §5): loading again could succeed.
        package var isRetryable: Bool { true }
    }

    package struct StageState: Sendable, Equatable {
        package let id: String
        package let status: Status
    }

    package struct ElementState: Sendable, Equatable {
        package let id: String
        package let stage: String
        package let status: Status
        /// max(the ready or failed time, `minimumDisplayMs`); nil while loading.
        package let revealAtMs: Int?
    }

    /// The seeds a load accepts: integers exactly representable in a JSON number (2^53 - 1).
    package static let seedRange = 0...(1 << 53 - 1)

    package let screen: String
    /// The layout variant whose elements `elements` are.
    package let variant: String
    package let scenario: Scenario
    package let seed: Int
    /// Final: every status is `ready` or `failed`.
    package let stages: [StageState]
    /// How each stage ends, in the screen's `stages` order: `stages`' statuses, as a type with no
    /// `loading` case.
    package let outcomes: [Outcome]
    /// Final, in the variant's layout's `elements` order.
    package let elements: [ElementState]
    /// The distinct times at which some element's status changes, ascending.
    package let changeTimes: [Int]
    /// Every stage's and element's JSON object in both its states, encoded once, so that a state
    /// document at any time is an assembly of these (see `ScheduleSnapshot.document`).
    let fragments: Fragments

    /// The objects in one buffer, in order: each stage's loading then final form, then each
    /// element's. Two allocations per schedule rather than two per object, so that a cache of
    /// schedules costs what their bytes cost.
    struct Fragments: Sendable, Equatable {
        private let bytes: [UInt8]
        /// Where each object ends in `bytes`; it starts where the one before ends.
        private let ends: [Int32]
        private let stageCount: Int

        /// `stages` and `elements` are final; their loading forms are written beside them.
        init(stages: [StageState], elements: [ElementState]) {
            var writer = JSONWriter(reservingCapacity: 160 * (stages.count + elements.count))
            var ends: [Int32] = []
            ends.reserveCapacity(2 * (stages.count + elements.count))
            func endObject() {
                ends.append(Int32(writer.bytes.count))
                writer.beginFragment()
            }
            for stage in stages {
                StageState(id: stage.id, status: .loading).write(to: &writer)
                endObject()
                stage.write(to: &writer)
                endObject()
            }
            for element in elements {
                ElementState(id: element.id, stage: element.stage, status: .loading, revealAtMs: nil).write(to: &writer)
                endObject()
                element.write(to: &writer)
                endObject()
            }
            bytes = writer.bytes
            self.ends = ends
            stageCount = stages.count
        }

        func stage(_ index: Int, final: Bool) -> ArraySlice<UInt8> {
            object(2 * index + (final ? 1 : 0))
        }

        func element(_ index: Int, final: Bool) -> ArraySlice<UInt8> {
            object(2 * (stageCount + index) + (final ? 1 : 0))
        }

        private func object(_ position: Int) -> ArraySlice<UInt8> {
            bytes[(position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])]
        }
    }

    /// A load of `screen`'s layout `variant`, which must be one of its `variants`.
    package init(screen: Screen, variant: String = "default", scenario: Scenario, seed: Int) {
        precondition(Self.seedRange.contains(seed), "seed \(seed) is outside \(Self.seedRange)")
        precondition(!screen.stages.isEmpty, "screen \(screen.id) has no stages to load")
        outcomes = Self.drawOutcomes(screen: screen, scenario: scenario, seed: seed)
        stages = zip(screen.stages, outcomes).map { StageState(id: $0.id, status: Status($1)) }
        elements = Self.elementStates(of: screen, variant: variant, outcomes: outcomes)
        changeTimes = Set(elements.map { $0.status.atMs! }).sorted()
        fragments = Fragments(stages: stages, elements: elements)
        self.screen = screen.id
        self.variant = variant
        self.scenario = scenario
        self.seed = seed
    }

    /// How each stage ends, in the screen's `stages` order: the draws described above.
    private static func drawOutcomes(screen: Screen, scenario: Scenario, seed: Int) -> [Outcome] {
        let timeoutMs = screen.animation.timeoutMs
        var generator = SplitMix64(screen: screen.id, scenario: scenario, seed: seed)

        var drawn: [Int] = []
        drawn.reserveCapacity(screen.stages.count)
        for stage in screen.stages {
            let (range, countsFromAnchor) = stage.timing.range(for: scenario)
            // An anchor precedes its stage (`Screen` checks), so it has been drawn.
            let anchorIndex = countsFromAnchor ? stage.timing.anchor.flatMap { anchor in screen.stages.firstIndex { $0.id == anchor } } : nil
            drawn.append((anchorIndex.map { drawn[$0] } ?? 0) + generator.next(in: range))
        }

        var latest = 0
        for index in drawn.indices where drawn[index] >= drawn[latest] { latest = index }
        let neverArrives = scenario == .timeout ? latest : nil
        let failsWithError = scenario == .error ? Int(generator.next() % UInt64(drawn.count)) : nil

        return zip(screen.stages, drawn).enumerated().map { index, pair in
            let (stage, time) = pair
            if time > timeoutMs || index == neverArrives { return .timedOut(stage.id, timeoutMs: timeoutMs) }
            if index == failsWithError { return .erred(stage.id, atMs: time) }
            return .ready(atMs: time)
        }
    }

    /// `Schedule(screen:variant:scenario:seed:).elements`, drawn again without the rest of the
    /// schedule: a microsecond's work, so that a live event stream keeps its token rather than the states.
    package static func elementStates(of screen: Screen, variant: String = "default", scenario: Scenario, seed: Int) -> [ElementState] {
        elementStates(of: screen, variant: variant, outcomes: drawOutcomes(screen: screen, scenario: scenario, seed: seed))
    }

    /// The state of each of the variant's elements, in its layout's `elements` order, when the
    /// screen's stages end as `outcomes`: an element's status is its stage's, revealed no sooner
    /// than `minimumDisplayMs`.
    private static func elementStates(of screen: Screen, variant: String, outcomes: [Outcome]) -> [ElementState] {
        guard let layout = screen.layout(variant) else { preconditionFailure("screen \(screen.id) has no variant \(variant)") }
        let minimumDisplayMs = screen.animation.minimumDisplayMs
        return layout.elements.map { element in
            guard let index = screen.stages.firstIndex(where: { $0.id == element.stage }) else {
                preconditionFailure("screen \(screen.id): element \(element.id) names no stage \(element.stage)")
            }
            let outcome = outcomes[index]
            return ElementState(id: element.id, stage: element.stage, status: Status(outcome), revealAtMs: max(outcome.atMs, minimumDisplayMs))
        }
    }

    /// The first virtual time at which the load is complete: no element's status changes after it.
    package var completeAtMs: Int { changeTimes.last ?? 0 }

    /// The first change time after `elapsedMs`, where a long poll returns; nil once none is left.
    package func nextChangeMs(after elapsedMs: Int) -> Int? {
        changeTimes.first { $0 > elapsedMs }
    }

    /// What a client sees `elapsedMs` into the load: every status reached at or before it, and no
    /// later time. A time before the start reads as the start.
    package func state(at elapsedMs: Int) -> ScheduleSnapshot {
        ScheduleSnapshot(schedule: self, elapsedMs: max(0, elapsedMs))
    }

    /// The body of `GET /loading-state/timeline`: `{screen, variant, scenario, seed, stages: [{id, status,
    /// atMs}], elements: [{id, stage, status, readyAtMs | failedAtMs, revealAtMs, error}]}`, final.
    package func timelineDocument() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginDocument()
        writer.member("screen", screen)
        writer.member("variant", variant)
        writer.member("scenario", scenario.rawValue)
        writer.member("seed", seed)
        writer.key("stages")
        writer.beginArray()
        for stage in stages {
            writer.beginObject()
            writer.member("id", stage.id)
            writer.member("status", stage.status.name)
            writer.member("atMs", stage.status.atMs!)
            writer.endObject()
        }
        writer.endArray()
        writer.key("elements")
        writer.beginArray()
        for element in elements { element.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}

extension Schedule.StageState {
    /// `{id, status}`, then `readyAtMs` once ready or `failedAtMs` once failed.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("id", id)
        writer.member("status", status.name)
        switch status {
        case .loading: break
        case .ready(let atMs): writer.member("readyAtMs", atMs)
        case .failed(let atMs, _): writer.member("failedAtMs", atMs)
        }
        writer.endObject()
    }
}

extension Schedule.ElementState {
    /// `{id, stage, status}`, then `readyAtMs, revealAtMs` once ready, or `failedAtMs,
    /// revealAtMs, error {code, message, retryable}` once failed; as a document of its own (an
    /// `element` event's data), with `formatVersion` first.
    func write(to writer: inout JSONWriter, asDocument: Bool = false) {
        if asDocument { writer.beginDocument() } else { writer.beginObject() }
        writer.member("id", id)
        writer.member("stage", stage)
        writer.member("status", status.name)
        switch status {
        case .loading:
            break
        case .ready(let atMs):
            writer.member("readyAtMs", atMs)
            writer.member("revealAtMs", revealAtMs!)
        case .failed(let atMs, let failure):
            writer.member("failedAtMs", atMs)
            writer.member("revealAtMs", revealAtMs!)
            writer.key("error")
            writer.beginObject()
            writer.member("code", failure.code.rawValue)
            writer.member("message", failure.message)
            writer.member("retryable", failure.isRetryable)
            writer.endObject()
        }
        writer.endObject()
    }
}
