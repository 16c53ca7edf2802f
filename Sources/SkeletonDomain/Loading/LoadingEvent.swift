import Layouts

/// One event of the `/loading-state/events` stream, as the bytes of a Server-Sent Event (WHATWG
/// HTML §9.2, the event stream format): `id: <ms>\nevent: <name>\ndata: <JSON>\n\n`.
///
/// Guarantees: `id` is the virtual elapsed ms of the moment the event describes, so a client's
/// `Last-Event-ID` resumes with `changes(of:after:)` without repeating a change (elements that
/// change in the same ms share an id, so the events of one ms are best written together); the
/// data is one line of JSON (the writer escapes every line break).
package struct LoadingEvent: Sendable, Equatable {
    /// The event's `id`.
    package let timeMs: Int
    package let bytes: [UInt8]

    init(timeMs: Int, name: String, data: [UInt8], retryMs: Int? = nil) {
        self.timeMs = timeMs
        let retry = retryMs.map { "retry: \($0)\n" } ?? ""
        bytes = Array("id: \(timeMs)\nevent: \(name)\n\(retry)data: ".utf8) + data + Array("\n\n".utf8)
    }

    /// The first event: `snapshot`, its data the state document.
    package static func snapshot(_ state: ScheduleSnapshot, session: String?) -> LoadingEvent {
        LoadingEvent(timeMs: state.elapsedMs, name: "snapshot", data: state.document(session: session))
    }

    /// One `element` event per element status change later than `elapsedMs`, in time order
    /// (elements changing together in the screen's `elements` order); the data is the element's
    /// object as the state document writes it.
    package static func changes(of schedule: Schedule, after elapsedMs: Int) -> [LoadingEvent] {
        var events: [LoadingEvent] = []
        var after = elapsedMs
        while let time = nextChangeMs(among: schedule.elements, after: after) {
            events += changes(among: schedule.elements, at: time)
            after = time
        }
        return events
    }

    /// The first instant after `elapsedMs` at which some of `elements` (a schedule's, final)
    /// change; nil when none does. With `changes(among:at:)`, what a stream needs: it keeps the
    /// elements (a few words each, an array the schedule shares) and encodes events when due,
    /// rather than holding every event's bytes for its life.
    package static func nextChangeMs(among elements: [Schedule.ElementState], after elapsedMs: Int) -> Int? {
        var next: Int?
        for element in elements {
            let time = element.status.atMs!
            if time > elapsedMs && time < (next ?? .max) { next = time }
        }
        return next
    }

    /// The `element` events of the elements that change at `timeMs`, in their order, encoded now.
    package static func changes(among elements: [Schedule.ElementState], at timeMs: Int) -> [LoadingEvent] {
        elements.filter { $0.status.atMs! == timeMs }.map { element in
            var writer = JSONWriter(reservingCapacity: 160)
            element.write(to: &writer, asDocument: true)
            return LoadingEvent(timeMs: timeMs, name: "element", data: writer.bytes)
        }
    }

    /// The last event of a stream the server ends early because it is shutting down: `reconnect`,
    /// with the id of the last event sent (a `Last-Event-ID` that resumes right after it) and a
    /// `retry` of 1 s, so that an EventSource reconnects soon, to another replica.
    package static func reconnect(after lastID: Int) -> LoadingEvent {
        LoadingEvent(timeMs: lastID, name: "reconnect", data: Array(#"{"formatVersion":\#(DocumentFormat.version),"reason":"draining"}"#.utf8), retryMs: 1000)
    }

    /// The last event: `complete`, its data `{"elapsedMs": …}`. Its id is never below the
    /// stream's `lastID` (a stream joined after completion began with a later snapshot), so ids
    /// never decrease within a stream and a `Last-Event-ID` at or past `elapsedMs` means "seen it all".
    package static func complete(elapsedMs: Int, after lastID: Int = 0) -> LoadingEvent {
        var writer = JSONWriter(reservingCapacity: 32)
        writer.beginDocument()
        writer.member("elapsedMs", elapsedMs)
        writer.endObject()
        return LoadingEvent(timeMs: max(elapsedMs, lastID), name: "complete", data: writer.bytes)
    }
}
