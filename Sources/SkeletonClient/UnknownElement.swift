/// An element a layout document does not have: the one asked for, and those it has, in the
/// document's order.
public struct UnknownElement: Error, Sendable, Equatable, CustomStringConvertible {
    public let element: String
    public let screen: String
    public let elements: [String]

    public var description: String {
        "screen \(screen) has no element \(element); its elements: \(elements.joined(separator: ", "))"
    }
}
