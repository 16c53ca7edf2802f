import SkeletonDomain
import Testing

/// The sample content of the built-in screens: every element has one, of the seeds' shape,
/// deterministic per seed.
struct SampleContentTests {
    /// Every (screen, element) of every layout of every built-in screen, `fullscreen` included.
    static let elements: [(screen: String, element: String)] = Catalog.builtIn.screens.flatMap { screen in
        screen.layouts.flatMap { layout in layout.elements.map { (screen.id, $0.id) } }
    }

    static func body(_ screen: String, _ element: String, seed: Int = 0) throws -> [UInt8] {
        try #require(SampleContent.content(screen: screen, element: element, seed: seed), "\(screen)/\(element)")
    }

    static func json(_ screen: String, _ element: String, seed: Int = 0) throws -> JSONValue {
        try JSONParser.parse(try body(screen, element, seed: seed))
    }

    static func text(_ screen: String, _ element: String, seed: Int = 0) -> String? {
        SampleContent.content(screen: screen, element: element, seed: seed).map { String(decoding: $0, as: UTF8.self) }
    }

    static func svg(_ index: Int, seed: Int = 0) throws -> String {
        try #require(try json("movies", "poster[\(index)]", seed: seed)["svg"]?.text)
    }

    // MARK: Coverage

    @Test(arguments: [0, 1, 42, -7, Int.max, Int.min])
    func everyElementOfEveryBuiltInLayoutHasContent(seed: Int) throws {
        #expect(Self.elements.count == 20)
        for (screen, element) in Self.elements {
            #expect(!(try Self.body(screen, element, seed: seed)).isEmpty)
        }
    }

    @Test(arguments: [
        ("home", "nope"), ("nope", "hero"), ("", ""), ("movies", "poster[6]"), ("movies", "poster[-1]"),
        ("movies", "poster"), ("home", "accountCard"), ("inbox", "messages"), ("thread", "conversationList"),
        ("Home", "accountsCarousel"),
    ])
    func unknownScreenOrElementHasNone(screen: String, element: String) {
        #expect(SampleContent.content(screen: screen, element: element, seed: 0) == nil)
    }

    // MARK: JSON objects

    @Test(arguments: [0, 1, 2, 3, 99])
    func contentIsACompactObjectThatParses(seed: Int) throws {
        for (screen, element) in Self.elements {
            let bytes = try Self.body(screen, element, seed: seed)
            let value = try JSONParser.parse(bytes)
            guard case .object = value else {
                Issue.record("\(screen)/\(element) is not an object")
                continue
            }
            // Written back compactly, in order, it gives the same bytes: no whitespace, no odd number forms.
            var writer = JSONWriter()
            value.write(to: &writer)
            #expect(writer.bytes == bytes, "\(screen)/\(element)")
        }
    }

    @Test(arguments: 0..<20)
    func bodiesHaveTheCountsTheSkeletonsShow(seed: Int) throws {
        #expect(try Self.json("home", "accountsCarousel", seed: seed)["accounts"].items.count == 3)
        #expect(try Self.json("home", "transactionsSummary", seed: seed)["recent"].items.count == 4)
        #expect((3...5).contains(try Self.json("home", "subscriptions", seed: seed)["subscriptions"].items.count))
        #expect(try Self.json("home", "categories", seed: seed)["categories"].items.count == 5)
        let summary = try Self.json("insights", "summaryHeader", seed: seed)
        #expect(summary["columns"].items.map { $0["id"]?.text } == ["income", "expenses", "savings"])
        #expect(try Self.json("insights", "filterCarousel", seed: seed)["filters"].items.count == 4)
        #expect(try Self.json("insights", "sectionHeader", seed: seed)["title"]?.text?.isEmpty == false)
        let cards = try Self.json("insights", "insightCards", seed: seed)["cards"].items
        #expect(cards.count == 3)
        #expect(cards.allSatisfy { $0["series"].items.count == 7 })
        #expect(try Self.json("inbox", "conversationList", seed: seed)["conversations"].items.count == 8)
        #expect(try Self.json("movies", "popular", seed: seed)["movies"].items.count == 6)
        #expect(try Self.json("movies", "compactList", seed: seed)["movies"].items.count == 4)
        let hero = try Self.json("movies", "hero", seed: seed)
        #expect(hero["title"]?.text != nil && hero["rating"]?.numberValue != nil)
    }

    @Test(arguments: 0..<20)
    func threadFollowsTheSkeletonsSentAndReceivedPattern(seed: Int) throws {
        let messages = try Self.json("thread", "messages", seed: seed)["messages"].items
        #expect(messages.count == 10)
        for (index, message) in messages.enumerated() {
            #expect(message["isSent"] == .bool(index % 3 == 0), "message \(index)")
            #expect(message["text"]?.text?.isEmpty == false)
        }
        let times = messages.compactMap { $0["timestamp"]?.text }
        #expect(times == times.sorted(), "oldest first")
    }

    @Test(arguments: 0..<20)
    func conversationsAreNewestFirstWithDistinctNames(seed: Int) throws {
        let conversations = try Self.json("inbox", "conversationList", seed: seed)["conversations"].items
        let times = conversations.compactMap { $0["timestamp"]?.text }
        #expect(times.count == 8 && times == times.sorted(by: >))
        #expect(Set(conversations.compactMap { $0["name"]?.text }).count == 8)
        #expect(conversations.allSatisfy { ($0["unreadCount"]?.numberValue ?? -1) >= 0 })
    }

    @Test(arguments: 0..<20)
    func financeAmountsHaveAtMostTwoDecimalsAndAddUp(seed: Int) throws {
        for element in ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"] {
            Self.expectCents(try Self.json("home", element, seed: seed), "home/\(element)")
        }
        for element in ["summaryHeader", "insightCards"] {
            Self.expectCents(try Self.json("insights", element, seed: seed), "insights/\(element)")
        }
        let columns = try Self.json("insights", "summaryHeader", seed: seed)["columns"].items.map { Self.cents($0["amount"]) }
        #expect(columns[0] - columns[1] == columns[2], "savings are income less expenses")
        for card in try Self.json("insights", "insightCards", seed: seed)["cards"].items {
            #expect(card["series"].items.reduce(0) { $0 + Self.cents($1) } == Self.cents(card["value"]))
        }
        let subscriptions = try Self.json("home", "subscriptions", seed: seed)
        let prices = subscriptions["subscriptions"].items.reduce(0) { $0 + Self.cents($1["monthlyPrice"]) }
        #expect(prices == Self.cents(subscriptions["monthlyTotal"]))
        let shares = try Self.json("home", "categories", seed: seed)["categories"].items.compactMap { $0["share"]?.numberValue }
        #expect(shares.reduce(0) { $0 + Int(($1 * 1000).rounded()) } == 1000)
    }

    @Test(arguments: 0..<100)
    func datesAreISOCalendarDays(seed: Int) throws {
        var dates = try Self.json("home", "transactionsSummary", seed: seed)["recent"].items.compactMap { $0["date"]?.text }
        dates += try Self.json("home", "subscriptions", seed: seed)["subscriptions"].items.compactMap { $0["nextCharge"]?.text }
        let period = try Self.json("insights", "summaryHeader", seed: seed)["period"]
        dates += [period?["start"]?.text, period?["end"]?.text].compactMap { $0 }
        #expect(dates.count >= 9)
        for date in dates {
            let parts = date.split(separator: "-").map { Int($0) ?? 0 }
            #expect(date.count == 10 && parts.count == 3, "\(date)")
            #expect((2025...2027).contains(parts[0]) && (1...12).contains(parts[1]) && (1...31).contains(parts[2]), "\(date)")
        }
        let start = try #require(period?["start"]?.text), end = try #require(period?["end"]?.text)
        let month = Int(start.dropFirst(5).prefix(2)) ?? 0
        #expect(start.hasPrefix("2026-") && start.hasSuffix("-01"), "the sample today is in 2026")
        #expect(end == start.prefix(8) + ["31", "28", "31", "30", "31", "30", "31", "31", "30", "31", "30", "31"][month - 1])
    }

    @Test(arguments: [0, 1, 7, 123])
    func fullscreenHomeHoldsTheDefaultContentsByteForByte(seed: Int) throws {
        var expected: [UInt8] = Array("{".utf8)
        for (index, element) in ["accountsCarousel", "transactionsSummary", "subscriptions", "categories"].enumerated() {
            expected += Array("\(index == 0 ? "" : ",")\"\(element)\":".utf8) + (try Self.body("home", element, seed: seed))
        }
        expected += Array("}".utf8)
        #expect(try Self.body("home", "homeSkeleton", seed: seed) == expected)
    }

    @Test(arguments: 0..<20)
    func compactListAvoidsThePopularMovies(seed: Int) throws {
        let popular = try Self.json("movies", "popular", seed: seed)["movies"].items.compactMap { $0["title"]?.text }
        let compact = try Self.json("movies", "compactList", seed: seed)["movies"].items.compactMap { $0["title"]?.text }
        #expect(Set(popular).count == 6 && Set(compact).count == 4)
        #expect(Set(popular).isDisjoint(with: compact))
    }

    // MARK: Posters

    @Test(arguments: 0..<20)
    func postersAreSmallSelfContainedSVG(seed: Int) throws {
        for index in 0..<6 {
            let poster = try Self.json("movies", "poster[\(index)]", seed: seed)
            #expect(poster["mediaType"]?.text == "image/svg+xml")
            #expect(poster["width"]?.numberValue == 135 && poster["height"]?.numberValue == 178)
            let svg = try Self.svg(index, seed: seed)
            #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
            #expect(svg.contains(#"viewBox="0 0 135 178""#))
            #expect(svg.utf8.count < 2048, "\(svg.utf8.count) bytes")
            #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("@import"))
            #expect(svg.split(separator: "url(", omittingEmptySubsequences: false).dropFirst().allSatisfy { $0.hasPrefix("#") })
            #expect(Self.isWellFormed(svg), "\(svg)")
        }
    }

    /// Each poster shows the title of the popular movie at its index, escaped; seeds 0..<40
    /// include titles with `&` and `'`.
    @Test func postersShowThePopularTitlesEscaped() throws {
        var escapes = 0
        for seed in 0..<40 {
            let titles = try Self.json("movies", "popular", seed: seed)["movies"].items.compactMap { $0["title"]?.text }
            for (index, title) in titles.enumerated() {
                let svg = try Self.svg(index, seed: seed)
                #expect(try Self.json("movies", "poster[\(index)]", seed: seed)["title"]?.text == title)
                let escaped = title.replacing("&", with: "&amp;").replacing("'", with: "&#39;")
                #expect(svg.contains("<title>\(escaped)</title>"))
                #expect(try Self.json("movies", "popular", seed: seed)["movies"].items[index]["poster"]?.text == "poster[\(index)]")
                if escaped != title { escapes += 1 }
            }
        }
        #expect(escapes > 0)
    }

    // MARK: Determinism

    /// The bodies of every element for seeds 0, 5 and Int.max, one after another, hash (FNV-1a
    /// 64) to the reference model's 0xbe8107b547e5e265: the same seed gives the same bytes in any
    /// process (Tests/Reference/loading_model.py derives it; test_reference.py checks).
    @Test func sameSeedGivesTheSameBytes() throws {
        let bodies = try [0, 5, Int.max].flatMap { seed in try Self.elements.flatMap { try Self.body($0, $1, seed: seed) } }
        #expect(fnv1a64(bodies) == 0xbe81_07b5_47e5_e265)
    }

    @Test func differentSeedsGiveDifferentContentForNearlyEveryElement() throws {
        for seed in 0..<10 {
            let same = try Self.elements.filter { try Self.body($0, $1, seed: seed) == Self.body($0, $1, seed: seed + 1) }
            #expect(same.count <= 1, "seeds \(seed), \(seed + 1): \(same.map { "\($0)/\($1)" })")
        }
    }

    /// Pinned bytes, so that the content cannot change from run to run, machine to machine or
    /// build to build unnoticed. They come from `Tests/Reference/loading_model.py`, an independent
    /// Python model of the draws `SampleDraws` and `SampleDate` document (sample today of seed 0:
    /// 2026-08-28): `test_the_pinned_sample_bodies_of_sample_content_tests_are_the_models` in
    /// `Tests/Integration/test_reference.py` derives each from it, and the same file holds every
    /// built-in element's `/data` body to it for seeds 0 to 49.
    @Test func smallBodiesArePinned() throws {
        #expect(Self.text("insights", "sectionHeader") == #"{"title":"Patterns we noticed"}"#)
        #expect(
            Self.text("insights", "filterCarousel", seed: 1)
                == #"{"filters":[{"id":"all","title":"All","isSelected":true},{"id":"dining","title":"Dining","isSelected":false},"#
                + #"{"id":"spending","title":"Spending","isSelected":false},{"id":"savings","title":"Savings","isSelected":false}]}"#)
        #expect(Self.text("insights", "summaryHeader")?.hasSuffix(#""start":"2026-08-01","end":"2026-08-31","savingsRate":0.32}}"#) == true)
    }

    // MARK: Helpers

    /// Every number in `value` is written with at most two decimals (as `JSONWriter` writes it:
    /// the shortest form), except categories' `share`.
    private static func expectCents(_ value: JSONValue, _ path: String) {
        switch value {
        case .number(let number):
            let written = "\(number)".split(separator: ".")
            #expect(written.count == 1 || (written[1].count <= 2 && !written[1].contains("e")), "\(path): \(number)")
        case .array(let items):
            for (index, item) in items.enumerated() { expectCents(item, "\(path)/\(index)") }
        case .object(let members):
            for member in members where member.key != "share" { expectCents(member.value, "\(path)/\(member.key)") }
        case .null, .bool, .string:
            break
        }
    }

    private static func cents(_ value: JSONValue?) -> Int {
        Int(((value?.numberValue ?? -1) * 100).rounded())
    }

    /// XML well-formedness as far as these documents go: tags nest and close, and every `&`
    /// starts one of the five predefined entities.
    private static func isWellFormed(_ xml: String) -> Bool {
        var open: [Substring] = []
        var rest = Substring(xml)
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { return false }
            let tag = rest[rest.index(after: start)..<end]
            let name = tag.prefix { $0 != " " && $0 != "/" }
            if tag.hasPrefix("/") {
                guard open.popLast() == tag.dropFirst() else { return false }
            } else if !tag.hasSuffix("/") {
                open.append(name)
            }
            rest = rest[rest.index(after: end)...]
        }
        let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
        let ampersands = xml.split(separator: "&", omittingEmptySubsequences: false).dropFirst()
        return open.isEmpty && ampersands.allSatisfy { part in entities.contains { part.hasPrefix($0.dropFirst()) } }
    }
}

extension Optional<JSONValue> {
    /// The elements of an array value; empty for anything else.
    fileprivate var items: [JSONValue] {
        guard case .array(let items) = self else { return [] }
        return items
    }
}

extension JSONValue {
    fileprivate var items: [JSONValue] { Optional(self).items }

    fileprivate var text: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    fileprivate var numberValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number
    }
}
