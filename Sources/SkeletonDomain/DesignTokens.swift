/// The finance app's `AppSpacing` scale (seeds 000 and 001). The seeds name the steps but give no
/// values: these are assumed, and every document says so in `assumptions`.
enum Spacing {
    static let xs = 4.0
    static let sm = 8.0
    static let md = 12.0
    static let lg = 16.0
    static let xl = 24.0
    static let xxl = 32.0
    static let xxxl = 48.0

    /// In the order the document's `tokens.spacing` lists them.
    static let named: [(name: String, value: Double)] = [
        ("xs", xs), ("sm", sm), ("md", md), ("lg", lg), ("xl", xl), ("xxl", xxl), ("xxxl", xxxl),
    ]
}

/// The finance app's `AppRadius` scale: named by seed 000, value assumed like `Spacing`'s.
enum Radius {
    static let md = 12.0

    static let named: [(name: String, value: Double)] = [("md", md)]
}
