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
    static let contractVersion = "2.0.0"

    /// The same description as OpenAPI 3.2 (`GET /openapi-3.2.json`), for the tools that read it:
    /// an event stream's schema, each event's before 3.2, is its `itemSchema` there, and nothing else differs.
    static let bytes32: [UInt8] = {
        let text = String(decoding: bytes, as: UTF8.self)
        let version = #"{"openapi": \#(JSONText.string(OpenAPIDocument.version)),"#
        precondition(text.hasPrefix(version), "the description starts with its version")
        let stream32 = SchemaComponents.replacing(#"{"schema":"#, with: #"{"itemSchema":"#, in: eventStreamContent)
        let body = SchemaComponents.replacing(eventStreamContent, with: stream32, in: String(text.dropFirst(version.count)))
        return Array(#"{"openapi": "3.2.0","#.utf8) + Array(body.utf8)
    }()

    /// An event stream's content: each event a `LoadingEvent`.
    private static let eventStreamContent = ##""text/event-stream": {"schema": {"$ref": "#/components/schemas/LoadingEvent"}, "example": "## + OpenAPIExamples.event + "}"

    /// The screens every server serves, in words.
    static let builtInScreens = Catalog.builtIn.screens.map(\.id).joined(separator: ", ")

    static let bytes: [UInt8] = {
        var paths = [
            path("/", get(
                "getServiceIndex", tag: "meta", summary: "The service index: name, version and a link to every route.",
                responses: [("200", json("The index.", ref("ServiceIndex"), headers: plain, example: OpenAPIExamples.index)), badRequest])),
            path("/layouts", get(
                "listLayouts", tag: "layouts", summary: "The screens: id, title, source app, element and stage ids, variants, link.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", json("The list.", ref("LayoutsIndex"), headers: cached, example: OpenAPIExamples.layoutsIndex)), notModified, badRequest])),
            path("/layouts/{screen}", get(
                "getLayout", tag: "layouts", summary: "A screen's layout document: its skeleton tree, animation and colours under the options the query chooses.",
                description: "The built-in screens are \(builtInScreens); a server started with --layouts serves its own too (GET /layouts lists them all). Any other screen is a 404 whose problem lists the known ones and suggests the closest.",
                parameters: [parameter("ScreenPath"), parameter("Variant"), parameter("Theme"), parameter("Motion"), parameter("Direction"), parameter("Expand"),
                             parameter("PrefersColorScheme"), parameter("PrefersReducedMotion"), parameter("IfNoneMatch")],
                responses: [("200", json("The layout document.", ref("Layout"), headers: hinted, example: OpenAPIExamples.layout)), notModifiedHinted, badRequest, notFound])),
        ]
        paths += framePaths
        paths += [
            path("/themes", get(
                "listThemes", tag: "layouts", summary: "Every colour token of every theme.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", json("The palettes.", ref("ThemesIndex"), headers: cached, example: OpenAPIExamples.themesIndex)), notModified, badRequest])),
            path("/themes/{theme}", get(
                "getTheme", tag: "layouts", summary: "One theme's palette.",
                parameters: [parameter("ThemePath"), parameter("IfNoneMatch")],
                responses: [("200", json("The palette.", ref("ThemeDocument"), headers: cached, example: OpenAPIExamples.theme)), notModified, badRequest, notFound])),
            path("/scenarios", get(
                "listScenarios", tag: "loading", summary: "The loading scenarios and what each does.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", json("The scenarios.", ref("Scenarios"), headers: cached, example: OpenAPIExamples.scenarios)), notModified, badRequest])),
            path("/loading-state", get(
                "startLoad", tag: "loading", summary: "Starts a simulated load of a screen now and answers its state (with wait, a long poll).",
                description: "The state carries the session token that follows this load: GET /loading-state/{session}, its events and its data. Future times are never disclosed.",
                parameters: [parameter("LoadingScreen"), parameter("Scenario"), parameter("Seed"), parameter("Speed"), parameter("Wait")],
                responses: [("200", json("The state.", ref("LoadingState"), headers: noStore, example: OpenAPIExamples.loadingState)), badRequest, notFound])),
            path("/loading-state/instant", get(
                "getLoadingInstant", tag: "loading", summary: "The state of a screen's load (scenario, seed) at a virtual instant, with no session.",
                parameters: [parameter("LoadingScreen"), parameter("Scenario"), parameter("Seed"), parameter("At")],
                responses: [("200", json("The state at that instant; its session is null.", ref("LoadingState"), headers: noStore, example: OpenAPIExamples.loadingState)), badRequest, notFound])),
            path("/loading-state/{session}", get(
                "getSessionState", tag: "loading", summary: "A load's state now; with wait, a long poll: held until some element changes or wait ms pass (at once when nothing will change again).",
                parameters: [parameter("SessionPath"), parameter("Wait")],
                responses: [("200", json("The state.", ref("LoadingState"), headers: noStore, example: OpenAPIExamples.loadingState)), badRequest, sessionNotFound])),
            path("/loading-state/events", get(
                "streamLoad", tag: "loading", summary: "Starts a simulated load now and streams it as Server-Sent Events.",
                description: "snapshot first (its session follows the load), then one element event per change at the moment it happens, then complete, and the stream closes. Last-Event-ID resumes without repeating an event; at or past the end it is a 204.",
                parameters: [parameter("LoadingScreen"), parameter("Scenario"), parameter("Seed"), parameter("Speed"), parameter("LastEventID")],
                responses: eventStreamResponses(badRequest: badRequest, notFound: notFound))),
            path("/loading-state/{session}/events", get(
                "streamSession", tag: "loading", summary: "A load's Server-Sent Events, as GET /loading-state/events streams them.",
                parameters: [parameter("SessionPath"), parameter("LastEventID")],
                responses: eventStreamResponses(badRequest: badRequest, notFound: sessionNotFound))),
            path("/loading-state/timeline", get(
                "getLoadingTimeline", tag: "loading", summary: "The whole deterministic schedule of one screen, scenario and seed, for client test authors.",
                parameters: [parameter("LoadingScreen"), parameter("Scenario"), parameter("Seed")],
                responses: [("200", json("The timeline.", ref("Timeline"), headers: cachedWithoutTag, example: OpenAPIExamples.timeline)), badRequest, notFound])),
            path("/loading-state/{session}/data/{element}", get(
                "getSessionData", tag: "loading", summary: "An element's data in a load, answered at its time, with its failures and network faults.",
                description: "Held until the element's readyAtMs in the load; at once when that time has passed. \(dataRules)",
                parameters: [parameter("SessionPath"), parameter("ElementPath"), parameter("Fault"), parameter("IfNoneMatch")],
                responses: dataResponses(notFound: sessionNotFound))),
            path("/data/{screen}/{element}", get(
                "getElementData", tag: "loading", summary: "An element's data in a load this request starts, answered at its time, with its failures and network faults.",
                description: "Held until the element's readyAtMs in a load of the path's screen started by this request (scenario, seed, speed). \(dataRules)",
                parameters: [parameter("ScreenPath"), parameter("ElementPath"), parameter("Scenario"), parameter("Seed"), parameter("Speed"),
                             parameter("Fault"), parameter("IfNoneMatch")],
                responses: dataResponses(notFound: notFound))),
            path("/preview/{screen}", get(
                "getPreview", tag: "web", summary: "An HTML page: the screen in a phone per theme, driven by a loading session, with controls and a live timeline.",
                description: "An unknown screen is a 404: an HTML page when Accept names text/html, else problem+json (Vary: Accept).",
                parameters: [parameter("ScreenPath"), parameter("IfNoneMatch")],
                responses: [
                    ("200", #"{"description": "The page.", "headers": \#(headers(cached)), "content": {"text/html; charset=utf-8": {"schema": {"type": "string"}, "example": "<!doctype html><html lang=\"en\">…</html>"}}}"#),
                    notModified, badRequest, notFound,
                ])),
            module("/renderer.js", "getRenderer", summary: "The web renderer: an ES module defining <skeleton-screen>, renderSkeleton(document, container, options) and (from /capture.js) captureScreen."),
            module("/capture.js", "getCapture", summary: "The capture module (re-exported by /renderer.js): captureScreen(root, options) turns a live page's DOM into a screen file."),
            path("/healthz", get(
                "getHealth", tag: "meta", summary: "Liveness.",
                responses: [("200", json("Alive.", ref("Health"), headers: plain, example: OpenAPIExamples.health)), badRequest])),
            path("/readyz", get(
                "getReadiness", tag: "meta", summary: "Readiness: false while the server drains at shutdown.",
                responses: [
                    ("200", json("Ready: ready is true.", ref("Readiness"), headers: plain, example: OpenAPIExamples.ready)),
                    ("503", json("Draining (ready is false): route new requests elsewhere.", ref("Readiness"), headers: plain, example: OpenAPIExamples.draining)),
                    badRequest,
                ])),
            path("/metrics", get(
                "getMetrics", tag: "meta", summary: "Prometheus text exposition 0.0.4: requests by route, method and status; latency; connections; sessions started; process metrics.",
                description: "A 404 on a server started with --no-metrics.",
                responses: [
                    ("200", #"""
                        {"description": "The metrics.", "headers": \#(headers(noStore)),
                         "content": {"text/plain; version=0.0.4; charset=utf-8": {"schema": {"type": "string"}, "example": "http_connections_open 1\n"}}}
                        """#),
                    badRequest,
                ])),
            path("/openapi.json", get(
                "getOpenAPI", tag: "contract", summary: "This description.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", json("The OpenAPI 3.1 description.", ref("OpenAPIDescription"), headers: cached, example: OpenAPIExamples.description)), notModified, badRequest])),
            path("/openapi-3.2.json", get(
                "getOpenAPI32", tag: "contract", summary: "This description as OpenAPI 3.2: the same, but for the event streams' itemSchema, named so rather than x-itemSchema.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", json("The OpenAPI 3.2 description.", ref("OpenAPIDescription"), headers: cached, example: OpenAPIExamples.description)), notModified, badRequest])),
            path(LayoutSchema.path, get(
                "getLayoutSchema", tag: "contract", summary: "The JSON Schema (2020-12) of a layout document.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", schemaDocument("The layout document's schema; its $id is \(LayoutSchema.path).")), notModified, badRequest])),
            path(FramesSchema.path, get(
                "getFramesSchema", tag: "contract", summary: "The JSON Schema (2020-12) of a frames document.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", schemaDocument("The frames document's schema; its $id is \(FramesSchema.path).")), notModified, badRequest])),
            path(ContentSchema.path, get(
                "getContentSchema", tag: "contract", summary: "The JSON Schema (2020-12) of an element's data, with the content of every element of the built-in screens.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", schemaDocument("The data routes' schema (ElementData) with each built-in element's content in its $defs; its $id is \(ContentSchema.path).")), notModified, badRequest])),
            path(ScreenSchema.path, get(
                "getScreenSchema", tag: "contract", summary: "The JSON Schema (2020-12) of a custom screen file (--layouts DIR), for editors: name it in the file's $schema.",
                parameters: [parameter("IfNoneMatch")],
                responses: [("200", schemaDocument("The screen file's schema; its $id is \(ScreenSchema.path).")), notModified, badRequest])),
        ]
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
               {"name": "meta", "description": "Index, health and metrics."}
             ],
             "paths": {
            \#(paths.joined(separator: ",\n"))
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

    // MARK: Paths

    /// `/layouts/{screen}/frames` and `/layouts/{screen}/snapshot.svg`: a screen laid out by the server.
    private static let framePaths: [String] = {
        let parameters = [parameter("ScreenPath"), parameter("Width"), parameter("Height"), parameter("Variant"), parameter("Theme"), parameter("Motion"),
                          parameter("Direction"), parameter("PrefersColorScheme"), parameter("PrefersReducedMotion"),
                          parameter("IfNoneMatch")]
        let snapshot = #"{"description": "The skeleton as a still SVG 1.1 image: no script, no external reference.", "headers": \#(headers(hinted)), "content": {"image/svg+xml": {"schema": {"type": "string"}, "example": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\">…</svg>"}}}"#
        return [
            path("/layouts/{screen}/frames", get(
                "getFrames", tag: "layouts", summary: "A screen laid out by the server at a viewport size: every shape to draw, in order, with its frame, radii, fill, element, shimmer group and clip.",
                description: "The layout engine follows the web renderer's rules (stacks, fill widths, scroll views, repeats expanded, right to left mirrored); computed once per screen, options and size.",
                parameters: parameters,
                responses: [("200", json("The frames.", ref("Frames"), headers: hinted, example: OpenAPIExamples.frames)), notModifiedHinted, badRequest, notFound])),
            path("/layouts/{screen}/snapshot.svg", get(
                "getSnapshot", tag: "layouts", summary: "The same frames drawn as a still SVG image (shimmer at rest), for an <img>, a README or a design tool.",
                parameters: parameters,
                responses: [("200", snapshot), notModifiedHinted, badRequest, notFound])),
        ]
    }()

    private static func path(_ path: String, _ item: String) -> String {
        "\(JSONText.string(path)): \(item)"
    }

    private static func get(
        _ operationID: String, tag: String, summary: String, description: String? = nil,
        parameters: [String] = [], responses: [(String, String)]
    ) -> String {
        let description = description.map { #", "description": \#(JSONText.string($0))"# } ?? ""
        let responses = (responses + [problem]).map { #"\#(JSONText.string($0.0)): \#($0.1)"# }.joined(separator: ",\n    ")
        return #"""
            {"get": {"operationId": \#(JSONText.string(operationID)), "tags": [\#(JSONText.string(tag))], "summary": \#(JSONText.string(summary))\#(description),
              "parameters": [\#(parameters.joined(separator: ", "))],
              "responses": {
                \#(responses)
              }}}
            """#
    }

    // MARK: Responses

    private static func ref(_ schema: String) -> String {
        ##"{"$ref": "#/components/schemas/\##(schema)"}"##
    }

    private static func parameter(_ name: String) -> String {
        ##"{"$ref": "#/components/parameters/\##(name)"}"##
    }

    private static func json(_ description: String, _ schema: String, headers names: [(String, String)], example: String) -> String {
        #"{"description": \#(JSONText.string(description)), "headers": \#(headers(names)), "content": {"application/json": {"schema": \#(schema), "example": \#(example)}}}"#
    }

    /// A JavaScript module the service serves as fixed bytes with a strong ETag.
    private static func module(_ route: String, _ operationID: String, summary: String) -> String {
        path(route, get(
            operationID, tag: "web", summary: summary, parameters: [parameter("IfNoneMatch")],
            responses: [
                ("200", #"{"description": "The module.", "headers": \#(headers(cached)), "content": {"text/javascript; charset=utf-8": {"schema": {"type": "string"}, "example": "export function renderSkeleton(document, container, options) { … }"}}}"#),
                notModified, badRequest,
            ]))
    }

    /// A stream of loading events: 200 (each event an item of `LoadingEvent`), or 204 when `Last-Event-ID` is at its end.
    private static func eventStreamResponses(badRequest: (String, String), notFound: (String, String)) -> [(String, String)] {
        [
            ("200", #"""
                {"description": "The event stream (chunked). Its schema is each event's, as descriptions before OpenAPI 3.2 have it (/openapi-3.2.json names it itemSchema).",
                 "headers": \#(headers(eventStream)),
                 "content": {\#(eventStreamContent)}}
                """#),
            ("204", #"{"description": "Last-Event-ID is at or past the last event: nothing is left to send (an EventSource stops reconnecting).", "headers": \#(headers(noStore))}"#),
            badRequest, notFound,
        ]
    }

    private static let dataRules = "A timed-out element is a 504 at the timeout (type /problems/element-timed-out), a failed one a 503 (/problems/element-failed); the same request 1000 virtual ms after the failure succeeds. fault= replaces the answer at the element's time: reset (the connection is reset), empty (closed with no response), truncated (the head and half the body, then closed), dribble (the head when the stage starts, the body in pieces until the element is ready), stall (the head, then nothing). Element ids are those of every layout of the screen (GET /layouts)."

    /// A data route's responses: the element's data, 304, or its failure.
    private static func dataResponses(notFound: (String, String)) -> [(String, String)] {
        [
            ("200", #"""
                {"description": "The element's data: the element, its stage and the seed, and its content, an object: the screen file's, else the built-in screens' sample content for the seed (its schema per element: GET \#(ContentSchema.path)), else {}.",
                 "headers": \#(headers(data + [("ETag", "ETag"), ("Cache-Control", "CacheControlNoCache")])),
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ElementData"}, "example": \#(OpenAPIExamples.data)}}}
                """#),
            ("304", #"{"description": "If-None-Match matched the content's ETag.", "headers": \#(headers(data + [("ETag", "ETag"), ("Cache-Control", "CacheControlNoCache")]))}"#),
            badRequest, notFound,
            ("503", dataFailure("The element failed to load (type /problems/element-failed), or the server is draining (/problems/draining, Retry-After: 0). The problem names the element and says whether it is retryable.")),
            ("504", dataFailure("The element timed out (type /problems/element-timed-out, the timeout scenario). The problem names the element and says whether it is retryable.")),
        ]
    }

    /// A data endpoint's failure: problem+json with the element, its stage and when to ask again.
    private static func dataFailure(_ description: String) -> String {
        #"""
        {"description": \#(JSONText.string(description)), "headers": \#(headers(data + [("Retry-After", "RetryAfter"), ("Cache-Control", "CacheControlNoStore")])),
         "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        """#
    }

    private static func schemaDocument(_ description: String) -> String {
        #"""
        {"description": \#(JSONText.string(description)), "headers": \#(headers(cached)),
         "content": {"application/schema+json": {"schema": {"$ref": "#/components/schemas/SchemaDocument"}, "example": \#(OpenAPIExamples.schema)}}}
        """#
    }

    /// `"headers": {…}` members: each field name with its component header.
    static func headers(_ names: [(String, String)]) -> String {
        "{" + names.map { ##"\##(JSONText.string($0.0)): {"$ref": "#/components/headers/\##($0.1)"}"## }.joined(separator: ", ") + "}"
    }

    /// Every other problem an operation can answer with (405, 408, 413, 414, 431, 501, 503, 505…).
    private static let problem = ("default", ##"{"$ref": "#/components/responses/Problem"}"##)
    private static let badRequest = ("400", ##"{"$ref": "#/components/responses/BadRequest"}"##)
    private static let notFound = ("404", ##"{"$ref": "#/components/responses/NotFound"}"##)
    private static let sessionNotFound = ("404", ##"{"$ref": "#/components/responses/SessionNotFound"}"##)
    private static let notModified = ("304", ##"{"$ref": "#/components/responses/NotModified"}"##)
    private static let notModifiedHinted = ("304", ##"{"$ref": "#/components/responses/NotModifiedHinted"}"##)

    static let plain = [("Access-Control-Allow-Origin", "AccessControlAllowOrigin")]
    static let cached = [("ETag", "ETag"), ("Cache-Control", "CacheControlPublic")] + plain
    static let cachedWithoutTag = [("Cache-Control", "CacheControlPublic")] + plain
    static let hinted = cached + [("Vary", "Vary"), ("Accept-CH", "AcceptCH")]
    static let noStore = [("Cache-Control", "CacheControlNoStore")] + plain
    private static let data = [("Server-Timing", "ServerTiming"), ("Timing-Allow-Origin", "TimingAllowOrigin")] + plain
    private static let eventStream = [("Cache-Control", "CacheControlNoCache"), ("X-Accel-Buffering", "XAccelBuffering")] + plain
}
