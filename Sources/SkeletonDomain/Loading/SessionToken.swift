/// A loading session carried by the client (docs/spec.md §5): which load it is and when it started, so
/// that no server keeps state and any replica with the same secret answers it the same way.
///
/// The sealed form is `base64url(payload) "." base64url(tag)`, both without padding (RFC 4648
/// §5), where the payload is `v1.<screen>.<scenario>.<seed>.<speed in thousandths>.<start
/// epoch ms>` for a load of the screen's default layout, and
/// `v2.<screen>.<variant>.<scenario>.<seed>.<speed>.<start>` for another variant's (so that a
/// default load's token is the one servers before variants sealed), and the tag is HMAC-SHA256(secret, payload) (RFC 2104) truncated to its first
/// 16 bytes (RFC 2104 §5 allows it; 128 bits, as docs/spec.md §5 pins).
///
/// Guarantees: `open` returns exactly the token that was sealed, or throws: for any other input,
/// truncation or altered character it throws a `SessionTokenError` and never traps; the tag is
/// compared in constant time.
package struct SessionToken: Sendable, Equatable {
    package let screen: String
    /// The layout variant whose elements the load drives.
    package let variant: String
    package let scenario: Scenario
    package let seed: Int
    /// Virtual milliseconds per thousand wall-clock milliseconds: 1000 is real time, 2000 twice
    /// as fast (the `speed` query times 1000).
    package let speedThousandths: Int
    /// When the load started (its virtual time 0), in Unix epoch milliseconds.
    package let startEpochMs: Int64

    /// `speed` 0.1...100 (docs/spec.md §5), in thousandths.
    package static let speedThousandthsRange = 100...100_000
    /// How far ahead of this server's clock a start may be: replicas' clocks differ a little.
    package static let maximumClockSkewMs: Int64 = 60_000
    /// How long a session opens after its start.
    package static let maximumAgeMs: Int64 = 86_400_000

    /// The tag is HMAC-SHA256 truncated to 128 bits.
    static let tagCount = 16

    /// The seed and the speed must be in `Schedule.seedRange` and `speedThousandthsRange`;
    /// callers validate their input first.
    package init(screen: String, variant: String = "default", scenario: Scenario, seed: Int, speedThousandths: Int, startEpochMs: Int64) {
        precondition(Schedule.seedRange.contains(seed), "seed \(seed) is outside \(Schedule.seedRange)")
        precondition(
            Self.speedThousandthsRange.contains(speedThousandths),
            "speed \(speedThousandths) is outside \(Self.speedThousandthsRange) thousandths")
        self.screen = screen
        self.variant = variant
        self.scenario = scenario
        self.seed = seed
        self.speedThousandths = speedThousandths
        self.startEpochMs = startEpochMs
    }

    /// The load's virtual time at `nowEpochMs`, rounded down; 0 before the start.
    package func elapsedMs(atEpochMs nowEpochMs: Int64) -> Int {
        max(0, Int((nowEpochMs - startEpochMs) * Int64(speedThousandths) / 1000))
    }

    /// The first epoch millisecond at which `elapsedMs(atEpochMs:)` reaches `elapsedMs`: when a
    /// change scheduled then is due on the wall clock.
    package func epochMs(atElapsedMs elapsedMs: Int) -> Int64 {
        let speed = Int64(speedThousandths)
        return startEpochMs + (Int64(elapsedMs) * 1000 + speed - 1) / speed
    }

    package func sealed(key: HMACSHA256) -> String {
        let fields = variant == "default" ? "v1.\(screen)" : "v2.\(screen).\(variant)"
        let payload = Array("\(fields).\(scenario.rawValue).\(seed).\(speedThousandths).\(startEpochMs)".utf8)
        return Base64.encode(payload) + "." + Base64.encode(Self.tag(payload, key: key))
    }

    /// Whether `text` has a token's shape: base64url payload (2 characters at least), a dot,
    /// and a 22-character base64url tag, as the OpenAPI description's pattern says.
    package static func hasTokenSyntax(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        func isBase64URL(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        return parts.count == 2 && parts[0].count >= 2 && parts[1].count == 22 && parts.allSatisfy { $0.allSatisfy(isBase64URL) }
    }

    /// The token `sealed` made with the same key (the secret's HMAC states), checked against the
    /// screens served now (`knownScreens`: each screen's variants) and against `nowEpochMs`; the
    /// tag is checked before anything in the payload is believed.
    package static func open(
        _ token: String, key: HMACSHA256, nowEpochMs: Int64, knownScreens: [String: [String]]
    ) throws(SessionTokenError) -> SessionToken {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64.decode(parts[0]), let tag = Base64.decode(parts[1]),
            tag.count == tagCount
        else { throw .malformed }
        guard isEqualInConstantTime(tag, Self.tag(payload, key: key)) else { throw .badTag }

        // The payload is one this server's secret sealed; the screen id may itself contain dots
        // (a variant may not), so the fixed fields are read from both ends.
        guard let text = String(validating: payload, as: UTF8.self) else { throw .malformed }
        let fields = text.split(separator: ".", omittingEmptySubsequences: false)
        let hasVariant = fields.first == "v2"
        guard fields.count >= (hasVariant ? 7 : 6), hasVariant || fields[0] == "v1",
            let seed = Int(fields[fields.count - 3]),
            let speedThousandths = Int(fields[fields.count - 2]),
            let startEpochMs = Int64(fields[fields.count - 1])
        else { throw .malformed }
        let screen = fields[1..<(fields.count - (hasVariant ? 5 : 4))].joined(separator: ".")
        guard let variants = knownScreens[screen] else { throw .unknownScreen(screen) }
        let variant = hasVariant ? String(fields[fields.count - 5]) : "default"
        guard variants.contains(variant) else { throw .unknownVariant(variant, screen: screen) }
        let scenarioName = String(fields[fields.count - 4])
        guard let scenario = Scenario(rawValue: scenarioName) else { throw .unknownScenario(scenarioName) }
        guard Schedule.seedRange.contains(seed) else { throw .seedOutOfRange(seed) }
        guard speedThousandthsRange.contains(speedThousandths) else {
            throw .speedOutOfRange(thousandths: speedThousandths)
        }
        let token = SessionToken(
            screen: screen, variant: variant, scenario: scenario, seed: seed, speedThousandths: speedThousandths,
            startEpochMs: startEpochMs)
        try token.checkTime(nowEpochMs: nowEpochMs)
        return token
    }

    /// Whether the session may be followed at `nowEpochMs`: started at most the clock skew ahead
    /// of it, and not longer than the maximum age ago. A token opened earlier is checked again.
    package func checkTime(nowEpochMs: Int64) throws(SessionTokenError) {
        guard startEpochMs <= nowEpochMs + Self.maximumClockSkewMs else { throw .startInFuture }
        guard startEpochMs >= nowEpochMs - Self.maximumAgeMs else { throw .expired }
    }

    private static func tag(_ payload: [UInt8], key: HMACSHA256) -> [UInt8] {
        Array(key.authenticationCode(payload).prefix(tagCount))
    }

    /// Takes the same time wherever the first difference is, so that timing does not reveal how
    /// much of a forged tag was right.
    private static func isEqualInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
