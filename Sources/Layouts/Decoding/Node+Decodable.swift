/// Reads a node as served documents write it (`GET /layouts/{screen}`, docs/spec.md §3): explicit, every
/// member of its type present. Members this version does not know are ignored; an unknown node
/// type is an error (a new node type is a new `DocumentFormat` version). Writes it back in that
/// form, so that what it writes reads back equal.
extension Node: Codable {
    private enum Key: String, CodingKey {
        case type, id, axis, spacing, alignment, children, child, width, height, cornerRadius, shape, corners,
            fill, lines, lineHeight, lineSpacing, lastLineFraction, measure, maxLines, opacity, thickness, count,
            padding, minHeight, aspectRatio, maxWidth, background, clip, shimmer, stretch, wrap, lineAlignment, minColumnWidth, autoFit, rowSpacing,
            maxFillWidth, maxFillFraction, overlay, float, slack, words
    }

    public init(from decoder: any Decoder) throws {
        let node = try decoder.container(keyedBy: Key.self)
        let type = try node.decode(String.self, forKey: .type)
        let kind: Kind
        switch type {
        case "stack":
            kind = .stack(
                try node.decode(Axis.self, forKey: .axis), spacing: try node.decode(Double.self, forKey: .spacing),
                alignment: try node.decode(Alignment.self, forKey: .alignment),
                children: try node.decode([Node].self, forKey: .children))
        case "scroll":
            kind = .scroll(try node.decode(Axis.self, forKey: .axis), child: try node.decode(Node.self, forKey: .child))
        case "block":
            kind = .block(
                width: try node.decode(Width.self, forKey: .width), height: try node.decode(Double.self, forKey: .height),
                shape: try node.decode(Shape.self, forKey: .shape),
                corners: try node.decodeIfPresent([Corner].self, forKey: .corners),
                fill: try node.decode(PaletteToken.self, forKey: .fill))
        case "text":
            kind = .text(
                lines: try node.decode(Int.self, forKey: .lines), lineHeight: try node.decode(Double.self, forKey: .lineHeight),
                lineSpacing: try node.decode(Double.self, forKey: .lineSpacing),
                lastLineFraction: try node.decode(Double.self, forKey: .lastLineFraction),
                measure: try node.decodeIfPresent(Double.self, forKey: .measure),
                maxLines: try node.decodeIfPresent(Int.self, forKey: .maxLines))
        case "spacer":
            kind = .spacer
        case "divider":
            kind = .divider(opacity: try node.decode(Double.self, forKey: .opacity), thickness: try node.decode(Double.self, forKey: .thickness))
        case "repeat":
            kind = .repeat(count: try node.decode(Int.self, forKey: .count), child: try node.decode(Node.self, forKey: .child))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: node,
                debugDescription: "unknown node type '\(type)'; known: stack, scroll, block, text, spacer, divider, repeat")
        }
        self.init(
            kind, id: try node.decodeIfPresent(String.self, forKey: .id),
            padding: try node.decodeIfPresent(EdgeInsets.self, forKey: .padding),
            minHeight: try node.decodeIfPresent(Double.self, forKey: .minHeight),
            aspectRatio: try node.decodeIfPresent(Double.self, forKey: .aspectRatio),
            width: type == "block" ? nil : try node.decodeIfPresent(Width.self, forKey: .width),
            fillsWidth: try node.decodeIfPresent(String.self, forKey: .maxWidth) == "fill",
            background: try node.decodeIfPresent(PaletteToken.self, forKey: .background),
            cornerRadius: try node.decodeIfPresent(Double.self, forKey: .cornerRadius),
            isClipped: try node.decodeIfPresent(Bool.self, forKey: .clip) ?? false,
            startsShimmer: try node.decodeIfPresent(Bool.self, forKey: .shimmer) ?? false,
            isStretched: try ["stack", "block"].contains(type) && node.decodeIfPresent(Bool.self, forKey: .stretch) ?? false,
            wraps: try type == "stack" && node.decodeIfPresent(Bool.self, forKey: .wrap) ?? false,
            // A value this version does not know (an extensible enum's) is leading, as absent.
            lineAlignment: type == "stack" ? try? node.decodeIfPresent(LineAlignment.self, forKey: .lineAlignment) : nil,
            columns: try type == "stack" ? node.decodeIfPresent(Double.self, forKey: .minColumnWidth).map {
                GridColumns(minWidth: $0, collapsesEmpty: try node.decodeIfPresent(Bool.self, forKey: .autoFit) ?? false)
            } : nil,
            rowSpacing: type == "stack" ? try node.decodeIfPresent(Double.self, forKey: .rowSpacing) : nil,
            maxFillWidth: ["stack", "scroll", "block", "text"].contains(type) ? try node.decodeIfPresent(Double.self, forKey: .maxFillWidth) : nil,
            maxFillFraction: ["stack", "scroll", "block", "text"].contains(type) ? try node.decodeIfPresent(Double.self, forKey: .maxFillFraction) : nil,
            overlay: try node.decodeIfPresent(Overlay.self, forKey: .overlay),
            float: type == "text" ? try node.decodeIfPresent(FloatBox.self, forKey: .float) : nil,
            slack: type == "text" ? try node.decodeIfPresent(Double.self, forKey: .slack) : nil,
            words: type == "text" ? try node.decodeIfPresent(Words.self, forKey: .words) : nil)
    }

    public func encode(to encoder: any Encoder) throws {
        var node = encoder.container(keyedBy: Key.self)
        switch kind {
        case .stack(let axis, let spacing, let alignment, let children):
            try node.encode("stack", forKey: .type)
            try node.encode(axis, forKey: .axis)
            try node.encode(spacing, forKey: .spacing)
            try node.encode(alignment, forKey: .alignment)
            try node.encode(children, forKey: .children)
        case .scroll(let axis, let child):
            try node.encode("scroll", forKey: .type)
            try node.encode(axis, forKey: .axis)
            try node.encode(child, forKey: .child)
        case .block(let width, let height, let shape, let corners, let fill):
            try node.encode("block", forKey: .type)
            try node.encode(width, forKey: .width)
            try node.encode(height, forKey: .height)
            try node.encode(shape, forKey: .shape)
            try node.encodeIfPresent(corners, forKey: .corners)
            try node.encode(fill, forKey: .fill)
        case .text(let lines, let lineHeight, let lineSpacing, let lastLineFraction, let measure, let maxLines):
            try node.encode("text", forKey: .type)
            try node.encode(lines, forKey: .lines)
            try node.encode(lineHeight, forKey: .lineHeight)
            try node.encode(lineSpacing, forKey: .lineSpacing)
            try node.encode(lastLineFraction, forKey: .lastLineFraction)
            try node.encodeIfPresent(measure, forKey: .measure)
            try node.encodeIfPresent(maxLines, forKey: .maxLines)
        case .spacer:
            try node.encode("spacer", forKey: .type)
        case .divider(let opacity, let thickness):
            try node.encode("divider", forKey: .type)
            try node.encode(opacity, forKey: .opacity)
            try node.encode(thickness, forKey: .thickness)
        case .repeat(let count, let child):
            try node.encode("repeat", forKey: .type)
            try node.encode(count, forKey: .count)
            try node.encode(child, forKey: .child)
        }
        try node.encodeIfPresent(id, forKey: .id)
        try node.encodeIfPresent(padding, forKey: .padding)
        try node.encodeIfPresent(minHeight, forKey: .minHeight)
        try node.encodeIfPresent(aspectRatio, forKey: .aspectRatio)
        if case .block = kind {} else { try node.encodeIfPresent(width, forKey: .width) }  // a block's is its kind's
        if fillsWidth { try node.encode("fill", forKey: .maxWidth) }
        try node.encodeIfPresent(background, forKey: .background)
        try node.encodeIfPresent(cornerRadius, forKey: .cornerRadius)
        if isClipped { try node.encode(true, forKey: .clip) }
        if startsShimmer { try node.encode(true, forKey: .shimmer) }
        if isStretched { try node.encode(true, forKey: .stretch) }
        if wraps { try node.encode(true, forKey: .wrap) }
        try node.encodeIfPresent(lineAlignment, forKey: .lineAlignment)
        try node.encodeIfPresent(columns?.minWidth, forKey: .minColumnWidth)
        if columns?.collapsesEmpty == true { try node.encode(true, forKey: .autoFit) }
        try node.encodeIfPresent(rowSpacing, forKey: .rowSpacing)
        try node.encodeIfPresent(maxFillWidth, forKey: .maxFillWidth)
        try node.encodeIfPresent(maxFillFraction, forKey: .maxFillFraction)
        try node.encodeIfPresent(overlay, forKey: .overlay)
        try node.encodeIfPresent(float, forKey: .float)
        try node.encodeIfPresent(slack, forKey: .slack)
        try node.encodeIfPresent(words, forKey: .words)
    }
}

extension Node.Words: Codable {
    private enum Key: String, CodingKey { case widths, space }

    public init(from decoder: any Decoder) throws {
        let words = try decoder.container(keyedBy: Key.self)
        self.init(widths: try words.decode([[Double]].self, forKey: .widths), space: try words.decode(Double.self, forKey: .space))
    }

    public func encode(to encoder: any Encoder) throws {
        var words = encoder.container(keyedBy: Key.self)
        try words.encode(widths, forKey: .widths)
        try words.encode(space, forKey: .space)
    }
}

extension Node.FloatBox: Codable {
    private enum Key: String, CodingKey { case width, height, trailing, bottom, top }

    /// `top` is 0 when absent (documents of contract 3.8 and before).
    public init(from decoder: any Decoder) throws {
        let float = try decoder.container(keyedBy: Key.self)
        self.init(
            width: try float.decode(Double.self, forKey: .width), height: try float.decode(Double.self, forKey: .height),
            trailing: try float.decode(Double.self, forKey: .trailing), bottom: try float.decode(Double.self, forKey: .bottom),
            top: try float.decodeIfPresent(Double.self, forKey: .top) ?? 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var float = encoder.container(keyedBy: Key.self)
        try float.encode(width, forKey: .width)
        try float.encode(height, forKey: .height)
        try float.encode(trailing, forKey: .trailing)
        try float.encode(bottom, forKey: .bottom)
        try float.encode(top, forKey: .top)
    }
}

extension Node.EdgeInsets: Codable {
    private enum Key: String, CodingKey { case top, leading, bottom, trailing }

    public init(from decoder: any Decoder) throws {
        let insets = try decoder.container(keyedBy: Key.self)
        self.init(
            top: try insets.decode(Double.self, forKey: .top), leading: try insets.decode(Double.self, forKey: .leading),
            bottom: try insets.decode(Double.self, forKey: .bottom), trailing: try insets.decode(Double.self, forKey: .trailing))
    }

    public func encode(to encoder: any Encoder) throws {
        var insets = encoder.container(keyedBy: Key.self)
        try insets.encode(top, forKey: .top)
        try insets.encode(leading, forKey: .leading)
        try insets.encode(bottom, forKey: .bottom)
        try insets.encode(trailing, forKey: .trailing)
    }
}

extension Node.Axis: Codable {}
extension Node.Alignment: Codable {}
extension Node.LineAlignment: Codable {}
extension Node.Shape: Codable {}
extension Node.Corner: Codable {}
extension PaletteToken: Codable {}
extension Theme: Codable {}
extension Motion: Codable {}
extension Direction: Codable {}

/// Format 2's tagged width (`{"kind": "points", "points": 120}`, `{"kind": "fill"}`, `{"kind":
/// "fill", "grow": 2, "basis": 200}`, grow 1 when absent, no basis when absent, `{"kind": "content",
/// "points": 180, "min": 90, "max": 260}`); a kind this client does not know (or a content width
/// without its `min` and `max`) is `points` wide when it has them, else fill. Format 1's number or `"fill"` is read too, so that documents from
/// older servers still decode. Written in format 2's form, `grow` always given.
extension Node.Width: Codable {
    private enum CodingKeys: String, CodingKey { case kind, points, grow, basis, min, max }

    public init(from decoder: any Decoder) throws {
        if let tagged = try? decoder.container(keyedBy: CodingKeys.self) {
            let kind = try tagged.decode(String.self, forKey: .kind)
            if kind == "content", let points = try tagged.decodeIfPresent(Double.self, forKey: .points),
               let min = try tagged.decodeIfPresent(Double.self, forKey: .min), let max = try tagged.decodeIfPresent(Double.self, forKey: .max) {
                self = .content(points: points, min: min, max: max)
            } else if kind != "fill", let points = try tagged.decodeIfPresent(Double.self, forKey: .points) {
                self = .points(points)
            } else {
                self = .fill(grow: try tagged.decodeIfPresent(Double.self, forKey: .grow) ?? 1, basis: try tagged.decodeIfPresent(Double.self, forKey: .basis))
            }
        } else if let points = try? decoder.singleValueContainer().decode(Double.self) {
            self = .points(points)
        } else if try decoder.singleValueContainer().decode(String.self) == "fill" {
            self = .fill
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a width is a tagged object, a number or \"fill\""))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var tagged = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .points(let points):
            try tagged.encode("points", forKey: .kind)
            try tagged.encode(points, forKey: .points)
        case .fill(let grow, let basis):
            try tagged.encode("fill", forKey: .kind)
            try tagged.encode(grow, forKey: .grow)
            try tagged.encodeIfPresent(basis, forKey: .basis)
        case .content(let points, let min, let max):
            try tagged.encode("content", forKey: .kind)
            try tagged.encode(points, forKey: .points)
            try tagged.encode(min, forKey: .min)
            try tagged.encode(max, forKey: .max)
        }
    }
}
