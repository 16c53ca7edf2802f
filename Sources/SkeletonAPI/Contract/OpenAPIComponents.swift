import HTTPServer
import Layouts
import SkeletonDomain

/// The `components` of the OpenAPI description: the layout schema's definitions, the loading
/// schemas, the other documents' schemas, and the parameters, header fields and responses
/// that several operations share. The same whatever screens the server serves: a screen is a
/// `ScreenID`. The examples of one operation's parameters, joined into one request as tools do,
/// make a request the server accepts.
enum OpenAPIComponents {
    static let text: String = {
        return #"""
            {"schemas": {
            \#(LayoutSchema.components),
            \#(FramesSchema.components),
            \#(ContentSchema.components),
            \#(LoadingSchemas.components),
            \#(documents),
            \#(driftSchemas),
            "Problem": {
              "type": "object", "required": ["formatVersion", "type", "title", "status", "detail"],
              "description": "An RFC 9457 problem: its kind (type), what was wrong, and for a bad value the parameter, the allowed values and the closest allowed name. Which members each kind carries: ProblemType.",
              "properties": {
                "formatVersion": {"$ref": "#/components/schemas/FormatVersion"},
                "type": {"$ref": "#/components/schemas/ProblemType"},
                "title": {"type": "string", "description": "The status's reason phrase."},
                "status": {"type": "integer", "minimum": 400, "maximum": 599},
                "detail": {"type": "string"},
                "parameter": {"type": "string", "description": "The query parameter (or path segment) at fault."},
                "parameters": {"type": "array", "items": {"type": "string"}, "description": "The parameters of which one is needed."},
                "header": {"type": "string", "description": "The header field at fault."},
                "conflictsWith": {"type": "string", "description": "The parameter that decides what the one at fault would."},
                "allowed": {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}], "description": "The allowed values, or in words their range."},
                "suggestion": {"type": "string", "description": "The allowed name closest to the one given."},
                "element": {"type": "string", "description": "A data route's element."},
                "stage": {"type": "string", "description": "The stage that element is bound to."},
                "code": {"$ref": "#/components/schemas/ErrorCode"},
                "retryable": {"type": "boolean", "description": "Whether asking again can succeed."},
                "failedAtMs": {"type": "integer", "minimum": 0, "description": "When the element failed, in virtual ms of its load."},
                "retryAfterMs": {"type": "integer", "minimum": 0, "description": "Wall-clock ms after which the same request succeeds."}
              },
              "examples": [\#(unknownScreenExample)]},
            "ProblemType": \#(problemType),
            "FieldValue": {"type": "string", "pattern": "^[\\t\\u0020-\\u007e\\u0080-\\u00ff]*$", "description": "Any header field value (RFC 9110 §5.5)."}
            },
            "parameters": {
            \#(Parameters.all.map(\.openAPIMember).joined(separator: ",\n"))
            },
            "headers": {
              "ETag": {"required": true, "schema": {"type": "string", "pattern": "^\"[0-9a-f]{16}\"$"}, "description": "A strong entity tag: a hash of exactly these bytes."},
              "CacheControlPublic": {"required": true, "schema": {"type": "string", "const": "public, max-age=60"}},
              "CacheControlNoStore": {"required": true, "schema": {"type": "string", "const": "no-store"}},
              "CacheControlNoCache": {"required": true, "schema": {"type": "string", "const": "no-cache"}},
              "Vary": {"required": false, "schema": {"type": "string", "enum": ["\#(hints[0])", "\#(hints[1])", "\#(hints[0]), \#(hints[1])"]},
                       "description": "The client hints the document was chosen by: those whose parameter the query did not give."},
              "AcceptCH": {"required": true, "schema": {"type": "string", "const": "\#(hints[0]), \#(hints[1])"}, "description": "The client hints the server uses (RFC 8942)."},
              "AccessControlAllowOrigin": {"required": true, "schema": {"type": "string", "minLength": 1}, "description": "* unless --cors-origin sets an origin."},
              "ServerTiming": {"required": true, "schema": {"type": "string", "pattern": "^stage;desc=\"[^\"]*\", wait;dur=[0-9]+$"}, "description": "The element's stage and how long the answer was held, in ms."},
              "TimingAllowOrigin": {"required": true, "schema": {"type": "string", "const": "*"}},
              "RetryAfter": {"required": true, "schema": {"type": "string", "pattern": "^[0-9]+$"}, "description": "Seconds until the same request succeeds (0 while draining: ask another replica)."},
              "XAccelBuffering": {"required": true, "schema": {"type": "string", "const": "no"}, "description": "Tells nginx to pass each event on at once."}
            },
            "responses": {
              "BadRequest": {"description": "A known query parameter has a bad value (type /problems/bad-parameter) or is missing (missing-parameter), a header field is bad (bad-header), the query is not well-formed percent-encoded UTF-8 (malformed-query), or a path segment does not decode to text (malformed-path).",
                             "headers": \#(OpenAPIResponses.headers(OpenAPIResponses.plain)),
                             "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "NotFound": {"description": "No such screen, theme, variant or element (type /problems/unknown-screen, unknown-theme, unknown-variant, unknown-element): the problem lists the known ones in allowed and suggests the closest.",
                           "headers": \#(OpenAPIResponses.headers(OpenAPIResponses.plain)),
                           "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "SessionNotFound": {"description": "No session this server serves (type /problems/unknown-session): the token was not sealed with its secret, was altered, or expired; or no such element (/problems/unknown-element).",
                                  "headers": \#(OpenAPIResponses.headers(OpenAPIResponses.plain)),
                                  "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "Problem": {"description": "Any other problem, such as 405 (Allow lists the methods), 408, 413, 414, 431, 501, 503 or 505: its type names its kind (ProblemType).",
                          "headers": \#(OpenAPIResponses.headers(OpenAPIResponses.plain)),
                          "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "NotModified": {"description": "If-None-Match matched the document's ETag.", "headers": \#(OpenAPIResponses.headers(OpenAPIResponses.cached))},
              "NotModifiedHinted": {"description": "If-None-Match matched the document's ETag.", "headers": \#(OpenAPIResponses.headers(OpenAPIResponses.hinted))}
            }}
            """#
    }()

    /// What the server answers for a misspelt screen: its own problem document.
    private static let unknownScreenExample = String(decoding: ProblemResponses.unknown(.screen, "hom", allowed: Catalog.builtIn.screens.map(\.id)).body, as: UTF8.self)

    /// Every kind of problem: an open enumeration of their URIs, each kind's status, summary and members in the description.
    private static let problemType: String = {
        let kinds = ProblemKind.all.map { kind in
            "\(kind.type.uri) (\(kind.type.status.code)): \(kind.summary)" + (kind.members.isEmpty ? "" : " Members: \(kind.members.joined(separator: ", ")).")
        }
        return #"{"type": "string", "x-extensible-enum": \#(JSONText.strings(ProblemKind.all.map(\.type.uri))), "#
            + #""description": \#(JSONText.string("The kind of problem, a URI reference relative to the service; stable (an open enumeration: later versions may add kinds). " + kinds.joined(separator: " ")))}"#
    }()

    private static let hints = [DocumentResponses.colorSchemeHint, DocumentResponses.reducedMotionHint]

    /// A drift report (`drift-report.schema.json` as served, without its `$schema` and `$id`) and
    /// `GET /drift`'s summary.
    private static let driftSchemas: String = {
        let report = String(decoding: DriftReportSchema.document, as: UTF8.self).split(separator: "\n")
            .filter { !$0.contains(#""$schema""#) && !$0.contains(#""$id""#) }.joined(separator: "\n")
        return #"""
            "DriftReport": \#(report),
            "ScreenFile": {"type": "object", "description": "A screen file: the format --layouts DIR serves, whose full schema is /schema/screen.json."},
            "DriftSummary": {
              "type": "object", "required": ["formatVersion", "replica", "elements"],
              "properties": {
                "formatVersion": {"$ref": "#/components/schemas/FormatVersion"},
                "replica": {"type": "string", "description": "Says that the counts are this replica's own."},
                "learns": {"type": "boolean", "description": "Whether the server was started with --learn: the renderer then sends each report with its proposal."},
                "elements": {"type": "array", "items": {
                  "type": "object", "required": ["screen", "element", "reports", "p10", "median", "widths", "lastReportAt"],
                  "properties": {
                    "screen": {"type": "string"}, "element": {"type": "string"},
                    "reports": {"type": "integer", "minimum": 1},
                    "p10": {"type": "number", "format": "double", "minimum": 0, "maximum": 1, "description": "Over the last 1024 reports, interpolated between closest ranks."},
                    "median": {"type": "number", "format": "double", "minimum": 0, "maximum": 1},
                    "widths": {"type": "array", "maxItems": \#(DriftBoard.maxWidths), "items": {"type": "number", "format": "double"}, "description": "The first distinct widths reported, ascending."},
                    "lastReportAt": {"type": "string", "format": "date-time"}
                  }}}
              }}
            """#
    }()

    /// The schemas of the service index, the layouts and themes lists, health and the contract documents.
    private static let documents: String = {
        let links = MetaRoutes.links.map { "\(JSONText.string($0.name)): {\"type\": \"string\", \"const\": \(JSONText.string($0.template))}" }.joined(separator: ", ")
        return #"""
            "ServiceIndex": {
              "type": "object", "required": ["formatVersion", "name", "version", "links"],
              "properties": {
                "formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, 
                "name": {"type": "string", "const": "skeleton-server"},
                "version": {"type": "string", "description": "The server's version (\#(SkeletonService.version) for this one)."},
                "links": {"type": "object", "required": \#(JSONText.strings(MetaRoutes.requiredLinks)),
                          "description": "Every route, by name.", "properties": {\#(links)}}
              }},
            "LayoutsIndex": {
              "type": "object", "required": ["formatVersion", "screens"],
              "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "screens": {"type": "array", "items": {
                "type": "object", "required": ["id", "title", "source", "elements", "stages", "variants", "link"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/ScreenID"},
                  "title": {"type": "string"},
                  "source": {"type": "string"},
                  "elements": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/ElementID"}},
                  "stages": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/StageID"}},
                  "variants": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Variant"}, "description": "The first is default."},
                  "link": {"type": "string", "pattern": "^/layouts/[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"}
                }}}}},
            "ThemeName": {"type": "string", "x-extensible-enum": \#(JSONText.strings(Theme.allCases.map(\.rawValue))), "description": "A theme (an open enumeration)."},
            "ThemeDocument": {
              "type": "object", "required": ["formatVersion", "theme", "palette", "assumptions"],
              "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "theme": {"$ref": "#/components/schemas/ThemeName"}, "palette": {"$ref": "#/components/schemas/Palette"},
                             "assumptions": {"type": "array", "items": {"type": "string"}}}},
            "ThemesIndex": {
              "type": "object", "required": ["formatVersion", "themes", "assumptions"],
              "properties": {
                "formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, 
                "themes": {"type": "array", "items": {
                  "type": "object", "required": ["theme", "palette"],
                  "properties": {"theme": {"$ref": "#/components/schemas/ThemeName"}, "palette": {"$ref": "#/components/schemas/Palette"}}}},
                "assumptions": {"type": "array", "items": {"type": "string"}}
              }},
            "Health": {"type": "object", "required": ["formatVersion", "status"], "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "status": {"type": "string", "const": "ok"}}, "examples": [{"formatVersion": \#(DocumentFormat.version), "status": "ok"}]},
            "Readiness": {"type": "object", "required": ["formatVersion", "ready"], "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "ready": {"type": "boolean"}}},
            "SchemaDocument": {
              "type": "object", "required": ["$schema", "$id"], "additionalProperties": true,
              "description": "A JSON Schema (draft 2020-12) document; its $id is the path it is served at.",
              "properties": {"$schema": {"type": "string", "const": "https://json-schema.org/draft/2020-12/schema"}, "$id": {"type": "string"}}},
            "OpenAPIDescription": {
              "type": "object", "required": ["openapi", "info", "paths", "components"], "additionalProperties": true,
              "description": "An OpenAPI description (this one, 3.1, or as 3.2): valid against the OpenAPI schema of its version.",
              "properties": {
                "openapi": {"type": "string", "x-extensible-enum": [\#(JSONText.string(OpenAPIDocument.version)), "3.2.0"]},
                "info": {"type": "object", "required": ["title", "version"], "additionalProperties": true,
                         "properties": {"title": {"type": "string"}, "version": {"type": "string", "description": "The contract's version."}}},
                "paths": {"type": "object"},
                "components": {"type": "object"}
              }}
            """#
    }()
}
