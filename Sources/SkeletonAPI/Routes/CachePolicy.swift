import HTTPServer

/// What a cache may do with each kind of answer, said in this one place for every route: the
/// `Cache-Control` of each (RFC 9111 §5.2.2), the validator a reusable answer carries (`ETag`,
/// RFC 9110 §8.8.3) and what it varies on (`Vary`, RFC 9110 §12.5.5, with `Accept-CH` asking
/// for the client hints a layout consults). docs/http-api.md's "Caching" table lists each
/// route's, and a test holds the served fields to it.
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

    /// The fields of an answer tagged `etag` under this policy: `ETag`, then `Cache-Control`.
    func validated(etag: String) -> ResponseHeaders {
        var headers = ResponseHeaders()
        headers.add("ETag", etag)
        headers.add(self)
        return headers
    }

    /// What follows a document's `ETag` under this policy: `Cache-Control`, and for a document
    /// chosen by client hints (`hinted`), `Vary` naming those that chose it (`use`; none when the
    /// query chose both) and `Accept-CH` asking for both.
    func afterTag(hinted: Bool, use: DocumentResponses.HintUse) -> ResponseHeaders {
        var headers = self.headers
        guard hinted else { return headers }
        let varied = [use.contains(.colorScheme) ? DocumentResponses.colorSchemeHint : nil,
                      use.contains(.reducedMotion) ? DocumentResponses.reducedMotionHint : nil].compactMap { $0 }
        if !varied.isEmpty { headers.add("Vary", varied.joined(separator: ", ")) }
        headers.add("Accept-CH", "\(DocumentResponses.colorSchemeHint), \(DocumentResponses.reducedMotionHint)")
        return headers
    }

    /// `Vary: Accept`, for an answer whose representation depends on it (the preview's 404:
    /// a page for a browser, else a problem).
    static let variesOnAccept = ResponseHeaders(["Vary": "Accept"])

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
