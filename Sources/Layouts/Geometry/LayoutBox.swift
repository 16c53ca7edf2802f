/// A node as the layout engine sees it, the way the web renderer reads a document: repeats
/// expanded (copy i's ids suffixed `[i]`; where one node must stand, the copies in a stack with
/// spacing 0), colours resolved in one theme, and whether the node is greedy decided: whether it
/// takes all the width its parent offers, as SwiftUI sizes it (a `fill` width, `maxWidth: fill`,
/// a scroll view, a paragraph, a spacer in a row, a divider in a column, a stack holding any, a
/// row with `columns`),
/// unless a `points` width gives it a frame of its own; a greedy box takes at most its
/// `maxFillWidth` of it, and its `maxFillFraction` of its reference width once a stack that lays
/// it out has resolved it (`resolved(in:)`).
struct LayoutBox {
    enum Content {
        case stack(Node.Axis, spacing: Double, alignment: Node.Alignment)
        case scroll(Node.Axis)
        /// `width` nil: the width its parent gives. `radii` top-left, top-right, bottom-right,
        /// bottom-left, before any scaling.
        case block(width: Double?, height: Double, radii: [Double], fill: RGBA)
        /// With `measure`, `lines` and `lastLineFraction` are those of the width it is given (`Wrapping`).
        case text(lines: Int, lineHeight: Double, lineSpacing: Double, lastLineFraction: Double, measure: Double?, maxLines: Int?, radius: Double, fill: RGBA)
        case spacer
        case divider(thickness: Double, fill: RGBA)
    }

    var content: Content
    /// A stack's children in its flow (a scroll's one child).
    var children: [LayoutBox] = []
    /// A stack's children placed over it (`Node.overlay`), out of its flow, in order.
    var overlays: [LayoutBox] = []
    /// Where the box sits over its parent stack, when it is one of its `overlays`.
    var overlay: Node.Overlay?
    var id: String?
    var padding = Node.EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    var minHeight: Double?
    /// Width over height, on a block (its shape's) or a stack (its frame's); nil on other nodes.
    var aspectRatio: Double?
    /// For a capsule or circle block whose height follows its width: which of its corners
    /// (top-left, top-right, bottom-right, bottom-left) are rounded to half its shorter side,
    /// known once it is laid out.
    var capsuleCorners: [Bool]?
    var background: RGBA?
    var cornerRadius: Double
    var clips: Bool
    var startsShimmer: Bool
    /// A stack or block that, in a row, is as tall as the row's inner height (`Node.isStretched`).
    var isStretched = false
    /// A row whose children break into lines (`Node.wraps`; `WrappedRow`).
    var wraps = false
    /// Where a wrapping row's lines put their free width (`Node.lineAlignment`).
    var lineAlignment = Node.LineAlignment.leading
    /// A paragraph's float (`Node.float`): its first lines narrowed, the float drawn as a block.
    var float: Node.FloatBox?
    /// A paragraph's slack (`Node.slack`): what each wrapped line leaves at its end.
    var slack: Double?
    /// A paragraph's words (`Node.words`): its lines broken greedily.
    var words: Node.Words?
    /// A row whose children lie on columns that follow its width (`Node.columns`; `GridRows`).
    var columns: GridColumns?
    /// Between the lines of a row that wraps or has columns, when set (`Node.rowSpacing`).
    var rowSpacing: Double?
    var isGreedy = false
    /// The most a greedy box takes of the width offered, padding included (`Node.maxFillWidth`;
    /// on a stack, scroll, block or paragraph only).
    var maxFillWidth: Double?
    /// The most a greedy box takes of its reference width, as a fraction (`Node.maxFillFraction`),
    /// until `resolved(in:)` folds it into `maxFillWidth`.
    var maxFillFraction: Double?
    /// A greedy box's share of a row's free width, relative to its greedy siblings'.
    var grow = 1.0
    /// A greedy box's width in a row before it grows, padding included (`Node.Width.fill`'s `basis`).
    var basis: Double?
    /// The frame's width, padding included, of a node other than a block with a `points` width,
    /// or of any node with a `content` width (its `points`, its width outside a row).
    var fixedWidth: Double?
    /// A table column's min-content and max-content widths (`Node.Width.content`), never below
    /// its horizontal padding: what it takes of a row (`TableColumns`).
    var column: ClosedRange<Double>?

    /// A block drawn inside a frame of its own: the frame holds the padding, minimum height and
    /// background, and centres the shape vertically.
    var isFramedBlock: Bool {
        guard case .block = content else { return false }
        return padding != Node.EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0) || background != nil || minHeight != nil
    }

    /// The boxes `node` stands for in a parent laid out along `axis`: one, or a repeat's copies.
    static func boxes(_ node: Node, theme: Theme, axis: Node.Axis, suffix: String = "") -> [LayoutBox] {
        if case .repeat(let count, let child) = node.kind {
            return (0..<count).flatMap { boxes(child, theme: theme, axis: axis, suffix: suffix + "[\($0)]") }
        }
        return [box(node, theme: theme, axis: axis, suffix: suffix)]
    }

    /// The one box `node` stands for where a single node must stand (the root, a scroll's child).
    static func box(_ node: Node, theme: Theme, axis: Node.Axis, suffix: String = "") -> LayoutBox {
        var box = LayoutBox(
            content: .spacer, id: node.id.map { $0 + suffix }, minHeight: node.minHeight,
            background: node.background?.color(in: theme), cornerRadius: node.cornerRadius ?? 0,
            clips: node.isClipped, startsShimmer: node.startsShimmer)
        if let padding = node.padding { box.padding = padding }
        box.overlay = node.overlay
        switch node.kind {
        case .repeat:
            var stack = LayoutBox(content: .stack(axis, spacing: 0, alignment: .center), cornerRadius: 0, clips: false, startsShimmer: false)
            stack.setChildren(boxes(node, theme: theme, axis: axis, suffix: suffix))
            stack.isGreedy = stack.children.contains { $0.isGreedy }
            return stack
        case .stack(let stackAxis, let spacing, let alignment, let children):
            box.content = .stack(stackAxis, spacing: spacing, alignment: alignment)
            box.setChildren(children.flatMap { boxes($0, theme: theme, axis: stackAxis, suffix: suffix) })
            box.columns = stackAxis == .horizontal ? node.columns : nil
            box.isGreedy = node.fillsWidth || box.columns != nil || box.children.contains { $0.isGreedy }
            box.aspectRatio = node.aspectRatio
            box.isStretched = node.isStretched
            box.wraps = node.wraps && stackAxis == .horizontal
            box.lineAlignment = node.lineAlignment ?? .leading
            box.rowSpacing = node.rowSpacing
            (box.maxFillWidth, box.maxFillFraction) = (node.maxFillWidth, node.maxFillFraction)
            // A row that wraps lays its table columns out at their points.
            if box.wraps { for index in box.children.indices { box.children[index].column = nil } }
        case .scroll(let scrollAxis, let child):
            box.content = .scroll(scrollAxis)
            box.children = [Self.box(child, theme: theme, axis: scrollAxis, suffix: suffix)]
            box.isGreedy = true
            (box.maxFillWidth, box.maxFillFraction) = (node.maxFillWidth, node.maxFillFraction)
        case .block(let width, let height, let shape, let corners, let fill):
            let fixedWidth: Double? = if case .points(let points) = width { points } else { nil }
            var radius = box.cornerRadius
            if shape != .rect { radius = min(fixedWidth ?? height, height) / 2 }
            let rounded: [Node.Corner] = corners ?? [.topLeading, .topTrailing, .bottomTrailing, .bottomLeading]
            let isRounded = [Node.Corner.topLeading, .topTrailing, .bottomTrailing, .bottomLeading].map { rounded.contains($0) }
            box.content = .block(width: fixedWidth, height: height, radii: isRounded.map { $0 ? radius : 0 }, fill: fill.color(in: theme))
            box.aspectRatio = node.aspectRatio
            if node.aspectRatio != nil, shape != .rect { box.capsuleCorners = isRounded }
            box.isGreedy = node.fillsWidth || fixedWidth == nil
            box.isStretched = node.isStretched
            (box.maxFillWidth, box.maxFillFraction) = (node.maxFillWidth, node.maxFillFraction)
            if case .fill(let grow, let basis) = width { (box.grow, box.basis) = (grow, basis) }
        case .text(let lines, let lineHeight, let lineSpacing, let lastLineFraction, let measure, let maxLines):
            box.content = .text(
                lines: lines, lineHeight: lineHeight, lineSpacing: lineSpacing, lastLineFraction: lastLineFraction,
                measure: measure, maxLines: maxLines, radius: min(box.cornerRadius, lineHeight / 2), fill: PaletteToken.base.color(in: theme))
            box.float = node.float
            box.slack = node.slack
            box.words = node.words
            box.isGreedy = true
            (box.maxFillWidth, box.maxFillFraction) = (node.maxFillWidth, node.maxFillFraction)
        case .spacer:
            box.isGreedy = axis == .horizontal
        case .divider(let opacity, let thickness):
            box.content = .divider(thickness: thickness, fill: PaletteToken.gray.color(in: theme).opacity(opacity))
            box.isGreedy = axis != .horizontal
        }
        // A table column's cell, of any type: its points outside a row (a block's shape that wide,
        // its padding outside, as for a points width), a share of the row in one.
        let width: Node.Width? = if case .block(let width, _, _, _, _) = node.kind { width } else { node.width }
        if case .content(let points, let min, let max)? = width {
            let least = Swift.max(min, box.horizontalPadding)
            box.fixedWidth = if case .block = node.kind { points + box.horizontalPadding } else { points }
            box.column = least...Swift.max(max, least)
            box.isGreedy = false
            return box
        }
        // A block's width is its kind's; another node's, when set, overrides its type's rule.
        if case .block = node.kind { return box }
        switch node.width {
        case .points(let points)?:
            box.fixedWidth = points
            box.isGreedy = false
        case .fill(let grow, let basis)?:
            box.isGreedy = true
            (box.grow, box.basis) = (grow, basis)
        case .content, nil:
            break
        }
        return box
    }

    /// A stack's children: those with an overlay placed over it, the others in its flow.
    private mutating func setChildren(_ all: [LayoutBox]) {
        children = all.filter { $0.overlay == nil }
        overlays = all.filter { $0.overlay != nil }
    }
}
