import HTTPServer
import Layouts
import SkeletonDomain

/// A pre-encoded document ready to serve: its 200 and 304 responses for each combination of
/// the `Vary` field, built once so that a request costs a lookup (RFC 9110 §8.8.3, §13.1.2, §15.4.5).
/// A class, immutable: looking one up in a table retains one object, not each of its members.
final class DocumentResponses: Sendable {
    /// Which client hints the representation was chosen by (docs/spec.md §2): bit 0 colour scheme, bit 1 reduced motion.
    struct HintUse: OptionSet, Sendable {
        let rawValue: Int
        static let colorScheme = HintUse(rawValue: 1)
        static let reducedMotion = HintUse(rawValue: 2)
    }

    static let colorSchemeHint = "Sec-CH-Prefers-Color-Scheme"
    static let reducedMotionHint = "Sec-CH-Prefers-Reduced-Motion"

    let etag: String
    private let ok: [Response]
    private let notModified: [Response]

    /// `hinted`: whether the document is served in answer to client hints (layouts) and so
    /// carries `Accept-CH` and may carry `Vary`. `contentType` and `headers` go on the 200 only
    /// (a 304 carries the validator and cache fields, RFC 9110 §15.4.5): see `DocumentFields`.
    convenience init(_ document: EncodedDocument, hinted: Bool, contentType: String = "application/json", headers extra: ResponseHeaders = ResponseHeaders()) {
        self.init(document, fields: DocumentFields(hinted: hinted, contentType: contentType, headers: extra))
    }

    /// `document` served with `fields`.
    init(_ document: EncodedDocument, fields: DocumentFields) {
        etag = document.etag
        ok = (0..<fields.hintUses).map { Response(status: .ok, headers: fields.ok(etag: document.etag, hints: HintUse(rawValue: $0)), body: document.bytes) }
        notModified = (0..<fields.hintUses).map { Response(status: .notModified, headers: fields.notModified(etag: document.etag, hints: HintUse(rawValue: $0))) }
    }

    /// 304 when `If-None-Match` matches, else the document.
    func response(to request: Request, hints: HintUse = []) -> Response {
        ifNoneMatch(request.fields, matches: etag) ? notModified[hints.rawValue] : ok[hints.rawValue]
    }
}
