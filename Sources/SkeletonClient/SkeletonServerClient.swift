import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client of one skeleton-server: its documents decoded into this module's types (revalidated
/// by ETag, so a document that did not change is not sent again), `/data` with typed errors, and
/// loading sessions followed element by element (`follow`), timed on the clock it is given.
///
/// Guarantees: every request is a route of the server's OpenAPI description, a GET but for
/// `report(_:)`'s POST; a status other than the one asked for throws `SkeletonClientError` with
/// the server's problem; the documents kept for revalidation are at most `cacheCapacity`.
///
/// Named apart from its module, `SkeletonClient`, so that `SkeletonClient.Problem` names the
/// module's type (a class of the module's name would hide the module).
public final class SkeletonServerClient: Sendable {
    public let baseURL: URL
    let configuration: URLSessionConfiguration
    /// What a follower's reveals and waits are timed on.
    let clock: any Clock<Duration>
    /// How a follow reconnects, and when it gives up.
    let reconnection: FollowReconnection
    let session: URLSession
    private let cache = RevalidationCache(capacity: SkeletonServerClient.cacheCapacity)

    /// `baseURL`: where the server answers, e.g. `http://127.0.0.1:8080`. `clock`: what a
    /// follower's reveals (`showDelayMs`, `minimumDisplayMs`, `revealAtMs`) and waits (a stream's
    /// `retry`, a poll's `pollAfterMs`) are timed on; real time unless a test passes a clock it
    /// moves itself. `reconnection`: how a follow reconnects after a transport fails, and when it
    /// gives up (`FollowReconnection`'s defaults unless given). The client works on a copy of
    /// `configuration`; the caller's is left as it is.
    public init(
        baseURL: URL, configuration: URLSessionConfiguration = .ephemeral, clock: any Clock<Duration> = ContinuousClock(),
        reconnection: FollowReconnection = FollowReconnection()
    ) {
        self.baseURL = baseURL
        self.clock = clock
        self.reconnection = reconnection
        let configuration = configuration.copy() as! URLSessionConfiguration
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.configuration = configuration
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    // MARK: documents

    /// A screen's layout document; options left nil are the server's defaults.
    public func layout(
        _ screen: String, theme: Theme? = nil, motion: Motion? = nil, variant: String? = nil, direction: Direction? = nil,
        expand: Bool = false
    ) async throws -> LayoutDocument {
        try await document("layouts/\(screen)", Self.options(theme, motion, variant, direction) + (expand ? [("expand", "true")] : []))
    }

    /// The screen laid out by the server at `width` (and `height`) points; with `at` (epoch ms),
    /// each shimmer group's paint then (`paints`).
    public func frames(
        _ screen: String, width: Int, height: Int? = nil, theme: Theme? = nil, motion: Motion? = nil, variant: String? = nil,
        direction: Direction? = nil, at epochMs: Int? = nil
    ) async throws -> ScreenFrames {
        let size = [("width", String(width))] + (height.map { [("height", String($0))] } ?? []) + (epochMs.map { [("at", String($0))] } ?? [])
        return try await document("layouts/\(screen)/frames", size + Self.options(theme, motion, variant, direction))
    }

    /// One element of the screen laid out by the server alone, as the root of a view `width`
    /// (and `height`) points: `LayoutDocument.frames(element:width:height:)` as served.
    public func frames(
        _ screen: String, element: String, width: Int, height: Int? = nil, theme: Theme? = nil, motion: Motion? = nil,
        variant: String? = nil, direction: Direction? = nil, at epochMs: Int? = nil
    ) async throws -> ScreenFrames {
        let size = [("width", String(width))] + (height.map { [("height", String($0))] } ?? []) + (epochMs.map { [("at", String($0))] } ?? [])
        return try await document("layouts/\(screen)/elements/\(element)/frames", size + Self.options(theme, motion, variant, direction))
    }

    public func index() async throws -> ServiceIndex { try await document("") }
    public func health() async throws -> Health { try await document("healthz") }
    public func layouts() async throws -> LayoutsIndex { try await document("layouts") }
    public func themes() async throws -> ThemesIndex { try await document("themes") }
    public func theme(_ theme: Theme) async throws -> ThemeDocument { try await document("themes/\(theme.rawValue)") }
    public func scenarios() async throws -> ScenariosDocument { try await document("scenarios") }

    /// The whole schedule of a load: what a follower of the same screen (and layout `variant`:
    /// its elements; the default layout's when nil), scenario and seed reveals.
    public func timeline(screen: String, variant: String? = nil, scenario: String = "typical", seed: Int = 0) async throws -> Timeline {
        try await document("loading-state/timeline", [("screen", screen)] + Self.variant(variant) + [("scenario", scenario), ("seed", String(seed))])
    }

    /// Starts a load of the elements of `screen`'s layout `variant` (the default layout's when
    /// nil): its state now, with the session token that follows it.
    public func startLoading(screen: String, variant: String? = nil, scenario: String = "typical", seed: Int = 0, speed: Double = 1) async throws -> LoadingState {
        try await document("loading-state", Self.start(screen: screen, variant: variant, scenario: scenario, seed: seed, speed: speed))
    }

    /// The state now of the load `session` started; with `waitMs`, held until an element changes
    /// or that long passes (a long poll).
    public func loadingState(session: String, waitMs: Int? = nil) async throws -> LoadingState {
        try await document("loading-state/\(session)", waitMs.map { [("wait", String($0))] } ?? [])
    }

    /// An element's data in the load `session` started, once it is ready: held until then. An
    /// element that failed throws `SkeletonClientError` with its problem and `retryAfter`.
    public func data(element: String, session: String) async throws -> ElementData {
        try await data(url("loading-state/\(session)/data/\(element)"))
    }

    /// An element's data in a load this request starts, held until the element is ready in it:
    /// what an app's networking code meets asking at once. A failure throws as above.
    public func data(
        screen: String, element: String, variant: String? = nil, scenario: String = "typical", seed: Int = 0, speed: Double = 1
    ) async throws -> ElementData {
        try await data(url("data/\(screen)/\(element)", Self.variant(variant) + Self.load(scenario: scenario, seed: seed, speed: speed)))
    }

    private func data(_ url: URL) async throws -> ElementData {
        let reply = try await get(url)
        guard reply.status == 200 else { throw reply.error }
        return try ElementData(body: reply.body)
    }

    // MARK: requests

    func url(_ path: String, _ query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components.url!
    }

    func get(_ url: URL, fields: [String: String] = [:]) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        let (body, response) = try await session.data(for: request)
        return HTTPReply(response, body: body)
    }

    /// A document, sent again only when its ETag changed since the last time it was read.
    func document<Document: Decodable>(_ path: String, _ query: [(String, String)] = []) async throws -> Document {
        let url = url(path, query)
        let known = await cache.entry(for: url)
        let reply = try await get(url, fields: known.map { ["If-None-Match": $0.etag] } ?? [:])
        let body: Data
        if reply.status == 304, let known {
            await cache.recordHit()
            body = known.body
        } else if reply.status == 200 {
            if let etag = reply.field("ETag") { await cache.store(RevalidationCache.Entry(etag: etag, body: reply.body), for: url) }
            body = reply.body
        } else {
            throw reply.error
        }
        return try Self.decode(Document.self, from: body)
    }

    /// A document, unless its `formatVersion` is higher than this client reads
    /// (`DocumentFormat.version`): then not guessed at, but refused with `UnsupportedFormatVersion`.
    static func decode<Document: Decodable>(_ type: Document.Type, from body: Data) throws -> Document {
        if let version = try? JSONDecoder().decode(FormatVersionProbe.self, from: body).formatVersion, version > DocumentFormat.version {
            throw UnsupportedFormatVersion(version: version, supported: DocumentFormat.version)
        }
        return try JSONDecoder().decode(type, from: body)
    }

    private struct FormatVersionProbe: Decodable {
        let formatVersion: Int?
    }

    /// How many documents were answered 304 and taken from the cache: for tests and diagnostics.
    public var revalidatedCount: Int { get async { await cache.hits } }

    /// How many documents are kept with their ETags now, at most `cacheCapacity`: for tests and diagnostics.
    public var cachedCount: Int { get async { await cache.count } }

    /// The most documents kept for revalidation: beyond it, the one used least recently is
    /// dropped (and sent whole the next time it is asked for).
    public static let cacheCapacity = 64

    static func options(_ theme: Theme?, _ motion: Motion?, _ variant: String?, _ direction: Direction?) -> [(String, String)] {
        [("theme", theme?.rawValue), ("motion", motion?.rawValue), ("variant", variant), ("direction", direction?.rawValue)]
            .compactMap { name, value in value.map { (name, $0) } }
    }

    static func start(screen: String, variant: String?, scenario: String, seed: Int, speed: Double) -> [(String, String)] {
        [("screen", screen)] + Self.variant(variant) + load(scenario: scenario, seed: seed, speed: speed)
    }

    /// A load's `variant`, when one is chosen.
    static func variant(_ variant: String?) -> [(String, String)] {
        variant.map { [("variant", $0)] } ?? []
    }

    /// What a request that starts a load says of it.
    static func load(scenario: String, seed: Int, speed: Double) -> [(String, String)] {
        [("scenario", scenario), ("seed", String(seed)), ("speed", decimal(speed))]
    }

    /// `speed` as the server reads it: at most three decimals.
    static func decimal(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let whole = String(thousandths / 1000)
        let fraction = thousandths % 1000
        guard fraction != 0 else { return whole }
        var digits = String(fraction)
        while digits.count < 3 { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        return whole + "." + digits
    }
}

/// The documents read most recently with their ETags: at most `capacity`, the least recently
/// used dropped first, so that a client asking for ever new URLs (`frames(at:)` at each
/// instant) holds bounded memory.
actor RevalidationCache {
    struct Entry {
        let etag: String
        let body: Data
    }

    private let capacity: Int
    private var entries: [URL: Entry] = [:]
    /// The URLs of `entries`, least recently used first.
    private var recency: [URL] = []
    private(set) var hits = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { entries.count }

    func entry(for url: URL) -> Entry? {
        guard let entry = entries[url] else { return nil }
        touch(url)
        return entry
    }

    func store(_ entry: Entry, for url: URL) {
        entries[url] = entry
        touch(url)
        if recency.count > capacity { entries[recency.removeFirst()] = nil }
    }

    func recordHit() { hits += 1 }

    private func touch(_ url: URL) {
        if let index = recency.firstIndex(of: url) { recency.remove(at: index) }
        recency.append(url)
    }
}
