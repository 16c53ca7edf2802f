/// One event of a `text/event-stream` (WHATWG HTML §9.2.6): its type, data lines joined by
/// newlines, the last event id seen so far and any `retry` the server asked for.
struct ServerSentEvent: Sendable, Equatable {
    var type = "message"
    var data = ""
    var id: String?
    var retryMs: Int?
}

/// Cuts a byte stream into events as the HTML standard's parser does: lines end at CR, LF or
/// CRLF; a blank line dispatches; `:` lines are comments; an event with no data is dropped.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var event = ServerSentEvent()
    private var dataLines: [String] = []
    private var lastEventID: String?

    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == 0x0A, lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let event = endLine() { events.append(event) }
            } else {
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer {
                event = ServerSentEvent()
                dataLines = []
            }
            guard !dataLines.isEmpty else { return nil }
            var dispatched = event
            dispatched.data = dataLines.joined(separator: "\n")
            dispatched.id = lastEventID
            return dispatched
        }
        let text = String(decoding: line, as: UTF8.self)
        guard !text.hasPrefix(":") else { return nil }
        let name: Substring, value: Substring
        if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            let rest = text[text.index(after: colon)...]
            value = rest.first == " " ? rest.dropFirst() : rest
        } else {
            name = Substring(text)
            value = ""
        }
        switch name {
        case "event": event.type = String(value)
        case "data": dataLines.append(String(value))
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry": if let ms = Int(value), ms >= 0 { event.retryMs = ms }
        default: break
        }
        return nil
    }
}
