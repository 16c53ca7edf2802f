/// The version of the formats of every JSON document the service writes: layout, frames, theme,
/// scenario, loading-state, timeline, event and index documents, and problems. Each carries it
/// as its first member, `formatVersion`.
///
/// The rule (docs/http-api.md, "Compatibility"): within one version, members and enum values may
/// be added and descriptions may change, but no member is removed, renamed or given another
/// meaning or type; clients ignore members they do not know. Anything else is a new version, and
/// a client that meets a higher one than it reads stops rather than guess.
///
/// Version 2 writes a block's `width` as a tagged object (`{"kind": "points", "points": 120}`,
/// `{"kind": "fill"}`) where version 1 wrote a number or `"fill"`; nothing else changed.
public enum DocumentFormat {
    public static let version = 2
}
