import Layouts

extension Node.EdgeInsets {
    init(all length: Double) {
        self.init(top: length, leading: length, bottom: length, trailing: length)
    }

    init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }
}

/// Builders that read like the seeds' SwiftUI, so that a screen can be checked against its seed
/// line by line.
extension Node {
    static func vstack(spacing: Double, alignment: Alignment = .center, _ children: [Node]) -> Node {
        Node(.stack(.vertical, spacing: spacing, alignment: alignment, children: children))
    }

    static func hstack(spacing: Double, alignment: Alignment = .center, _ children: [Node]) -> Node {
        Node(.stack(.horizontal, spacing: spacing, alignment: alignment, children: children))
    }

    static func scroll(_ axis: Axis, _ child: Node) -> Node {
        Node(.scroll(axis, child: child))
    }

    /// A block whose shape follows from its size as SwiftUI draws it, a rounded rectangle's
    /// radius being clamped to half its shorter side: a circle when square with its radius at
    /// that limit, a capsule when the radius reaches it, else a rounded rect (always, when only
    /// some `corners` are rounded). A fill-width or content-width block's shorter side is taken to be its height.
    static func block(
        width: Width, height: Double, cornerRadius: Double, fill: PaletteToken, corners: [Corner]? = nil
    ) -> Node {
        let shorterSide: Double
        switch width {
        case .points(let points): shorterSide = min(points, height)
        case .fill, .content: shorterSide = height
        }
        let shape: Shape
        if cornerRadius * 2 < shorterSide || corners != nil {
            shape = .rect
        } else if width == .points(height) {
            shape = .circle
        } else {
            shape = .capsule
        }
        return Node(
            .block(width: width, height: height, shape: shape, corners: corners, fill: fill),
            cornerRadius: cornerRadius)
    }

    static let spacer = Node(.spacer)

    static func divider(opacity: Double, thickness: Double) -> Node {
        Node(.divider(opacity: opacity, thickness: thickness))
    }

    static func repeating(_ count: Int, _ child: Node) -> Node {
        Node(.repeat(count: count, child: child))
    }

    func id(_ id: String) -> Node {
        var node = self
        node.id = id
        return node
    }

    func padding(_ insets: EdgeInsets) -> Node {
        var node = self
        node.padding = insets
        return node
    }

    func minHeight(_ height: Double) -> Node {
        var node = self
        node.minHeight = height
        return node
    }

    func fillingWidth() -> Node {
        var node = self
        node.fillsWidth = true
        return node
    }

    func background(_ token: PaletteToken) -> Node {
        var node = self
        node.background = token
        return node
    }

    /// SwiftUI's `.clipShape(.rect(cornerRadius:))`, and the movie app's `.cornerRadius(_:)`.
    func clipShape(cornerRadius: Double) -> Node {
        var node = self
        node.cornerRadius = cornerRadius
        node.isClipped = true
        return node
    }

    func shimmering() -> Node {
        var node = self
        node.startsShimmer = true
        return node
    }
}
