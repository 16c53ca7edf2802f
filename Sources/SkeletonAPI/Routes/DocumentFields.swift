import HTTPServer
import SkeletonDomain

/// The header fields of a document's 200 and 304 responses around its `ETag`, for each
/// combination of the client hints it may be chosen by, built once: the fields of a document
/// made for one request (frames at an instant) then cost its tag's line and a few copies.
///
/// Guarantees: the same fields as every `DocumentResponses` (which is built from them), in this
/// order: `Content-Type`, `ETag`, `Cache-Control`, `Vary` when hints chose it, `Accept-CH` when
/// the document is hinted, then the extra fields (a document made for one request has its `ETag`
/// last); a 304 has neither `Content-Type` nor the extra fields (RFC 9110 §15.4.5).
struct DocumentFields: Sendable {
    private let contentType: ResponseHeaders
    /// What follows the tag, by `DocumentResponses.HintUse` raw value (one entry when not hinted):
    /// in a 304, and in a 200 with the extra fields after it.
    private let afterTag: [ResponseHeaders]
    private let afterTagWithExtra: [ResponseHeaders]
    /// A 200's fields but its tag, in order, for a tag written after them.
    private let beforeTag: [ResponseHeaders]

    /// `hinted`: whether the document is served in answer to client hints (layouts) and so
    /// carries `Accept-CH` and may carry `Vary`.
    init(hinted: Bool, contentType: String, headers extra: ResponseHeaders) {
        let contentType = ResponseHeaders.contentType(contentType)
        self.contentType = contentType
        let afterTag = (0..<(hinted ? 4 : 1)).map { CachePolicy.sharedForAMinute.afterTag(hinted: hinted, use: DocumentResponses.HintUse(rawValue: $0)) }
        self.afterTag = afterTag
        afterTagWithExtra = afterTag.map { headers in
            var headers = headers
            headers.append(extra)
            return headers
        }
        beforeTag = afterTagWithExtra.map { headers in
            var all = contentType
            all.append(headers)
            return all
        }
    }

    /// How many combinations of hints there are fields for.
    var hintUses: Int { afterTag.count }

    /// The 200's fields for a document tagged `etag`, chosen by `hints`.
    func ok(etag: String, hints: DocumentResponses.HintUse) -> ResponseHeaders {
        ResponseHeaders(contentType, "ETag", etag, afterTagWithExtra[hints.rawValue])
    }

    /// The 304's fields for a document tagged `etag`, chosen by `hints`.
    func notModified(etag: String, hints: DocumentResponses.HintUse) -> ResponseHeaders {
        ResponseHeaders(ResponseHeaders(), "ETag", etag, afterTag[hints.rawValue])
    }

    /// 304 when `If-None-Match` matches `document`'s tag, else `document`: what a
    /// `DocumentResponses` of it answers, without building the answers it does not give.
    func response(_ document: EncodedDocument, to request: Request, hints: DocumentResponses.HintUse = []) -> Response {
        if ifNoneMatch(request.fields, matches: document.etag) {
            return Response(status: .notModified, headers: notModified(etag: document.etag, hints: hints))
        }
        return Response(status: .ok, headers: ok(etag: document.etag, hints: hints), body: document.bytes)
    }

    /// 304 when `If-None-Match` matches the tag `hash`, else `leading` then `body`: a document
    /// made for one request around bytes kept for many, whose fields cost no allocation (its
    /// `ETag` comes last: the order of fields of different names carries no meaning, RFC 9110 §5.3).
    func response(leading: [UInt8], body: [UInt8], hash: UInt64, to request: Request, hints: DocumentResponses.HintUse) -> Response {
        // The tag's text is made only for a request that has one to compare.
        if request.fields["If-None-Match"] != nil, ifNoneMatch(request.fields, matches: TaggedContent(hash: hash).quoted) {
            return Response(status: .notModified, headers: afterTag[hints.rawValue], tagged: TaggedContent(hash: hash))
        }
        return Response(status: .ok, headers: beforeTag[hints.rawValue], tagged: TaggedContent(leading: leading, hash: hash), body: body)
    }
}
