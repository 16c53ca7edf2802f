/// The finance app's insights tab: the month's summary, the filter chips, the section title and
/// three insight cards with a week's chart, as the seed screens show them. Amounts are in US
/// dollars with two decimals; the month is the seed's sample today's.
enum InsightsSamples {
    static func content(_ element: String, seed: Int) -> [UInt8]? {
        switch element {
        case "summaryHeader": summary(seed: seed).bytes
        case "filterCarousel": filters(seed: seed).bytes
        case "sectionHeader": sectionTitle(seed: seed).bytes
        case "insightCards": cards(seed: seed).bytes
        default: nil
        }
    }

    /// `{"currency", "columns": [{id, title, amount}] (income, expenses, savings),
    /// "period": {label, start, end, savingsRate}}`; savings are income less expenses.
    private static func summary(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "insights", element: "summaryHeader", seed: seed)
        let income = draws.int(in: 300_000...900_000)
        let expenses = income * draws.int(in: 55...95) / 100
        let today = SampleDate.today(seed: seed)
        var writer = JSONWriter(reservingCapacity: 512)
        writer.beginObject()
        writer.member("currency", "USD")
        writer.key("columns")
        writer.beginArray()
        for (id, title, cents) in [("income", "Income", income), ("expenses", "Expenses", expenses), ("savings", "Savings", income - expenses)] {
            writer.beginObject()
            writer.member("id", id)
            writer.member("title", title)
            writer.member("amount", SampleDraws.amount(cents))
            writer.endObject()
        }
        writer.endArray()
        writer.key("period")
        writer.beginObject()
        writer.member("label", today.monthTitle)
        writer.member("start", today.startOfMonth.iso)
        writer.member("end", today.endOfMonth.iso)
        writer.member("savingsRate", Double((income - expenses) * 100 / income) / 100)
        writer.endObject()
        writer.endObject()
        return writer
    }

    /// `{"filters": [{id, title, isSelected}]}`: "All", selected, then three others.
    private static func filters(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "insights", element: "filterCarousel", seed: seed)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("filters")
        writer.beginArray()
        for (index, filter) in ([("all", "All")] + draws.distinct(3, of: filterChoices)).enumerated() {
            writer.beginObject()
            writer.member("id", filter.0)
            writer.member("title", filter.1)
            writer.member("isSelected", index == 0)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// `{"title"}`.
    private static func sectionTitle(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "insights", element: "sectionHeader", seed: seed)
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("title", draws.pick(sectionTitles))
        writer.endObject()
        return writer
    }

    /// `{"currency", "cards": [{id, icon, title, subtitle, value, series}]}`: three cards, each a
    /// week of daily spending (`series`, seven amounts, oldest first) and its sum (`value`).
    private static func cards(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "insights", element: "insightCards", seed: seed)
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.member("currency", "USD")
        writer.key("cards")
        writer.beginArray()
        for (index, card) in draws.distinct(3, of: cardTopics).enumerated() {
            let series = (0..<7).map { _ in draws.int(in: card.dailyCents) }
            let change = draws.int(in: -40...40)
            writer.beginObject()
            writer.member("id", "insight-\(index + 1)")
            writer.member("icon", card.icon)
            writer.member("title", card.title)
            writer.member("subtitle", change < 0 ? "Down \(-change)% on last week" : "Up \(change)% on last week")
            writer.member("value", SampleDraws.amount(series.reduce(0, +)))
            writer.key("series")
            writer.beginArray()
            for cents in series { writer.number(SampleDraws.amount(cents)) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    private static let filterChoices = [
        ("spending", "Spending"), ("income", "Income"), ("subscriptions", "Subscriptions"), ("savings", "Savings"),
        ("bills", "Bills"), ("travel", "Travel"), ("groceries", "Groceries"), ("dining", "Dining"),
    ]

    private static let sectionTitles = [
        "Insights for you", "This month at a glance", "Worth a look", "Spending trends",
        "Where your money went", "Highlights", "Your week in numbers", "Patterns we noticed",
    ]

    private static let cardTopics = [
        (icon: "fork.knife", title: "Dining out", dailyCents: 0...6_000),
        (icon: "cart", title: "Groceries", dailyCents: 0...9_000),
        (icon: "car", title: "Transport", dailyCents: 200...3_500),
        (icon: "bag", title: "Shopping", dailyCents: 0...12_000),
        (icon: "cup.and.saucer", title: "Coffee", dailyCents: 0...1_200),
        (icon: "film", title: "Entertainment", dailyCents: 0...4_000),
        (icon: "bolt", title: "Utilities", dailyCents: 300...2_500),
    ]
}
