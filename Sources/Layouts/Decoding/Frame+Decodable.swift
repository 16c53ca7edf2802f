/// Reads frames as `GET /layouts/{screen}/frames` writes them, so that a client can compare what
/// it lays out itself with what the server laid out.
extension Frame: Decodable {
    private enum Key: String, CodingKey { case kind, x, y, width, height, radii, fill, element, group, clip }

    public init(from decoder: any Decoder) throws {
        let frame = try decoder.container(keyedBy: Key.self)
        self.init(
            kind: try frame.decode(Kind.self, forKey: .kind), rect: try Rect(from: decoder),
            radii: try frame.decode([Double].self, forKey: .radii), fill: try frame.decode(Color.self, forKey: .fill),
            element: try frame.decodeIfPresent(String.self, forKey: .element),
            group: try frame.decodeIfPresent(Int.self, forKey: .group), clip: try frame.decodeIfPresent(Rect.self, forKey: .clip))
    }
}

extension Frame.Kind: Decodable {}

/// Reads an element's place as the frames documents write it (their `elements`).
extension PlacedElement: Decodable {
    private enum Key: String, CodingKey { case id, clip }

    public init(from decoder: any Decoder) throws {
        let placed = try decoder.container(keyedBy: Key.self)
        self.init(id: try placed.decode(String.self, forKey: .id), rect: try Rect(from: decoder), clip: try placed.decodeIfPresent(Rect.self, forKey: .clip))
    }
}

extension Rect: Decodable {
    private enum Key: String, CodingKey { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let rect = try decoder.container(keyedBy: Key.self)
        self.init(
            x: try rect.decode(Double.self, forKey: .x), y: try rect.decode(Double.self, forKey: .y),
            width: try rect.decode(Double.self, forKey: .width), height: try rect.decode(Double.self, forKey: .height))
    }
}

/// Reads `#RRGGBBAA` (docs/spec.md §4), the form every document writes colours in.
extension Color: Decodable {
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        let text = try value.decode(String.self)
        guard text.utf8.count == 9, text.first == "#", let rgba = UInt32(text.dropFirst(), radix: 16) else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "'\(text)' is not a colour #RRGGBBAA")
        }
        self.init(rgba)
    }
}
