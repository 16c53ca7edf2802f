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
        let themes = Theme.allCases.map(\.rawValue)
        return #"""
            {"schemas": {
            \#(LayoutSchema.components),
            \#(FramesSchema.components),
            \#(ContentSchema.components),
            \#(LoadingSchemas.components),
            \#(documents),
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
              "ScreenPath": {"name": "screen", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/ScreenID"}, "example": "home",
                             "description": "A screen id (GET /layouts lists them: the built-in \#(OpenAPIDocument.builtInScreens), and those of --layouts); another is a 404 (type /problems/unknown-screen) that lists them."},
              "Variant": {"name": "variant", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/Variant"}, "example": "default",
                          "description": "One of the screen's layout variants (GET /layouts lists them; default: the first, default); another is a 404 (type /problems/unknown-variant) that lists them."},
              "ThemePath": {"name": "theme", "in": "path", "required": true, "schema": {"type": "string", "enum": \#(JSONText.strings(themes))}, "example": "dark"},
              "Theme": {"name": "theme", "in": "query", "required": false, "schema": {"type": "string", "enum": \#(JSONText.strings(themes))},
                        "description": "Default: dark when Sec-CH-Prefers-Color-Scheme says dark, else light."},
              "Motion": {"name": "motion", "in": "query", "required": false, "schema": {"type": "string", "enum": \#(JSONText.strings(Motion.allCases.map(\.rawValue)))},
                         "description": "Default: reduced when Sec-CH-Prefers-Reduced-Motion says reduce, else full."},
              "Direction": {"name": "direction", "in": "query", "required": false, "schema": {"type": "string", "enum": \#(JSONText.strings(Direction.allCases.map(\.rawValue))), "default": "ltr"}},
              "Expand": {"name": "expand", "in": "query", "required": false, "schema": {"type": "boolean", "default": false},
                         "description": "true: every repeat written out as its copies, each copy's ids suffixed [i]."},
              "PrefersColorScheme": {"name": "Sec-CH-Prefers-Color-Scheme", "in": "header", "required": false, "schema": {"$ref": "#/components/schemas/FieldValue"},
                                     "description": "A client hint: \"dark\" (or the bare token) chooses the dark theme when the query has no theme; any other value is ignored.", "example": "\"dark\""},
              "PrefersReducedMotion": {"name": "Sec-CH-Prefers-Reduced-Motion", "in": "header", "required": false, "schema": {"$ref": "#/components/schemas/FieldValue"},
                                       "description": "A client hint: \"reduce\" (or the bare token) chooses reduced motion when the query has no motion; any other value is ignored.", "example": "\"reduce\""},
              "IfNoneMatch": {"name": "If-None-Match", "in": "header", "required": false, "schema": {"$ref": "#/components/schemas/FieldValue"},
                              "description": "* or entity tags (RFC 9110 §13.1.2): a 304 when one matches the document's ETag (weak comparison); a value that is neither matches nothing."},
              "LastEventID": {"name": "Last-Event-ID", "in": "header", "required": false, "schema": {"$ref": "#/components/schemas/EventID"},
                              "description": "The id of the last event a reconnecting client saw: the stream resumes after it, without its snapshot."},
              "LoadingScreen": {"name": "screen", "in": "query", "required": true, "schema": {"$ref": "#/components/schemas/ScreenID"}, "example": "home",
                                "description": "The screen whose load this is (GET /layouts); another is a 404 (type /problems/unknown-screen) that lists them."},
              "Speed": {"name": "speed", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/Speed"}, "example": "10",
                        "description": "Of the load this request starts."},
              "Wait": {"name": "wait", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/Wait"}, "example": 1000,
                       "description": "Long poll: hold the answer until some element changes or this many ms pass (at once when nothing will change again)."},
              "At": {"name": "at", "in": "query", "required": true, "schema": {"type": "integer", \#(ParameterRanges.bounds(ParameterRanges.at))}, "example": 1200,
                     "description": "Virtual ms since the load's start: the state then."},
              "SessionPath": {"name": "session", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/SessionToken"},
                              "description": "The token of a load (an earlier response's session); one this server does not serve is a 404 (type /problems/unknown-session)."},
              "Fault": {"name": "fault", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/Fault"}, "example": "reset",
                        "description": "A network fault at the element's time instead of its answer."},
              "Width": {"name": "width", "in": "query", "required": true, "schema": {"type": "integer", \#(ParameterRanges.bounds(ParameterRanges.viewport))}, "example": 390,
                        "description": "The viewport's width in whole points."},
              "Height": {"name": "height", "in": "query", "required": false, "schema": {"type": "integer", \#(ParameterRanges.bounds(ParameterRanges.viewport))},
                         "description": "The viewport's height in whole points (spacers in the root share what the content leaves); default: the content's height."},
              "Scenario": {"name": "scenario", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/Scenario"}, "example": "timeout",
                           "description": "Of the load (default typical)."},
              "Seed": {"name": "seed", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/Seed"}, "example": 7,
                       "description": "Of the load (default 0)."},
              "ElementPath": {"name": "element", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$"},
                              "description": "An element id of the screen; another is a 404 listing them.", "example": "accountsCarousel"}
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
                             "headers": \#(OpenAPIDocument.headers(OpenAPIDocument.plain)),
                             "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "NotFound": {"description": "No such screen, theme, variant or element (type /problems/unknown-screen, unknown-theme, unknown-variant, unknown-element): the problem lists the known ones in allowed and suggests the closest.",
                           "headers": \#(OpenAPIDocument.headers(OpenAPIDocument.plain)),
                           "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "SessionNotFound": {"description": "No session this server serves (type /problems/unknown-session): the token was not sealed with its secret, was altered, or expired; or no such element (/problems/unknown-element).",
                                  "headers": \#(OpenAPIDocument.headers(OpenAPIDocument.plain)),
                                  "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "Problem": {"description": "Any other problem, such as 405 (Allow lists the methods), 408, 413, 414, 431, 501, 503 or 505: its type names its kind (ProblemType).",
                          "headers": \#(OpenAPIDocument.headers(OpenAPIDocument.plain)),
                          "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "NotModified": {"description": "If-None-Match matched the document's ETag.", "headers": \#(OpenAPIDocument.headers(OpenAPIDocument.cached))},
              "NotModifiedHinted": {"description": "If-None-Match matched the document's ETag.", "headers": \#(OpenAPIDocument.headers(OpenAPIDocument.hinted))}
            }}
            """#
    }()

    /// What the server answers for a misspelt screen: its own problem document.
    private static let unknownScreenExample = String(decoding: ProblemResponses.unknown(.screen, "hom", allowed: Catalog.builtIn.screens.map(\.id)).body, as: UTF8.self)

    /// Every kind of problem: an open enumeration of their URIs, each kind's status, summary and members in the description.
    private static let problemType: String = {
        let kinds = ProblemKind.all.map { kind in
            "\(kind.type.uri) (\(kind.status.code)): \(kind.summary)" + (kind.members.isEmpty ? "" : " Members: \(kind.members.joined(separator: ", ")).")
        }
        return #"{"type": "string", "x-extensible-enum": \#(JSONText.strings(ProblemKind.all.map(\.type.uri))), "#
            + #""description": \#(JSONText.string("The kind of problem, a URI reference relative to the service; stable (an open enumeration: later versions may add kinds). " + kinds.joined(separator: " ")))}"#
    }()

    private static let hints = [DocumentResponses.colorSchemeHint, DocumentResponses.reducedMotionHint]

    /// The schemas of the service index, the layouts and themes lists, health and the contract documents.
    private static let documents: String = {
        let links = MetaRoutes.links.map { "\(JSONText.string($0.key)): {\"type\": \"string\", \"const\": \(JSONText.string($0.value))}" }.joined(separator: ", ")
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
            "Health": {"type": "object", "required": ["formatVersion", "status"], "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "status": {"type": "string", "const": "ok"}}, "examples": [{"formatVersion": 1, "status": "ok"}]},
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
