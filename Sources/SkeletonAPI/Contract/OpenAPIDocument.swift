import Layouts
import SkeletonDomain

/// The OpenAPI 3.1 description of every route the service answers (`GET /openapi.json`): one
/// document, byte for byte the same from every deployment (a screen is a `ScreenID`, whatever
/// screens `--layouts` adds; `/metrics` is listed even where `--no-metrics` makes it a 404), whose
/// `info.version` is the contract's version.
///
/// Written to be true of the running server, so that a schema-driven fuzzer finds no response
/// that disagrees with it: every status a request can get is declared with its headers, and
/// every body refers to a schema (the layout document's being the components that
/// `GET /schema/layout.json` serves as `$defs`). HEAD and OPTIONS are not listed as operations:
/// the router answers them for every route alike (see `info.description`).
enum OpenAPIDocument {
    /// The version of the OpenAPI Specification the description follows.
    static let version = "3.1.1"

    /// The contract's version: changed whenever the description changes (a test holds its hash),
    /// the major number when a change can break a client written for the previous one.
    static let contractVersion = "3.12.0"

    /// The same description as OpenAPI 3.2 (`GET /openapi-3.2.json`), for the tools that read it:
    /// an event stream's schema, each event's before 3.2, is its `itemSchema` there, and nothing else differs.
    static let bytes32: [UInt8] = {
        let text = String(decoding: bytes, as: UTF8.self)
        let version = #"{"openapi": \#(JSONText.string(OpenAPIDocument.version)),"#
        precondition(text.hasPrefix(version), "the description starts with its version")
        let stream32 = SchemaComponents.replacing(#"{"schema":"#, with: #"{"itemSchema":"#, in: OpenAPIResponses.eventStreamContent)
        let body = SchemaComponents.replacing(OpenAPIResponses.eventStreamContent, with: stream32, in: String(text.dropFirst(version.count)))
        return Array(#"{"openapi": "3.2.0","#.utf8) + Array(body.utf8)
    }()

    /// The screens every server serves, in words.
    static let builtInScreens = Catalog.builtIn.screens.map(\.id).joined(separator: ", ")

    static let bytes: [UInt8] = {
        let document = #"""
            {"openapi": \#(JSONText.string(version)),
             "info": {
               "title": "skeleton-server",
               "version": \#(JSONText.string(contractVersion)),
               "summary": "Skeleton screen specifications and a deterministic loading simulation.",
               "description": \#(JSONText.string(description))
             },
             "servers": [{"url": "{scheme}://{host}:{port}", "description": "A skeleton-server: by default http://127.0.0.1:8080.",
                          "variables": {"scheme": {"default": "http", "enum": ["http", "https"]}, "host": {"default": "127.0.0.1"}, "port": {"default": "8080"}}}],
             "tags": [
               {"name": "layouts", "description": "Skeleton layouts and their palettes."},
               {"name": "loading", "description": "The staged loading simulation."},
               {"name": "contract", "description": "This description and the JSON Schemas."},
               {"name": "web", "description": "The web renderer and the preview page."},
               {"name": "drift", "description": "How faithful skeletons are to the content that replaces them: reports and their counts."},
               {"name": "meta", "description": "Index, health and metrics."}
             ],
             "paths": {
            \#(Operation.pathItems(Operations.all))
             },
             "components": \#(OpenAPIComponents.text)
            }
            """#
        return Array(document.utf8)
    }()

    private static let description = """
        Every GET route also answers HEAD (the same status and header fields, no content; RFC 9110 §9.3.2) \
        and OPTIONS (a CORS preflight: 204 with Allow, Access-Control-Allow-Methods and Access-Control-Max-Age). \
        Another method on a route is a 405 with Allow; an unknown method a 501; a path that matches no route a 404. \
        JSON responses are UTF-8 application/json, errors RFC 9457 application/problem+json. Unknown query parameters \
        are ignored; a known one with a bad value is a 400 whose problem names it and lists the allowed values, and a query \
        that is not well-formed percent-encoded UTF-8 is a 400 on every route. Documents that do not depend on the time \
        carry a strong ETag: If-None-Match gives a 304. Every response carries Access-Control-Allow-Origin. \
        Limits, answered before any route (the defaults; each is configurable): request line 8 KiB (414), header section 16 KiB or 100 fields (431), \
        body 1 MiB (413), header read 10 s (408); request smuggling forms are a 400 and the connection is closed; \
        HTTP/2 is a 505.
        """
}
