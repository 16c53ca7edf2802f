/// The layout engine: a layout's tree laid out for one viewport as the web renderer's CSS flex
/// boxes lay it out (docs/spec.md §3), giving the absolute frame of everything a client draws.
///
/// The rules, those of the renderer: a stack is a flex box along its axis with `spacing` between
/// its children and `alignment` across it; a greedy child stretches across a column and shares a
/// row's free width equally with the row's other greedy children, while any other child keeps
/// its own size (a block its points, a stack the size of its content, a node with a `points`
/// width that frame); a row's greedy children share its free width in proportion to their `grow`
/// (as CSS's `flex: grow 1 basis` on border boxes: each is at least its own padding or its `basis`,
/// and shares what the row leaves beyond that; when the grows add up to less than 1, only that
/// part of it; a row too narrow for the bases shrinks those with a basis, `RowShrinking`); no
/// box is narrower than its horizontal padding (one stretched across a narrower column, or with a
/// smaller `points` width, is its padding wide, from the column's leading edge, and overflows); a
/// greedy box with a `maxFillWidth` takes at most that much of what it is offered (CSS's
/// `max-width`): across a column it is placed at the column's alignment as a box that wide is, in
/// a row its siblings share what it leaves (`RowGrowing`), elsewhere it starts at the leading edge;
/// a `maxFillFraction` is that fraction of the width a percentage resolves against, folded into the
/// limit where the stack that lays the box out knows it (`LayoutBox.resolved(in:)`); a
/// spacer shares the free length of its stack; a block with padding, a background or a minimum height sits in a frame
/// of its own that centres it vertically; a block with an `aspectRatio` is its shape's width over
/// that ratio high, and a stack with one is its frame's width over it high, or its content's height
/// when taller unless it clips or has a minimum height (CSS's `aspect-ratio`); a stretched stack in a
/// row is as tall as the row's inner height (CSS's `align-self: stretch`), its content laid out from
/// its top, so a painted card is drawn at the row's height, and a stretched block is that high
/// too, shape and all, never below its own height (a thumbnail beside taller text); a row's table columns (`content`
/// widths) share what its other children and spacing leave as CSS's automatic table layout does
/// (`TableColumns`); a wrapping row's lines (`WrappedRow`) each put their free width at the row's
/// `lineAlignment` (CSS's `justify-content`); a stack's overlays (`Node.overlay`) take no
/// part in its flow and are placed over its frame after its other children (CSS's `position:
/// absolute` in a positioned parent, one inset per axis, or across by their `center`); a paragraph is its lines, the last `lastLineFraction`
/// of the width, or with a `measure` the lines it wraps to at its width (`Wrapping`), its `float`
/// drawn first as a block at its first line's box's leading corner (its `top` below it) and the lines beside it that
/// much shorter, the paragraph at least as tall as the float's margin box less a spacing: widths are
/// decided top-down, heights bottom-up; a horizontal scroll view offers its content all the width it wants and clips
/// it; the root fills the viewport. Right to left is the left-to-right layout mirrored.
///
/// One element alone (`layout(element:…)`) is laid out as the root of its own view: its node is
/// given the whole width and its own height (its padding, frame and background apply; a stretched
/// stack's own is its content's: given its row's height as the view's, it fills it; its own
/// `maxFillFraction` is of the view's width, as a root's), in the
/// screen's theme, mirrored within its own width, with the shimmer groups it has in the screen
/// (the group of an ancestor that shimmers it, and the screen's numbers for those it starts);
/// only what encloses it in the screen is left out: the ancestors' clips and positions.
///
/// A shimmer group's bounds (`Result.groups`) are the box of the node that starts it, which its
/// gradient spans; laid out alone, the group of an ancestor spans the element's own view.
///
/// Guarantees: the same inputs give the same frames; a tree within the screen-file limits is laid
/// out in time proportional to its expanded size times its depth (a box's height is measured at
/// the width its parent gives it, for each ancestor that places or measures it). At the
/// width the screen gives an element (one without a `maxFillFraction` of its own, which would
/// apply again), the element's own layout is its frames in the screen's,
/// moved to its origin, each cut to its own clip rather than the clip of what encloses it.
public enum FrameLayout {
    /// What a layout at one width gives: the frames in drawing order, where each loading element
    /// was placed (in drawing order), the bounds of each shimmer group (by number), and the
    /// height of the content (the viewport height when none was given).
    public struct Result: Sendable {
        public let frames: [Frame]
        public let elements: [PlacedElement]
        public let groups: [ShimmerGroup]
        public let contentHeight: Double
        public let viewportHeight: Double
    }

    /// Lays out the tree `root` whose loading elements are the nodes with the ids `elements`, in a
    /// viewport `width` points wide and `height` high (the content's height when nil), in `theme`'s
    /// colours, mirrored for `direction` rtl: what the server does for `/frames`, and what a client
    /// does with a layout document it has read (SkeletonClient's `LayoutDocument`).
    public static func layout(
        root: Node, elements: Set<String>, theme: Theme, direction: Direction, width: Double, height: Double? = nil
    ) -> Result {
        let box = LayoutBox.box(root, theme: theme, axis: .vertical)
        return layout(box, placer: Placer(elements: elements), context: .init(), direction: direction, width: width, height: height)
    }

    /// Lays out the node of the element `element` of the tree `root` as the root of its own view
    /// `width` points wide and `height` high (the element's height when nil), with its frames from
    /// its own top-left corner: what the server does for `/layouts/{screen}/elements/{element}/frames`.
    /// Nil when `element` is not one of `elements` or no node of the tree has that id.
    public static func layout(
        element: String, root: Node, elements: Set<String>, theme: Theme, direction: Direction, width: Double, height: Double? = nil
    ) -> Result? {
        guard elements.contains(element), let node = root.node(id: element) else { return nil }
        // The screen laid out once, at any width (shimmer groups do not depend on it), for the
        // group around the element and the number of the first group it starts.
        var screen = Placer(elements: elements)
        let screenRoot = LayoutBox.box(root, theme: theme, axis: .vertical)
        screen.place(screenRoot, in: Rect(x: 0, y: 0, width: width, height: screenRoot.height(width: width)), context: .init())
        let shimmer = screen.shimmers[element]
        var placer = Placer(elements: elements)
        placer.groups = shimmer?.next ?? 0
        let box = LayoutBox.box(node, theme: theme, axis: .vertical)
        placer.enclosingGroup = shimmer?.group
        return layout(box, placer: placer, context: .init(group: shimmer?.group), direction: direction, width: width, height: height)
    }

    private static func layout(
        _ box: LayoutBox, placer: Placer, context: Placer.Context, direction: Direction, width: Double, height: Double?
    ) -> Result {
        var placer = placer
        // A root's fraction is of the layout's width; a greedy root with a limit is that wide at most, from the leading edge.
        let box = box.resolved(in: width)
        let rootWidth = box.isGreedy ? box.limited(width) : width
        let contentHeight = box.height(width: rootWidth)
        let viewportHeight = height ?? contentHeight
        let view = Rect(x: 0, y: 0, width: width, height: viewportHeight)
        // A group around the element laid out alone spans the element's view, and comes first:
        // an ancestor started it before any group inside.
        if let enclosing = placer.enclosingGroup { placer.bounds.insert(ShimmerGroup(id: enclosing, rect: view), at: 0) }
        placer.place(box, in: Rect(x: 0, y: 0, width: rootWidth, height: viewportHeight), context: context)
        if direction == .rtl {
            return Result(
                frames: placer.frames.map { $0.mirrored(in: width) }, elements: placer.placed.map { $0.mirrored(in: width) },
                groups: placer.bounds.map { $0.mirrored(in: width) }, contentHeight: contentHeight, viewportHeight: viewportHeight)
        }
        return Result(frames: placer.frames, elements: placer.placed, groups: placer.bounds, contentHeight: contentHeight, viewportHeight: viewportHeight)
    }
}

extension LayoutBox {
    /// The width of the box's content with its padding (or its fixed width, at least its padding):
    /// what it takes when nothing stretches it.
    var width: Double {
        if let fixedWidth { return max(fixedWidth, horizontalPadding) }
        let own: Double
        switch content {
        case .stack(.vertical, _, _), .scroll:
            own = children.map(\.width).max() ?? 0
        case .stack(.horizontal, let spacing, _):
            // (A negative spacing overlaps the children; the row is never narrower than nothing.)
            own = max(0, children.reduce(0) { $0 + $1.width } + spacing * Double(max(0, children.count - 1)))
        case .block(let width, _, _, _):
            own = width ?? 0
        case .text, .spacer, .divider:
            own = 0
        }
        return isGreedy ? limited(own + horizontalPadding) : own + horizontalPadding
    }

    /// The height of the box's content with its padding, at least its minimum height, in a frame
    /// `width` wide.
    func height(width: Double) -> Double {
        let inner = width - padding.leading - padding.trailing
        let own: Double
        switch content {
        case .stack(.vertical, let spacing, _):
            own = max(0, Self.resolved(children, in: inner).reduce(0) { $0 + $1.height(width: $1.width(inColumn: inner)) } + spacing * Double(max(0, children.count - 1)))
        case .stack(.horizontal, let spacing, _) where columns != nil:
            own = columns.map { GridRows(children, columns: $0, width: inner, spacing: spacing, rowSpacing: rowSpacing).height } ?? 0
        case .stack(.horizontal, let spacing, _) where wraps:
            own = WrappedRow(children, width: inner, spacing: spacing, rowSpacing: rowSpacing).height
        case .stack(.horizontal, let spacing, _):
            let children = Self.resolved(self.children, in: inner)
            own = zip(children, Self.widths(ofRow: children, in: inner, spacing: spacing)).map { $0.height(width: $1) }.max() ?? 0
        case .scroll(.vertical):
            own = Self.resolved(children, in: inner).map { $0.height(width: $0.width(inColumn: inner)) }.max() ?? 0
        case .scroll(.horizontal):
            own = Self.resolved(children, in: inner).map { $0.height(width: $0.width) }.max() ?? 0
        case .block(let shapeWidth, let height, _, _):
            own = aspectRatio.map { (shapeWidth ?? inner) / $0 } ?? height
        case .text(_, let lineHeight, let lineSpacing, _, _, _, _, _):
            let lines = lines(width: inner)
            let slots = lines.first + lines.count
            // At least the float's margin box, from the first line's box's top to the last's bottom (each half a spacing beyond its line).
            let float = self.float.map { $0.reach - lineSpacing } ?? 0
            own = max(float, Double(slots) * lineHeight + Double(max(0, slots - 1)) * lineSpacing)
        case .spacer:
            own = 0
        case .divider(let thickness, _):
            own = thickness  // across a column; a row's divider is stretched to the row instead
        }
        let framed = own + padding.top + padding.bottom
        guard case .stack = content, let aspectRatio else { return max(framed, minHeight ?? 0) }
        // CSS's automatic minimum: the content's height, unless the stack clips or sets its own minimum.
        return max(width / aspectRatio, clips || minHeight != nil ? minHeight ?? 0 : framed)
    }

    /// Whether the box takes the whole cross size of a column: greedy, and no width of its own
    /// (CSS stretches only an item whose cross size is auto).
    var stretchesAcrossColumn: Bool {
        if case .block(let width?, _, _, _) = content, !isFramedBlock { _ = width; return false }
        return isGreedy
    }

    /// The height of a stretched box (`isStretched`) in a row whose inner height is `rowHeight`, at
    /// `width`: CSS's stretch, the row's height never below the box's own minimum: a stack's padding
    /// and minHeight (its content laid out from its top), a block's own height (its CSS min-height).
    func stretchedHeight(_ rowHeight: Double, width: Double) -> Double {
        if case .block = content { return max(rowHeight, height(width: width)) }
        return max(rowHeight, padding.top + padding.bottom, minHeight ?? 0)
    }

    /// The box's width in a column whose inner width is `inner`: stretched up to its limit, never
    /// narrower than its horizontal padding (a border box overflows its parent rather than
    /// shrinking below it).
    func width(inColumn inner: Double) -> Double {
        stretchesAcrossColumn ? max(limited(inner), horizontalPadding) : width
    }

    /// A width offered to the box, within its `maxFillWidth` and never below its horizontal
    /// padding (CSS's `max-width` on a border box); the width offered as it is without a limit.
    func limited(_ width: Double) -> Double {
        guard let maxFillWidth else { return width }
        return max(min(width, maxFillWidth), horizontalPadding)
    }

    /// The box with its `maxFillFraction` of `reference` (the width CSS resolves its percentage
    /// against) folded into its `maxFillWidth`, the smaller of the two; the box as it is without a
    /// fraction. Until then a fraction limits nothing (CSS's cyclic percentage in an intrinsic
    /// width).
    func resolved(in reference: Double) -> LayoutBox {
        guard let maxFillFraction else { return self }
        var box = self
        box.maxFillWidth = min(maxFillWidth ?? .infinity, maxFillFraction * reference)
        box.maxFillFraction = nil
        return box
    }

    /// `boxes` resolved against `reference` (`resolved(in:)`); the same array, not copied, when
    /// none has a fraction.
    static func resolved(_ boxes: [LayoutBox], in reference: Double) -> [LayoutBox] {
        boxes.contains { $0.maxFillFraction != nil } ? boxes.map { $0.resolved(in: reference) } : boxes
    }

    /// The widths of a row's children in an inner width `width`, as CSS's `flex: grow 1 basis` on
    /// border boxes gives them: a greedy child is its `rowBasis` plus a share of what the others
    /// leave, in proportion to its grow (all of it when the grows add up to 1 or more), up to its
    /// limit (`RowGrowing`). Table columns (`column`) first share what the other children's bases
    /// and the spacing leave (`TableColumns`; beyond their max-content widths only when no child
    /// is greedy). When the widths leave less than nothing, `RowShrinking` takes it from the
    /// children with a basis.
    static func widths(ofRow children: [LayoutBox], in width: Double, spacing: Double) -> [Double] {
        let grows = children.filter(\.isGreedy).reduce(0) { $0 + $1.grow }
        let gaps = spacing * Double(max(0, children.count - 1))
        let bases = children.map { $0.column != nil ? 0 : $0.rowBasis }
        var columns = TableColumns.widths(of: children.compactMap(\.column), in: width - bases.reduce(0, +) - gaps, fills: grows == 0).makeIterator()
        let sized = zip(children, bases).map { child, basis in child.column != nil ? columns.next() ?? basis : basis }
        let free = width - sized.reduce(0, +) - gaps
        guard free >= 0 else { return RowShrinking.widths(children, sizes: sized, free: free) }
        return RowGrowing.widths(children, bases: sized, free: free)
    }

    /// Its width in a row before the row's free width is shared: a greedy box's basis (0 without
    /// one), never below its horizontal padding, nor beyond its limit (CSS's hypothetical main
    /// size); another box's own width.
    var rowBasis: Double {
        isGreedy ? limited(max(basis ?? 0, horizontalPadding)) : width
    }

    /// Its leading and trailing padding together.
    var horizontalPadding: Double { padding.leading + padding.trailing }

    /// A paragraph's lines and its last line's fraction in an inner width `width`.
    func lines(width: Double) -> Wrapping.Lines {
        guard case .text(let lines, let lineHeight, let lineSpacing, let lastLineFraction, let measure, let maxLines, _, _) = content else {
            return Wrapping.Lines(count: 0, lastLineFraction: 1, first: 0)
        }
        guard let measure else { return Wrapping.Lines(count: lines, lastLineFraction: lastLineFraction, first: 0) }
        let beside = float.map { Wrapping.Beside($0, lineHeight: lineHeight, lineSpacing: lineSpacing) }
        if let words { return Wrapping.lines(words: words, maxLines: maxLines, width: width, beside: beside) }
        return Wrapping.lines(measure: measure, slack: slack ?? 0, maxLines: maxLines, width: width, beside: beside, captured: (lines, lastLineFraction))
    }

    /// The lines beside the paragraph's float (none without one), and how much shorter they are.
    var beside: Wrapping.Beside? {
        guard case .text(_, let lineHeight, let lineSpacing, _, _, _, _, _) = content, let float else { return nil }
        return Wrapping.Beside(float, lineHeight: lineHeight, lineSpacing: lineSpacing)
    }
}

/// Places boxes and collects their frames and the elements' places, walking the tree once in
/// drawing order.
private struct Placer {
    struct Context {
        var element: String?
        var group: Int?
        var clip: Rect?
    }

    /// The shimmer state where an element's node is entered: the group around it, and the
    /// number the next group takes.
    struct Shimmer {
        var group: Int?
        var next: Int
    }

    let elements: Set<String>
    var frames: [Frame] = []
    var placed: [PlacedElement] = []
    var shimmers: [String: Shimmer] = [:]
    var groups = 0
    /// The group around an element laid out alone (an ancestor's), if any.
    var enclosingGroup: Int?
    /// The bounds of each group, in the order of their numbers.
    var bounds: [ShimmerGroup] = []

    init(elements: Set<String>) {
        self.elements = elements
    }

    /// Places `box` in its frame `rect`; `isStretchedByRow` when a row stretched it (`isStretched`).
    mutating func place(_ box: LayoutBox, in rect: Rect, context outer: Context, isStretchedByRow: Bool = false) {
        var context = outer
        if let id = box.id, elements.contains(id) {
            context.element = id
            placed.append(PlacedElement(id: id, rect: rect, clip: context.clip))
            shimmers[id] = Shimmer(group: context.group, next: groups)
        }
        if let background = box.background {
            let radius = box.isFramedBlock ? 0 : box.cornerRadius
            add(.background, rect, radii: [radius, radius, radius, radius], fill: background, context: context, shimmered: false)
        }
        let inner = Rect(
            x: rect.x + box.padding.leading, y: rect.y + box.padding.top,
            width: rect.width - box.padding.leading - box.padding.trailing, height: rect.height - box.padding.top - box.padding.bottom)
        if box.clips || { if case .scroll = box.content { true } else { false } }() {
            context.clip = context.clip.map { $0.intersection(rect) } ?? rect
        }
        switch box.content {
        case .stack(let axis, let spacing, let alignment):
            if box.startsShimmer { context.group = newGroup(rect) }
            if axis == .vertical {
                placeColumn(box.children, in: inner, spacing: spacing, alignment: alignment, context: context)
            } else if let columns = box.columns {
                placeGrid(box.children, columns: columns, in: inner, spacing: spacing, rowSpacing: box.rowSpacing, alignment: alignment, context: context)
            } else if box.wraps {
                placeLines(
                    box.children, in: inner, spacing: spacing, rowSpacing: box.rowSpacing, alignment: alignment, lineAlignment: box.lineAlignment,
                    context: context)
            } else {
                placeRow(box.children, in: inner, spacing: spacing, alignment: alignment, context: context)
            }
            for overlay in box.overlays { placeOverlay(overlay, over: rect, context: context) }
        case .scroll(let axis):
            if box.startsShimmer { context.group = newGroup(rect) }
            guard let child = box.children.first?.resolved(in: inner.width) else { break }
            if axis == .vertical {
                // A child narrower than the view centred, a greedy one (up to its limit) from the leading edge.
                placeColumn([child], in: inner, spacing: 0, alignment: child.stretchesAcrossColumn ? .leading : .center, context: context)
            } else {
                place(child, in: Rect(x: inner.x, y: inner.y, width: child.width, height: child.height(width: child.width)), context: context)
            }
        case .block(let width, let height, var radii, let fill):
            if box.startsShimmer { context.group = newGroup(rect) }
            let shape: Rect
            if box.isFramedBlock {
                let shapeWidth = width ?? inner.width
                // Stretched by its row, the shape is the frame's inner height.
                let shapeHeight = isStretchedByRow ? inner.height : box.aspectRatio.map { shapeWidth / $0 } ?? height
                shape = Rect(x: inner.x, y: inner.y + (inner.height - shapeHeight) / 2, width: shapeWidth, height: shapeHeight)
            } else {
                shape = rect
            }
            if let rounded = box.capsuleCorners {
                radii = rounded.map { $0 ? min(shape.width, shape.height) / 2 : 0 }
            }
            add(.block, shape, radii: radii, fill: fill, context: context, shimmered: true)
        case .text(_, let lineHeight, let lineSpacing, _, _, _, let radius, let fill):
            if box.startsShimmer { context.group = newGroup(rect) }
            let lines = box.lines(width: inner.width)
            if let float = box.float {
                let frame = Rect(x: inner.x, y: inner.y - lineSpacing / 2 + float.top, width: float.width, height: float.height)
                add(.block, frame, radii: [radius, radius, radius, radius], fill: fill, context: context, shimmered: true)
            }
            // Lines pushed below the float (nothing fits beside it) are not beside it.
            let beside = lines.first > 0 ? nil : box.beside
            for line in 0..<lines.count {
                let slot = lines.first + line
                let indent = slot < beside?.lines ?? 0 ? beside?.indent ?? 0 : 0
                let full = max(0, inner.width - indent)
                let isLast = line == lines.count - 1 && lines.count > 1
                let frame = Rect(
                    x: inner.x + indent, y: inner.y + Double(slot) * (lineHeight + lineSpacing),
                    width: isLast ? full * lines.lastLineFraction : full, height: lineHeight)
                add(.line, frame, radii: [radius, radius, radius, radius], fill: fill, context: context, shimmered: true)
            }
        case .divider(_, let fill):
            add(.divider, rect, radii: [0, 0, 0, 0], fill: fill, context: context, shimmered: false)
        case .spacer:
            break
        }
    }

    /// A column: children one under another, `spacing` apart; spacers share the free height.
    mutating func placeColumn(_ children: [LayoutBox], in inner: Rect, spacing: Double, alignment: Node.Alignment, context: Context) {
        let children = LayoutBox.resolved(children, in: inner.width)
        let widths = children.map { $0.width(inColumn: inner.width) }
        let heights = zip(children, widths).map { $0.height(width: $1) }
        let spacers = children.filter { if case .spacer = $0.content { true } else { false } }.count
        let used = heights.reduce(0, +) + spacing * Double(max(0, children.count - 1))
        let share = spacers > 0 ? max(0, inner.height - used) / Double(spacers) : 0
        var y = inner.y
        for (index, child) in children.enumerated() {
            var childHeight = heights[index]
            if case .spacer = child.content { childHeight = max(child.minHeight ?? 0, share) }
            let width = widths[index]
            // A stretched child wider than the column (its padding) overflows its trailing edge, as CSS's stretch does;
            // one with a limit sits at the alignment as a child of its own width does.
            let x = child.stretchesAcrossColumn && child.maxFillWidth == nil ? inner.x : inner.x + Self.offset(inner.width - width, alignment)
            let frame = Rect(x: x, y: y, width: width, height: childHeight)
            place(child, in: frame, context: context)
            y += childHeight + spacing
        }
    }

    /// A row: children side by side, `spacing` apart; greedy children share the free width in
    /// proportion to their grows; a divider and a stretched stack or block span the row's height.
    mutating func placeRow(_ children: [LayoutBox], in inner: Rect, spacing: Double, alignment: Node.Alignment, context: Context) {
        let children = LayoutBox.resolved(children, in: inner.width)
        var x = inner.x
        for (child, width) in zip(children, LayoutBox.widths(ofRow: children, in: inner.width, spacing: spacing)) {
            let frame: Rect
            if case .divider = child.content {
                frame = Rect(x: x, y: inner.y, width: width, height: inner.height)
            } else if child.isStretched {
                frame = Rect(x: x, y: inner.y, width: width, height: child.stretchedHeight(inner.height, width: width))
            } else {
                let height = child.height(width: width)
                frame = Rect(x: x, y: inner.y + Self.offset(inner.height - height, alignment), width: width, height: height)
            }
            place(child, in: frame, context: context, isStretchedByRow: child.isStretched)
            x += width + spacing
        }
    }

    /// A row that wraps: each line of `WrappedRow` placed as a row of its own, as tall as its
    /// tallest child, moved by its share of its free width at `lineAlignment` (CSS's
    /// `justify-content`), the lines `rowSpacing` (else `spacing`) apart from the top.
    mutating func placeLines(
        _ children: [LayoutBox], in inner: Rect, spacing: Double, rowSpacing: Double?, alignment: Node.Alignment,
        lineAlignment: Node.LineAlignment, context: Context
    ) {
        let row = WrappedRow(children, width: inner.width, spacing: spacing, rowSpacing: rowSpacing)
        var y = inner.y
        for line in row.lines {
            let x = inner.x + Self.offset(line.free, lineAlignment)
            placeRow(Array(children[line.children]), in: Rect(x: x, y: y, width: inner.width, height: line.height), spacing: spacing, alignment: alignment, context: context)
            y += line.height + row.rowSpacing
        }
    }

    /// A child placed over its stack's frame `parent` (`Node.Overlay`): at its own width (a greedy
    /// one the frame's less its horizontal offset up to its limit, never below its padding) and the height it has
    /// there, its offsets from the frame's edges (the horizontal one with its `offsetFraction` of the
    /// frame's width); with a `center`, its centre that far from the frame's towards the trailing
    /// edge (right to left mirrors the whole layout).
    mutating func placeOverlay(_ child: LayoutBox, over parent: Rect, context: Context) {
        guard let overlay = child.overlay else { return }
        // A fraction of the parent's frame: CSS's padding box of the containing block.
        let child = child.resolved(in: parent.width)
        let (isFromTrailing, across) = overlay.horizontalOffset(over: parent.width)
        let (isFromBottom, down) = overlay.verticalOffset
        let width = child.isGreedy ? max(child.limited(parent.width - across), child.horizontalPadding) : child.width
        let height = child.height(width: width)
        let x = if let center = overlay.center {
            parent.x + (parent.width - width) / 2 + center
        } else {
            isFromTrailing ? parent.x + parent.width - across - width : parent.x + across
        }
        let y = isFromBottom ? parent.y + parent.height - down - height : parent.y + down
        place(child, in: Rect(x: x, y: y, width: width, height: height), context: context)
    }

    /// A row on columns: each child of `GridRows` at its column's leading edge, at its width in
    /// that column, across its row as in a row of its own (`alignment`; a stretched stack or
    /// block the row's height), the rows `rowSpacing` (else `spacing`) apart from the top.
    mutating func placeGrid(
        _ children: [LayoutBox], columns: GridColumns, in inner: Rect, spacing: Double, rowSpacing: Double?, alignment: Node.Alignment, context: Context
    ) {
        let grid = GridRows(children, columns: columns, width: inner.width, spacing: spacing, rowSpacing: rowSpacing)
        let children = LayoutBox.resolved(children, in: grid.columnWidth)
        var y = inner.y
        for (row, height) in zip(grid.rows, grid.heights) {
            for (column, child) in children[row].enumerated() {
                let x = inner.x + Double(column) * (grid.columnWidth + grid.spacing)
                let width = child.width(inColumn: grid.columnWidth)
                let childHeight = child.isStretched ? child.stretchedHeight(height, width: width) : child.height(width: width)
                let top = child.isStretched ? y : y + Self.offset(height - childHeight, alignment)
                place(child, in: Rect(x: x, y: top, width: width, height: childHeight), context: context, isStretchedByRow: child.isStretched)
            }
            y += height + grid.rowSpacing
        }
    }

    /// Where a child goes across its stack: at the start, centred, or at the end of `free`.
    static func offset(_ free: Double, _ alignment: Node.Alignment) -> Double {
        switch alignment {
        case .leading, .top: 0
        case .center: free / 2
        case .trailing, .bottom: free
        }
    }

    /// The same for a wrapping row's line (`Node.lineAlignment`).
    static func offset(_ free: Double, _ alignment: Node.LineAlignment) -> Double {
        switch alignment {
        case .leading: 0
        case .center: free / 2
        case .trailing: free
        }
    }

    /// A group for the node laid out in `rect`, which bounds it.
    mutating func newGroup(_ rect: Rect) -> Int {
        bounds.append(ShimmerGroup(id: groups, rect: rect))
        groups += 1
        return groups - 1
    }

    /// A frame for the shape at `rect`; none for a shape with no area, which draws nothing.
    mutating func add(_ kind: Frame.Kind, _ rect: Rect, radii: [Double], fill: RGBA, context: Context, shimmered: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        frames.append(Frame(
            kind: kind, rect: rect, radii: Self.fitted(radii, in: rect), fill: fill, element: context.element,
            group: shimmered ? context.group : nil, clip: context.clip))
    }

    /// Radii scaled down together until no two adjacent ones overlap (CSS Backgrounds §5.5).
    static func fitted(_ radii: [Double], in rect: Rect) -> [Double] {
        let sums = [(rect.width, radii[0] + radii[1]), (rect.height, radii[1] + radii[2]), (rect.width, radii[2] + radii[3]), (rect.height, radii[3] + radii[0])]
        let factor = sums.reduce(1.0) { factor, side in side.1 > 0 ? min(factor, side.0 / side.1) : factor }
        return factor < 1 ? radii.map { $0 * factor } : radii
    }
}

extension Frame {
    /// This frame mirrored across the viewport's vertical axis: its rectangle, its clip, and its
    /// corners (left and right swap).
    func mirrored(in width: Double) -> Frame {
        var frame = self
        frame.rect = rect.mirrored(in: width)
        frame.clip = clip?.mirrored(in: width)
        frame.radii = [radii[1], radii[0], radii[3], radii[2]]
        return frame
    }
}
