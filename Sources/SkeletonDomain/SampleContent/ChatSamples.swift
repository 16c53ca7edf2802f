/// The chat app's inbox and message thread, as seed 002's screens show them: eight
/// conversations, newest first, and a thread of ten messages in which every third message
/// (index % 3 == 0) is sent by the user and shown on the trailing side, the others received.
/// Times are UTC timestamps on and before the seed's sample today.
enum ChatSamples {
    static func inboxContent(_ element: String, seed: Int) -> [UInt8]? {
        element == "conversationList" ? conversations(seed: seed).bytes : nil
    }

    static func threadContent(_ element: String, seed: Int) -> [UInt8]? {
        element == "messages" ? messages(seed: seed).bytes : nil
    }

    /// `{"conversations": [{id, name, preview, timestamp, unreadCount}]}`.
    private static func conversations(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "inbox", element: "conversationList", seed: seed)
        let today = SampleDate.today(seed: seed)
        var minutesAgo = 0
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.key("conversations")
        writer.beginArray()
        for (index, firstName) in draws.distinct(8, of: firstNames).enumerated() {
            minutesAgo += draws.int(in: 3...900)
            writer.beginObject()
            writer.member("id", "conversation-\(index + 1)")
            writer.member("name", "\(firstName) \(draws.pick(lastNames))")
            writer.member("preview", draws.pick(receivedTexts))
            writer.member("timestamp", timestamp(today, endOfDayMinus: minutesAgo))
            writer.member("unreadCount", draws.pick([0, 0, 0, 1, 1, 2, 3, 5]))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// `{"contact", "messages": [{id, isSent, text, timestamp}]}`, oldest first.
    private static func messages(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "thread", element: "messages", seed: seed)
        let today = SampleDate.today(seed: seed)
        let sent = draws.distinct(4, of: sentTexts)
        let received = draws.distinct(6, of: receivedTexts)
        var minutesAgo = draws.int(in: 60...600) + 10 * 20
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.member("contact", "\(draws.pick(firstNames)) \(draws.pick(lastNames))")
        writer.key("messages")
        writer.beginArray()
        for index in 0..<10 {
            let isSent = index % 3 == 0
            minutesAgo -= draws.int(in: 1...20)
            writer.beginObject()
            writer.member("id", "message-\(index + 1)")
            writer.member("isSent", isSent)
            writer.member("text", isSent ? sent[index / 3] : received[index - index / 3 - 1])
            writer.member("timestamp", timestamp(today, endOfDayMinus: minutesAgo))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// The moment `minutes` before the end of `today` (23:59), on whichever day it falls.
    private static func timestamp(_ today: SampleDate, endOfDayMinus minutes: Int) -> String {
        let minuteOfToday = 1439 - minutes
        let dayOffset = minuteOfToday >= 0 ? 0 : (minuteOfToday - 1439) / 1440
        return today.adding(days: dayOffset).timestamp(minute: minuteOfToday - dayOffset * 1440)
    }

    private static let firstNames = [
        "Ava", "Ben", "Chloe", "Daniel", "Ella", "Felix", "Grace", "Henry", "Isla", "Jonas", "Kira", "Leo",
        "Maya", "Noah", "Olivia", "Priya", "Quinn", "Ravi", "Sofia", "Theo", "Uma", "Victor", "Wren", "Zoe",
    ]

    private static let lastNames = [
        "Adams", "Brooks", "Chen", "Diaz", "Evans", "Foster", "Garcia", "Hughes", "Ito", "Kowalski",
        "Larsen", "Morgan", "Novak", "Okafor", "Patel", "Reyes", "Santos", "Turner", "Walsh", "Young",
    ]

    private static let sentTexts = [
        "Are we still on for Saturday?", "I'll bring the snacks.", "Just left the office, see you soon.",
        "Can you send me the address?", "Thanks again for yesterday!", "Sounds perfect to me.",
        "Let me check and get back to you.", "I found the charger, it was in the car.",
    ]

    private static let receivedTexts = [
        "See you at six?", "Thanks, that works for me.", "Running ten minutes late, sorry!",
        "Did you get the photos I sent?", "Sounds good!", "Can we move it to Thursday?",
        "Just landed, will call you soon.", "Don't forget the tickets.", "The meeting notes are in the shared folder.",
        "Happy birthday! Hope it's a great one.", "Is the 8:15 train still running?", "Lunch tomorrow?",
        "I left the keys with Sam.", "That recipe turned out great.", "Let me know when you're home.",
        "Who's bringing the \"famous\" lemon cake?",
    ]
}
