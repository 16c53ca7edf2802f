@testable import SkeletonDomain

/// libFuzzer target `session-token`: `SessionToken.open` and `Base64` (URL alphabet), linked with the
/// `SkeletonDomain` and `Layouts` modules (see `scripts/fuzz`).
///
/// Input: the first byte chooses the mode (its value mod 3, so the seeds can start with `0`, `1`
/// or `2`); the rest is
/// - `0`: a token as a client sends it (any bytes, through `String(decoding:)`). `open` must not
///   trap, and a token it accepts has its fields in range and re-seals to the same text. That holds
///   because accepting needs the tag of the payload, which only `sealed` makes, and `Base64` (URL alphabet)
///   has one spelling per byte sequence;
/// - `1`: a payload, sealed here with the secret, as if the server had written it. `open` must not
///   trap or call the tag bad; it may refuse the payload, but a token it accepts has its fields in
///   range and opens again from its own sealing to the same token. (Re-sealing need not give the
///   same text: `open` reads `+7` and `007` as 7, which `sealed` never writes.);
/// - `2`: bytes for `Base64` (URL alphabet): `decode(encode(bytes))` is the bytes, and text that decodes is the
///   encoding of what it decodes to.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionToken(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 3 {
    case 0: openAsSent(String(decoding: rest, as: UTF8.self))
    case 1: openSigned(payload: rest)
    default: checkBase64URL(rest)
    }
    return 0
}

/// `SkeletonService.defaultSessionSecret`, so that tokens from a server started without
/// `--session-secret` are valid seeds.
private let secret = Array("skeleton-server built-in session secret; set --session-secret in production".utf8)
/// Shortly after the seed tokens were made (`Fuzz/corpus/session-token`), so that they open.
private let now: Int64 = 1_795_375_921_000
/// The screens served, with their layout variants (a `v2` token names one).
private let screens: [String: [String]] = [
    "home": ["default", "fullscreen"], "insights": ["default"], "inbox": ["default"], "thread": ["default"], "movies": ["default"],
    "custom.v2.home": ["default", "wide"],
]

private func open(_ text: String) -> Result<SessionToken, SessionTokenError> {
    Result { () throws(SessionTokenError) -> SessionToken in try SessionToken.open(text, key: HMACSHA256(key: secret), nowEpochMs: now, knownScreens: screens) }
}

private func openAsSent(_ text: String) {
    guard case .success(let token) = open(text) else { return }
    checkRanges(token, text)
    precondition(token.sealed(key: HMACSHA256(key: secret)) == text, "\(text) opened but re-seals as \(token.sealed(key: HMACSHA256(key: secret)))")
}

private func openSigned(payload: [UInt8]) {
    let tag = Array(HMACSHA256.authenticationCode(key: secret, message: payload).prefix(SessionToken.tagCount))
    let text = Base64.encode(payload) + "." + Base64.encode(tag)
    switch open(text) {
    case .failure(.badTag):
        fatalError("a payload sealed with the secret has a bad tag: \(text)")
    case .failure:
        return
    case .success(let token):
        checkRanges(token, text)
        let resealed = token.sealed(key: HMACSHA256(key: secret))
        guard case .success(let again) = open(resealed), again == token else {
            fatalError("\(text) opened as \(token), whose sealing \(resealed) does not open to it")
        }
    }
}

private func checkRanges(_ token: SessionToken, _ text: String) {
    precondition(screens[token.screen]?.contains(token.variant) == true, "\(text): unknown screen \(token.screen) or variant \(token.variant)")
    precondition(Schedule.seedRange.contains(token.seed), "\(text): seed \(token.seed)")
    precondition(SessionToken.speedThousandthsRange.contains(token.speedThousandths), "\(text): speed \(token.speedThousandths)")
    precondition(token.startEpochMs <= now + SessionToken.maximumClockSkewMs && token.startEpochMs >= now - SessionToken.maximumAgeMs,
                 "\(text): start \(token.startEpochMs)")
    _ = token.elapsedMs(atEpochMs: now)
}

private func checkBase64URL(_ bytes: [UInt8]) {
    let text = Base64.encode(bytes)
    precondition(Base64.decode(text.utf8) == bytes, "decode(encode(\(bytes))) differs")
    if let decoded = Base64.decode(bytes) {
        precondition(Base64.encode(decoded).utf8.elementsEqual(bytes), "\(bytes) decodes but is not the encoding of what it decodes to")
    }
}
