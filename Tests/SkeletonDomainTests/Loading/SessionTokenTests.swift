import Testing

@testable import SkeletonDomain

extension LoadingTests {
    struct SessionTokenTests {
        static let secret = Array("test secret".utf8)
        static let now: Int64 = 1_795_000_000_000
        static let screens = Dictionary(uniqueKeysWithValues: LoadingTests.catalog.screens.map { ($0.id, $0.variants) })
        static let token = SessionToken(
            screen: "movies", scenario: .error, seed: 9_007_199_254_740_991, speedThousandths: 2500,
            startEpochMs: now - 1234)
        static let sealed = token.sealed(key: HMACSHA256(key: secret))

        static func open(_ text: String, secret: [UInt8] = secret, screens: [String: [String]] = screens)
            throws(SessionTokenError) -> SessionToken
        {
            try SessionToken.open(text, key: HMACSHA256(key: secret), nowEpochMs: now, knownScreens: screens)
        }

        /// A token whose payload is `payload`, sealed as `sealed` would.
        static func seal(_ payload: String) -> String {
            let bytes = Array(payload.utf8)
            let tag = HMACSHA256.authenticationCode(key: secret, message: bytes).prefix(16)
            return Base64.encode(bytes) + "." + Base64.encode(Array(tag))
        }

        @Test func opensToTheTokenThatWasSealed() throws {
            #expect(try Self.open(Self.sealed) == Self.token)
            for screen in LoadingTests.catalog.screens {
                for scenario in Scenario.allCases {
                    let token = SessionToken(
                        screen: screen.id, scenario: scenario, seed: 0, speedThousandths: 100, startEpochMs: Self.now)
                    #expect(try Self.open(token.sealed(key: HMACSHA256(key: Self.secret))) == token)
                }
            }
        }

        @Test func payloadIsTheDocumentedText() throws {
            let payload = try #require(Base64.decode(Self.sealed.utf8.split(separator: UInt8(ascii: "."))[0]))
            #expect(String(decoding: payload, as: UTF8.self) == "v1.movies.error.9007199254740991.2500.1794999998766")
            #expect(Self.sealed == Self.seal("v1.movies.error.9007199254740991.2500.1794999998766"))
        }

        @Test func aScreenIdWithDotsRoundTrips() throws {
            let token = SessionToken(
                screen: "custom.v2.home", scenario: .slow, seed: 3, speedThousandths: 1000, startEpochMs: Self.now)
            #expect(try Self.open(token.sealed(key: HMACSHA256(key: Self.secret)), screens: ["custom.v2.home": ["default"]]) == token)
        }

        @Test func aVariantsLoadIsSealedInAVersion2PayloadAndOpensOnlyWhileServed() throws {
            for screen in ["home", "custom.v2.home"] {
                let token = SessionToken(
                    screen: screen, variant: "fullscreen", scenario: .error, seed: 5, speedThousandths: 1000, startEpochMs: Self.now)
                let sealed = token.sealed(key: HMACSHA256(key: Self.secret))
                #expect(sealed == Self.seal("v2.\(screen).fullscreen.error.5.1000.\(Self.now)"))
                #expect(try Self.open(sealed, screens: [screen: ["default", "fullscreen"]]) == token)
                #expect(throws: SessionTokenError.unknownVariant("fullscreen", screen: screen)) {
                    try Self.open(sealed, screens: [screen: ["default"]])
                }
            }
            #expect(throws: SessionTokenError.malformed) { try Self.open(Self.seal("v2.home.error.5.1000.\(Self.now)")) }
        }

        @Test func anotherSecretsTokenHasABadTag() {
            #expect(throws: SessionTokenError.badTag) { try Self.open(Self.sealed, secret: Array("other".utf8)) }
        }

        @Test func everySingleCharacterAlterationThrows() {
            let characters = Array(Self.sealed)
            let replacements = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ %é")
            var attempts = 0
            for index in characters.indices {
                for replacement in replacements where replacement != characters[index] {
                    var altered = characters
                    altered[index] = replacement
                    #expect(throws: SessionTokenError.self) { try Self.open(String(altered)) }
                    attempts += 1
                }
            }
            #expect(attempts > 5000)
        }

        @Test func everyTruncationThrows() {
            let characters = Array(Self.sealed)
            for count in 0..<characters.count {
                #expect(throws: SessionTokenError.self) { try Self.open(String(characters.prefix(count))) }
                #expect(throws: SessionTokenError.self) { try Self.open(String(characters.suffix(count))) }
            }
            #expect(throws: SessionTokenError.self) { try Self.open(Self.sealed + "A") }
            #expect(throws: SessionTokenError.self) { try Self.open(Self.sealed + ".") }
        }

        @Test func randomStringsThrow() {
            var generator = SplitMix64(seed: 2024)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=\u{0}\n é😀")
            for _ in 0..<200 {
                let count = generator.next(in: 0...120)
                let text = String((0..<count).map { _ in alphabet[generator.next(in: 0...(alphabet.count - 1))] })
                #expect(throws: SessionTokenError.self) { try Self.open(text) }
            }
            // Well-formed shapes with random content: a 16-byte tag that does not match.
            for _ in 0..<200 {
                let payload = (0..<generator.next(in: 0...60)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                let tag = (0..<16).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                let text = Base64.encode(payload) + "." + Base64.encode(tag)
                #expect(throws: SessionTokenError.badTag) { try Self.open(text) }
            }
        }

        @Test func authenticPayloadsAreStillChecked() {
            let start = Self.now
            #expect(throws: SessionTokenError.unknownScreen("gallery")) {
                try Self.open(Self.seal("v1.gallery.typical.0.1000.\(start)"))
            }
            #expect(throws: SessionTokenError.unknownScenario("sideways")) {
                try Self.open(Self.seal("v1.home.sideways.0.1000.\(start)"))
            }
            #expect(throws: SessionTokenError.seedOutOfRange(9_007_199_254_740_992)) {
                try Self.open(Self.seal("v1.home.typical.9007199254740992.1000.\(start)"))
            }
            #expect(throws: SessionTokenError.seedOutOfRange(-1)) {
                try Self.open(Self.seal("v1.home.typical.-1.1000.\(start)"))
            }
            #expect(throws: SessionTokenError.speedOutOfRange(thousandths: 99)) {
                try Self.open(Self.seal("v1.home.typical.0.99.\(start)"))
            }
            #expect(throws: SessionTokenError.speedOutOfRange(thousandths: 100_001)) {
                try Self.open(Self.seal("v1.home.typical.0.100001.\(start)"))
            }
            for payload in [
                "v2.home.typical.0.1000.\(start)", "v1.home.typical.zero.1000.\(start)", "v1.home.typical.0.1000",
                "v1.home.typical.0.1000.\(start)x", "", "v1",
            ] {
                #expect(throws: SessionTokenError.malformed) { try Self.open(Self.seal(payload)) }
            }
        }

        @Test func startMayBeAMinuteAheadAndADayOld() throws {
            func sealed(start: Int64) -> String {
                SessionToken(screen: "home", scenario: .typical, seed: 0, speedThousandths: 1000, startEpochMs: start)
                    .sealed(key: HMACSHA256(key: Self.secret))
            }
            #expect(try Self.open(sealed(start: Self.now + 60_000)).startEpochMs == Self.now + 60_000)
            #expect(throws: SessionTokenError.startInFuture) { try Self.open(sealed(start: Self.now + 60_001)) }
            #expect(try Self.open(sealed(start: Self.now - 86_400_000)).startEpochMs == Self.now - 86_400_000)
            #expect(throws: SessionTokenError.expired) { try Self.open(sealed(start: Self.now - 86_400_001)) }
        }

        @Test func everyErrorHasItsOwnSentence() {
            let errors: [SessionTokenError] = [
                .malformed, .badTag, .unknownScreen("x"), .unknownScenario("y"), .seedOutOfRange(-1),
                .speedOutOfRange(thousandths: 50), .startInFuture, .expired,
            ]
            #expect(Set(errors.map(\.description)).count == errors.count)
            #expect(SessionTokenError.speedOutOfRange(thousandths: 50).description.contains("0.05"))
        }

        @Test(arguments: [100, 333, 1000, 2500, 100_000])
        func speedDividesWallClockTime(speedThousandths: Int) {
            let token = SessionToken(
                screen: "home", scenario: .typical, seed: 0, speedThousandths: speedThousandths, startEpochMs: Self.now)
            #expect(token.elapsedMs(atEpochMs: Self.now - 5000) == 0)
            #expect(token.elapsedMs(atEpochMs: Self.now + 1000) == speedThousandths)
            for elapsed in stride(from: 0, through: 12_000, by: 7) {
                let due = token.epochMs(atElapsedMs: elapsed)
                #expect(token.elapsedMs(atEpochMs: due) >= elapsed)
                if elapsed > 0 { #expect(token.elapsedMs(atEpochMs: due - 1) < elapsed) }
            }
        }

        /// RFC 4648 §10's vectors, unpadded, and the two characters where base64url differs.
        @Test func base64URLEncodesTheRFC4648Vectors() {
            let vectors = [
                ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
                ("foobar", "Zm9vYmFy"),
            ]
            for (text, encoded) in vectors {
                #expect(Base64.encode(Array(text.utf8)) == encoded)
                #expect(Base64.decode(encoded.utf8) == Array(text.utf8))
            }
            #expect(Base64.encode([0xfb, 0xff]) == "-_8")
        }

        /// The same vectors in the standard alphabet, padded (RFC 4648 §4), as CSP hashes use it.
        @Test func base64StandardEncodesTheRFC4648VectorsPadded() {
            let vectors = [
                ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
                ("foobar", "Zm9vYmFy"),
            ]
            for (text, encoded) in vectors { #expect(Base64.encode(Array(text.utf8), .standard) == encoded) }
            #expect(Base64.encode([0xfb, 0xff], .standard) == "+/8=")
        }

        @Test func base64URLDecodesOnlyWhatItEncodes() {
            for invalid in ["Z", "Zh", "Zm9=", "Zg==", "Zm+v", "Zm/v", "Zm9v Yg", "Zm9vY"] {
                #expect(Base64.decode(invalid.utf8) == nil, "\(invalid)")
            }
            var generator = SplitMix64(seed: 1)
            for count in 0..<70 {
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                #expect(Base64.decode(Base64.encode(bytes).utf8) == bytes)
            }
        }
    }
}
