import Observation

/// The state of one screen's elements, which a SwiftUI view binds to (`phase(of:)`, or the
/// subscript): one per screen, made from its `LayoutDocument`. Driven by a session follow
/// (`follow(_:)`, whose changes are already timed by the follower) or by the app's own loads
/// (`start()`, then `reveal(_:)` or `fail(_:_:)` per element, and `retry(_:)`).
///
/// For the app's own loads it applies the layout's `animation` as docs/spec.md §4 states it
/// (the web renderer's and the follower's rules): an element's skeleton is shown `showDelayMs`
/// after its load starts (at once when 0), and data before then goes straight to `content`,
/// the skeleton never shown; a shown skeleton is revealed at `max(data, shown + minimumDisplayMs)`,
/// so a fast path does not flicker, and its content (or failure) follows once the transition has
/// played (`settlesAfterMs`); "The timeout rule": an element still loading `timeoutMs` after
/// its skeleton was shown fails with `timeout`, revealed then as any failure.
///
/// Guarantees: every wait is on the injected clock; an element settles once per load (a
/// second `reveal` or `fail` changes nothing); an id the layout does not have throws
/// `UnknownElement`. Main-actor isolated: SwiftUI reads it on the main actor, and every change
/// is made there, so a view never sees a change half made. It owns its waits, one task each: at
/// most one per element, cancelled when the element's phase moves on, on `retry`, when a follow
/// starts or ends, and when the model is released (its `deinit`: there is no `stop()` to forget);
/// a wait holds the model weakly, so releasing it is enough, and no wait outlives it. A running
/// `follow(_:)` holds the model until the task that runs it is cancelled or the follow ends.
/// Needs Observation: iOS 17, macOS 14, tvOS 17, watchOS 10 (the rest of the library needs
/// iOS 16, macOS 13).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor @Observable public final class SkeletonScreen {
    /// What an element shows: nothing yet (`hidden`, within the show delay or before a load
    /// starts), its `skeleton`, the transition playing (`revealing`), its `content`, or its failure.
    public enum Phase: Sendable, Equatable {
        case hidden
        case skeleton
        case revealing
        case content
        case failed(ElementError)
    }

    public let layout: LayoutDocument
    private var phases: [String: Phase]
    @ObservationIgnored private var loads: [String: ElementLoad] = [:]
    @ObservationIgnored private let stopwatch: Stopwatch

    /// Every element `hidden` until a load starts; `clock` times every wait.
    public init(layout: LayoutDocument, clock: any Clock<Duration> = ContinuousClock()) {
        self.layout = layout
        stopwatch = Stopwatch(clock)
        phases = Dictionary(uniqueKeysWithValues: layout.elements.map { ($0.id, Phase.hidden) })
    }

    /// Cancels every pending wait: a released model leaves no task sleeping on its clock.
    deinit {
        for load in loads.values { load.cancel() }
    }

    /// What `element` shows now.
    public func phase(of element: String) throws(UnknownElement) -> Phase {
        guard let phase = phases[element] else { throw unknown(element) }
        return phase
    }

    /// What `element` shows now; nil when the layout has no such element.
    public subscript(element: String) -> Phase? { phases[element] }

    /// Starts the app's own load of every element, now.
    public func start() {
        for element in layout.elements { begin(element.id) }
    }

    /// `element`'s data has come: its skeleton goes (after its minimum display), then its content.
    public func reveal(_ element: String) throws(UnknownElement) {
        try settle(element, as: .content)
    }

    /// `element`'s load failed with `error`: revealed as its content would be.
    public func fail(_ element: String, _ error: ElementError) throws(UnknownElement) {
        try settle(element, as: .failed(error))
    }

    /// Loads a failed `element` again, from now (its skeleton after the show delay, its
    /// timeout running); an element that has not failed is left as it is.
    public func retry(_ element: String) throws(UnknownElement) {
        guard case .failed = try phase(of: element) else { return }
        begin(element)
    }

    /// Shows a follow's changes as they come (`SkeletonServerClient.follow`, which times them by
    /// the same rules); returns when the follow ends, throwing what ended it. The follow drives
    /// every element: the app's pending waits are cancelled when it starts and when it ends.
    public func follow(_ changes: AsyncThrowingStream<ElementChange, any Error>) async throws {
        cancelWaits()
        defer { cancelWaits() }
        for try await change in changes {
            guard phases[change.element] != nil else { throw unknown(change.element) }
            loads.removeValue(forKey: change.element)?.cancel()
            phases[change.element] = Phase(change.phase)
        }
    }

    /// Cancels every element's pending wait; each element keeps the phase it shows.
    private func cancelWaits() {
        for load in loads.values { load.cancel() }
        loads.removeAll()
    }

    private func begin(_ element: String) {
        loads[element]?.cancel()
        let animation = layout.animation
        let showAt = stopwatch.elapsed + .milliseconds(animation.showDelayMs)
        var load = ElementLoad()
        if animation.showDelayMs == 0 {
            phases[element] = .skeleton
            load.shownAt = showAt
        } else {
            phases[element] = .hidden
            load.timer = after(showAt) { screen in screen.show(element, at: showAt) }
        }
        loads[element] = load
        if load.shownAt != nil { startTimeout(element, shownAt: showAt) }
    }

    private func show(_ element: String, at shownAt: Duration) {
        guard loads[element]?.outcome == nil else { return }
        phases[element] = .skeleton
        loads[element]?.shownAt = shownAt
        startTimeout(element, shownAt: shownAt)
    }

    private func startTimeout(_ element: String, shownAt: Duration) {
        let timeoutMs = layout.animation.timeoutMs
        loads[element]?.timer = after(shownAt + .milliseconds(timeoutMs)) { screen in
            let error = ElementError(code: "timeout", message: "Not loaded within \(timeoutMs) ms.", retryable: true)
            try? screen.settle(element, as: .failed(error))
        }
    }

    private func settle(_ element: String, as outcome: Phase) throws(UnknownElement) {
        guard phases[element] != nil else { throw unknown(element) }
        guard var load = loads[element], load.outcome == nil else { return }
        load.cancel()
        load.outcome = outcome
        guard let shownAt = load.shownAt else {
            loads[element] = load
            phases[element] = outcome
            return
        }
        let animation = layout.animation
        let revealAt = max(stopwatch.elapsed, shownAt + .milliseconds(animation.minimumDisplayMs))
        let settledAt = revealAt + .milliseconds(animation.transition.curve.settlesAfterMs)
        load.timer = after(revealAt) { screen in
            screen.phases[element] = .revealing
            screen.loads[element]?.timer = screen.after(settledAt) { screen in screen.phases[element] = outcome }
        }
        loads[element] = load
    }

    /// Runs `action` on the main actor once `deadline` (since the screen was made) has come,
    /// unless the returned task is cancelled first.
    private func after(_ deadline: Duration, _ action: @escaping @MainActor (SkeletonScreen) -> Void) -> Task<Void, Never> {
        let stopwatch = stopwatch
        return Task { [weak self] in
            do { try await stopwatch.sleep(until: deadline) } catch { return }  // cancelled: superseded
            guard let self, !Task.isCancelled else { return }
            action(self)
        }
    }

    private func unknown(_ element: String) -> UnknownElement {
        UnknownElement(element: element, screen: layout.screen, elements: layout.elements.map(\.id))
    }
}

/// One element's load in the app's own hands: when its skeleton was shown, its outcome once
/// known, and the one wait pending (the show delay, the timeout, or the reveal's steps).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private struct ElementLoad {
    var shownAt: Duration?
    var outcome: SkeletonScreen.Phase?
    var timer: Task<Void, Never>?

    func cancel() { timer?.cancel() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension SkeletonScreen.Phase {
    /// The phase a follow's change shows.
    init(_ phase: ElementChange.Phase) {
        switch phase {
        case .skeleton: self = .skeleton
        case .revealing: self = .revealing
        case .content: self = .content
        case .failed(let error): self = .failed(error)
        }
    }
}
