extension Screen {
    /// What every seed screen assumes beyond its seeds.
    static let seedAssumptions = [
        "spacing tokens xs, sm, md, lg, xl, xxl, xxxl (4, 8, 12, 16, 24, 32, 48) and radius md (12) are assumed: the finance seeds name AppSpacing and AppRadius but give no values, and the finance trees' spacings and paddings use them",
        "showDelayMs 0: no seed delays showing a skeleton",
        "accessibility labels are assumed wording: seed 002 asks only that VoiceOver announce the loading state and that skeletons not be focusable",
    ]
}
