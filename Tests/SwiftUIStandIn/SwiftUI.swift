/// A stand-in for Apple's SwiftUI, which Linux has not: its common public type names, most of them
/// empty types, so that SwiftUIClashTests, importing this module beside SkeletonClient as an app
/// imports SwiftUI, meets every name an app meets. The few that docs/clients.md's drawing code
/// calls (View.swift, Canvas.swift, GraphicsContext.swift, …) have just enough of SwiftUI's API
/// to compile that code unchanged, and record what it builds and draws for DrawingDocsTests.
/// Nothing here renders. Like SwiftUI, it re-exports Foundation (`Date`, `CGRect`, `CGFloat`, …).
@_exported import Foundation
public protocol Shape {}
public protocol Transition {}
public protocol Layout {}
public protocol ShapeStyle {}
public protocol Animatable {}
public protocol App {}
public protocol Scene {}
public struct Animation: Equatable, Sendable { public init() {} }
public struct LinearGradient: Equatable, Sendable { public init() {} }
public struct RadialGradient: Equatable, Sendable { public init() {} }
public struct AngularGradient: Equatable, Sendable { public init() {} }
public struct Angle: Equatable, Sendable { public init() {} }
public struct Edge: Equatable, Sendable { public init() {} }
public struct Axis: Equatable, Sendable { public init() {} }
public struct Font: Equatable, Sendable { public init() {} }
public struct Image: Equatable, Sendable { public init() {} }
public struct Text: Equatable, Sendable { public init() {} }
public struct HorizontalAlignment: Equatable, Sendable { public init() {} }
public struct VerticalAlignment: Equatable, Sendable { public init() {} }
public struct Spacer: Equatable, Sendable { public init() {} }
public struct Divider: Equatable, Sendable { public init() {} }
public struct EdgeInsets: Equatable, Sendable { public init() {} }
public struct UnitPoint: Equatable, Sendable { public init() {} }
public struct UnitCurve: Equatable, Sendable { public init() {} }
public struct Spring: Equatable, Sendable { public init() {} }
public struct Rectangle: Equatable, Sendable { public init() {} }
public struct RoundedRectangle: Equatable, Sendable { public init() {} }
public struct Circle: Equatable, Sendable { public init() {} }
public struct Capsule: Equatable, Sendable { public init() {} }
public struct Ellipse: Equatable, Sendable { public init() {} }
public struct GeometryReader: Equatable, Sendable { public init() {} }
public struct ColorScheme: Equatable, Sendable { public init() {} }
public struct ContentTransition: Equatable, Sendable { public init() {} }
public struct AnyTransition: Equatable, Sendable { public init() {} }
public struct Group: Equatable, Sendable { public init() {} }
public struct Section: Equatable, Sendable { public init() {} }
public struct List: Equatable, Sendable { public init() {} }
public struct ForEach: Equatable, Sendable { public init() {} }
public struct Label: Equatable, Sendable { public init() {} }
public struct Button: Equatable, Sendable { public init() {} }
public struct ProgressView: Equatable, Sendable { public init() {} }
public struct ScrollView: Equatable, Sendable { public init() {} }
public struct VStack: Equatable, Sendable { public init() {} }
public struct HStack: Equatable, Sendable { public init() {} }
public struct ZStack: Equatable, Sendable { public init() {} }
public struct Grid: Equatable, Sendable { public init() {} }
public struct GridRow: Equatable, Sendable { public init() {} }
public struct Binding: Equatable, Sendable { public init() {} }
public struct Namespace: Equatable, Sendable { public init() {} }
public struct Material: Equatable, Sendable { public init() {} }
public struct Visibility: Equatable, Sendable { public init() {} }
public struct ContentMode: Equatable, Sendable { public init() {} }
public struct Anchor: Equatable, Sendable { public init() {} }
public struct Transaction: Equatable, Sendable { public init() {} }
public struct StrokeStyle: Equatable, Sendable { public init() {} }
public struct Toggle: Equatable, Sendable { public init() {} }
public struct Link: Equatable, Sendable { public init() {} }
public struct Menu: Equatable, Sendable { public init() {} }
public struct Picker: Equatable, Sendable { public init() {} }
public struct Form: Equatable, Sendable { public init() {} }
public struct Gauge: Equatable, Sendable { public init() {} }
public struct Table: Equatable, Sendable { public init() {} }
public struct AnyView: Equatable, Sendable { public init() {} }
public struct Shadow: Equatable, Sendable { public init() {} }
public struct ShadowStyle: Equatable, Sendable { public init() {} }
public struct Stroke: Equatable, Sendable { public init() {} }
