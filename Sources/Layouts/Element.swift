/// A part of a screen that loads on its own: the tree node with this `id` shows its skeleton
/// until `stage` is ready.
public struct Element: Sendable, Equatable {
    public let id: String
    public let stage: String
    /// What assistive technology announces while the element loads.
    public let accessibilityLabel: String
    /// The sample data the element shows once loaded, as compact JSON; nil when none is given.
    public let content: [UInt8]?

    public init(id: String, stage: String, accessibilityLabel: String, content: [UInt8]? = nil) {
        self.id = id
        self.stage = stage
        self.accessibilityLabel = accessibilityLabel
        self.content = content
    }
}
