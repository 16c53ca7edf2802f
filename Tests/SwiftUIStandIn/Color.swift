import Foundation

/// SwiftUI's `Color`, kept as its sRGB components (all 0 from `init()`).
public struct Color: Equatable, Sendable {
    public enum RGBColorSpace: Equatable, Sendable { case sRGB }

    public let red: Double
    public let green: Double
    public let blue: Double
    public let opacity: Double

    public init() { (red, green, blue, opacity) = (0, 0, 0, 0) }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        (self.red, self.green, self.blue, self.opacity) = (red, green, blue, opacity)
    }
}

/// SwiftUI's `Gradient`: colour stops, each at a location from 0 to 1.
public struct Gradient: Equatable, Sendable {
    public struct Stop: Equatable, Sendable {
        public let color: Color
        public let location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    public let stops: [Stop]

    public init() { stops = [] }
    public init(stops: [Stop]) { self.stops = stops }
}
