import HTTPServer
import SkeletonDomain

extension Response {
    /// A state document of `GET /loading-state` (docs/spec.md §5), answered at once or at the end
    /// of a long poll: never stored, since the next request may see a later state.
    static func loadingState(_ state: ScheduleSnapshot, session: String?) -> Response {
        .json(state.document(session: session), headers: CachePolicy.neverStored.headers)
    }
}
