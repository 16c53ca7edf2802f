/// Turns the element states a follower hears into `ElementChange`s at the times a screen shows
/// them, as the web renderer does: a skeleton is shown `showDelayMs` after the follow starts
/// (at once when 0); an element whose state is final is revealed at its `revealAtMs` (virtual
/// ms, at the load's speed), and not before its skeleton has been up `minimumDisplayMs` of real
/// time; its content or failure follows once the transition has played. An element that settles
/// before its skeleton is shown goes straight to content or failure.
///
/// Guarantees: each element settles once, however often a state repeats it (reconnections,
/// polls); its changes come in order.
actor RevealSchedule {
    private let animation: LayoutDocument.Animation
    private let speed: Double
    private let output: AsyncThrowingStream<ElementChange, any Error>.Continuation
    private let clock = ContinuousClock()
    private let startedAt: ContinuousClock.Instant
    private var isShown: Bool
    /// The elements heard of, in order, with whether each has settled.
    private var known: [(state: ElementState, settled: Bool)] = []
    private var pending: [Task<Void, Never>] = []

    init(animation: LayoutDocument.Animation, speed: Double, output: AsyncThrowingStream<ElementChange, any Error>.Continuation) {
        self.animation = animation
        self.speed = speed
        self.output = output
        startedAt = clock.now
        isShown = animation.showDelayMs == 0
    }

    /// A whole state: elements not heard of before show their skeleton (once shown); final ones settle.
    func begin(_ state: LoadingState) {
        for element in state.elements where !known.contains(where: { $0.state.id == element.id }) {
            known.append((element, false))
            if isShown { output.yield(ElementChange(element: element.id, phase: .skeleton, state: element)) }
        }
        for element in state.elements { settle(element, nowMs: state.elapsedMs) }
    }

    func showSkeletonsAfterDelay() async {
        guard !isShown else { return }
        try? await clock.sleep(until: startedAt + .milliseconds(animation.showDelayMs))
        guard !Task.isCancelled else { return }
        isShown = true
        for (state, settled) in known where !settled {
            output.yield(ElementChange(element: state.id, phase: .skeleton, state: state))
        }
    }

    /// `element`'s state as of `nowMs`, the load's virtual time when it was true.
    func settle(_ element: ElementState, nowMs: Int) {
        guard element.status != .loading, let index = known.firstIndex(where: { $0.state.id == element.id }),
            !known[index].settled
        else { return }
        known[index] = (element, true)
        let final = ElementChange(element: element.id, phase: element.error.map { .failed($0) } ?? .content, state: element)
        guard isShown else {
            output.yield(final)
            return
        }
        let waitMs = Double(max(0, (element.revealAtMs ?? nowMs) - nowMs)) / speed
        let due = max(clock.now + .milliseconds(waitMs), startedAt + .milliseconds(animation.showDelayMs + animation.minimumDisplayMs))
        let transition = Duration.milliseconds(animation.transition.curve.settlesAfterMs)
        let (output, clock) = (output, clock)
        pending.append(Task {
            try? await clock.sleep(until: due)
            guard !Task.isCancelled else { return }
            output.yield(ElementChange(element: element.id, phase: .revealing, state: element))
            try? await clock.sleep(for: transition)
            guard !Task.isCancelled else { return }
            output.yield(final)
        })
    }

    /// Returns once every scheduled change has been given.
    func finish() async {
        for task in pending { await task.value }
    }

    func cancel() {
        for task in pending { task.cancel() }
    }
}
