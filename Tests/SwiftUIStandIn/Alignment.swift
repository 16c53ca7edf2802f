/// Where a view sits within the space given it.
public struct Alignment: Equatable, Sendable {
    private let name: String
    public init() { name = "center" }
    private init(_ name: String) { self.name = name }
    public static let center = Alignment()
    public static let top = Alignment("top")
    public static let topLeading = Alignment("topLeading")
}
