import SkeletonDomain

/// One element's stage in one load, as `LoadingSessions` resolves it: how the stage ends and
/// when (virtual ms of the load), and when it started, which is what `fault=dribble` spreads a
/// body over. A few words, which a held `/data` request keeps until its time.
struct ElementLoad {
    let token: SessionToken
    /// The stage's id.
    let stage: String
    let outcome: Schedule.Outcome
    /// When the stage started: its anchor's end where it counts from one in this load's
    /// scenario, else 0, the start of the load.
    let stageStartMs: Int

    /// When the stage ends, on the wall clock (Unix epoch ms).
    var dueEpochMs: Int64 { token.epochMs(atElapsedMs: outcome.atMs) }
}
