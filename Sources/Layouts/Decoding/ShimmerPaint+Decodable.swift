/// Reads shimmer groups and paints as the frames documents write them (`groups`, and `paints`
/// with `?at=`), so that a client can draw the server's paints or compare its own with them.
extension ShimmerGroup: Decodable {
    private enum Key: String, CodingKey { case id }

    public init(from decoder: any Decoder) throws {
        let group = try decoder.container(keyedBy: Key.self)
        self.init(id: try group.decode(Int.self, forKey: .id), rect: try Rect(from: decoder))
    }
}

extension ShimmerPaint: Decodable {
    private enum Key: String, CodingKey { case group, kind, application, start, end, stops }

    public init(from decoder: any Decoder) throws {
        let paint = try decoder.container(keyedBy: Key.self)
        self.init(
            group: try paint.decode(Int.self, forKey: .group), kind: try paint.decode(Kind.self, forKey: .kind),
            application: try paint.decode(Shimmer.Application.self, forKey: .application),
            start: try paint.decode(Point.self, forKey: .start), end: try paint.decode(Point.self, forKey: .end),
            stops: try paint.decode([ResolvedShimmer.Stop].self, forKey: .stops))
    }
}

extension ShimmerPaint.Kind: Decodable {}

extension Shimmer.Application: Decodable {}

extension ResolvedShimmer.Stop: Decodable {
    private enum Key: String, CodingKey { case color, location }

    public init(from decoder: any Decoder) throws {
        let stop = try decoder.container(keyedBy: Key.self)
        self.init(color: try stop.decode(Color.self, forKey: .color), location: try stop.decode(Double.self, forKey: .location))
    }
}

extension Point: Decodable {
    private enum Key: String, CodingKey { case x, y }

    public init(from decoder: any Decoder) throws {
        let point = try decoder.container(keyedBy: Key.self)
        self.init(x: try point.decode(Double.self, forKey: .x), y: try point.decode(Double.self, forKey: .y))
    }
}
