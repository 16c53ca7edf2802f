extension Schedule {
    /// A schedule in a few words: how each stage ended and when, one `Int` per stage. With the
    /// screen it was drawn for, it gives back every element's state. What a live event stream
    /// keeps for its life instead of the schedule (its strings, arrays and encoded objects), so
    /// that a stream of a seed of its own costs a small array, not kilobytes.
    public struct Outcomes: Sendable {
        /// Per stage, in the screen's `stages` order: its final time shifted left by 2, or'ed
        /// with how it ended (`Ending`).
        private let packed: [Int]

        private enum Ending: Int {
            case ready, timedOut, erred
        }

        public init(_ schedule: Schedule) {
            packed = schedule.stages.map { stage in
                switch stage.status {
                case .loading: preconditionFailure("a schedule's stages are final")
                case .ready(let atMs): atMs << 2 | Ending.ready.rawValue
                case .failed(let atMs, let failure): atMs << 2 | (failure.code == .timeout ? Ending.timedOut : .erred).rawValue
                }
            }
        }

        /// The element states of the schedule, as `Schedule.elements`; `screen` is the one it was drawn for.
        public func elementStates(of screen: Screen) -> [ElementState] {
            let stageStatuses = zip(screen.stages, packed).map { stage, word -> Status in
                let atMs = word >> 2
                switch Ending(rawValue: word & 3)! {
                case .ready: return .ready(atMs: atMs)
                case .timedOut: return .timedOut(stage.id, timeoutMs: atMs)
                case .erred: return .erred(stage.id, atMs: atMs)
                }
            }
            return Schedule.elementStates(of: screen, stageStatuses: stageStatuses)
        }
    }
}
