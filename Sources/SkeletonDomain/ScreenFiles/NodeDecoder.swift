import Layouts

/// Reads a node tree of a screen file: the same members as the served tree, with docs/spec.md §3's
/// defaults for the omitted ones (`cornerRadius` 0, `alignment` center, `spacing` 0, a block's
/// `width` fill, a fill width's `grow` 1, `shape` rect, `fill` base, `axis` vertical, `stretch`
/// and `wrap` false, no `minColumnWidth`, `autoFit` false, no `rowSpacing`, an overlay's missing
/// axis 0 from its top or leading edge, no overlay `center` or `offsetFraction`, a float's `trailing`, `bottom` and
/// `top` 0, no `lineAlignment`); `aspectRatio` and `stretch` only on a block or a stack, `wrap`,
/// `lineAlignment`, `minColumnWidth`, `autoFit` and `rowSpacing` (within `spacing`'s range) only
/// on a stack (`autoFit` only with
/// `minColumnWidth`), `overlay`, `maxFillWidth` (a size above 0, none when omitted) and
/// `maxFillFraction` (above 0, at most 1, none when omitted) not on a spacer, divider or repeat,
/// `float` only on a text, `slack` (a size, 0 when omitted) and `words` only on a text with a
/// `measure`.
///
/// Guarantees: every node it returns is within `ScreenFileLimits` (sizes, children, repeat
/// counts, nesting); anything else is a problem at the offending member's pointer.
struct NodeDecoder {
    static let types = NodeMembers.types

    static func node(_ value: JSONValue, at pointer: String, depth: Int, reader: inout ValueReader) -> Node? {
        guard depth <= ScreenFileLimits.maxNodeDepth else {
            reader.report(pointer, "nodes nested deeper than \(ScreenFileLimits.maxNodeDepth)")
            return nil
        }
        guard case .object = value, let typeValue = value["type"] else {
            if case .object = value { reader.report(pointer, "missing member \"type\" (one of: \(types.joined(separator: ", ")))") } else {
                reader.report(pointer, "expected a node object, found \(value.typeName)")
            }
            return nil
        }
        guard let type = reader.choice(typeValue, at: pointer + "/type", of: types, what: "node type"),
            let object = reader.object(value, at: pointer, allowed: NodeMembers.common + NodeMembers.of(type))
        else { return nil }
        let problemsBefore = reader.problems.count
        let kind: Node.Kind?
        var floatBox: Node.FloatBox?
        var slack: Double?
        var words: Node.Words?
        switch type {
        case "stack": kind = stack(object, depth: depth, reader: &reader)
        case "scroll":
            if let enabled = reader.optional(object, "scrollEnabled", { $0.bool($1, at: $2) }), enabled {
                reader.report(object.pointer("scrollEnabled"), "skeletons never scroll: only false is allowed")
            }
            let axis = self.axis(object, reader: &reader)
            let child = reader.required(object, "child") { Self.node($1, at: $2, depth: depth + 1, reader: &$0) }
            kind = child.map { .scroll(axis, child: $0) }
        case "block": kind = block(object, reader: &reader)
        case "text":
            let lines = reader.required(object, "lines") { $0.integer($1, at: $2, in: 1...100) }
            let lineHeight = reader.required(object, "lineHeight") { size($1, at: $2, reader: &$0) }
            let lineSpacing = reader.optional(object, "lineSpacing") { size($1, at: $2, reader: &$0) } ?? 0
            var lastLineFraction = 1.0
            if let fraction = reader.optional(object, "lastLineFraction", { $0.number($1, at: $2, in: 0...1) }) {
                if fraction == 0 { reader.report(object.pointer("lastLineFraction"), "must be above 0 (at most 1)") }
                lastLineFraction = fraction
            }
            let measure = reader.optional(object, "measure") { aboveZero($1, at: $2, in: ScreenFileLimits.measures, reader: &$0) }
            let maxLines = reader.optional(object, "maxLines") { $0.integer($1, at: $2, in: ScreenFileLimits.maxLines) }
            if maxLines != nil, object["measure"] == nil { reader.report(object.pointer("maxLines"), "needs \"measure\": only a paragraph that wraps by width has a maximum") }
            slack = reader.optional(object, "slack") { size($1, at: $2, reader: &$0) }
            if slack != nil, object["measure"] == nil { reader.report(object.pointer("slack"), "needs \"measure\": only a paragraph that wraps by width leaves slack") }
            words = reader.optional(object, "words") { Self.words($1, at: $2, reader: &$0) }
            if words != nil, object["measure"] == nil { reader.report(object.pointer("words"), "needs \"measure\": only a paragraph that wraps by width breaks between words") }
            floatBox = reader.optional(object, "float") { Self.float($1, at: $2, reader: &$0) }
            kind = lines.flatMap { lines in
                lineHeight.map {
                    .text(lines: lines, lineHeight: $0, lineSpacing: lineSpacing, lastLineFraction: lastLineFraction, measure: measure, maxLines: maxLines)
                }
            }
        case "spacer": kind = .spacer
        case "divider":
            let opacity = reader.optional(object, "opacity") { $0.number($1, at: $2, in: 0...1) } ?? 1
            let thickness = reader.optional(object, "thickness") { size($1, at: $2, reader: &$0) } ?? 1
            kind = .divider(opacity: opacity, thickness: thickness)
        default:
            let count = reader.required(object, "count") { $0.integer($1, at: $2, in: ScreenFileLimits.repeatCounts) }
            let child = reader.required(object, "child") { Self.node($1, at: $2, depth: depth + 1, reader: &$0) }
            kind = count.flatMap { count in child.map { .repeat(count: count, child: $0) } }
        }
        var node = Node(.spacer)
        modifiers(object, into: &node, reader: &reader)
        guard let kind, reader.problems.count == problemsBefore else { return nil }
        node.kind = kind
        node.float = floatBox
        node.slack = slack
        node.words = words
        return node
    }

    private static func stack(_ object: JSONObject, depth: Int, reader: inout ValueReader) -> Node.Kind? {
        let axis = self.axis(object, reader: &reader)
        let spacing = reader.optional(object, "spacing") { $0.number($1, at: $2, in: ScreenFileLimits.spacings) } ?? 0
        let allowed: [Node.Alignment] = axis == .vertical ? [.leading, .center, .trailing] : [.top, .center, .bottom]
        var alignment = Node.Alignment.center
        if let name = reader.optional(object, "alignment", { $0.choice($1, at: $2, of: allowed.map(\.rawValue), what: "alignment for a \(axis.rawValue) stack") }) {
            alignment = Node.Alignment(rawValue: name)!
        }
        guard let items = reader.required(object, "children", { $0.array($1, at: $2, count: 0...ScreenFileLimits.maxChildren) }) else { return nil }
        var children: [Node] = []
        var complete = true
        for (index, item) in items.enumerated() {
            if let child = node(item, at: object.pointer("children") + "/\(index)", depth: depth + 1, reader: &reader) {
                children.append(child)
            } else {
                complete = false
            }
        }
        return complete ? .stack(axis, spacing: spacing, alignment: alignment, children: children) : nil
    }

    private static func block(_ object: JSONObject, reader: inout ValueReader) -> Node.Kind? {
        let width = reader.optional(object, "width") { self.width($1, at: $2, reader: &$0) } ?? .fill
        let height = reader.required(object, "height") { size($1, at: $2, reader: &$0) }
        let shape = reader.optional(object, "shape") { $0.choice($1, at: $2, of: ["rect", "capsule", "circle"], what: "shape") }
            .map { Node.Shape(rawValue: $0)! } ?? .rect
        var corners: [Node.Corner]?
        if let items = reader.optional(object, "corners", { $0.array($1, at: $2, count: 1...4) }) {
            let names = ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]
            let pointer = object.pointer("corners")
            let chosen = items.enumerated().compactMap { index, item in reader.choice(item, at: pointer + "/\(index)", of: names, what: "corner") }
            if Set(chosen).count != chosen.count { reader.report(pointer, "a corner is listed twice") }
            corners = chosen.map { Node.Corner(rawValue: $0)! }
        }
        let fill = reader.optional(object, "fill") { token($1, at: $2, reader: &$0) } ?? .base
        return height.map { .block(width: width, height: $0, shape: shape, corners: corners, fill: fill) }
    }

    /// Points, `"fill"`, or the tagged form served documents write (`{"kind": "points", "points": 120}`,
    /// `{"kind": "fill"}`, `{"kind": "fill", "grow": 2, "basis": 200}`, a table column's `{"kind": "content",
    /// "points": 180, "min": 90, "max": 260}`), so that a node copied from a layout document is a
    /// screen file's node.
    private static func width(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Node.Width? {
        if value == .string("fill") { return .fill }
        guard case .object = value else { return size(value, at: pointer, reader: &reader).map { .points($0) } }
        guard let tagged = reader.object(value, at: pointer, allowed: ["kind", "points", "grow", "basis", "min", "max"]),
              let kind = reader.required(tagged, "kind", { $0.choice($1, at: $2, of: ["points", "fill", "content"], what: "width kind") }) else { return nil }
        if kind != "content" {
            for member in ["min", "max"] where tagged[member] != nil { reader.report(tagged.pointer(member), "only a content width has \"min\" and \"max\"") }
        }
        if kind == "fill" {
            if tagged["points"] != nil { reader.report(tagged.pointer("points"), "a fill width has no points (only \"grow\" and \"basis\")") }
            return .fill(
                grow: reader.optional(tagged, "grow") { aboveZero($1, at: $2, in: ScreenFileLimits.grows, reader: &$0) } ?? 1,
                basis: reader.optional(tagged, "basis") { size($1, at: $2, reader: &$0) })
        }
        if tagged["grow"] != nil { reader.report(tagged.pointer("grow"), "only a fill width grows") }
        if tagged["basis"] != nil { reader.report(tagged.pointer("basis"), "only a fill width has a basis (a points width is its points)") }
        let points = reader.required(tagged, "points") { size($1, at: $2, reader: &$0) }
        guard kind == "content" else { return points.map { .points($0) } }
        let min = reader.required(tagged, "min") { size($1, at: $2, reader: &$0) }
        let max = reader.required(tagged, "max") { size($1, at: $2, reader: &$0) }
        guard let points, let min, let max else { return nil }
        guard min <= max else {
            reader.report(tagged.pointer("min"), "a column's min-content width \(min) is above its max-content width \(max)")
            return nil
        }
        return .content(points: points, min: min, max: max)
    }

    /// A paragraph's float: `width` and `height` required, its margin's `trailing`, `bottom` and `top` 0 when omitted.
    private static func float(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Node.FloatBox? {
        guard let float = reader.object(value, at: pointer, allowed: ["width", "height", "trailing", "bottom", "top"]) else { return nil }
        let width = reader.required(float, "width") { size($1, at: $2, reader: &$0) }
        let height = reader.required(float, "height") { size($1, at: $2, reader: &$0) }
        let trailing = reader.optional(float, "trailing") { size($1, at: $2, reader: &$0) } ?? 0
        let bottom = reader.optional(float, "bottom") { size($1, at: $2, reader: &$0) } ?? 0
        let top = reader.optional(float, "top") { size($1, at: $2, reader: &$0) } ?? 0
        return width.flatMap { width in height.map { Node.FloatBox(width: width, height: $0, trailing: trailing, bottom: bottom, top: top) } }
    }

    /// `{"widths": [[sizes]], "space": size}`: each word's pieces' widths (1 to 64: more than one
    /// where a line may break inside it) and the space between two words.
    private static func words(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Node.Words? {
        guard let words = reader.object(value, at: pointer, allowed: ["widths", "space"]) else { return nil }
        let items = reader.required(words, "widths") { $0.array($1, at: $2, count: ScreenFileLimits.wordCounts) }
        let space = reader.required(words, "space") { size($1, at: $2, reader: &$0) }
        let widths = items?.enumerated().compactMap { index, item in word(item, at: words.pointer("widths") + "/\(index)", reader: &reader) }
        guard let widths, widths.count == items?.count, let space else { return nil }
        return Node.Words(widths: widths, space: space)
    }

    /// A word's pieces' widths: one, or more where a line may break inside it.
    private static func word(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> [Double]? {
        guard let items = reader.array(value, at: pointer, count: ScreenFileLimits.wordPieces) else { return nil }
        let pieces = items.enumerated().compactMap { index, item in size(item, at: pointer + "/\(index)", reader: &reader) }
        return pieces.count == items.count ? pieces : nil
    }

    /// A number in `range` other than its lower bound 0.
    private static func aboveZero(_ value: JSONValue, at pointer: String, in range: ClosedRange<Double>, reader: inout ValueReader) -> Double? {
        guard let number = reader.number(value, at: pointer, in: range) else { return nil }
        guard number > 0 else {
            reader.report(pointer, "must be above 0 (at most \(ValueReader.shown(range.upperBound)))")
            return nil
        }
        return number
    }

    private static func modifiers(_ object: JSONObject, into node: inout Node, reader: inout ValueReader) {
        node.id = reader.optional(object, "id") { $0.identifier($1, at: $2, .node) }
        if let padding = reader.optional(object, "padding", { $0.object($1, at: $2, allowed: ["top", "leading", "bottom", "trailing"]) }) {
            func edge(_ name: String) -> Double { reader.optional(padding, name) { size($1, at: $2, reader: &$0) } ?? 0 }
            node.padding = Node.EdgeInsets(top: edge("top"), leading: edge("leading"), bottom: edge("bottom"), trailing: edge("trailing"))
        }
        node.minHeight = reader.optional(object, "minHeight") { size($1, at: $2, reader: &$0) }
        node.aspectRatio = reader.optional(object, "aspectRatio") { aboveZero($1, at: $2, in: ScreenFileLimits.aspectRatios, reader: &$0) }
        if object["type"] != .string("block") { node.width = reader.optional(object, "width") { width($1, at: $2, reader: &$0) } }
        if let value = object["maxWidth"] {
            if value == .string("fill") { node.fillsWidth = true } else { reader.report(object.pointer("maxWidth"), "only \"fill\" is allowed") }
            if case .points = node.width { reader.report(object.pointer("maxWidth"), "a node with a points width does not fill") }
            if case .content = node.width { reader.report(object.pointer("maxWidth"), "a node with a content width does not fill") }
        }
        node.background = reader.optional(object, "background") { token($1, at: $2, reader: &$0) }
        node.cornerRadius = reader.optional(object, "cornerRadius") { size($1, at: $2, reader: &$0) }
        node.isClipped = reader.optional(object, "clip") { $0.bool($1, at: $2) } ?? false
        node.startsShimmer = reader.optional(object, "shimmer") { $0.bool($1, at: $2) } ?? false
        node.isStretched = reader.optional(object, "stretch") { $0.bool($1, at: $2) } ?? false
        node.wraps = reader.optional(object, "wrap") { $0.bool($1, at: $2) } ?? false
        node.lineAlignment = reader.optional(object, "lineAlignment") { $0.choice($1, at: $2, of: ["leading", "center", "trailing"], what: "line alignment") }
            .map { Node.LineAlignment(rawValue: $0)! }
        let collapses = reader.optional(object, "autoFit") { $0.bool($1, at: $2) } ?? false
        node.columns = reader.optional(object, "minColumnWidth") { aboveZero($1, at: $2, in: ScreenFileLimits.sizes, reader: &$0) }
            .map { GridColumns(minWidth: $0, collapsesEmpty: collapses) }
        if object["type"] == .string("stack"), object["autoFit"] != nil, object["minColumnWidth"] == nil { reader.report(object.pointer("autoFit"), "autoFit needs minColumnWidth (the columns' least width)") }
        node.rowSpacing = reader.optional(object, "rowSpacing") { $0.number($1, at: $2, in: ScreenFileLimits.spacings) }
        node.maxFillWidth = reader.optional(object, "maxFillWidth") { aboveZero($1, at: $2, in: ScreenFileLimits.sizes, reader: &$0) }
        node.maxFillFraction = reader.optional(object, "maxFillFraction") { aboveZero($1, at: $2, in: ScreenFileLimits.fractions, reader: &$0) }
        node.overlay = reader.optional(object, "overlay") { overlay($1, at: $2, reader: &$0) }
    }

    private static func axis(_ object: JSONObject, reader: inout ValueReader) -> Node.Axis {
        reader.optional(object, "axis") { $0.choice($1, at: $2, of: ["vertical", "horizontal"], what: "axis") }
            .map { Node.Axis(rawValue: $0)! } ?? .vertical
    }

    static func size(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> Double? {
        reader.number(value, at: pointer, in: ScreenFileLimits.sizes)
    }

    static func token(_ value: JSONValue, at pointer: String, reader: inout ValueReader) -> PaletteToken? {
        reader.choice(value, at: pointer, of: PaletteToken.allCases.map(\.rawValue), what: "palette token").map { PaletteToken(rawValue: $0)! }
    }
}
