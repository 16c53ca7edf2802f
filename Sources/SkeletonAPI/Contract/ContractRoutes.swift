import HTTPServer
import SkeletonDomain

/// `GET /openapi.json` (and the same as OpenAPI 3.2, `/openapi-3.2.json`), `GET /schema/layout.json`, `/schema/frames.json`, `/schema/content.json`, `/schema/screen.json` and `/schema/drift-report.json`: the service's
/// contract. Each document is encoded once, at start-up, and served like the layout documents:
/// a strong ETag, 304 for a matching `If-None-Match`, `Cache-Control: public, max-age=60`.
///
/// The schemas are `application/schema+json`, the media type JSON Schema defines for itself
/// (draft 2020-12, §14): it says what the document is, and its `+json` suffix (RFC 6839) keeps
/// every JSON client (an editor fetching a `$schema`, a browser, jq) reading it as JSON. The
/// OpenAPI description is `application/json`, as docs/spec.md §2 has every JSON response.
struct ContractRoutes {
    private let openAPI: DocumentResponses
    private let openAPI32: DocumentResponses
    private let layoutSchema: DocumentResponses
    private let screenSchema: DocumentResponses
    private let framesSchema: DocumentResponses
    private let contentSchema: DocumentResponses
    private let driftReportSchema: DocumentResponses

    init() {
        openAPI = DocumentResponses(EncodedDocument(bytes: OpenAPIDocument.bytes), hinted: false)
        openAPI32 = DocumentResponses(EncodedDocument(bytes: OpenAPIDocument.bytes32), hinted: false)
        layoutSchema = Self.schema(LayoutSchema.document)
        screenSchema = Self.schema(ScreenSchema.document)
        framesSchema = Self.schema(FramesSchema.document)
        contentSchema = Self.schema(ContentSchema.document)
        driftReportSchema = Self.schema(DriftReportSchema.document)
    }

    func register(on router: inout Router) {
        let openAPI = openAPI, openAPI32 = openAPI32, layoutSchema = layoutSchema, screenSchema = screenSchema, framesSchema = framesSchema
        let contentSchema = contentSchema, driftReportSchema = driftReportSchema
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
