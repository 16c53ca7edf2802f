/// Reads a transition and its curve as the layout document writes them (docs/spec.md §3), so that
/// a client holds the same `Transition` and `Curve` the server describes; a curve of a type this
/// format version does not name is a decoding error (a new curve type is a new format version).
extension Transition: Decodable {
    private enum Key: String, CodingKey { case skeletonExit, contentEnter, curve }

    public init(from decoder: any Decoder) throws {
        let transition = try decoder.container(keyedBy: Key.self)
        self.init(
            skeletonExit: try transition.decode(Appearance.self, forKey: .skeletonExit),
            contentEnter: try transition.decode(Appearance.self, forKey: .contentEnter),
            curve: try transition.decode(Curve.self, forKey: .curve))
    }
}

/// `scale` absent is natural size.
extension Transition.Appearance: Decodable {
    private enum Key: String, CodingKey { case opacity, scale }

    public init(from decoder: any Decoder) throws {
        let appearance = try decoder.container(keyedBy: Key.self)
        self.init(opacity: try appearance.decode(Double.self, forKey: .opacity),
                  scale: try appearance.decodeIfPresent(Double.self, forKey: .scale) ?? 1)
    }
}

extension Curve: Decodable {
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
}
