/// Everything a client may choose about one layout document (docs/spec.md §2, `GET /layouts/{screen}`).
/// Each combination of a screen and options has exactly one encoded document.
public struct LayoutOptions: Hashable, Sendable {
    public var theme: Theme
    public var motion: Motion
    /// `"default"` or another of the screen's `variants`.
    public var variant: String
    public var direction: Direction
    /// Repeats written out as their copies, each copy's ids suffixed `[i]`.
    public var expand: Bool

    public init(
        theme: Theme = .light, motion: Motion = .full, variant: String = "default",
        direction: Direction = .ltr, expand: Bool = false
    ) {
        self.theme = theme
        self.motion = motion
        self.variant = variant
        self.direction = direction
        self.expand = expand
    }
}

/// Whether skeletons animate: `reduced` (Reduce Motion) stills every shimmer and drops the
/// scaling from transitions, leaving opacity fades.
public enum Motion: String, CaseIterable, Sendable {
    case full
    case reduced
}

/// The reading direction: `rtl` mirrors the shimmer's sweep; trees need no mirroring.
public enum Direction: String, CaseIterable, Sendable {
    case ltr
    case rtl
}
