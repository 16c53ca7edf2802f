/// Every operation of the API, declared once (`Operation`): the routes register their handlers by
/// these, the service index links `all`, and the OpenAPI description's `paths` are `all`.
enum Operations {
    private typealias R = OpenAPIResponses

    // MARK: Meta

    static let index = Operation(
        template: "/", id: "getServiceIndex", link: "self", tag: .meta, summary: "The service index: name, version and a link to every route.",
        responses: [R.json("The index.", "ServiceIndex", headers: R.plain, example: OpenAPIExamples.index), R.badRequest])
    static let health = Operation(
        template: "/healthz", id: "getHealth", link: "health", tag: .meta, summary: "Liveness.",
        responses: [R.json("Alive.", "Health", headers: R.plain, example: OpenAPIExamples.health), R.badRequest])
    static let readiness = Operation(
        template: "/readyz", id: "getReadiness", link: "ready", tag: .meta, summary: "Readiness: false while the server drains at shutdown.",
        responses: [
            R.json("Ready: ready is true.", "Readiness", headers: R.plain, example: OpenAPIExamples.ready),
            R.json("Draining (ready is false): route new requests elsewhere.", "Readiness", headers: R.plain, example: OpenAPIExamples.draining, status: "503"),
            R.badRequest,
        ])
    static let metrics = Operation(
        template: "/metrics", id: "getMetrics", link: "metrics", tag: .meta,
        summary: "Prometheus text exposition 0.0.4: requests by route, method and status; latency; connections; sessions started; process metrics.",
        description: "A 404 on a server started with --no-metrics.",
        responses: [R.text("The metrics.", mediaType: "text/plain; version=0.0.4; charset=utf-8", headers: R.noStore, example: "http_connections_open 1\n"), R.badRequest])

    // MARK: Layouts

    static let layouts = cachedDocument(
        "/layouts", id: "listLayouts", link: "layouts", tag: .layouts, summary: "The screens: id, title, source app, element and stage ids, variants, link.",
        "The list.", schema: "LayoutsIndex", example: OpenAPIExamples.layoutsIndex)
    static let layout = Operation(
        template: "/layouts/{screen}", id: "getLayout", link: "layout", tag: .layouts,
        summary: "A screen's layout document: its skeleton tree, animation and colours under the options the query chooses.",
        description: "The built-in screens are \(OpenAPIDocument.builtInScreens); a server started with --layouts serves its own too (GET /layouts lists them all). Any other screen is a 404 whose problem lists the known ones and suggests the closest.",
        parameters: [Parameters.screenPath, Parameters.variant, Parameters.theme, Parameters.motion, Parameters.direction, Parameters.expand,
                     Parameters.prefersColorScheme, Parameters.prefersReducedMotion, Parameters.ifNoneMatch],
        responses: [R.json("The layout document.", "Layout", headers: R.hinted, example: OpenAPIExamples.layout), R.notModifiedHinted, R.badRequest, R.notFound])
    /// The parameters of a screen laid out by the server.
    private static let viewport = [
        Parameters.screenPath, Parameters.width, Parameters.height, Parameters.variant, Parameters.theme, Parameters.motion,
        Parameters.direction, Parameters.motionInstant, Parameters.prefersColorScheme, Parameters.prefersReducedMotion, Parameters.ifNoneMatch,
    ]
    static let frames = Operation(
        template: "/layouts/{screen}/frames", id: "getFrames", link: "frames", tag: .layouts,
        summary: "A screen laid out by the server at a viewport size: every shape to draw, in order, with its frame, radii, fill, element, shimmer group and clip, and each shimmer group's bounds; with at, each group's shimmer paint at that instant.",
        description: "The layout engine follows the web renderer's rules (stacks, fill widths, scroll views, repeats expanded, right to left mirrored); computed once per screen, options and size. With at (epoch ms), paints gives each group's gradient then, as the web renderer draws it: computed for each request, not kept.",
        parameters: viewport, undocumented: [Parameters.expand],
        responses: [R.json("The frames.", "Frames", headers: R.hinted, example: OpenAPIExamples.frames), R.notModifiedHinted, R.badRequest, R.notFound])
    static let snapshot = Operation(
        template: "/layouts/{screen}/snapshot.svg", id: "getSnapshot", link: "snapshot", tag: .layouts,
        summary: "The same frames drawn as a still SVG image (shimmer at rest; with at, the shimmer as it is at that instant), for an <img>, a README or a design tool.",
        parameters: viewport, undocumented: [Parameters.expand],
        responses: [
            R.text("The skeleton as a still SVG 1.1 image: no script, no external reference; with at, each shimmer group's gradient (linearGradient, userSpaceOnUse) over, as or masking its blocks.", mediaType: "image/svg+xml", headers: R.hinted,
                   example: #"<svg xmlns="http://www.w3.org/2000/svg" width="390" height="844">…</svg>"#),
            R.notModifiedHinted, R.badRequest, R.notFound,
        ])
    static let elementFrames = Operation(
        template: "/layouts/{screen}/elements/{element}/frames", id: "getElementFrames", link: "elementFrames", tag: .layouts,
        summary: "One element of a screen laid out by the server alone, as the root of a view of that size (a native app's view for it): the frames document of /frames, from the element's own top-left corner, naming the element.",
        description: "The element's node takes the whole width (its own padding and frame apply) and its own height; theme, direction (mirrored within the width) and the shimmer groups it has in the screen are the screen's; what encloses it in the screen (ancestors' clips) is not. At the width the screen gives the element, its frames are its frames in /frames moved to its origin (/frames' elements say where). An element the layout (of that variant) does not have is a 404 listing those it has.",
        parameters: [Parameters.screenPath, Parameters.elementPath] + viewport.dropFirst(), undocumented: [Parameters.expand],
        responses: [R.json("The element's frames.", "Frames", headers: R.hinted, example: OpenAPIExamples.elementFrames), R.notModifiedHinted, R.badRequest, R.notFound])
    static let themes = cachedDocument(
        "/themes", id: "listThemes", link: "themes", tag: .layouts, summary: "Every colour token of every theme.",
        "The palettes.", schema: "ThemesIndex", example: OpenAPIExamples.themesIndex)
    static let theme = Operation(
        template: "/themes/{theme}", id: "getTheme", link: "theme", tag: .layouts, summary: "One theme's palette.",
        parameters: [Parameters.themePath, Parameters.ifNoneMatch],
        responses: [R.json("The palette.", "ThemeDocument", headers: R.cached, example: OpenAPIExamples.theme), R.notModified, R.badRequest, R.notFound])

    // MARK: Loading

    static let scenarios = cachedDocument(
        "/scenarios", id: "listScenarios", link: "scenarios", tag: .loading, summary: "The loading scenarios and what each does.",
        "The scenarios.", schema: "Scenarios", example: OpenAPIExamples.scenarios)
    static let startLoad = Operation(
        template: "/loading-state", id: "startLoad", link: "loadingState", tag: .loading,
        summary: "Starts a simulated load of a screen now and answers its state (with wait, a long poll).",
        description: "The state carries the session token that follows this load: GET /loading-state/{session}, its events and its data. Future times are never disclosed.",
        parameters: [Parameters.loadingScreen, Parameters.loadingVariant, Parameters.scenario, Parameters.seed, Parameters.speed, Parameters.wait],
        undocumented: olderQueryForms,
        responses: [R.json("The state.", "LoadingState", headers: R.noStore, example: OpenAPIExamples.loadingState), R.badRequest, R.notFound])
    /// What the older query forms read (docs/http-api.md): `session=`, and `at=`, an instant on
    /// `/loading-state` and refused beside `session=` on the others.
    private static let olderQueryForms = [Parameters.sessionQuery, Parameters.at]
    static let instant = Operation(
        template: "/loading-state/instant", id: "getLoadingInstant", link: "loadingInstant", tag: .loading,
        summary: "The state of a screen's load (scenario, seed) at a virtual instant, with no session.",
        parameters: [Parameters.loadingScreen, Parameters.loadingVariant, Parameters.scenario, Parameters.seed, Parameters.at],
        responses: [R.json("The state at that instant; its session is null.", "LoadingState", headers: R.noStore, example: OpenAPIExamples.loadingState), R.badRequest, R.notFound])
    static let streamLoad = Operation(
        template: "/loading-state/events", id: "streamLoad", link: "loadingEvents", tag: .loading,
        summary: "Starts a simulated load now and streams it as Server-Sent Events.",
        description: "snapshot first (its session follows the load), then one element event per change at the moment it happens, then complete, and the stream closes. Last-Event-ID resumes without repeating an event; at or past the end it is a 204.",
        parameters: [Parameters.loadingScreen, Parameters.loadingVariant, Parameters.scenario, Parameters.seed, Parameters.speed, Parameters.lastEventID],
        undocumented: olderQueryForms,
        responses: R.eventStream(notFound: R.notFound))
    static let timeline = Operation(
        template: "/loading-state/timeline", id: "getLoadingTimeline", link: "loadingTimeline", tag: .loading,
        summary: "The whole deterministic schedule of one screen, scenario and seed, for client test authors.",
        parameters: [Parameters.loadingScreen, Parameters.loadingVariant, Parameters.scenario, Parameters.seed],
        responses: [R.json("The timeline.", "Timeline", headers: R.cachedWithoutTag, example: OpenAPIExamples.timeline), R.badRequest, R.notFound])
    static let session = Operation(
        template: "/loading-state/{session}", id: "getSessionState", link: "session", tag: .loading,
        summary: "A load's state now; with wait, a long poll: held until some element changes or wait ms pass (at once when nothing will change again).",
        parameters: [Parameters.sessionPath, Parameters.wait],
        responses: [R.json("The state.", "LoadingState", headers: R.noStore, example: OpenAPIExamples.loadingState), R.badRequest, R.sessionNotFound])
    static let sessionEvents = Operation(
        template: "/loading-state/{session}/events", id: "streamSession", link: "sessionEvents", tag: .loading,
        summary: "A load's Server-Sent Events, as GET /loading-state/events streams them.",
        parameters: [Parameters.sessionPath, Parameters.lastEventID],
        responses: R.eventStream(notFound: R.sessionNotFound))
    static let sessionData = Operation(
        template: "/loading-state/{session}/data/{element}", id: "getSessionData", link: "sessionData", tag: .loading,
        summary: "An element's data in a load, answered at its time, with its failures and network faults.",
        description: "Held until the element's readyAtMs in the load; at once when that time has passed. \(R.dataRules)",
        parameters: [Parameters.sessionPath, Parameters.elementPath, Parameters.fault, Parameters.ifNoneMatch],
        responses: R.data(notFound: R.sessionNotFound))
    static let data = Operation(
        template: "/data/{screen}/{element}", id: "getElementData", link: "data", tag: .loading,
        summary: "An element's data in a load this request starts, answered at its time, with its failures and network faults.",
        description: "Held until the element's readyAtMs in a load of the path's screen started by this request (scenario, seed, speed). \(R.dataRules)",
        parameters: [Parameters.screenPath, Parameters.elementPath, Parameters.loadingVariant, Parameters.scenario, Parameters.seed, Parameters.speed, Parameters.fault, Parameters.ifNoneMatch],
        // `screen=` too: refused beside `session=`, as on /loading-state (the path names the screen).
        undocumented: olderQueryForms + [Parameters.loadingScreen],
        responses: R.data(notFound: R.notFound))

    // MARK: Web

    static let preview = Operation(
        template: "/preview/{screen}", id: "getPreview", link: "preview", tag: .web,
        summary: "An HTML page: the screen in a phone per theme, driven by a loading session, with controls and a live timeline.",
        description: "An unknown screen is a 404: an HTML page when Accept names text/html, else problem+json (Vary: Accept).",
        parameters: [Parameters.screenPath, Parameters.ifNoneMatch],
        responses: [R.text("The page.", mediaType: "text/html; charset=utf-8", headers: R.cached, example: #"<!doctype html><html lang="en">…</html>"#),
                    R.notModified, R.badRequest, R.notFound])
    static let renderer = module(
        "/renderer.js", id: "getRenderer", link: "renderer",
        summary: "The web renderer: an ES module defining <skeleton-screen>, renderSkeleton(document, container, options) and (from /capture.js) captureScreen.")
    static let rendererTypes = Operation(
        template: "/renderer.d.ts", id: "getRendererTypes", link: "rendererTypes", tag: .web,
        summary: "TypeScript declarations of /renderer.js: <skeleton-screen>, <skeleton-element>, renderSkeleton and loadLayout, with their options, controller and events.",
        parameters: [Parameters.ifNoneMatch],
        responses: [R.text("The declarations.", mediaType: "application/typescript; charset=utf-8", headers: R.cached,
                           example: "export declare function renderSkeleton(layoutDocument: object, container: Element, options?: RenderOptions): SkeletonController;"),
                    R.notModified, R.badRequest])
    static let capture = module(
        "/capture.js", id: "getCapture", link: "capture",
        summary: "The capture module (re-exported by /renderer.js): captureScreen(root, options) turns a live page's DOM into a screen file.")
    static let driftModule = module(
        "/drift.js", id: "getDriftModule", link: "driftModule",
        summary: "The drift module (re-exported by /renderer.js): measureDrift(root) scores each revealed element's skeleton against its content (the fidelity score).")

    static let capturePage = Operation(
        template: "/capture", id: "getCapturePage", link: "capturePage", tag: .web,
        summary: "An HTML page: capture explained, and offered as a bookmarklet that captures the element picked on the user's page with this server's /capture.js and downloads its screen file.",
        parameters: [Parameters.ifNoneMatch],
        responses: [R.text("The page.", mediaType: "text/html; charset=utf-8", headers: R.cached, example: #"<!doctype html><html lang="en">…</html>"#),
                    R.notModified, R.badRequest])

    /// A JSON document that does not depend on the request: a strong ETag, revalidated by If-None-Match.
    private static func cachedDocument(
        _ template: String, id: String, link: String, tag: Operation.Tag, summary: String, _ description: String, schema: String, example: String
    ) -> Operation {
        Operation(
            template: template, id: id, link: link, tag: tag, summary: summary, parameters: [Parameters.ifNoneMatch],
            responses: [R.json(description, schema, headers: R.cached, example: example), R.notModified, R.badRequest])
    }

    /// A JavaScript module the service serves as fixed bytes with a strong ETag.
    private static func module(_ template: String, id: String, link: String, summary: String) -> Operation {
        Operation(
            template: template, id: id, link: link, tag: .web, summary: summary, parameters: [Parameters.ifNoneMatch],
            responses: [R.text("The module.", mediaType: "text/javascript; charset=utf-8", headers: R.cached, example: "export function renderSkeleton(document, container, options) { … }"),
                        R.notModified, R.badRequest])
    }

    // MARK: Contract

    static let openAPI = cachedDocument(
        "/openapi.json", id: "getOpenAPI", link: "openapi", tag: .contract, summary: "This description.",
        "The OpenAPI 3.1 description.", schema: "OpenAPIDescription", example: OpenAPIExamples.description)
    static let openAPI32 = cachedDocument(
        "/openapi-3.2.json", id: "getOpenAPI32", link: "openapi32", tag: .contract,
        summary: "This description as OpenAPI 3.2: the same, but for the event streams' itemSchema, named so rather than x-itemSchema.",
        "The OpenAPI 3.2 description.", schema: "OpenAPIDescription", example: OpenAPIExamples.description)
    static let layoutSchema = schema(LayoutSchema.path, id: "getLayoutSchema", link: "layoutSchema", of: "a layout document", "The layout document's schema")
    static let framesSchema = schema(FramesSchema.path, id: "getFramesSchema", link: "framesSchema", of: "a frames document", "The frames document's schema")
    static let contentSchema = Operation(
        template: ContentSchema.path, id: "getContentSchema", link: "contentSchema", tag: .contract,
        summary: "The JSON Schema (2020-12) of an element's data, with the content of every element of the built-in screens.",
        parameters: [Parameters.ifNoneMatch],
        responses: [R.schemaDocument("The data routes' schema (ElementData) with each built-in element's content in its $defs; its $id is \(ContentSchema.path)."), R.notModified, R.badRequest])
    static let screenSchema = schema(
        ScreenSchema.path, id: "getScreenSchema", link: "screenSchema", of: "a custom screen file (--layouts DIR), for editors: name it in the file's $schema",
        "The screen file's schema")

    static let driftReportSchema = schema(
        DriftReportSchema.path, id: "getDriftReportSchema", link: "driftReportSchema", of: "a drift report (the body of POST /drift)",
        "The drift report's schema")

    // MARK: Drift

    static let postDrift = Operation(
        template: "/drift", method: .post, id: "postDriftReport", link: "reportDrift", tag: .drift,
        summary: "Reports how faithful one element's skeleton was to the content that replaced it (the web renderer's report-drift beacon, SkeletonServerClient.report).",
        description: "At most 4096 bytes of application/json (schema /schema/drift-report.json). Counted per screen and element by this replica, for elements of the catalog at the screen's current version only.",
        requestBody: ##"{"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DriftReport"}}}}"##,
        responses: [
            R.noContent("Counted (and its proposal learned, with --learn)."), R.badRequest, R.notFound,
            R.problemStatus("403", "The report carries a proposal from a peer --learn does not admit (type /problems/learn-forbidden)."),
            R.problemStatus("413", "The body is larger than 4096 bytes."), R.problemStatus("415", "The Content-Type is not application/json."),
            R.problemStatus("500", "A valid proposal could not be applied to --layouts DIR (type /problems/learn-failed)."),
        ])
    static let drift = Operation(
        template: "/drift", id: "getDrift", link: "drift", tag: .drift,
        summary: "This replica's drift reports per screen and element: count, p10 and median score (over the last 1024), widths seen (the first 16), last report time.",
        description: "Behind a balancer each replica counts its own reports: sum skeleton_drift_score from /metrics across replicas for the whole picture.",
        responses: [R.json("The counts.", "DriftSummary", headers: R.noStore, example: OpenAPIExamples.drift), R.badRequest])
    static let driftProposal = Operation(
        template: "/drift/{screen}/proposal", id: "getDriftProposal", link: "driftProposal", tag: .drift,
        summary: "With --learn: the screen's file (schema /schema/screen.json) with the latest proposal of each element learned so far in place.",
        description: "A development tool: reports whose score is below 0.98 and that carry a proposal (the revealed content's captured subtree) are learned. 404 no-proposal when the server does not learn or has learned nothing of the screen.",
        parameters: [Parameters.screenPath],
        responses: [R.json("The learned screen file.", "ScreenFile", headers: R.noStore, example: OpenAPIExamples.screenFile), R.badRequest, R.notFound,
                    R.problemStatus("500", "The proposals could not be read against --layouts DIR (type /problems/learn-failed).")])

    /// A JSON Schema the service serves at `template`, its `$id`.
    private static func schema(_ template: String, id: String, link: String, of subject: String, _ description: String) -> Operation {
        Operation(
            template: template, id: id, link: link, tag: .contract, summary: "The JSON Schema (2020-12) of \(subject).",
            parameters: [Parameters.ifNoneMatch],
            responses: [R.schemaDocument("\(description); its $id is \(template)."), R.notModified, R.badRequest])
    }

    /// Every operation, in the order of the service index's links and the description's paths.
    static let all = [
        index, layouts, layout, frames, snapshot, elementFrames, themes, theme, scenarios,
        startLoad, instant, streamLoad, timeline, session, sessionEvents, sessionData, data,
        preview, renderer, rendererTypes, capture, driftModule, capturePage, health, readiness, metrics, openAPI, openAPI32, layoutSchema, framesSchema, contentSchema, screenSchema, driftReportSchema,
        postDrift, drift, driftProposal,
    ]
}
