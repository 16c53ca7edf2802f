/// One node of a skeleton tree (docs/spec.md §3): a container, a placeholder shape, or a repeat.
///
/// Modifiers apply in SwiftUI's order: `padding`, then the frame (`minHeight`, `fillsWidth`),
/// then `background`, then the clip to `cornerRadius`; so padding lies inside the background,
/// and a block's fill is its content, inside its padding. Sizes are points. Trees use `leading`
/// and `trailing`, never left and right, so they need no mirroring for right-to-left.
///
/// Written documents are explicit: every member with a meaning for the node's type is written,
/// so clients need no defaults (a block always has `width`, `height`, `cornerRadius`, `shape`,
/// `fill`; a stack always `axis`, `spacing`, `alignment`).
public struct Node: Sendable {
    public enum Axis: String, Sendable {
        case vertical
        case horizontal
    }

    /// For a vertical stack `leading`, `center` or `trailing`; for a horizontal one `top`,
    /// `center` or `bottom`.
    public enum Alignment: String, Sendable {
        case leading
        case center
        case trailing
        case top
        case bottom
    }

    public enum Width: Sendable, Equatable {
        case points(Double)
        /// All the width the parent offers (SwiftUI's `width: nil`).
        case fill
    }

    public enum Shape: String, Sendable {
        case rect
        case capsule
        case circle
    }

    public enum Corner: String, Sendable {
        case topLeading
        case topTrailing
        case bottomLeading
        case bottomTrailing
    }

    public struct EdgeInsets: Sendable, Equatable {
        public var top: Double
        public var leading: Double
        public var bottom: Double
        public var trailing: Double

        public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }
    }

    public enum Kind: Sendable {
        case stack(Axis, spacing: Double, alignment: Alignment, children: [Node])
        /// A scroll view shown still: skeletons never scroll.
        indirect case scroll(Axis, child: Node)
        /// A placeholder shape; its radius is the node's `cornerRadius`. `corners` lists the
        /// rounded corners when not all four are; nil means all four.
        case block(width: Width, height: Double, shape: Shape, corners: [Corner]?, fill: PaletteToken)
        /// A paragraph placeholder: `lines` lines, the last `lastLineFraction` of the width.
        case text(lines: Int, lineHeight: Double, lineSpacing: Double, lastLineFraction: Double)
        case spacer
        case divider(opacity: Double, thickness: Double)
        /// `child`, `count` times. Expanded, a repeat's own modifiers are not carried to its copies.
        indirect case `repeat`(count: Int, child: Node)
    }

    public var kind: Kind
    /// Required on, and unique for, every node that is an element of its screen.
    public var id: String?
    public var padding: EdgeInsets?
    public var minHeight: Double?
    /// Written `"maxWidth": "fill"`: the node takes all the width its parent offers.
    public var fillsWidth: Bool
    public var background: PaletteToken?
    /// A block's shape radius; on other nodes, the radius the background is clipped to.
    public var cornerRadius: Double?
    public var isClipped: Bool
    /// Written `"shimmer": true`: one shimmer animation starts here and spans this node's bounds,
    /// painted onto every block inside it (backgrounds are not shimmered).
    public var startsShimmer: Bool

    public init(
        _ kind: Kind, id: String? = nil, padding: EdgeInsets? = nil, minHeight: Double? = nil,
        fillsWidth: Bool = false, background: PaletteToken? = nil, cornerRadius: Double? = nil,
        isClipped: Bool = false, startsShimmer: Bool = false
    ) {
        self.kind = kind
        self.id = id
        self.padding = padding
        self.minHeight = minHeight
        self.fillsWidth = fillsWidth
        self.background = background
        self.cornerRadius = cornerRadius
        self.isClipped = isClipped
        self.startsShimmer = startsShimmer
    }
}

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
    /// some `corners` are rounded). A fill-width block's shorter side is taken to be its height.
    static func block(
        width: Width, height: Double, cornerRadius: Double, fill: PaletteToken, corners: [Corner]? = nil
    ) -> Node {
        let shorterSide: Double
        switch width {
        case .points(let points): shorterSide = min(points, height)
        case .fill: shorterSide = height
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

extension Node {
    /// This node and all below it, depth first, repeats unexpanded.
    func forEach(_ body: (Node) -> Void) {
        body(self)
        switch kind {
        case .stack(_, _, _, let children):
            for child in children { child.forEach(body) }
        case .scroll(_, let child), .repeat(_, let child):
            child.forEach(body)
        case .block, .text, .spacer, .divider:
            break
        }
    }

    /// The nodes of this tree that satisfy `counted`, repeats expanded (a repeat itself not
    /// counted); saturates at `Int.max / 2` rather than overflow, for trees from untrusted files.
    func expandedCount(_ counted: (Node) -> Bool) -> Int {
        let own = counted(self) ? 1 : 0
        switch kind {
        case .stack(_, _, _, let children):
            return children.reduce(own) { min($0 + $1.expandedCount(counted), Int.max / 2) }
        case .scroll(_, let child):
            return own + child.expandedCount(counted)
        case .repeat(let count, let child):
            let (product, overflow) = count.multipliedReportingOverflow(by: child.expandedCount(counted))
            return overflow ? Int.max / 2 : min(product, Int.max / 2)
        case .block, .text, .spacer, .divider:
            return own
        }
    }

    /// Writes this node. With `expand`, every repeat becomes its copies, each id inside copy i
    /// suffixed `[i]` (outer copies first: `row[2][0]`). The copies are spliced into the parent
    /// stack's children; where one node must stand (the root, a scroll's child) they are
    /// gathered in a stack along `enclosingAxis`, with spacing 0.
    func write(
        to writer: inout JSONWriter, expand: Bool, idSuffix: String = "", enclosingAxis: Axis = .vertical
    ) {
        if expand, case .repeat = kind {
            writer.beginObject()
            writer.member("type", "stack")
            writer.member("axis", enclosingAxis.rawValue)
            writer.member("spacing", 0)
            writer.member("alignment", Alignment.center.rawValue)
            writer.key("children")
            writer.beginArray()
            Self.write(children: [self], to: &writer, expand: true, idSuffix: idSuffix, axis: enclosingAxis)
            writer.endArray()
            writer.endObject()
            return
        }
        writer.beginObject()
        switch kind {
        case .stack(let axis, let spacing, let alignment, _):
            writer.member("type", "stack")
            writeID(to: &writer, suffix: idSuffix)
            writer.member("axis", axis.rawValue)
            writer.member("spacing", spacing)
            writer.member("alignment", alignment.rawValue)
        case .scroll(let axis, _):
            writer.member("type", "scroll")
            writeID(to: &writer, suffix: idSuffix)
            writer.member("axis", axis.rawValue)
            writer.member("scrollEnabled", false)
        case .block(let width, let height, let shape, let corners, let fill):
            writer.member("type", "block")
            writeID(to: &writer, suffix: idSuffix)
            switch width {
            case .points(let points): writer.member("width", points)
            case .fill: writer.member("width", "fill")
            }
            writer.member("height", height)
            writer.member("cornerRadius", cornerRadius ?? 0)
            writer.member("shape", shape.rawValue)
            if let corners {
                writer.key("corners")
                writer.beginArray()
                for corner in corners { writer.string(corner.rawValue) }
                writer.endArray()
            }
            writer.member("fill", fill.rawValue)
        case .text(let lines, let lineHeight, let lineSpacing, let lastLineFraction):
            writer.member("type", "text")
            writeID(to: &writer, suffix: idSuffix)
            writer.member("lines", lines)
            writer.member("lineHeight", lineHeight)
            writer.member("lineSpacing", lineSpacing)
            writer.member("lastLineFraction", lastLineFraction)
        case .spacer:
            writer.member("type", "spacer")
            writeID(to: &writer, suffix: idSuffix)
        case .divider(let opacity, let thickness):
            writer.member("type", "divider")
            writeID(to: &writer, suffix: idSuffix)
            writer.member("opacity", opacity)
            writer.member("thickness", thickness)
        case .repeat(let count, _):
            writer.member("type", "repeat")
            writeID(to: &writer, suffix: idSuffix)
            writer.member("count", count)
        }
        writeModifiers(to: &writer)
        switch kind {
        case .stack(let axis, _, _, let children):
            writer.key("children")
            writer.beginArray()
            Self.write(children: children, to: &writer, expand: expand, idSuffix: idSuffix, axis: axis)
            writer.endArray()
        case .scroll(let axis, let child):
            writer.key("child")
            child.write(to: &writer, expand: expand, idSuffix: idSuffix, enclosingAxis: axis)
        case .repeat(_, let child):
            writer.key("child")
            child.write(to: &writer, expand: expand, idSuffix: idSuffix, enclosingAxis: enclosingAxis)
        case .block, .text, .spacer, .divider:
            break
        }
        writer.endObject()
    }

    private static func write(
        children: [Node], to writer: inout JSONWriter, expand: Bool, idSuffix: String, axis: Axis
    ) {
        for child in children {
            if expand, case .repeat(let count, let copy) = child.kind {
                for index in 0..<count {
                    write(children: [copy], to: &writer, expand: true, idSuffix: idSuffix + "[\(index)]", axis: axis)
                }
            } else {
                child.write(to: &writer, expand: expand, idSuffix: idSuffix, enclosingAxis: axis)
            }
        }
    }

    private func writeID(to writer: inout JSONWriter, suffix: String) {
        if let id { writer.member("id", id + suffix) }
    }

    private func writeModifiers(to writer: inout JSONWriter) {
        if let padding {
            writer.key("padding")
            writer.beginObject()
            writer.member("top", padding.top)
            writer.member("leading", padding.leading)
            writer.member("bottom", padding.bottom)
            writer.member("trailing", padding.trailing)
            writer.endObject()
        }
        if let minHeight { writer.member("minHeight", minHeight) }
        if fillsWidth { writer.member("maxWidth", "fill") }
        if let background { writer.member("background", background.rawValue) }
        switch kind {
        case .block:
            break  // written with the block's shape
        default:
            if let cornerRadius { writer.member("cornerRadius", cornerRadius) }
        }
        if isClipped { writer.member("clip", true) }
        if startsShimmer { writer.member("shimmer", true) }
    }
}
