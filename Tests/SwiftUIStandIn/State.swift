/// SwiftUI's `@State`: storage that outlives a body's evaluation. Here it lives in a box made
/// when the view is made and shared by the view's copies, so that an action a test calls
/// changes what the next `body` reads (SwiftUI keeps it by the view's identity instead).
@MainActor @propertyWrapper public struct State<Value> {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
}

/// SwiftUI's `@Environment`, reading the default `EnvironmentValues`.
@propertyWrapper public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

/// The environment values docs/clients.md's drawing code reads or sets, at SwiftUI's defaults.
public struct EnvironmentValues: Sendable {
    public var layoutDirection: LayoutDirection = .leftToRight
    public var accessibilityReduceMotion = false
    public init() {}
}

/// The direction of the writing system a view lays out for.
public enum LayoutDirection: Equatable, Sendable { case leftToRight, rightToLeft }
