import Layouts

extension Node {
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
            Self.write(width, to: &writer)
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
        case .text(let lines, let lineHeight, let lineSpacing, let lastLineFraction, let measure, let maxLines):
            writer.member("type", "text")
            writeID(to: &writer, suffix: idSuffix)
            writer.member("lines", lines)
            writer.member("lineHeight", lineHeight)
            writer.member("lineSpacing", lineSpacing)
            writer.member("lastLineFraction", lastLineFraction)
            if let measure { writer.member("measure", measure) }
            if let maxLines { writer.member("maxLines", maxLines) }
            if let slack { writer.member("slack", slack) }
            if let words { Self.write(words, to: &writer) }
            if let float {
                Self.write("float", ["width": float.width, "height": float.height, "trailing": float.trailing, "bottom": float.bottom, "top": float.top], to: &writer)
            }
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

    /// The overlay's two offsets: `{"top": 10, "leading": 10}`, one of top and bottom, one of leading and
    /// trailing; then its `center` and its `offsetFraction` when it has them.
    private static func write(_ overlay: Overlay, to writer: inout JSONWriter) {
        writer.key("overlay")
        writer.beginObject()
        switch overlay.vertical {
        case .top(let points): writer.member("top", points)
        case .bottom(let points): writer.member("bottom", points)
        }
        switch overlay.horizontal {
        case .leading(let points): writer.member("leading", points)
        case .trailing(let points): writer.member("trailing", points)
        }
        if let center = overlay.center { writer.member("center", center) }
        if let fraction = overlay.offsetFraction { writer.member("offsetFraction", fraction) }
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

    /// The tagged width: `{"kind": "points", "points": 120}`, `{"kind": "fill"}`, with a grow
    /// other than 1 `{"kind": "fill", "grow": 2}`, with a basis `{"kind": "fill", "basis": 200}`,
    /// or a table column's `{"kind": "content", "points": 180, "min": 90, "max": 260}`.
    private static func write(_ width: Width, to writer: inout JSONWriter) {
        writer.key("width")
        writer.beginObject()
        switch width {
        case .points(let points):
            writer.member("kind", "points")
            writer.member("points", points)
        case .fill(let grow, let basis):
            writer.member("kind", "fill")
            if grow != 1 { writer.member("grow", grow) }
            if let basis { writer.member("basis", basis) }
        case .content(let points, let min, let max):
            writer.member("kind", "content")
            writer.member("points", points)
            writer.member("min", min)
            writer.member("max", max)
        }
        writer.endObject()
    }

    /// `"words": {"widths": [[...], ...], "space": ...}`: each word its pieces' widths.
    private static func write(_ words: Words, to writer: inout JSONWriter) {
        writer.key("words")
        writer.beginObject()
        writer.key("widths")
        writer.beginArray()
        for word in words.widths {
            writer.beginArray()
            for piece in word { writer.number(piece) }
            writer.endArray()
        }
        writer.endArray()
        writer.member("space", words.space)
        writer.endObject()
    }

    /// An object of numbers as the member `key`, in the order given.
    private static func write(_ key: String, _ members: KeyValuePairs<String, Double>, to writer: inout JSONWriter) {
        writer.key(key)
        writer.beginObject()
        for (name, value) in members { writer.member(name, value) }
        writer.endObject()
    }

    private var isBlock: Bool {
        if case .block = kind { true } else { false }
    }

    private func writeID(to writer: inout JSONWriter, suffix: String) {
        if let id { writer.member("id", id + suffix) }
    }

    private func writeModifiers(to writer: inout JSONWriter) {
        if let padding {
            Self.write("padding", ["top": padding.top, "leading": padding.leading, "bottom": padding.bottom, "trailing": padding.trailing], to: &writer)
        }
        if let minHeight { writer.member("minHeight", minHeight) }
        if let aspectRatio { writer.member("aspectRatio", aspectRatio) }
        if let width, !isBlock { Self.write(width, to: &writer) }  // a block's is written with its shape
        if fillsWidth { writer.member("maxWidth", "fill") }
        if let background { writer.member("background", background.rawValue) }
        if let cornerRadius, !isBlock { writer.member("cornerRadius", cornerRadius) }  // a block's is written with its shape
        if isClipped { writer.member("clip", true) }
        if startsShimmer { writer.member("shimmer", true) }
        if isStretched { writer.member("stretch", true) }
        if wraps { writer.member("wrap", true) }
        if let lineAlignment { writer.member("lineAlignment", lineAlignment.rawValue) }
        if let columns {
            writer.member("minColumnWidth", columns.minWidth)
            if columns.collapsesEmpty { writer.member("autoFit", true) }
        }
        if let rowSpacing { writer.member("rowSpacing", rowSpacing) }
        if let maxFillWidth { writer.member("maxFillWidth", maxFillWidth) }
        if let maxFillFraction { writer.member("maxFillFraction", maxFillFraction) }
        if let overlay { Self.write(overlay, to: &writer) }
    }
}
