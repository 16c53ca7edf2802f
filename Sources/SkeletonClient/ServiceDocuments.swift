/// `GET /layouts`: the screens a server serves.
public struct LayoutsIndex: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let screens: [Entry]

    public struct Entry: Codable, Sendable, Equatable {
        public let id: String
        public let title: String
        public let source: String
        public let elements: [String]
        public let stages: [String]
        /// The first is `default`.
        public let variants: [String]
    }
}

/// `GET /themes/{theme}`: one theme's colour for each palette token.
public struct ThemeDocument: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let theme: Theme
    public let palette: [String: RGBA]
    public let assumptions: [String]
}

/// `GET /themes`: every theme's palette.
public struct ThemesIndex: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let themes: [Entry]
    public let assumptions: [String]

    public struct Entry: Codable, Sendable, Equatable {
        public let theme: Theme
        public let palette: [String: RGBA]
    }
}

/// `GET /scenarios`: the loading scenarios, the network faults of `/data`, and the speed range.
public struct ScenariosDocument: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let scenarios: [Entry]
    public let faults: [Entry]
    public let speed: SpeedRange

    public struct Entry: Codable, Sendable, Equatable {
        public let id: String
        public let summary: String
    }

    public struct SpeedRange: Codable, Sendable, Equatable {
        public let min: Double
        public let max: Double
        public let `default`: Double
    }
}

/// An RFC 9457 problem: what the server found wrong with a request, and for a bad value the
/// parameter, the allowed values and the closest allowed name.
public struct Problem: Codable, Sendable, Equatable, Error {
    /// The kind of problem (`/problems/unknown-screen`, …; docs/http-api.md, Errors): stable, and
    /// open to kinds added later, which a client reads by `status` and `detail`.
    public let type: String
    public let status: Int
    public let title: String
    public let detail: String
    public let parameter: String?
    public let allowed: Allowed?
    public let suggestion: String?
    /// `/data`: whether asking again can succeed, and after how many ms.
    public let retryable: Bool?
    public let retryAfterMs: Int?

    /// The allowed values, listed or, for a range, in words (`"an integer of points from 120 to 2048"`).
    public enum Allowed: Codable, Sendable, Equatable {
        case values([String])
        case range(String)

        public init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let values = try? value.decode([String].self) {
                self = .values(values)
            } else {
                self = .range(try value.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var value = encoder.singleValueContainer()
            switch self {
            case .values(let values): try value.encode(values)
            case .range(let words): try value.encode(words)
            }
        }
    }
}

/// `GET /`: the service's name and version, and a link to every route by name.
public struct ServiceIndex: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let name: String
    public let version: String
    public let links: [String: String]
}

/// `GET /healthz` (`status` is `ok`) and `GET /readyz` (`ready`, false while draining).
public struct Health: Codable, Sendable, Equatable {
    public let formatVersion: Int
    public let status: String?
    public let ready: Bool?
}
