/// Reads an overlay as served documents write it (`{"top" or "bottom", "leading" or "trailing"}`,
/// one per axis, and `center` and `offsetFraction` when set) and writes it back in that form. An axis with neither is 0
/// from its first edge (`top`, `leading`); one with both reads its first edge's.
extension Node.Overlay: Codable {
    private enum Key: String, CodingKey { case top, bottom, leading, trailing, center, offsetFraction }

    public init(from decoder: any Decoder) throws {
        let offsets = try decoder.container(keyedBy: Key.self)
        let vertical: Vertical = if let top = try offsets.decodeIfPresent(Double.self, forKey: .top) { .top(top) } else {
            try offsets.decodeIfPresent(Double.self, forKey: .bottom).map(Vertical.bottom) ?? .top(0)
        }
        let horizontal: Horizontal = if let leading = try offsets.decodeIfPresent(Double.self, forKey: .leading) { .leading(leading) } else {
            try offsets.decodeIfPresent(Double.self, forKey: .trailing).map(Horizontal.trailing) ?? .leading(0)
        }
        self.init(
            vertical, horizontal, center: try offsets.decodeIfPresent(Double.self, forKey: .center),
            offsetFraction: try offsets.decodeIfPresent(Double.self, forKey: .offsetFraction))
    }

    public func encode(to encoder: any Encoder) throws {
        var offsets = encoder.container(keyedBy: Key.self)
        switch vertical {
        case .top(let points): try offsets.encode(points, forKey: .top)
        case .bottom(let points): try offsets.encode(points, forKey: .bottom)
        }
        switch horizontal {
        case .leading(let points): try offsets.encode(points, forKey: .leading)
        case .trailing(let points): try offsets.encode(points, forKey: .trailing)
        }
        try offsets.encodeIfPresent(center, forKey: .center)
        try offsets.encodeIfPresent(offsetFraction, forKey: .offsetFraction)
    }
}
