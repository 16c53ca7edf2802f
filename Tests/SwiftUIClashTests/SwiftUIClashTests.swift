import Foundation
import SkeletonClient
import SwiftUI
import Testing

/// A file of an app that imports SwiftUI (here its stand-in) and SkeletonClient: every SwiftUI
/// name and every client name resolves unqualified, and the module's name qualifies its types.
/// That this target compiles is most of the test; the test checks each name found its own module.
@Suite struct SwiftUIClashTests {
    @Test func swiftUIAndTheClientAreUsedUnqualified() throws {
        let swiftUI: [Any.Type] = [Color.self, Animation.self, Gradient.self, LinearGradient.self, RadialGradient.self, AngularGradient.self, Path.self, Angle.self, Edge.self, Axis.self, Font.self, Image.self, Text.self, Alignment.self, HorizontalAlignment.self, VerticalAlignment.self, Spacer.self, Divider.self, EdgeInsets.self, UnitPoint.self, UnitCurve.self, Spring.self, Rectangle.self, RoundedRectangle.self, UnevenRoundedRectangle.self, Circle.self, Capsule.self, Ellipse.self, Canvas.self, GraphicsContext.self, GeometryReader.self, GeometryProxy.self, TimelineView.self, LayoutDirection.self, ColorScheme.self, ContentTransition.self, AnyTransition.self, Group.self, Section.self, List.self, ForEach.self, Label.self, Button.self, ProgressView.self, ScrollView.self, VStack.self, HStack.self, ZStack.self, Grid.self, GridRow.self, State<Int>.self, Binding.self, Environment<Bool>.self, Namespace.self, Material.self, Visibility.self, ContentMode.self, Anchor.self, Transaction.self, StrokeStyle.self, Toggle.self, Link.self, Menu.self, Picker.self, Form.self, Gauge.self, Table.self, EmptyView.self, AnyView.self, Shadow.self, ShadowStyle.self, Stroke.self, (any View).self, (any Shape).self, (any Transition).self, (any Layout).self, (any ShapeStyle).self, (any Animatable).self, (any ViewModifier).self, (any App).self, (any Scene).self]
        for type in swiftUI { #expect(String(reflecting: type).contains("SwiftUI."), "\(type)") }

        let color: Color = Color()
        let fill: RGBA = RGBA(0x1122_33FF)
        let reveal = RevealTransition(
            skeletonExit: .init(opacity: 0, scale: 0.98), contentEnter: .init(opacity: 0, scale: 1.02), curve: .eased(.easeInOut, durationMs: 300))
        let client: SkeletonServerClient = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
        let problem: SkeletonClient.Problem? = nil
        let layout: SkeletonClient.LayoutDocument? = nil
        let frame: Frame? = nil
        let node = Node(.spacer)
        let change = ElementChange(element: "e", phase: .skeleton, state: ElementState(id: "e", stage: "s", status: .loading))

        #expect(color == Color() && fill.hex == "#112233FF" && reveal.curve.settlesAfterMs == 300)
        #expect(client.baseURL.port == 8080 && problem == nil && layout == nil && frame == nil && node.kind == .spacer && change.element == "e")
        let clientTypes: [Any.Type] = [RGBA.self, RevealTransition.self, Frame.self, Node.self, Theme.self, SkeletonServerClient.self, Problem.self]
        for type in clientTypes { #expect(!String(reflecting: type).contains("SwiftUI."), "\(type)") }
    }
}
