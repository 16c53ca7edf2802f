import HTTPServer

/// What a cache may do with each kind of answer (`Cache-Control`, RFC 9111 §5.2.2), said in this
/// one place for every route.
enum CachePolicy: String {
    /// A document fixed for the running catalog (layouts, frames, the contract, timelines): any
    /// cache may reuse it for a minute, then revalidates it by its `ETag`.
    case sharedForAMinute = "public, max-age=60"
    /// An answer that may be kept but is revalidated before each reuse: an element's data (same
    /// `ETag` for the same content), an event stream.
    case revalidated = "no-cache"
    /// An answer of one moment, never kept: a load's state, a simulated failure, the metrics.
    case neverStored = "no-store"

    /// The field, alone: made once per policy, not per response.
    var headers: ResponseHeaders {
        switch self {
        case .sharedForAMinute: Self.sharedForAMinuteHeaders
        case .revalidated: Self.revalidatedHeaders
        case .neverStored: Self.neverStoredHeaders
        }
    }

    private static let sharedForAMinuteHeaders = ResponseHeaders().adding(.sharedForAMinute)
    private static let revalidatedHeaders = ResponseHeaders().adding(.revalidated)
    private static let neverStoredHeaders = ResponseHeaders().adding(.neverStored)
}

extension ResponseHeaders {
    /// Adds `Cache-Control` as `policy` says.
    mutating func add(_ policy: CachePolicy) {
        add("Cache-Control", policy.rawValue)
    }

    /// These fields and `Cache-Control` as `policy` says.
    func adding(_ policy: CachePolicy) -> ResponseHeaders {
        var headers = self
        headers.add(policy)
        return headers
    }
}
