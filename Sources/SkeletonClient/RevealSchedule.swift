/// Turns the element states a follower hears into `ElementChange`s at the times a screen shows
/// them, as the web renderer does, on the client's clock (`Stopwatch`, from the follow's start):
/// skeletons are shown at `showDelayMs` (at once when 0); an element whose state is final is
/// revealed at its `revealAtMs` (virtual ms, at the load's speed) and not before its skeleton has
/// been up `minimumDisplayMs`, that is at `max(revealAt, showDelayMs + minimumDisplayMs)`; its
/// content or failure follows once the transition has played. An element that settles before
/// the show delay goes straight to content or failure, its skeleton never shown.
///
/// The timeout is the web renderer's rule (docs/spec.md, "The timeout rule"): an element still
/// loading `timeoutMs` of the load's time (so `timeoutMs / speed` of the clock's) and 100 ms
/// after its skeleton was shown fails with `timeout`, revealed then as any failure. It runs once
/// `startTimeout()` is called, from a transport's first failure: while the server answers, its
/// own `timeout` failure comes first.
///
/// Guarantees: nothing is shown before `showDelayMs` and everything still loading is shown from
/// it, whichever of the delay and a state comes first at that instant; each element settles
/// once, however often a state repeats it (reconnections, polls); its changes come in order.
actor RevealSchedule {
    private let animation: LayoutDocument.Animation
    private let speed: Double
    private let output: AsyncThrowingStream<ElementChange, any Error>.Continuation
    private let stopwatch: Stopwatch
    /// When the skeletons are shown, since the follow started.
    private let shownAt: Duration
    private var isShown = false
    /// The elements heard of, in order, with whether each has settled.
    private var known: [(state: ElementState, settled: Bool)] = []
    private var pending: [Task<Void, Never>] = []
    /// Fails what is still loading at the timeout, once started.
    private var timeout: Task<Void, Never>?

    init(
        animation: LayoutDocument.Animation, speed: Double, stopwatch: Stopwatch,
        output: AsyncThrowingStream<ElementChange, any Error>.Continuation
    ) {
        self.animation = animation
        self.speed = speed
        self.stopwatch = stopwatch
        self.output = output
        shownAt = .milliseconds(animation.showDelayMs)
    }

    /// A whole state: elements not heard of before show their skeleton (once shown); final ones settle.
    func begin(_ state: LoadingState) {
        showSkeletonsIfDue()
        for element in state.elements where !known.contains(where: { $0.state.id == element.id }) {
            known.append((element, false))
            if isShown { output.yield(ElementChange(element: element.id, phase: .skeleton, state: element)) }
        }
        for element in state.elements { settle(element, nowMs: state.elapsedMs) }
    }

    func showSkeletonsAfterDelay() async {
        do {
            try await stopwatch.sleep(until: shownAt)
            showSkeletonsIfDue()
        } catch {}  // cancelled: the follow ended
    }

    /// `element`'s state as of `nowMs`, the load's virtual time when it was true.
    func settle(_ element: ElementState, nowMs: Int) {
        guard element.status != .loading, let index = known.firstIndex(where: { $0.state.id == element.id }),
            !known[index].settled
        else { return }
        showSkeletonsIfDue()
        known[index] = (element, true)
        let final = ElementChange(element: element.id, phase: element.error.map { .failed($0) } ?? .content, state: element)
        guard isShown else {
            output.yield(final)
            return
        }
        let wait = Duration.milliseconds(Double(max(0, (element.revealAtMs ?? nowMs) - nowMs)) / speed)
        let revealAt = max(stopwatch.elapsed + wait, shownAt + .milliseconds(animation.minimumDisplayMs))
        let settledAt = revealAt + .milliseconds(animation.transition.curve.settlesAfterMs)
        let (output, stopwatch) = (output, stopwatch)
        pending.append(Task {
            do {
                try await stopwatch.sleep(until: revealAt)
                output.yield(ElementChange(element: element.id, phase: .revealing, state: element))
                try await stopwatch.sleep(until: settledAt)
                output.yield(final)
            } catch {}  // cancelled: the follow ended
        })
    }

    /// Shows the skeleton of every element still loading, once, from `showDelayMs` on.
    private func showSkeletonsIfDue() {
        guard !isShown, stopwatch.elapsed >= shownAt else { return }
        isShown = true
        for (state, settled) in known where !settled {
            output.yield(ElementChange(element: state.id, phase: .skeleton, state: state))
        }
    }

    /// Every element heard of has its outcome (and there is at least one).
    var isSettled: Bool { !known.isEmpty && known.allSatisfy(\.settled) }

    /// Starts the timeout, once: at `showDelayMs + timeoutMs / speed + 100 ms` of the clock,
    /// every element still loading settles as failed with `timeout`.
    func startTimeout() {
        guard timeout == nil else { return }
        let deadline = shownAt + .milliseconds(Double(animation.timeoutMs) / speed) + .milliseconds(100)
        let stopwatch = stopwatch
        timeout = Task {
            do {
                try await stopwatch.sleep(until: deadline)
                failStillLoading()
            } catch {}  // cancelled: the follow ended
        }
    }

    /// Waits for the timeout to fail what is still loading; false when there is nothing to
    /// fail (no element heard of), at once.
    func awaitTimeout() async -> Bool {
        guard !known.isEmpty else { return false }
        startTimeout()
        await timeout?.value
        return true
    }

    private func failStillLoading() {
        let error = ElementError(code: "timeout", message: "Not loaded within \(animation.timeoutMs) ms.", retryable: true)
        for (state, settled) in known where !settled {
            settle(ElementState(id: state.id, stage: state.stage, status: .failed, error: error), nowMs: 0)
        }
    }

    /// Returns once every scheduled change has been given; the timeout, not needed, is stopped.
    func finish() async {
        timeout?.cancel()
        for task in pending { await task.value }
    }

    func cancel() {
        timeout?.cancel()
        for task in pending { task.cancel() }
    }
}
