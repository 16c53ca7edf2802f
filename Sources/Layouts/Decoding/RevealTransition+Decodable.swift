/// Reads a transition and its curve as the layout document writes them (docs/spec.md §3), so that
/// a client holds the same `RevealTransition` and `Curve` the server describes; a curve of a type this
/// format version does not name is a decoding error (a new curve type is a new format version).
extension RevealTransition: Codable {
    private enum Key: String, CodingKey { case skeletonExit, contentEnter, curve }

    public init(from decoder: any Decoder) throws {
        let transition = try decoder.container(keyedBy: Key.self)
        self.init(
            skeletonExit: try transition.decode(Appearance.self, forKey: .skeletonExit),
            contentEnter: try transition.decode(Appearance.self, forKey: .contentEnter),
            curve: try transition.decode(Curve.self, forKey: .curve))
    }

    public func encode(to encoder: any Encoder) throws {
        var transition = encoder.container(keyedBy: Key.self)
        try transition.encode(skeletonExit, forKey: .skeletonExit)
        try transition.encode(contentEnter, forKey: .contentEnter)
        try transition.encode(curve, forKey: .curve)
    }
}

/// `scale` absent is natural size.
extension RevealTransition.Appearance: Codable {
    private enum Key: String, CodingKey { case opacity, scale }

    public init(from decoder: any Decoder) throws {
        let appearance = try decoder.container(keyedBy: Key.self)
        self.init(opacity: try appearance.decode(Double.self, forKey: .opacity),
                  scale: try appearance.decodeIfPresent(Double.self, forKey: .scale) ?? 1)
    }

    public func encode(to encoder: any Encoder) throws {
        var appearance = encoder.container(keyedBy: Key.self)
        try appearance.encode(opacity, forKey: .opacity)
        try appearance.encode(scale, forKey: .scale)
    }
}

extension Curve: Codable {
    private enum Key: String, CodingKey { case type, durationMs, responseMs, dampingFraction }

    public init(from decoder: any Decoder) throws {
        let curve = try decoder.container(keyedBy: Key.self)
        let type = try curve.decode(String.self, forKey: .type)
        if type == "spring" {
            self = .spring(responseMs: try curve.decode(Int.self, forKey: .responseMs),
                           dampingFraction: try curve.decode(Double.self, forKey: .dampingFraction))
        } else if let easing = Easing(rawValue: type) {
            self = .eased(easing, durationMs: try curve.decode(Int.self, forKey: .durationMs))
        } else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: curve, debugDescription: "unknown curve type '\(type)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var curve = encoder.container(keyedBy: Key.self)
        switch self {
        case .spring(let responseMs, let dampingFraction):
            try curve.encode("spring", forKey: .type)
            try curve.encode(responseMs, forKey: .responseMs)
            try curve.encode(dampingFraction, forKey: .dampingFraction)
        case .eased(let easing, let durationMs):
            try curve.encode(easing.rawValue, forKey: .type)
            try curve.encode(durationMs, forKey: .durationMs)
        }
    }
}
