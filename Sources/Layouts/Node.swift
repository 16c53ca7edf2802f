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
/// `measure` and `maxLines`, a fill width's `grow` other than 1 and its `basis`, `aspectRatio`, a
/// stack's `stretch`, `wrap`, `lineAlignment`, `minColumnWidth`, `autoFit` and `rowSpacing`, a
/// node's `maxFillWidth`, `maxFillFraction` and `overlay`, and a paragraph's `float` are written
/// when set (`lineAlignment` as given, `leading` too).
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

    /// Where a wrapping row's lines put their free width (`Node.lineAlignment`): after their
    /// children, half before and half after, or before them.
    public enum LineAlignment: String, Sendable {
        case leading
        case center
        case trailing
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
        /// A table column's cell (CSS's automatic table layout, CSS 2.1 §17.5.2.2): in a
        /// horizontal stack, its children with a content width share what the row's other children
        /// and spacing leave (`TableColumns`) by their `min` and `max` (min-content and max-content
        /// widths, padding included; `min` at most `max`): each `max` and the rest in proportion
        /// to it when the row is wider; between, each `min` plus its part of `max - min`; below,
        /// each `min` (the row overflows). Elsewhere it is `points` wide, the captured width, as a
        /// client that does not know this kind draws it everywhere.
        case content(points: Double, min: Double, max: Double)

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

    /// A box floated at the start of a paragraph (CSS `float` on the leading side: a drop cap, an
    /// avatar the text wraps around): `width` × `height`, its top `top` below the first line's
    /// box's (half a `lineSpacing` above the first line), its leading edge the paragraph's;
    /// `trailing`, `bottom` and `top` its margin. A line whose box's top lies above the float's
    /// bottom margin edge (the first ⌈(top + height + bottom) / (lineHeight + lineSpacing)⌉ lines)
    /// is beside it: it starts `width + trailing` after the leading edge and is that much shorter.
    public struct FloatBox: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var trailing: Double
        public var bottom: Double
        public var top: Double

        public init(width: Double, height: Double, trailing: Double = 0, bottom: Double = 0, top: Double = 0) {
            self.width = width
            self.height = height
            self.trailing = trailing
            self.bottom = bottom
            self.top = top
        }

        /// From the first line's box's top to its bottom margin edge.
        public var reach: Double { top + height + bottom }
    }

    /// A paragraph's words as the browser measured them (`widths`, in reading order, each
    /// without the space after it: one width, or the widths of its pieces where a line may break
    /// inside it, after a hyphen) and the space between two words: what greedy breaking needs to
    /// wrap the text at any width as the browser does (`Wrapping.lines(words:…)`).
    public struct Words: Sendable, Equatable {
        public var widths: [[Double]]
        public var space: Double

        public init(widths: [[Double]], space: Double) {
            self.widths = widths
            self.space = space
        }
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
    /// Written `"stretch": true`, on a stack or (contract 3.11) a block: as a child of a horizontal
    /// stack, its frame is the row's inner height rather than its own (CSS's `align-self: stretch`
    /// in a flex or grid row): a stack's content laid out from the top of that frame; a block's
    /// shape that high too (a thumbnail beside taller text), the row counting the block at its own
    /// height (`height`, or its width over its `aspectRatio`), so a stretched block is never
    /// shorter than that. Elsewhere it changes nothing. A client that does not know it draws the
    /// node at its own height, at the row's `alignment`.
    public var isStretched: Bool
    /// Written `"wrap": true`, on a stack only: a horizontal stack whose children break into
    /// lines (CSS's `flex-wrap: wrap` with `gap: spacing`): a line breaks before a child that
    /// would overflow the stack's inner width, lines are `spacing` apart (`rowSpacing` when set),
    /// each as tall as its tallest child. In a vertical stack it changes nothing. A client that
    /// does not know it draws the children on one line.
    public var wraps: Bool
    /// Written `"lineAlignment"` (`leading`, `center` or `trailing`), on a stack only: in a
    /// horizontal stack that wraps, each line's free width (the stack's inner width less that
    /// line's children's widths and the spacing between them) goes after its children
    /// (`leading`), half before and half after them (`center`), or before them (`trailing`), as
    /// CSS's `justify-content: flex-start | center | flex-end` on a `flex-wrap: wrap` row places a
    /// tag cloud's lines; right to left mirrors it (the leading edge is the right one). A line
    /// whose greedy children take all the width has none, so it changes nothing there. Elsewhere
    /// (a row that does not wrap, a vertical stack, a row with `columns`) it changes nothing. Nil:
    /// `leading`, as a client that does not know it puts the lines. Since contract 3.12.
    public var lineAlignment: LineAlignment?
    /// Written `"minColumnWidth"` (and `"autoFit": true` when empty columns collapse), on a stack
    /// only: a horizontal stack whose children lie on a grid of as many columns at least that
    /// wide as fit its inner width (`GridColumns`), in order, row by row; each child in its
    /// column as in a column that wide (greedy ones across it), rows `spacing` apart (`rowSpacing`
    /// when set), each as tall as its tallest child. Such a stack is greedy unless it has a
    /// `points` width. In a vertical stack it changes nothing. A client that does not know it
    /// draws the children on one line.
    public var columns: GridColumns?
    /// Written `"rowSpacing"`, on a stack only: in a horizontal stack that wraps or has `columns`,
    /// its lines (rows) are this far apart instead of `spacing` (CSS's `row-gap` beside a
    /// `column-gap` of `spacing`; a negative one is 0), its children on a line still `spacing`
    /// apart (a grid's columns, and their count, still by `spacing`). Elsewhere it changes nothing.
    /// Nil: lines `spacing` apart, as a client that does not know it puts them.
    public var rowSpacing: Double?
    /// Written `"maxFillWidth"` (above 0, at most 10,000), on a stack, scroll, block or paragraph:
    /// where the node is greedy, its frame is at most this many points wide, padding included
    /// (CSS's `max-width` on a border box, SwiftUI's `frame(maxWidth:)`), and never below its
    /// horizontal padding. Across a column it is the column's inner width or this, whichever is
    /// less, placed at the column's `alignment` as a node of its own width is; in a row it takes
    /// its share of the free width up to this, the others sharing what it leaves (CSS Flexbox
    /// §9.7's freezing; `RowGrowing`); on a grid's column, a wrapped line, the root, a scroll's
    /// child and as an overlay, at most this of the width offered, from the leading edge. Where the
    /// node is not greedy it changes nothing. Nil: no limit, as a client that does not know it
    /// draws the node.
    public var maxFillWidth: Double?
    /// Written `"maxFillFraction"` (above 0, at most 1), on a stack, scroll, block or paragraph:
    /// where the node is greedy, its frame is at most this fraction of its reference width,
    /// padding included (CSS's `max-width: N%` on a border box: a chat bubble at 70%). The
    /// reference is what CSS resolves the percentage against: the parent stack's inner width (in a
    /// column, a row, a wrapped row), on a row with `columns` its column's width, at the root the
    /// layout's width, as an overlay the parent stack's frame width (CSS's padding box of the
    /// containing block), as a scroll's child the scroll's inner width. The limit is this times the
    /// reference (with a `maxFillWidth` too, the smaller of the two), and from then on every rule of
    /// `maxFillWidth` applies unchanged (its place across a column, a row's freezing, never below
    /// the horizontal padding). Where the node is not greedy it changes nothing. Nil: no limit, as a
    /// client that does not know it draws the node. Since contract 3.12.
    public var maxFillFraction: Double?
    /// Written `"overlay": {"top" or "bottom", "leading" or "trailing"}` (and `"center"`, contract
    /// 3.11, and `"offsetFraction"`, 3.12), on a child of a stack: the node is out of its parent's flow (it takes no space there,
    /// nor counts for its width or greediness), laid out at its own size (a greedy one as wide as
    /// the parent's frame less its horizontal offset, with a `center` too), placed by `Overlay`'s
    /// offsets from the parent's frame (across with its `offsetFraction` of the frame's width, or
    /// by its `center`) and drawn after all its in-flow
    /// siblings. Elsewhere (the root, a scroll's child) it changes nothing. A
    /// client that does not know it draws the node in flow.
    public var overlay: Overlay?
    /// Written `"float"`, on a paragraph only: its first lines are narrowed by a box floated on
    /// the leading side, drawn as a block (`FloatBox`, `Wrapping`); the paragraph is at least as
    /// tall as the float's margin box less one `lineSpacing` (the float's box starting half a
    /// spacing above the first line, as a line's box ends half a spacing below it). A client that does not know it draws the lines at the
    /// full width and no float.
    public var float: FloatBox?
    /// Written `"slack"`, on a paragraph with a `measure` only: what each of its wrapped lines
    /// leaves empty at its end, in points (greedy wrapping breaks before a word that does not fit):
    /// each line but the last holds its width less `slack` of the measure (`Wrapping`). A client
    /// that does not know it wraps as with none.
    public var slack: Double?
    /// Written `"words": {"widths": [...], "space": ...}`, on a paragraph with a `measure` only:
    /// its lines are then those of greedy breaking (`Wrapping.lines(words:…)`), exact at every
    /// width where the measure and `slack` only approximate them. A client that does not know it
    /// wraps by the measure.
    public var words: Words?

    public init(
        _ kind: Kind, id: String? = nil, padding: EdgeInsets? = nil, minHeight: Double? = nil, aspectRatio: Double? = nil, width: Width? = nil,
        fillsWidth: Bool = false, background: PaletteToken? = nil, cornerRadius: Double? = nil,
        isClipped: Bool = false, startsShimmer: Bool = false, isStretched: Bool = false, wraps: Bool = false,
        lineAlignment: LineAlignment? = nil, columns: GridColumns? = nil, rowSpacing: Double? = nil, maxFillWidth: Double? = nil, maxFillFraction: Double? = nil,
        overlay: Overlay? = nil, float: FloatBox? = nil, slack: Double? = nil, words: Words? = nil
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
        self.lineAlignment = lineAlignment
        self.columns = columns
        self.rowSpacing = rowSpacing
        self.maxFillWidth = maxFillWidth
        self.maxFillFraction = maxFillFraction
        self.overlay = overlay
        self.float = float
        self.slack = slack
        self.words = words
    }
}
