/// Reads frames as `GET /layouts/{screen}/frames` writes them, so that a client can compare what
/// it lays out itself with what the server laid out.
extension Frame: Codable {
    private enum Key: String, CodingKey { case kind, x, y, width, height, radii, fill, element, group, clip }

    public init(from decoder: any Decoder) throws {
        let frame = try decoder.container(keyedBy: Key.self)
        self.init(
            kind: try frame.decode(Kind.self, forKey: .kind), rect: try Rect(from: decoder),
            radii: try frame.decode([Double].self, forKey: .radii), fill: try frame.decode(RGBA.self, forKey: .fill),
            element: try frame.decodeIfPresent(String.self, forKey: .element),
            group: try frame.decodeIfPresent(Int.self, forKey: .group), clip: try frame.decodeIfPresent(Rect.self, forKey: .clip))
    }

    public func encode(to encoder: any Encoder) throws {
        var frame = encoder.container(keyedBy: Key.self)
        try frame.encode(kind, forKey: .kind)
        try rect.encode(to: &frame, x: .x, y: .y, width: .width, height: .height)
        try frame.encode(radii, forKey: .radii)
        try frame.encode(fill, forKey: .fill)
        try frame.encodeIfPresent(element, forKey: .element)
        try frame.encodeIfPresent(group, forKey: .group)
        try frame.encodeIfPresent(clip, forKey: .clip)
    }
}

extension Frame.Kind: Codable {}

/// Reads an element's place as the frames documents write it (their `elements`).
extension PlacedElement: Codable {
    private enum Key: String, CodingKey { case id, x, y, width, height, clip }

    public init(from decoder: any Decoder) throws {
        let placed = try decoder.container(keyedBy: Key.self)
        self.init(id: try placed.decode(String.self, forKey: .id), rect: try Rect(from: decoder), clip: try placed.decodeIfPresent(Rect.self, forKey: .clip))
    }

    public func encode(to encoder: any Encoder) throws {
        var placed = encoder.container(keyedBy: Key.self)
        try placed.encode(id, forKey: .id)
        try rect.encode(to: &placed, x: .x, y: .y, width: .width, height: .height)
        try placed.encodeIfPresent(clip, forKey: .clip)
    }
}

/// Written flat, `{x, y, width, height}`, alone or among the members of what it places.
extension Rect: Codable {
    private enum Key: String, CodingKey { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let rect = try decoder.container(keyedBy: Key.self)
        self.init(
            x: try rect.decode(Double.self, forKey: .x), y: try rect.decode(Double.self, forKey: .y),
            width: try rect.decode(Double.self, forKey: .width), height: try rect.decode(Double.self, forKey: .height))
    }

    public func encode(to encoder: any Encoder) throws {
        var rect = encoder.container(keyedBy: Key.self)
        try encode(to: &rect, x: .x, y: .y, width: .width, height: .height)
    }

    /// Writes the four members into `container`, beside its others.
    func encode<K: CodingKey>(to container: inout KeyedEncodingContainer<K>, x: K, y: K, width: K, height: K) throws {
        try container.encode(self.x, forKey: x)
        try container.encode(self.y, forKey: y)
        try container.encode(self.width, forKey: width)
        try container.encode(self.height, forKey: height)
    }
}

/// Reads and writes `#RRGGBBAA` (docs/spec.md §4), the form every document writes colours in.
extension RGBA: Codable {
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        let text = try value.decode(String.self)
        guard text.utf8.count == 9, text.first == "#", let rgba = UInt32(text.dropFirst(), radix: 16) else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "'\(text)' is not a colour #RRGGBBAA")
        }
        self.init(rgba)
    }

    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        try value.encode(hex)
    }
}
