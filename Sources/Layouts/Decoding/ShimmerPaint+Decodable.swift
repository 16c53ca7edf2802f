/// Reads shimmer groups and paints as the frames documents write them (`groups`, and `paints`
/// with `?at=`), so that a client can draw the server's paints or compare its own with them.
extension ShimmerGroup: Codable {
    private enum Key: String, CodingKey { case id, x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let group = try decoder.container(keyedBy: Key.self)
        self.init(id: try group.decode(Int.self, forKey: .id), rect: try Rect(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var group = encoder.container(keyedBy: Key.self)
        try group.encode(id, forKey: .id)
        try rect.encode(to: &group, x: .x, y: .y, width: .width, height: .height)
    }
}

extension ShimmerPaint: Codable {
    private enum Key: String, CodingKey { case group, kind, application, start, end, stops }

    public init(from decoder: any Decoder) throws {
        let paint = try decoder.container(keyedBy: Key.self)
        self.init(
            group: try paint.decode(Int.self, forKey: .group), kind: try paint.decode(Kind.self, forKey: .kind),
            application: try paint.decode(Shimmer.Application.self, forKey: .application),
            start: try paint.decode(Point.self, forKey: .start), end: try paint.decode(Point.self, forKey: .end),
            stops: try paint.decode([ResolvedShimmer.Stop].self, forKey: .stops))
    }

    public func encode(to encoder: any Encoder) throws {
        var paint = encoder.container(keyedBy: Key.self)
        try paint.encode(group, forKey: .group)
        try paint.encode(kind, forKey: .kind)
        try paint.encode(application, forKey: .application)
        try paint.encode(start, forKey: .start)
        try paint.encode(end, forKey: .end)
        try paint.encode(stops, forKey: .stops)
    }
}

extension ShimmerPaint.Kind: Codable {}

extension Shimmer.Application: Codable {}

extension ResolvedShimmer.Stop: Codable {
    private enum Key: String, CodingKey { case color, location }

    public init(from decoder: any Decoder) throws {
        let stop = try decoder.container(keyedBy: Key.self)
        self.init(color: try stop.decode(RGBA.self, forKey: .color), location: try stop.decode(Double.self, forKey: .location))
    }

    public func encode(to encoder: any Encoder) throws {
        var stop = encoder.container(keyedBy: Key.self)
        try stop.encode(color, forKey: .color)
        try stop.encode(location, forKey: .location)
    }
}

extension Point: Codable {
    private enum Key: String, CodingKey { case x, y }

    public init(from decoder: any Decoder) throws {
        let point = try decoder.container(keyedBy: Key.self)
        self.init(x: try point.decode(Double.self, forKey: .x), y: try point.decode(Double.self, forKey: .y))
    }

    public func encode(to encoder: any Encoder) throws {
        var point = encoder.container(keyedBy: Key.self)
        try point.encode(x, forKey: .x)
        try point.encode(y, forKey: .y)
    }
}
