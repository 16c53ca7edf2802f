import SkeletonDomain

/// The OpenAPI component schemas of the loading simulation (docs/spec.md §5): the values its query
/// parameters take, the state, timeline and scenarios documents, and the stream's events. Ids
/// and times refer to the layout schema's definitions.
enum LoadingSchemas {
    /// The sealed session token: `base64url(payload) "." base64url(tag)`, the tag 16 bytes (22 characters).
    static let tokenPattern = #"^[A-Za-z0-9_-]{2,}\\.[A-Za-z0-9_-]{22}$"#

    /// Component members (`"KnownScreen": {…}, …`) for the screens of `screens`.
    static func components(screens: [String]) -> String {
        #"""
        "KnownScreen": {"type": "string", "enum": \#(JSONText.strings(screens)), "description": "A screen this server serves (GET /layouts)."},
        "Scenario": {"type": "string", "enum": \#(JSONText.strings(Scenario.allCases.map(\.rawValue))), "default": "typical", "description": "How the simulated load behaves (GET /scenarios)."},
        "Seed": {"type": "integer", "minimum": 0, "maximum": 9007199254740991, "default": 0, "description": "Chooses the draws: the same screen, scenario and seed give the same schedule on every server and run."},
        "Speed": {"type": "string", "default": "1",
                  "pattern": "^(?:(?:[1-9][0-9]?|0[1-9][0-9]?|00[1-9])(?:\\.[0-9]{1,3})?|100(?:\\.0{1,3})?|0{1,3}\\.[1-9][0-9]{0,2})$",
                  "description": "A decimal from 0.1 to 100 with at most three decimals (1 to 3 integer digits): divides wall-clock time, so that at 10 a 1000 ms stage is ready after 100 ms."},
        "SessionToken": {"type": "string", "maxLength": 256, "pattern": "\#(tokenPattern)",
                         "description": "A token from an earlier response's session member: self-contained and sealed (HMAC-SHA256), valid for 24 h on any replica with the same secret. A token of this shape that this server did not seal, or one altered or expired, is a 404; text of another shape a 400."},
        "Wait": {"type": "integer", "minimum": 0, "maximum": 30000, "description": "Long poll: hold the response until some element changes or this many ms pass."},
        "Fault": {"type": "string", "enum": \#(JSONText.strings(DataRoutes.Fault.allCases.map(\.rawValue))),
                  "description": "A network fault at the element's time: reset, empty, truncated, dribble or stall."},
        "Ms": {"type": "integer", "minimum": 0, "maximum": 600000, "description": "Virtual ms since the load's start; never past the screen's timeoutMs."},
        "StageState": {
          "type": "object", "required": ["id", "status"], "additionalProperties": false,
          "properties": {"id": {"$ref": "#/components/schemas/StageID"}, "status": {"enum": ["loading", "ready", "failed"]},
                         "readyAtMs": {"$ref": "#/components/schemas/Ms"}, "failedAtMs": {"$ref": "#/components/schemas/Ms"}},
          "allOf": [
            {"if": {"properties": {"status": {"const": "loading"}}}, "then": {"propertyNames": {"enum": ["id", "status"]}}},
            {"if": {"properties": {"status": {"const": "ready"}}}, "then": {"required": ["readyAtMs"], "propertyNames": {"enum": ["id", "status", "readyAtMs"]}}},
            {"if": {"properties": {"status": {"const": "failed"}}}, "then": {"required": ["failedAtMs"], "propertyNames": {"enum": ["id", "status", "failedAtMs"]}}}
          ]},
        "ElementState": {
          "type": "object", "required": ["id", "stage", "status"], "additionalProperties": false,
          "description": "An element's status; its times once it has changed. revealAtMs = max(readyAtMs or failedAtMs, minimumDisplayMs): it may still be ahead.",
          "properties": {"id": {"$ref": "#/components/schemas/ElementID"}, "stage": {"$ref": "#/components/schemas/StageID"},
                         "status": {"enum": ["loading", "ready", "failed"]},
                         "readyAtMs": {"$ref": "#/components/schemas/Ms"}, "failedAtMs": {"$ref": "#/components/schemas/Ms"}, "revealAtMs": {"$ref": "#/components/schemas/Ms"},
                         "error": {"$ref": "#/components/schemas/ElementError"}},
          "allOf": [
            {"if": {"properties": {"status": {"const": "loading"}}}, "then": {"propertyNames": {"enum": ["id", "stage", "status"]}}},
            {"if": {"properties": {"status": {"const": "ready"}}},
             "then": {"required": ["readyAtMs", "revealAtMs"], "propertyNames": {"enum": ["id", "stage", "status", "readyAtMs", "revealAtMs"]}}},
            {"if": {"properties": {"status": {"const": "failed"}}},
             "then": {"required": ["failedAtMs", "revealAtMs", "error"], "propertyNames": {"enum": ["id", "stage", "status", "failedAtMs", "revealAtMs", "error"]}}}
          ]},
        "FinalElementState": {"allOf": [{"$ref": "#/components/schemas/ElementState"}, {"properties": {"status": {"enum": ["ready", "failed"]}}}]},
        "ElementEventData": {
          "type": "object", "required": ["formatVersion", "id", "stage", "status", "revealAtMs"], "additionalProperties": false,
          "description": "An element event's data: the element's final state (as in the timeline), as a document of its own.",
          "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "id": {"$ref": "#/components/schemas/ElementID"},
                         "stage": {"$ref": "#/components/schemas/StageID"}, "status": {"enum": ["ready", "failed"]},
                         "readyAtMs": {"$ref": "#/components/schemas/Ms"}, "failedAtMs": {"$ref": "#/components/schemas/Ms"},
                         "revealAtMs": {"$ref": "#/components/schemas/Ms"}, "error": {"$ref": "#/components/schemas/ElementError"}}},
        "ElementError": {
          "type": "object", "required": ["code", "message", "retryable"], "additionalProperties": false,
          "properties": {"code": {"enum": ["timeout", "error"]}, "message": {"type": "string"}, "retryable": {"type": "boolean"}}},
        "LoadingState": {
          "type": "object", "required": ["formatVersion", "session", "screen", "scenario", "seed", "elapsedMs", "complete", "stages", "elements", "pollAfterMs"], "additionalProperties": false,
          "description": "A simulated load at one instant: every status reached so far, and no future time.",
          "properties": {
            "formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, 
            "session": {"type": ["string", "null"], "maxLength": 256, "pattern": "\#(tokenPattern)", "description": "The token to follow this load; null for at= snapshots."},
            "screen": {"$ref": "#/components/schemas/KnownScreen"},
            "scenario": {"$ref": "#/components/schemas/Scenario"},
            "seed": {"$ref": "#/components/schemas/Seed"},
            "elapsedMs": {"type": "integer", "minimum": 0, "description": "Virtual ms since the start."},
            "complete": {"type": "boolean", "description": "true once no element's status will change again; reveals may still be ahead."},
            "stages": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/StageState"}},
            "elements": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/ElementState"}},
            "pollAfterMs": {"type": ["integer", "null"], "minimum": 1, "description": "A hint while loading; null once complete."}
          },
          "if": {"properties": {"complete": {"const": true}}},
          "then": {"properties": {"pollAfterMs": {"type": "null"}}},
          "else": {"properties": {"pollAfterMs": {"type": "integer"}}}},
        "Timeline": {
          "type": "object", "required": ["formatVersion", "screen", "scenario", "seed", "stages", "elements"], "additionalProperties": false,
          "description": "The whole schedule of one screen, scenario and seed, with final statuses: for client test authors.",
          "properties": {
            "formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, 
            "screen": {"$ref": "#/components/schemas/KnownScreen"},
            "scenario": {"$ref": "#/components/schemas/Scenario"},
            "seed": {"$ref": "#/components/schemas/Seed"},
            "stages": {"type": "array", "minItems": 1, "items": {
              "type": "object", "required": ["id", "status", "atMs"], "additionalProperties": false,
              "properties": {"id": {"$ref": "#/components/schemas/StageID"}, "status": {"enum": ["ready", "failed"]}, "atMs": {"$ref": "#/components/schemas/Ms"}}}},
            "elements": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/FinalElementState"}}
          }},
        "Scenarios": {
          "type": "object", "required": ["formatVersion", "scenarios", "faults", "speed"], "additionalProperties": false,
          "properties": {
            "formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, 
            "scenarios": {"type": "array", "items": {
              "type": "object", "required": ["id", "summary"], "additionalProperties": false,
              "properties": {"id": {"$ref": "#/components/schemas/Scenario"}, "summary": {"type": "string"}}}},
            "faults": {"type": "array", "description": "What fault= does on GET /data/{screen}/{element}.", "items": {
              "type": "object", "required": ["id", "summary"], "additionalProperties": false,
              "properties": {"id": {"$ref": "#/components/schemas/Fault"}, "summary": {"type": "string"}}}},
            "speed": {"type": "object", "required": ["min", "max", "default", "summary"], "additionalProperties": false,
                      "properties": {"min": {"const": 0.1}, "max": {"const": 100}, "default": {"const": 1}, "summary": {"type": "string"}}}
          }},
        "LoadingEvent": {
          "type": "object", "required": ["id", "event", "data"], "additionalProperties": false,
          "description": "One Server-Sent Event of GET /loading-state/events (WHATWG HTML §9.2), as OpenAPI 3.2 describes event streams: snapshot first, one element event per change when it happens, then complete; reconnect when the server drains. id is the virtual ms the event describes. data is JSON, of the schema x-dataSchemas names for the event: snapshot a LoadingState, element an ElementEventData, complete a CompleteEventData, reconnect a ReconnectEventData.",
          "properties": {
            "id": {"$ref": "#/components/schemas/EventID"},
            "event": {"type": "string", "enum": ["snapshot", "element", "complete", "reconnect"]},
            "retry": {"type": "integer", "minimum": 0, "description": "Sent with reconnect only: 1000, reconnect after 1 s."},
            "data": {"type": "string", "contentMediaType": "application/json"}
          },
          "x-dataSchemas": {"snapshot": {"$ref": "#/components/schemas/LoadingState"}, "element": {"$ref": "#/components/schemas/ElementEventData"},
                            "complete": {"$ref": "#/components/schemas/CompleteEventData"}, "reconnect": {"$ref": "#/components/schemas/ReconnectEventData"}}},
        "CompleteEventData": {"type": "object", "required": ["formatVersion", "elapsedMs"], "additionalProperties": false,
                              "description": "The complete event's data: when the load completed, in virtual ms.",
                              "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "elapsedMs": {"type": "integer", "minimum": 0}}},
        "ReconnectEventData": {"type": "object", "required": ["formatVersion", "reason"], "additionalProperties": false,
                               "description": "The reconnect event's data: the server is draining; reconnect with Last-Event-ID, another replica answers.",
                               "properties": {"formatVersion": {"$ref": "#/components/schemas/FormatVersion"}, "reason": {"type": "string", "enum": ["draining"]}}},
        "EventID": {"type": "string", "pattern": "^[0-9]{1,16}$", "description": "Virtual ms; a Last-Event-ID resumes right after it."}
        """#
    }
}
