import HTTPServer
import SkeletonDomain

/// `GET /openapi.json` (and the same as OpenAPI 3.2, `/openapi-3.2.json`), `GET /schema/layout.json`, `/schema/frames.json`, `/schema/content.json`, `/schema/screen.json` and `/schema/drift-report.json`: the service's
/// contract. Each document is encoded once, on its first request (most servers are never asked
/// for it, and an unoptimised test build spent a fifth of its start-up on the description), and
/// served like the layout documents: a strong ETag, 304 for a matching `If-None-Match`,
/// `Cache-Control: public, max-age=60`.
///
/// The schemas are `application/schema+json`, the media type JSON Schema defines for itself
/// (draft 2020-12, §14): it says what the document is, and its `+json` suffix (RFC 6839) keeps
/// every JSON client (an editor fetching a `$schema`, a browser, jq) reading it as JSON. The
/// OpenAPI description is `application/json`, as docs/spec.md §2 has every JSON response.
enum ContractRoutes {
    private static let openAPI = DocumentResponses(EncodedDocument(bytes: OpenAPIDocument.bytes), hinted: false)
    private static let openAPI32 = DocumentResponses(EncodedDocument(bytes: OpenAPIDocument.bytes32), hinted: false)
    private static let layoutSchema = schema(LayoutSchema.document)
    private static let screenSchema = schema(ScreenSchema.document)
    private static let framesSchema = schema(FramesSchema.document)
    private static let contentSchema = schema(ContentSchema.document)
    private static let driftReportSchema = schema(DriftReportSchema.document)

    static func register(on router: inout Router) {
        router.get(Operations.openAPI) { request in openAPI.response(to: request) }
        router.get(Operations.openAPI32) { request in openAPI32.response(to: request) }
        router.get(Operations.layoutSchema) { request in layoutSchema.response(to: request) }
        router.get(Operations.screenSchema) { request in screenSchema.response(to: request) }
        router.get(Operations.framesSchema) { request in framesSchema.response(to: request) }
        router.get(Operations.contentSchema) { request in contentSchema.response(to: request) }
        router.get(Operations.driftReportSchema) { request in driftReportSchema.response(to: request) }
    }

    /// A schema document's responses: served as the other documents are, as `application/schema+json`.
    private static func schema(_ bytes: [UInt8]) -> DocumentResponses {
        DocumentResponses(EncodedDocument(bytes: bytes), hinted: false, contentType: "application/schema+json")
    }
}
