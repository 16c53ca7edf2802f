import Testing
@testable import HTTPServer

private let bools = [false, true]

/// Every transition of a connection's state machine, with no socket. The pairs (state, event) are
/// built from every case of both enums, each associated Bool both ways (`StateCase`, `EventCase`:
/// a new case does not compile until it is listed there, and then fails
/// `everyPairIsListedOnce` until the tables say what it does). Each pair is in exactly one table:
/// `transitions` (the machine moves or acts), `ignored` (the loop can report it and nothing
/// happens) or `impossible` (the loop never reports it; debug builds assert). A second table gives
/// the epoll events each state wants; walks follow each timeout from its start to its end.
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

    /// The cases of `State` without their values; `of` has no default, so a new state is a compile
    /// error here, and `values` then must give its every value.
    enum StateCase: CaseIterable {
        case idle, receiving, sending, waiting, streaming, closing, lingering, closed

        static func of(_ state: State) -> StateCase {
            switch state {
            case .idle: .idle
            case .receiving: .receiving
            case .sending: .sending
            case .waiting: .waiting
            case .streaming: .streaming
            case .closing: .closing
            case .lingering: .lingering
            case .closed: .closed
            }
        }

        var values: [State] {
            switch self {
            case .idle: [.idle]
            case .receiving: [.receiving]
            case .sending: [.sending]
            case .waiting: bools.flatMap { input in bools.map { State.waiting(hasInputWaiting: input, isOutputBackedUp: $0) } }
            case .streaming: bools.flatMap { input in bools.map { State.streaming(hasInputWaiting: input, isOutputBackedUp: $0) } }
            case .closing: bools.flatMap { graceful in bools.map { State.closing(isGraceful: graceful, isPeerHalfClosed: $0) } }
            case .lingering: [.lingering]
            case .closed: [.closed]
            }
        }
    }

    /// The cases of `Event` without their values, as `StateCase`.
    enum EventCase: CaseIterable {
        case inputProcessed, requestDeferred, streamStarted, replied, requestRejected, outputBackedUp, outputDrained
        case inputArrived, endOfStream, readHangUp, deadlinePassed, drainBegan, abandoned

        static func of(_ event: Event) -> EventCase {
            switch event {
            case .inputProcessed: .inputProcessed
            case .requestDeferred: .requestDeferred
            case .streamStarted: .streamStarted
            case .replied: .replied
            case .requestRejected: .requestRejected
            case .outputBackedUp: .outputBackedUp
            case .outputDrained: .outputDrained
            case .inputArrived: .inputArrived
            case .endOfStream: .endOfStream
            case .readHangUp: .readHangUp
            case .deadlinePassed: .deadlinePassed
            case .drainBegan: .drainBegan
            case .abandoned: .abandoned
            }
        }

        var values: [Event] {
            switch self {
            case .inputProcessed: bools.map { Event.inputProcessed(hasPartialRequest: $0) }
            case .requestDeferred: [.requestDeferred]
            case .streamStarted: [.streamStarted]
            case .replied: bools.map { Event.replied(keepAlive: $0) }
            case .requestRejected: [.requestRejected]
            case .outputBackedUp: [.outputBackedUp]
            case .outputDrained: [.outputDrained]
            case .inputArrived: [.inputArrived]
            case .endOfStream: [.endOfStream]
            case .readHangUp: [.readHangUp]
            case .deadlinePassed: [.deadlinePassed]
            case .drainBegan: bools.map { Event.drainBegan(hasPendingInput: $0) }
            case .abandoned: [.abandoned]
            }
        }
    }

    static let states: [State] = StateCase.allCases.flatMap(\.values)
    static let events: [Event] = EventCase.allCases.flatMap(\.values)

    /// The pairs where the machine moves or acts.
    static let transitions: [Row] = [
        Row(.idle, .inputProcessed(hasPartialRequest: true), .receiving, .setDeadline(.header)),
        Row(.idle, .inputProcessed(hasPartialRequest: false), .idle, .setDeadline(.idle)),
        Row(.idle, .requestDeferred, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .clearDeadline),
        Row(.idle, .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.idle, .requestRejected, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.idle, .outputBackedUp, .sending, .setDeadline(.idle)),
        Row(.idle, .endOfStream, .closed, .close),
        Row(.idle, .readHangUp, .closed, .close),
        Row(.idle, .deadlinePassed, .closed, .close),
        Row(.idle, .drainBegan(hasPendingInput: false), .closed, .close),
        Row(.idle, .abandoned, .closed, .close),
        Row(.receiving, .inputProcessed(hasPartialRequest: false), .idle, .setDeadline(.idle)),
        Row(.receiving, .requestDeferred, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .clearDeadline),
        Row(.receiving, .replied(keepAlive: true), .idle, .none),
        Row(.receiving, .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.receiving, .requestRejected, .closing(isGraceful: true, isPeerHalfClosed: false), .none),
        Row(.receiving, .outputBackedUp, .sending, .setDeadline(.idle)),
        Row(.receiving, .endOfStream, .closed, .close),
        Row(.receiving, .readHangUp, .closed, .close),
        Row(.receiving, .deadlinePassed, .closing(isGraceful: true, isPeerHalfClosed: false), .sendRequestTimeout),
        Row(.receiving, .abandoned, .closed, .close),
        Row(.sending, .outputBackedUp, .sending, .setDeadline(.idle)),
        Row(.sending, .outputDrained, .idle, .dispatchBuffered),
        Row(.sending, .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.sending, .readHangUp, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.sending, .deadlinePassed, .closed, .close),
        Row(.sending, .abandoned, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .streamStarted, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .outputBackedUp, .waiting(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .inputArrived, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: false), .abandoned, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .streamStarted, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .outputDrained, .waiting(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .inputArrived, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: false, isOutputBackedUp: true), .abandoned, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .streamStarted, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .outputBackedUp, .waiting(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: false), .abandoned, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .streamStarted, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .outputDrained, .waiting(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .waiting(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.waiting(hasInputWaiting: true, isOutputBackedUp: true), .abandoned, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .outputBackedUp, .streaming(hasInputWaiting: false, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .inputArrived, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: false, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: false), .abandoned, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .outputDrained, .streaming(hasInputWaiting: false, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .inputArrived, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: false, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: false, isOutputBackedUp: true), .abandoned, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: true), .idle, .dispatchBuffered),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .outputBackedUp, .streaming(hasInputWaiting: true, isOutputBackedUp: true), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: true, isOutputBackedUp: false), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: false), .abandoned, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: true), .sending, .setDeadline(.idle)),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .replied(keepAlive: false), .closing(isGraceful: false, isPeerHalfClosed: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .outputDrained, .streaming(hasInputWaiting: true, isOutputBackedUp: false), .none),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .endOfStream, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .readHangUp, .closed, .close),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: true), .streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainBegan(hasPendingInput: false), .streaming(hasInputWaiting: true, isOutputBackedUp: true), .drainExchange),
        Row(.streaming(hasInputWaiting: true, isOutputBackedUp: true), .abandoned, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .outputBackedUp, .closing(isGraceful: false, isPeerHalfClosed: false), .setDeadline(.idle)),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .outputDrained, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .readHangUp, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: false), .abandoned, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .outputBackedUp, .closing(isGraceful: false, isPeerHalfClosed: true), .setDeadline(.idle)),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .outputDrained, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: false, isPeerHalfClosed: true), .abandoned, .closed, .close),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .outputBackedUp, .closing(isGraceful: true, isPeerHalfClosed: false), .setDeadline(.idle)),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .outputDrained, .lingering, .shutDownWriting),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .readHangUp, .closing(isGraceful: true, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: true, isPeerHalfClosed: false), .abandoned, .closed, .close),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .outputBackedUp, .closing(isGraceful: true, isPeerHalfClosed: true), .setDeadline(.idle)),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .outputDrained, .lingering, .shutDownWriting),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .endOfStream, .closing(isGraceful: false, isPeerHalfClosed: true), .none),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .deadlinePassed, .closed, .close),
        Row(.closing(isGraceful: true, isPeerHalfClosed: true), .abandoned, .closed, .close),
        Row(.lingering, .endOfStream, .closed, .close),
        Row(.lingering, .readHangUp, .closed, .close),
        Row(.lingering, .deadlinePassed, .closed, .close),
        Row(.lingering, .abandoned, .closed, .close),
    ]

    /// The pairs the loop can report that change nothing: no move, no action.
    static let ignored: [Row] = [
        nothing(.idle, [.replied(keepAlive: true), .outputDrained, .inputArrived, .drainBegan(hasPendingInput: true)]),
        nothing(.receiving, [.inputProcessed(hasPartialRequest: true), .outputDrained, .inputArrived, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.sending, [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .inputArrived, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.waiting(hasInputWaiting: false, isOutputBackedUp: false), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputDrained]),
        nothing(.waiting(hasInputWaiting: false, isOutputBackedUp: true), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputBackedUp]),
        nothing(.waiting(hasInputWaiting: true, isOutputBackedUp: false), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputDrained, .inputArrived]),
        nothing(.waiting(hasInputWaiting: true, isOutputBackedUp: true), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputBackedUp, .inputArrived]),
        nothing(.streaming(hasInputWaiting: false, isOutputBackedUp: false), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputDrained]),
        nothing(.streaming(hasInputWaiting: false, isOutputBackedUp: true), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputBackedUp]),
        nothing(.streaming(hasInputWaiting: true, isOutputBackedUp: false), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputDrained, .inputArrived]),
        nothing(.streaming(hasInputWaiting: true, isOutputBackedUp: true), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputBackedUp, .inputArrived]),
        nothing(.closing(isGraceful: false, isPeerHalfClosed: false), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .inputArrived, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.closing(isGraceful: false, isPeerHalfClosed: true), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .inputArrived, .endOfStream, .readHangUp, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.closing(isGraceful: true, isPeerHalfClosed: false), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .inputArrived, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.closing(isGraceful: true, isPeerHalfClosed: true), [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .inputArrived, .readHangUp, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.lingering, [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputBackedUp, .outputDrained, .inputArrived, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false)]),
        nothing(.closed, [.inputProcessed(hasPartialRequest: true), .inputProcessed(hasPartialRequest: false), .outputBackedUp, .outputDrained, .inputArrived, .endOfStream, .readHangUp, .deadlinePassed, .drainBegan(hasPendingInput: true), .drainBegan(hasPendingInput: false), .abandoned]),
    ].flatMap { $0 }

    /// The pairs the loop never reports (`ConnectionStateMachine.canHappen` is false): requests
    /// are dispatched only in `idle` and `receiving`, a stream starts only from `waiting`, a reply
    /// comes only in `idle`, `receiving`, `waiting` or `streaming`, and no deadline runs while a
    /// reply is pending. Debug builds assert on them, so they are not run here.
    static let impossible: [(State, Event)] = [
        never(.idle, [.streamStarted]),
        never(.receiving, [.streamStarted]),
        never(.sending, [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
        never(.waiting(hasInputWaiting: false, isOutputBackedUp: false), [.requestDeferred, .requestRejected, .deadlinePassed]),
        never(.waiting(hasInputWaiting: false, isOutputBackedUp: true), [.requestDeferred, .requestRejected, .deadlinePassed]),
        never(.waiting(hasInputWaiting: true, isOutputBackedUp: false), [.requestDeferred, .requestRejected, .deadlinePassed]),
        never(.waiting(hasInputWaiting: true, isOutputBackedUp: true), [.requestDeferred, .requestRejected, .deadlinePassed]),
        never(.streaming(hasInputWaiting: false, isOutputBackedUp: false), [.requestDeferred, .streamStarted, .requestRejected, .deadlinePassed]),
        never(.streaming(hasInputWaiting: false, isOutputBackedUp: true), [.requestDeferred, .streamStarted, .requestRejected, .deadlinePassed]),
        never(.streaming(hasInputWaiting: true, isOutputBackedUp: false), [.requestDeferred, .streamStarted, .requestRejected, .deadlinePassed]),
        never(.streaming(hasInputWaiting: true, isOutputBackedUp: true), [.requestDeferred, .streamStarted, .requestRejected, .deadlinePassed]),
        never(.closing(isGraceful: false, isPeerHalfClosed: false), [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
        never(.closing(isGraceful: false, isPeerHalfClosed: true), [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
        never(.closing(isGraceful: true, isPeerHalfClosed: false), [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
        never(.closing(isGraceful: true, isPeerHalfClosed: true), [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
        never(.lingering, [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
        never(.closed, [.requestDeferred, .streamStarted, .replied(keepAlive: true), .replied(keepAlive: false), .requestRejected]),
    ].flatMap { $0 }

    static func nothing(_ state: State, _ events: [Event]) -> [Row] {
        events.map { Row(state, $0, state, .none) }
    }

    static func never(_ state: State, _ events: [Event]) -> [(State, Event)] {
        events.map { (state, $0) }
    }

    @Test func everyCaseHasItsValues() {
        #expect(Set(Self.states.map(StateCase.of)) == Set(StateCase.allCases))
        #expect(Set(Self.events.map(EventCase.of)) == Set(EventCase.allCases))
        #expect(Self.states.count == Set(Self.states).count && Self.events.count == Set(Self.events).count)
    }

    @Test func everyPairIsListedOnce() {
        let listed = (Self.transitions + Self.ignored).map { [AnyHashable($0.state), AnyHashable($0.event)] }
            + Self.impossible.map { [AnyHashable($0.0), AnyHashable($0.1)] }
        let expected = Self.states.flatMap { state in Self.events.map { [AnyHashable(state), AnyHashable($0)] } }
        #expect(listed.count == Set(listed).count, "a pair is listed twice")
        #expect(Set(listed) == Set(expected), "a pair is missing or unknown")
    }

    @Test func theImpossiblePairsAreTheOnesTheMachineAssertsOn() {
        for (state, event) in Self.impossible {
            #expect(!ConnectionStateMachine.canHappen(event, in: state), "\(state) + \(event)")
        }
        for row in Self.transitions + Self.ignored {
            #expect(ConnectionStateMachine.canHappen(row.event, in: row.state), "\(row.state) + \(row.event)")
        }
    }

    @Test(arguments: transitions) func transition(_ row: Row) {
        var machine = ConnectionStateMachine(state: row.state)
        #expect(machine.handle(row.event) == row.action)
        #expect(machine.state == row.next)
        #expect(row.next != row.state || row.action != .none, "a row that changes nothing belongs in `ignored`")
    }

    @Test(arguments: ignored) func ignoredPair(_ row: Row) {
        var machine = ConnectionStateMachine(state: row.state)
        #expect(machine.handle(row.event) == .none)
        #expect(machine.state == row.state)
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

    /// Reports each event in turn from `start`, expecting each action and state.
    private func walk(from start: State = .idle, _ steps: [(Event, Action, State)]) {
        var machine = ConnectionStateMachine(state: start)
        for (index, (event, action, state)) in steps.enumerated() {
            #expect(machine.handle(event) == action, "step \(index): \(event)")
            #expect(machine.state == state, "step \(index): \(event)")
        }
    }

    /// The header timeout runs from a request's first byte, is not restarted by more of it, and
    /// ends in a 408 closed gracefully: writing shut down, then the linger timeout closes.
    @Test func theHeaderTimeoutFromFirstByteTo408AndLinger() {
        walk([
            (.inputProcessed(hasPartialRequest: true), .setDeadline(.header), .receiving),
            (.inputProcessed(hasPartialRequest: true), .none, .receiving),
            (.deadlinePassed, .sendRequestTimeout, .closing(isGraceful: true, isPeerHalfClosed: false)),
            (.outputDrained, .shutDownWriting, .lingering),
            (.inputProcessed(hasPartialRequest: false), .none, .lingering),
            (.deadlinePassed, .close, .closed),
        ])
    }

    /// The idle timeout runs between requests and from the last progress of backed-up output;
    /// a pending reply has no deadline, and its end starts the idle timeout again.
    @Test func theIdleTimeoutBetweenRequestsAndWhileOutputIsBackedUp() {
        walk([
            (.inputProcessed(hasPartialRequest: false), .setDeadline(.idle), .idle),
            (.requestDeferred, .clearDeadline, .waiting(hasInputWaiting: false, isOutputBackedUp: false)),
            (.outputBackedUp, .none, .waiting(hasInputWaiting: false, isOutputBackedUp: true)),
            (.replied(keepAlive: true), .setDeadline(.idle), .sending),
            (.outputBackedUp, .setDeadline(.idle), .sending),
            (.deadlinePassed, .close, .closed),
        ])
        walk([(.deadlinePassed, .close, .closed)])  // accepted, nothing sent: the first deadline
    }

    /// Lingering after an error response ends at the peer's end of stream before its timeout.
    @Test func lingeringEndsAtThePeersEndOfStream() {
        walk([
            (.requestRejected, .none, .closing(isGraceful: true, isPeerHalfClosed: false)),
            (.outputBackedUp, .setDeadline(.idle), .closing(isGraceful: true, isPeerHalfClosed: false)),
            (.outputDrained, .shutDownWriting, .lingering),
            (.endOfStream, .close, .closed),
        ])
    }

    /// A drain closes an idle connection with nothing received at once, tells a pending reply,
    /// whose response then closes, and the grace period's end abandons what is left.
    @Test func aDrainClosesAtTheNextResponseOrTheGracePeriodsEnd() {
        walk([(.drainBegan(hasPendingInput: false), .close, .closed)])
        walk([
            (.drainBegan(hasPendingInput: true), .none, .idle),
            (.replied(keepAlive: false), .none, .closing(isGraceful: false, isPeerHalfClosed: false)),
            (.outputDrained, .close, .closed),
        ])
        walk(from: .waiting(hasInputWaiting: false, isOutputBackedUp: false), [
            (.drainBegan(hasPendingInput: true), .drainExchange, .waiting(hasInputWaiting: false, isOutputBackedUp: false)),
            (.streamStarted, .none, .streaming(hasInputWaiting: false, isOutputBackedUp: false)),
            (.abandoned, .close, .closed),
        ])
    }
}
