/// One node of a skeleton tree (docs/spec.md §3): a container, a placeholder shape, or a repeat.
///
/// Modifiers apply in SwiftUI's order: `padding`, then the frame (`minHeight`, `width`, `fillsWidth`),
/// then `background`, then the clip to `cornerRadius`; so padding lies inside the background,
/// and a block's fill is its content, inside its padding. Sizes are points. Trees use `leading`
/// and `trailing`, never left and right, so they need no mirroring for right-to-left.
///
/// Written documents are explicit: every member with a meaning for the node's type is written,
/// so clients need no defaults (a block always has `width`, `height`, `cornerRadius`, `shape`,
/// `fill`; a stack always `axis`, `spacing`, `alignment`); another node's `width`, a paragraph's
/// `measure` and `maxLines`, a fill width's `grow` other than 1 and its `basis`, `aspectRatio`, and a stack's
/// `stretch` and `wrap` are written when set.
public struct Node: Sendable, Equatable {
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

    /// A node's width: a frame exactly `points` wide (its content laid out in it, from the
    /// leading edge), or greedy: all the width the parent offers (SwiftUI's `width: nil`), a
    /// row's free width shared among its greedy children in proportion to their `grow`, beyond
    /// their paddings (or their `basis`). Either way a node is never narrower than its horizontal
    /// padding (a CSS border box): given less, it is its padding wide and overflows its parent's
    /// trailing edge.
    public enum Width: Sendable, Equatable {
        case points(Double)
        /// `grow` is above 0 and at most 100; it matters only in a horizontal stack. `basis`
        /// (points, padding included; nil: none) is where a child of a horizontal stack starts
        /// before it grows (CSS's `flex: grow 1 basis` on a border box): a wrapping row breaks
        /// its lines by it, and a row too narrow for its children's bases shrinks those with one
        /// in proportion to their basis beyond their padding, none below its padding.
        case fill(grow: Double, basis: Double? = nil)

        /// Greedy with `grow` 1: what `maxWidth: "fill"` means.
        public static let fill = Width.fill(grow: 1)
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

    public enum Kind: Sendable, Equatable {
        /// Its children along `Axis`, `spacing` apart (negative: they overlap by that much, each
        /// drawn over the one before, as CSS's negative margins do), `alignment` across it.
        case stack(Axis, spacing: Double, alignment: Alignment, children: [Node])
        /// A scroll view shown still: skeletons never scroll.
        indirect case scroll(Axis, child: Node)
        /// A placeholder shape; its radius is the node's `cornerRadius`. `corners` lists the
        /// rounded corners when not all four are; nil means all four.
        case block(width: Width, height: Double, shape: Shape, corners: [Corner]?, fill: PaletteToken)
        /// A paragraph placeholder: `lines` lines, the last `lastLineFraction` of the width. With
        /// `measure` (the width its text takes on one line) it wraps by the width it is given, in
        /// at most `maxLines` lines (`Wrapping`); `lines` and `lastLineFraction` are then the
        /// captured width's, for clients that do not wrap.
        case text(lines: Int, lineHeight: Double, lineSpacing: Double, lastLineFraction: Double, measure: Double? = nil, maxLines: Int? = nil)
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
    /// Width over height (CSS `aspect-ratio`), on a block or a stack; above 0, at most 100. A
    /// block's shape is then `width / aspectRatio` high for the width it is laid out at, instead
    /// of its `height` (kept as the height at the captured width, for clients that do not know
    /// this member); a stack's frame is that high (padding included), or its content's height
    /// when taller, unless it clips or has a `minHeight` (CSS's automatic minimum). `minHeight`
    /// applies after.
    public var aspectRatio: Double?
    /// The width of a node other than a block (a block's is its kind's); nil: the node's type
    /// decides (docs/spec.md §3). A `points` width makes the node not greedy.
    public var width: Width?
    /// Written `"maxWidth": "fill"`: the node takes all the width its parent offers.
    public var fillsWidth: Bool
    public var background: PaletteToken?
    /// A block's shape radius; on other nodes, the radius the background is clipped to.
    public var cornerRadius: Double?
    public var isClipped: Bool
    /// Written `"shimmer": true`: one shimmer animation starts here and spans this node's bounds,
    /// painted onto every block inside it (backgrounds are not shimmered).
    public var startsShimmer: Bool
    /// Written `"stretch": true`, on a stack only: as a child of a horizontal stack, its frame is
    /// the row's inner height rather than its content's (CSS's `align-self: stretch` in a flex or
    /// grid row), its content laid out from the top of that frame; elsewhere it changes nothing.
    /// A client that does not know it draws the stack at its content's height, at the row's
    /// `alignment`.
    public var isStretched: Bool
    /// Written `"wrap": true`, on a stack only: a horizontal stack whose children break into
    /// lines (CSS's `flex-wrap: wrap` with `gap: spacing`): a line breaks before a child that
    /// would overflow the stack's inner width, lines are `spacing` apart, each as tall as its
    /// tallest child. In a vertical stack it changes nothing. A client that does not know it
    /// draws the children on one line.
    public var wraps: Bool

    public init(
        _ kind: Kind, id: String? = nil, padding: EdgeInsets? = nil, minHeight: Double? = nil, aspectRatio: Double? = nil, width: Width? = nil,
        fillsWidth: Bool = false, background: PaletteToken? = nil, cornerRadius: Double? = nil,
        isClipped: Bool = false, startsShimmer: Bool = false, isStretched: Bool = false, wraps: Bool = false
    ) {
        self.kind = kind
        self.id = id
        self.padding = padding
        self.minHeight = minHeight
        self.aspectRatio = aspectRatio
        self.width = width
        self.fillsWidth = fillsWidth
        self.background = background
        self.cornerRadius = cornerRadius
        self.isClipped = isClipped
        self.startsShimmer = startsShimmer
        self.isStretched = isStretched
        self.wraps = wraps
    }
}
