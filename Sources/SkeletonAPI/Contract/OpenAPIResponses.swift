/// The OpenAPI response objects the operations (`Operations`) declare: documents by schema, the
/// shared error and 304 responses, the event streams' and the data routes', and the header
/// field sets each kind of response carries.
enum OpenAPIResponses {
    typealias Entry = (status: String, object: String)

    // MARK: Shared

    /// Every other problem an operation can answer with (405, 408, 413, 414, 431, 501, 503, 505…).
    static let problem: Entry = ("default", ##"{"$ref": "#/components/responses/Problem"}"##)
    static let badRequest: Entry = ("400", ##"{"$ref": "#/components/responses/BadRequest"}"##)
    static let notFound: Entry = ("404", ##"{"$ref": "#/components/responses/NotFound"}"##)
    static let sessionNotFound: Entry = ("404", ##"{"$ref": "#/components/responses/SessionNotFound"}"##)
    static let notModified: Entry = ("304", ##"{"$ref": "#/components/responses/NotModified"}"##)
    static let notModifiedHinted: Entry = ("304", ##"{"$ref": "#/components/responses/NotModifiedHinted"}"##)

    // MARK: Header field sets

    static let plain = [("Access-Control-Allow-Origin", "AccessControlAllowOrigin")]
    static let cached = [("ETag", "ETag"), ("Cache-Control", "CacheControlPublic")] + plain
    static let cachedWithoutTag = [("Cache-Control", "CacheControlPublic")] + plain
    static let hinted = cached + [("Vary", "Vary"), ("Accept-CH", "AcceptCH")]
    static let noStore = [("Cache-Control", "CacheControlNoStore")] + plain
    private static let data = [("Server-Timing", "ServerTiming"), ("Timing-Allow-Origin", "TimingAllowOrigin")] + plain
    private static let eventStream = [("Cache-Control", "CacheControlNoCache"), ("X-Accel-Buffering", "XAccelBuffering")] + plain

    /// `"headers": {…}` members: each field name with its component header.
    static func headers(_ names: [(String, String)]) -> String {
        "{" + names.map { ##"\##(JSONText.string($0.0)): {"$ref": "#/components/headers/\##($0.1)"}"## }.joined(separator: ", ") + "}"
    }

    // MARK: Bodies

    /// `{"$ref": "#/components/schemas/NAME"}`.
    static func ref(_ schema: String) -> String {
        ##"{"$ref": "#/components/schemas/\##(schema)"}"##
    }

    /// A 204 with no content.
    static func noContent(_ description: String) -> Entry {
        ("204", #"{"description": \#(JSONText.string(description)), "headers": \#(headers(noStore))}"#)
    }

    /// A problem+json response of `status`.
    static func problemStatus(_ status: String, _ description: String) -> Entry {
        (status, ##"{"description": \##(JSONText.string(description)), "headers": \##(headers(plain)), "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}"##)
    }

    /// A 200 `application/json` document of `schema`, with its header fields and an example.
    static func json(_ description: String, _ schema: String, headers names: [(String, String)], example: String, status: String = "200") -> Entry {
        (status, #"{"description": \#(JSONText.string(description)), "headers": \#(headers(names)), "content": {"application/json": {"schema": \#(ref(schema)), "example": \#(example)}}}"#)
    }

    /// A 200 of fixed text of `mediaType` with a strong ETag (a page, a module, an image).
    static func text(_ description: String, mediaType: String, headers names: [(String, String)], example: String) -> Entry {
        ("200", #"{"description": \#(JSONText.string(description)), "headers": \#(headers(names)), "content": {\#(JSONText.string(mediaType)): {"schema": {"type": "string"}, "example": \#(JSONText.string(example))}}}"#)
    }

    /// A JSON Schema document the service serves.
    static func schemaDocument(_ description: String) -> Entry {
        ("200", #"""
        {"description": \#(JSONText.string(description)), "headers": \#(headers(cached)),
         "content": {"application/schema+json": {"schema": {"$ref": "#/components/schemas/SchemaDocument"}, "example": \#(OpenAPIExamples.schema)}}}
        """#)
    }

    // MARK: Event streams

    /// An event stream's content: each event a `LoadingEvent`.
    static let eventStreamContent = ##""text/event-stream": {"schema": {"$ref": "#/components/schemas/LoadingEvent"}, "example": "## + OpenAPIExamples.event + "}"

    /// A stream of loading events: 200 (each event an item of `LoadingEvent`), or 204 when `Last-Event-ID` is at its end.
    static func eventStream(notFound: Entry) -> [Entry] {
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

    // MARK: Data

    static let dataRules = "A timed-out element is a 504 at the timeout (type /problems/element-timed-out), a failed one a 503 (/problems/element-failed); the same request 1000 virtual ms after the failure succeeds. fault= replaces the answer at the element's time: reset (the connection is reset), empty (closed with no response), truncated (the head and half the body, then closed), dribble (the head when the stage starts, the body in pieces until the element is ready), stall (the head, then nothing). Element ids are those of every layout of the screen (GET /layouts)."

    /// A data route's responses: the element's data, 304, or its failure.
    static func data(notFound: Entry) -> [Entry] {
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
}
