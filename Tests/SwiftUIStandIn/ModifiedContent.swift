import Foundation

/// A view with one modifier applied, as SwiftUI's `ModifiedContent`, the modifier kept as a value
/// (`AppliedModifier`) that a test reads, and whose actions (`onChange`, `onGeometryChange`) it calls.
public struct ModifiedContent: View {
    public let content: any View
    public let modifier: AppliedModifier
    public var body: Never { fatalError("a primitive view has no body") }
}

/// Each modifier docs/clients.md's drawing code applies, with what it was given. An action's
/// values are type-erased; it traps when called with values of another type than its view's.
public enum AppliedModifier {
    case opacity(Double)
    case scaleEffect(CGFloat)
    case overlay(alignment: Alignment, content: any View)
    case environment(AnyKeyPath, value: Any)
    case allowsHitTesting(Bool)
    case frame(maxWidth: CGFloat?, alignment: Alignment)
    case frameHeight(CGFloat?, alignment: Alignment)
    case accessibilityElement(AccessibilityChildBehavior)
    case accessibilityLabel(String)
    case accessibilityHidden(Bool)
    case onChange(of: Any, action: (_ old: Any, _ new: Any) -> Void)
    case onGeometryChange(action: (GeometryProxy) -> Void)
    case custom(any ViewModifier)
}

/// How an accessibility element treats its children; SwiftUI's default for `accessibilityElement()` is `.ignore`.
public enum AccessibilityChildBehavior: Sendable { case ignore, contain, combine }

extension View {
    public func opacity(_ opacity: Double) -> ModifiedContent { ModifiedContent(content: self, modifier: .opacity(opacity)) }

    public func scaleEffect(_ scale: CGFloat) -> ModifiedContent { ModifiedContent(content: self, modifier: .scaleEffect(scale)) }

    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .overlay(alignment: alignment, content: content()))
    }

    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .environment(keyPath, value: value))
    }

    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent { ModifiedContent(content: self, modifier: .allowsHitTesting(enabled)) }

    /// SwiftUI's flexible frame, of which the docs set the maximum width only.
    public func frame(maxWidth: CGFloat?, alignment: Alignment = .center) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .frame(maxWidth: maxWidth, alignment: alignment))
    }

    /// SwiftUI's fixed frame, of which the docs set the height only.
    public func frame(height: CGFloat?, alignment: Alignment = .center) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .frameHeight(height, alignment: alignment))
    }

    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .accessibilityElement(children))
    }

    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .accessibilityLabel(String(label)))
    }

    public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent { ModifiedContent(content: self, modifier: .accessibilityHidden(hidden)) }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .onChange(of: value, action: { action($0 as! V, $1 as! V) }))
    }

    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (_ newValue: T) -> Void
    ) -> ModifiedContent {
        ModifiedContent(content: self, modifier: .onGeometryChange(action: { action(transform($0)) }))
    }

    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent { ModifiedContent(content: self, modifier: .custom(modifier)) }
}
