import SkeletonDomain

/// The OpenAPI component schemas of the loading simulation (docs/spec.md §5): the values its query
/// parameters take, the state, timeline and scenarios documents, and the stream's events. Ids
/// and times refer to the layout schema's definitions.
enum LoadingSchemas {
    /// The sealed session token: `base64url(payload) "." base64url(tag)`, the tag 16 bytes (22 characters).
    static let tokenPattern = #"^[A-Za-z0-9_-]{2,}\\.[A-Za-z0-9_-]{22}$"#

    /// Component members (`"Scenario": {…}, …`).
    static let components = #"""
        "ScenarioName": {"type": "string", "x-extensible-enum": \#(JSONText.strings(Scenario.allCases.map(\.rawValue))), "description": "A scenario in a response: an open enumeration, later versions may add scenarios."},
        "Seed": \#(Parameters.seed.schema(description: "Chooses the draws: the same screen, scenario and seed give the same schedule on every server and run.")),
        "Speed": {"type": "string", "default": "1",
                  "pattern": "^(?:(?:[1-9][0-9]?|0[1-9][0-9]?|00[1-9])(?:\\.[0-9]{1,3})?|100(?:\\.0{1,3})?|0{1,3}\\.[1-9][0-9]{0,2})$",
                  "description": "A decimal from 0.1 to 100 with at most three decimals (1 to 3 integer digits): divides wall-clock time, so that at 10 a 1000 ms stage is ready after 100 ms."},
        "SessionToken": {"type": "string", "maxLength": 256, "pattern": "\#(tokenPattern)",
                         "description": "A token from an earlier response's session member: self-contained and sealed (HMAC-SHA256), valid for 24 h on any replica with the same secret. Anything else is a 404 (type /problems/unknown-session)."},
        "FaultName": {"type": "string", "x-extensible-enum": \#(JSONText.strings(DataRoutes.Fault.allCases.map(\.rawValue))), "description": "A fault in a response: an open enumeration."},
        "Ms": {"type": "integer", "minimum": 0, "maximum": 600000, "description": "Virtual ms since the load's start; never past the screen's timeoutMs."},
        "StageState": {
          "description": "A stage's status, told apart by status; its time once it has changed.",
          "x-swift-identifiable": false, "oneOf": [{"$ref": "#/components/schemas/LoadingStage"}, {"$ref": "#/components/schemas/ReadyStage"}, {"$ref": "#/components/schemas/FailedStage"}],
          "discriminator": {"propertyName": "status", "mapping": {"loading": "#/components/schemas/LoadingStage", "ready": "#/components/schemas/ReadyStage", "failed": "#/components/schemas/FailedStage"}}},
        "LoadingStage": {"type": "object", "required": ["id", "status"],
          "properties": {"id": {"$ref": "#/components/schemas/StageID"}, "status": {"type": "string", "const": "loading"}}},
        "ReadyStage": {"type": "object", "required": ["id", "status", "readyAtMs"],
          "properties": {"id": {"$ref": "#/components/schemas/StageID"}, "status": {"type": "string", "const": "ready"}, "readyAtMs": {"$ref": "#/components/schemas/Ms"}}},
        "FailedStage": {"type": "object", "required": ["id", "status", "failedAtMs"],
          "properties": {"id": {"$ref": "#/components/schemas/StageID"}, "status": {"type": "string", "const": "failed"}, "failedAtMs": {"$ref": "#/components/schemas/Ms"}}},
        "ElementState": {
          "description": "An element's status, told apart by status; its times once it has changed. revealAtMs = max(readyAtMs or failedAtMs, minimumDisplayMs): it may still be ahead.",
          "x-swift-identifiable": false, "oneOf": [{"$ref": "#/components/schemas/LoadingElement"}, {"$ref": "#/components/schemas/ReadyElement"}, {"$ref": "#/components/schemas/FailedElement"}],
          "discriminator": {"propertyName": "status", "mapping": {"loading": "#/components/schemas/LoadingElement", "ready": "#/components/schemas/ReadyElement", "failed": "#/components/schemas/FailedElement"}}},
        "FinalElementState": {
          "description": "An element's final status, told apart by status.",
          "x-swift-identifiable": false, "oneOf": [{"$ref": "#/components/schemas/ReadyElement"}, {"$ref": "#/components/schemas/FailedElement"}],
          "discriminator": {"propertyName": "status", "mapping": {"ready": "#/components/schemas/ReadyElement", "failed": "#/components/schemas/FailedElement"}}},
        "LoadingElement": {"type": "object", "required": ["id", "stage", "status"],
          "properties": {"id": {"$ref": "#/components/schemas/ElementID"}, "stage": {"$ref": "#/components/schemas/StageID"}, "status": {"type": "string", "const": "loading"}}},
        "ReadyElement": {"type": "object", "required": ["id", "stage", "status", "readyAtMs", "revealAtMs"],
          "properties": {"id": {"$ref": "#/components/schemas/ElementID"}, "stage": {"$ref": "#/components/schemas/StageID"}, "status": {"type": "string", "const": "ready"},
                         "readyAtMs": {"$ref": "#/components/schemas/Ms"}, "revealAtMs": {"$ref": "#/components/schemas/Ms"}}},
        "FailedElement": {"type": "object", "required": ["id", "stage", "status", "failedAtMs", "revealAtMs", "error"],
          "properties": {"id": {"$ref": "#/components/schemas/ElementID"}, "stage": {"$ref": "#/components/schemas/StageID"}, "status": {"type": "string", "const": "failed"},
                         "failedAtMs": {"$ref": "#/components/schemas/Ms"}, "revealAtMs": {"$ref": "#/components/schemas/Ms"}, "error": {"$ref": "#/components/schemas/ElementError"}}},
        "ElementEventData": {
          "type": "object", "required": ["formatVersion", "id", "stage", "status", "revealAtMs"],
          "description": "An element event's data: the element's final state (as in the timeline), as a document of its own: readyAtMs when ready; failedAtMs and error when failed.",
          "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "id": {"$ref": "#/components/schemas/ElementID"},
                         "stage": {"$ref": "#/components/schemas/StageID"}, "status": {"$ref": "#/components/schemas/FinalStatus"},
                         "readyAtMs": {"$ref": "#/components/schemas/Ms"}, "failedAtMs": {"$ref": "#/components/schemas/Ms"},
                         "revealAtMs": {"$ref": "#/components/schemas/Ms"}, "error": {"$ref": "#/components/schemas/ElementError"}}},
        "FinalStatus": {"type": "string", "x-extensible-enum": ["ready", "failed"], "description": "ready or failed (an open enumeration)."},
        "ElementError": {
          "type": "object", "required": ["code", "message", "retryable"],
          "properties": {"code": {"$ref": "#/components/schemas/ErrorCode"}, "message": {"type": "string"}, "retryable": {"type": "boolean"}}},
        "ErrorCode": {"type": "string", "x-extensible-enum": ["timeout", "error"], "description": "Why an element failed: timeout or error (an open enumeration)."},
        "LoadingState": {
          "type": "object", "required": ["formatVersion", "session", "screen", "variant", "scenario", "seed", "elapsedMs", "complete", "stages", "elements", "pollAfterMs"],
          "description": "A simulated load at one instant: every status reached so far, and no future time.",
          "properties": {
            "formatVersion": {"$ref": "#/components/schemas/FormatVersion"},
            "session": {"type": ["string", "null"], "maxLength": 256, "pattern": "\#(tokenPattern)", "description": "The token to follow this load (GET /loading-state/{session}); null for an instant."},
            "screen": {"$ref": "#/components/schemas/ScreenID"},
            "variant": {"$ref": "#/components/schemas/Variant", "description": "The layout variant whose elements the load drives."},
            "scenario": {"$ref": "#/components/schemas/ScenarioName"},
            "seed": {"$ref": "#/components/schemas/Seed"},
            "elapsedMs": {"type": "integer", "minimum": 0, "description": "Virtual ms since the start."},
            "complete": {"type": "boolean", "description": "true once no element's status will change again; reveals may still be ahead."},
            "stages": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/StageState"}},
            "elements": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/ElementState"}},
            "pollAfterMs": {"type": ["integer", "null"], "minimum": 1, "description": "A hint while loading; null once complete."}
          }},
        "Timeline": {
          "type": "object", "required": ["formatVersion", "screen", "variant", "scenario", "seed", "stages", "elements"],
          "description": "The whole schedule of one screen (and layout variant), scenario and seed, with final statuses: for client test authors.",
          "properties": {
            "formatVersion": {"$ref": "#/components/schemas/FormatVersion"},
            "screen": {"$ref": "#/components/schemas/ScreenID"},
            "variant": {"$ref": "#/components/schemas/Variant", "description": "The layout variant whose elements the load drives."},
            "scenario": {"$ref": "#/components/schemas/ScenarioName"},
            "seed": {"$ref": "#/components/schemas/Seed"},
            "stages": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/TimelineStage"}},
            "elements": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/FinalElementState"}}
          }},
        "TimelineStage": {"type": "object", "required": ["id", "status", "atMs"],
          "properties": {"id": {"$ref": "#/components/schemas/StageID"}, "status": {"$ref": "#/components/schemas/FinalStatus"}, "atMs": {"$ref": "#/components/schemas/Ms"}}},
        "Scenarios": {
          "type": "object", "required": ["formatVersion", "scenarios", "faults", "speed"],
          "properties": {
            "formatVersion": {"$ref": "#/components/schemas/FormatVersion"},
            "scenarios": {"type": "array", "items": {"$ref": "#/components/schemas/ScenarioSummary"}},
            "faults": {"type": "array", "description": "What fault= does on the data routes.", "items": {"$ref": "#/components/schemas/FaultSummary"}},
            "speed": {"$ref": "#/components/schemas/SpeedRange"}
          }},
        "ScenarioSummary": {"type": "object", "required": ["id", "summary"],
          "properties": {"id": {"$ref": "#/components/schemas/ScenarioName"}, "summary": {"type": "string"}}},
        "FaultSummary": {"type": "object", "required": ["id", "summary"],
          "properties": {"id": {"$ref": "#/components/schemas/FaultName"}, "summary": {"type": "string"}}},
        "SpeedRange": {"type": "object", "required": ["min", "max", "default", "summary"],
          "properties": {"min": {"type": "number", "format": "double", "const": 0.1}, "max": {"type": "number", "format": "double", "const": 100}, "default": {"type": "number", "format": "double", "const": 1}, "summary": {"type": "string"}}},
        "LoadingEvent": {
          "description": "One Server-Sent Event of the loading streams (WHATWG HTML §9.2), told apart by event, as OpenAPI 3.2's itemSchema describes event streams: snapshot first, one element event per change when it happens, then complete; reconnect when the server drains. id is the virtual ms the event describes; data is JSON, of the schema its contentSchema names.",
          "x-swift-identifiable": false, "oneOf": [{"$ref": "#/components/schemas/SnapshotEvent"}, {"$ref": "#/components/schemas/ElementEvent"}, {"$ref": "#/components/schemas/CompleteEvent"}, {"$ref": "#/components/schemas/ReconnectEvent"}],
          "discriminator": {"propertyName": "event", "mapping": {"snapshot": "#/components/schemas/SnapshotEvent", "element": "#/components/schemas/ElementEvent",
                                                                  "complete": "#/components/schemas/CompleteEvent", "reconnect": "#/components/schemas/ReconnectEvent"}}},
        \#(event("SnapshotEvent", "snapshot", data: "LoadingState", "The load's state when the stream starts (not on a resumed stream)."))
        \#(event("ElementEvent", "element", data: "ElementEventData", "An element's final state, at the moment it changes."))
        \#(event("CompleteEvent", "complete", data: "CompleteEventData", "The load is complete; the stream closes."))
        \#(event("ReconnectEvent", "reconnect", data: "ReconnectEventData", "The server is draining: reconnect after retry ms with Last-Event-ID; another replica answers.", retry: true))
        "CompleteEventData": {"type": "object", "required": ["formatVersion", "elapsedMs"],
                              "description": "The complete event's data: when the load completed, in virtual ms.",
                              "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "elapsedMs": {"type": "integer", "minimum": 0}}},
        "ReconnectEventData": {"type": "object", "required": ["formatVersion", "reason"],
                               "description": "The reconnect event's data: the server is draining; reconnect with Last-Event-ID, another replica answers.",
                               "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "reason": {"type": "string", "x-extensible-enum": ["draining"]}}},
        "EventID": {"type": "string", "pattern": "^[0-9]{1,16}$", "description": "Virtual ms; a Last-Event-ID resumes right after it."}
        """#

    /// An event of the stream: `event` its name, `data` JSON text of the schema `data`.
    private static func event(_ name: String, _ event: String, data: String, _ description: String, retry: Bool = false) -> String {
        let retry = retry ? #""retry": {"type": "integer", "const": 1000, "description": "Reconnect after 1 s."}, "# : ""
        let required = retry.isEmpty ? #"["id", "event", "data"]"# : #"["id", "event", "data", "retry"]"#
        return #"""
            "\#(name)": {"type": "object", "required": \#(required), "description": \#(JSONText.string(description)),
              "properties": {"id": {"$ref": "#/components/schemas/EventID"}, "event": {"type": "string", "const": "\#(event)"}, \#(retry)
                             "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": {"$ref": "#/components/schemas/\#(data)"}}}},
            """#
    }
}
