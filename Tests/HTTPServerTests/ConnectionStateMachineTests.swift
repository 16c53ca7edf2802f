import Testing
@testable import HTTPServer

/// Every transition of a connection's state machine, with no socket: a table of (state, event) ->
/// (next state, action) with a row for each of the 17 states and 16 events, 272 rows, the ones the
/// loop never reports in a state included (the machine ignores them). A second table gives the
/// epoll events each state wants.
@Suite struct ConnectionStateMachineTests {
    typealias State = ConnectionStateMachine.State
    typealias Event = ConnectionStateMachine.Event
    typealias Action = ConnectionStateMachine.Action

    struct Row: Sendable, CustomTestStringConvertible {
        let state: State
        let event: Event
        let next: State
        let action: Action

        init(_ state: State, _ event: Event, _ next: State, _ action: Action) {
            self.state = state
            self.event = event
            self.next = next
            self.action = action
        }

        var testDescription: String { "\(state) + \(event) -> \(next), \(action)" }
    }

    static let states: [State] = [.idle, .receiving, .sending]
        + [false, true].flatMap { input in [false, true].map { output in State.waiting(hasInputWaiting: input, isOutputBackedUp: output) } }
        + [false, true].flatMap { input in [false, true].map { output in State.streaming(hasInputWaiting: input, isOutputBackedUp: output) } }
        + [false, true].flatMap { graceful in [false, true].map { halfClosed in State.closing(isGraceful: graceful, isPeerHalfClosed: halfClosed) } }
        + [.lingering, .closed]

    static let events: [Event] = [
        .inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .requestDeferred, .streamStarted,
        .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected, .outputBackedUp, .outputDrained,
        .inputArrived, .endOfStream, .readHangUp, .deadlinePassed,
        .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false), .abandoned,
    ]

    static let transitions: [Row] = [
        Row(.idle, .inputProcessed(hasPartialRequest: true), .receiving, .setDeadline(.header)),
        Row(.idle, .inputProcessed(hasPartialRequest: false), .idle, .setDeadline(.idle)),
        Row(.idle, .requestDeferred, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .clearDeadline),
        Row(.idle, .streamStarted, .idle, .none),
        Row(.idle, .replied(keepAlive: true), .idle, .none),
        Row(.idle, .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.idle, .requestRejected, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.idle, .outputBackedUp, .sending, .setDeadline(.idle)),
        Row(.idle, .outputDrained, .idle, .none),
        Row(.idle, .inputArrived, .idle, .none),
        Row(.idle, .endOfStream, .closed, .close),
        Row(.idle, .readHangUp, .closed, .close),
        Row(.idle, .deadlinePassed, .closed, .close),
        Row(.idle, .drainBegan(hasPendingInput: true), .idle, .none),
        Row(.idle, .drainBegan(hasPendingInput: false), .closed, .close),
        Row(.idle, .abandoned, .closed, .close),

        Row(.receiving, .inputProcessed(hasPartialRequest: true), .receiving, .none),
        Row(.receiving, .inputProcessed(hasPartialRequest: false), .idle, .setDeadline(.idle)),
        Row(.receiving, .requestDeferred, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .clearDeadline),
        Row(.receiving, .streamStarted, .receiving, .none),
        Row(.receiving, .replied(keepAlive: true), .idle, .none),
        Row(.receiving, .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.receiving, .requestRejected, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.receiving, .outputBackedUp, .sending, .setDeadline(.idle)),
        Row(.receiving, .outputDrained, .receiving, .none),
        Row(.receiving, .inputArrived, .receiving, .none),
        Row(.receiving, .endOfStream, .closed, .close),
        Row(.receiving, .readHangUp, .closed, .close),
        Row(.receiving, .deadlinePassed, .closing(isGraceful: true, isPeerHalfClosed: false), .sendRequestTimeout),
        Row(.receiving, .drainBegan(hasPendingInput: true), .receiving, .none),
        Row(.receiving, .drainBegan(hasPendingInput: false), .receiving, .none),
        Row(.receiving, .abandoned, .closed, .close),

        Row(.sending, .inputProcessed(hasPartialRequest: true), .sending, .none),
        Row(.sending, .inputProcessed(hasPartialRequest: false), .sending, .none),
        Row(.sending, .requestDeferred, .sending, .none),
        Row(.sending, .streamStarted, .sending, .none),
        Row(.sending, .replied(keepAlive: true), .sending, .none),
        Row(.sending, .replied(keepAlive: false), .sending, .none),
        Row(.sending, .requestRejected, .sending, .none),
        Row(.sending, .outputBackedUp, .sending, .setDeadline(.idle)),
        Row(.sending, .outputDrained, .idle, .dispatchBuffered),
        Row(.sending, .inputArrived, .sending, .none),
        Row(.sending, .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.sending, .readHangUp, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.sending, .deadlinePassed, .closed, .close),
        Row(.sending, .drainBegan(hasPendingInput: true), .sending, .none),
        Row(.sending, .drainBegan(hasPendingInput: false), .sending, .none),
        Row(.sending, .abandoned, .closed, .close),

        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: true), .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: false), .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .requestDeferred, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .streamStarted, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .requestRejected, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .outputBackedUp, .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .outputDrained, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .inputArrived, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .deadlinePassed, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .abandoned, .closed, .close),

        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: true), .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: false), .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .requestDeferred, .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .streamStarted, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .requestRejected, .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .outputBackedUp, .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .outputDrained, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .inputArrived, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .deadlinePassed, .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .abandoned, .closed, .close),

        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: true), .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: false), .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .requestDeferred, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .streamStarted, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .requestRejected, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .outputBackedUp, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .outputDrained, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .inputArrived, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .deadlinePassed, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .abandoned, .closed, .close),

        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: true), .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: false), .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .requestDeferred, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .streamStarted, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .requestRejected, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .outputBackedUp, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .outputDrained, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .inputArrived, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .deadlinePassed, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .abandoned, .closed, .close),

        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: true), .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: false), .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .requestDeferred, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .streamStarted, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .requestRejected, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .outputBackedUp, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .outputDrained, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .inputArrived, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .deadlinePassed, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .abandoned, .closed, .close),

        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: true), .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: false), .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .requestDeferred, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .streamStarted, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .requestRejected, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .outputBackedUp, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .outputDrained, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .inputArrived, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .deadlinePassed, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .abandoned, .closed, .close),

        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: true), .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .inputProcessed(hasPartialRequest: false), .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .requestDeferred, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .streamStarted, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .requestRejected, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .outputBackedUp, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .outputDrained, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .inputArrived, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .deadlinePassed, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .abandoned, .closed, .close),

        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: true), .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .inputProcessed(hasPartialRequest: false), .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .requestDeferred, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .streamStarted, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .requestRejected, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .outputBackedUp, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .outputDrained, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .inputArrived, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .deadlinePassed, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .abandoned, .closed, .close),

        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .inputProcessed(hasPartialRequest: true), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .inputProcessed(hasPartialRequest: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .requestDeferred, .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .streamStarted, .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .replied(keepAlive: true), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .requestRejected, .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .outputBackedUp, .closing(isGraceful: false, isPeerHalfClosed: false), .setDeadline(.idle)),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .outputDrained, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .inputArrived, .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .readHangUp, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .drainBegan(hasPendingInput: true), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .drainBegan(hasPendingInput: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .abandoned, .closed, .close),

        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .inputProcessed(hasPartialRequest: true), .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .inputProcessed(hasPartialRequest: false), .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .requestDeferred, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .streamStarted, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .replied(keepAlive: true), .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .requestRejected, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .outputBackedUp, .closing(isGraceful: false, isPeerHalfClosed: true), .setDeadline(.idle)),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .outputDrained, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .inputArrived, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .readHangUp, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .drainBegan(hasPendingInput: true), .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .drainBegan(hasPendingInput: false), .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .abandoned, .closed, .close),

        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .inputProcessed(hasPartialRequest: true), .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .inputProcessed(hasPartialRequest: false), .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .requestDeferred, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .streamStarted, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .replied(keepAlive: true), .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .replied(keepAlive: false), .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .requestRejected, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .outputBackedUp, .closing(isGraceful: true, isPeerHalfClosed: false), .setDeadline(.idle)),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .outputDrained, .lingering, .shutDownWriting),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .inputArrived, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .readHangUp, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .drainBegan(hasPendingInput: true), .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .drainBegan(hasPendingInput: false), .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .abandoned, .closed, .close),

        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .inputProcessed(hasPartialRequest: true), .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .inputProcessed(hasPartialRequest: false), .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .requestDeferred, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .streamStarted, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .replied(keepAlive: true), .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .replied(keepAlive: false), .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .requestRejected, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .outputBackedUp, .closing(isGraceful: true, isPeerHalfClosed: true), .setDeadline(.idle)),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .outputDrained, .lingering, .shutDownWriting),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .inputArrived, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .readHangUp, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .drainBegan(hasPendingInput: true), .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .drainBegan(hasPendingInput: false), .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .abandoned, .closed, .close),

        Row(.lingering, .inputProcessed(hasPartialRequest: true), .lingering, .none),
        Row(.lingering, .inputProcessed(hasPartialRequest: false), .lingering, .none),
        Row(.lingering, .requestDeferred, .lingering, .none),
        Row(.lingering, .streamStarted, .lingering, .none),
        Row(.lingering, .replied(keepAlive: true), .lingering, .none),
        Row(.lingering, .replied(keepAlive: false), .lingering, .none),
        Row(.lingering, .requestRejected, .lingering, .none),
        Row(.lingering, .outputBackedUp, .lingering, .none),
        Row(.lingering, .outputDrained, .lingering, .none),
        Row(.lingering, .inputArrived, .lingering, .none),
        Row(.lingering, .endOfStream, .closed, .close),
        Row(.lingering, .readHangUp, .closed, .close),
        Row(.lingering, .deadlinePassed, .closed, .close),
        Row(.lingering, .drainBegan(hasPendingInput: true), .lingering, .none),
        Row(.lingering, .drainBegan(hasPendingInput: false), .lingering, .none),
        Row(.lingering, .abandoned, .closed, .close),

        Row(.closed, .inputProcessed(hasPartialRequest: true), .closed, .none),
        Row(.closed, .inputProcessed(hasPartialRequest: false), .closed, .none),
        Row(.closed, .requestDeferred, .closed, .none),
        Row(.closed, .streamStarted, .closed, .none),
        Row(.closed, .replied(keepAlive: true), .closed, .none),
        Row(.closed, .replied(keepAlive: false), .closed, .none),
        Row(.closed, .requestRejected, .closed, .none),
        Row(.closed, .outputBackedUp, .closed, .none),
        Row(.closed, .outputDrained, .closed, .none),
        Row(.closed, .inputArrived, .closed, .none),
        Row(.closed, .endOfStream, .closed, .none),
        Row(.closed, .readHangUp, .closed, .none),
        Row(.closed, .deadlinePassed, .closed, .none),
        Row(.closed, .drainBegan(hasPendingInput: true), .closed, .none),
        Row(.closed, .drainBegan(hasPendingInput: false), .closed, .none),
        Row(.closed, .abandoned, .closed, .none),
    ]

    @Test func theTableHasOneRowForEveryStateAndEvent() {
        #expect(Self.states.count == 17 && Self.events.count == 16)
        let pairs = Self.transitions.map { [AnyHashable($0.state), AnyHashable($0.event)] }
        #expect(Set(pairs).count == Self.transitions.count, "a pair has two rows")
        let expected = Self.states.flatMap { state in Self.events.map { [AnyHashable(state), AnyHashable($0)] } }
        #expect(Set(pairs) == Set(expected))
        #expect(Self.transitions.count == 272)
    }

    @Test(arguments: transitions) func transition(_ row: Row) {
        var machine = ConnectionStateMachine(state: row.state)
        #expect(machine.handle(row.event) == row.action)
        #expect(machine.state == row.next)
    }

    @Test func aNewConnectionIsIdle() {
        #expect(ConnectionStateMachine().state == .idle)
    }

    /// Input while a request may come or a lingering peer still sends; output while it is backed
    /// up or the last response waits; the peer's half-close until it has come.
    static let interests: [(State, ConnectionStateMachine.Interest)] = [
        (.idle, [.input, .hangUp]),
        (.receiving, [.input, .hangUp]),
        (.sending, [.output, .hangUp]),
        (.waiting(hasInputWaiting: false, isOutputBackedUp: false), [.input, .hangUp]),
        (.waiting(hasInputWaiting: false, isOutputBackedUp: true), [.input, .output, .hangUp]),
        (.waiting(hasInputWaiting: true, isOutputBackedUp: false), [.hangUp]),
        (.waiting(hasInputWaiting: true, isOutputBackedUp: true), [.output, .hangUp]),
        (.streaming(hasInputWaiting: false, isOutputBackedUp: false), [.input, .hangUp]),
        (.streaming(hasInputWaiting: false, isOutputBackedUp: true), [.input, .output, .hangUp]),
        (.streaming(hasInputWaiting: true, isOutputBackedUp: false), [.hangUp]),
        (.streaming(hasInputWaiting: true, isOutputBackedUp: true), [.output, .hangUp]),
        (.closing(isGraceful: false, isPeerHalfClosed: false), [.output, .hangUp]),
        (.closing(isGraceful: false, isPeerHalfClosed: true), [.output]),
        (.closing(isGraceful: true, isPeerHalfClosed: false), [.output, .hangUp]),
        (.closing(isGraceful: true, isPeerHalfClosed: true), [.output]),
        (.lingering, [.input, .hangUp]),
        (.closed, []),
    ]

    @Test func theInterestTableHasEveryState() {
        #expect(Set(Self.interests.map(\.0)) == Set(Self.states))
    }

    @Test(arguments: interests)
    func interest(_ state: State, _ interest: ConnectionStateMachine.Interest) {
        #expect(ConnectionStateMachine(state: state).interest == interest)
    }

    /// Requests are read and dispatched only between replies with nothing backed up; a lingering
    /// connection reads to drop; buffered bytes are kept while more requests will be answered.
    @Test func whatEachStateReadsAndKeeps() {
        for state in Self.states {
            let machine = ConnectionStateMachine(state: state)
            let isBetweenReplies = state == .idle || state == .receiving
            #expect(machine.acceptsRequests == isBetweenReplies, "\(state)")
            #expect(machine.readsInput == (isBetweenReplies || state == .lingering), "\(state)")
            switch state {
            case .closing:
                #expect(!machine.answersMoreRequests && machine.isSendingLastResponse, "\(state)")
            case .lingering, .closed:
                #expect(!machine.answersMoreRequests && !machine.isSendingLastResponse, "\(state)")
            default:
                #expect(machine.answersMoreRequests && !machine.isSendingLastResponse, "\(state)")
            }
        }
    }

    /// A keep-alive connection's ordinary life: a request in two reads, its response backed up, a
    /// long poll, a stream, and the close after a `Connection: close` response.
    @Test func aConnectionsLifeThroughItsEvents() {
        var machine = ConnectionStateMachine()
        let life: [(Event, Action, State)] = [
            (.inputProcessed(hasPartialRequest: true), .setDeadline(.header), .receiving),
            (.inputProcessed(hasPartialRequest: true), .none, .receiving),
            (.replied(keepAlive: true), .none, .idle),
            (.outputBackedUp, .setDeadline(.idle), .sending),
            (.outputBackedUp, .setDeadline(.idle), .sending),
            (.outputDrained, .dispatchBuffered, .idle),
            (.inputProcessed(hasPartialRequest: false), .setDeadline(.idle), .idle),
            (.requestDeferred, .clearDeadline, .waiting(hasInputWaiting: false, isOutputBackedUp: false)),
            (.inputArrived, .none, .waiting(hasInputWaiting: true, isOutputBackedUp: false)),
            (.replied(keepAlive: true), .dispatchBuffered, .idle),
            (.requestDeferred, .clearDeadline, .waiting(hasInputWaiting: false, isOutputBackedUp: false)),
            (.streamStarted, .none, .streaming(hasInputWaiting: false, isOutputBackedUp: false)),
            (.outputBackedUp, .none, .streaming(hasInputWaiting: false, isOutputBackedUp: true)),
            (.outputDrained, .none, .streaming(hasInputWaiting: false, isOutputBackedUp: false)),
            (.replied(keepAlive: false), .none, .closing(isGraceful: false, isPeerHalfClosed: false)),
            (.outputDrained, .close, .closed),
        ]
        for (event, action, state) in life {
            #expect(machine.handle(event) == action, "\(event)")
            #expect(machine.state == state, "\(event)")
        }
    }
}
