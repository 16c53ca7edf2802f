/// The finance app's home tab: accounts, the month's transactions, subscriptions and spending
/// categories, as the seed screens show them. Amounts are in currency units with two decimals;
/// dates count back (or forward, for charges) from the seed's sample today.
enum HomeSamples {
    static func content(_ element: String, seed: Int) -> [UInt8]? {
        switch element {
        case "accountsCarousel": accounts(seed: seed).bytes
        case "transactionsSummary": transactions(seed: seed).bytes
        case "subscriptions": subscriptions(seed: seed).bytes
        case "categories": categories(seed: seed).bytes
        case "homeSkeleton": fullscreen(seed: seed).bytes
        default: nil
        }
    }

    /// The fullscreen variant's one element: the default layout's four contents, byte for byte.
    private static func fullscreen(seed: Int) -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginObject()
        for (element, part) in [
            ("accountsCarousel", accounts), ("transactionsSummary", transactions),
            ("subscriptions", subscriptions), ("categories", categories),
        ] {
            writer.key(element)
            writer.encodedValue(part(seed).bytes)
        }
        writer.endObject()
        return writer
    }

    /// `{"accounts": [{id, name, number, balance, currency}]}`: three account cards.
    private static func accounts(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "home", element: "accountsCarousel", seed: seed)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("accounts")
        writer.beginArray()
        for (index, name) in draws.distinct(3, of: accountNames).enumerated() {
            writer.beginObject()
            writer.member("id", "account-\(index + 1)")
            writer.member("name", name)
            writer.member("number", "**** \(draws.int(in: 1000...9999))")
            writer.member("balance", draws.amount(cents: 5_000...1_250_000))
            writer.member("currency", draws.pick(["USD", "USD", "EUR", "GBP"]))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// `{"month", "count", "totalSpent", "currency", "recent": [{merchant, category, amount, date}]}`:
    /// four recent transactions, newest first.
    private static func transactions(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "home", element: "transactionsSummary", seed: seed)
        let today = SampleDate.today(seed: seed)
        var writer = JSONWriter(reservingCapacity: 512)
        writer.beginObject()
        writer.member("month", today.isoMonth)
        writer.member("count", draws.int(in: 18...64))
        writer.member("totalSpent", draws.amount(cents: 80_000...420_000))
        writer.member("currency", "USD")
        writer.key("recent")
        writer.beginArray()
        var date = today
        for (merchant, category) in draws.distinct(4, of: merchants) {
            writer.beginObject()
            writer.member("merchant", merchant)
            writer.member("category", category)
            writer.member("amount", draws.amount(cents: 250...18_000))
            writer.member("date", date.iso)
            writer.endObject()
            date = date.adding(days: -draws.int(in: 0...2))
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// `{"monthlyTotal", "currency", "subscriptions": [{name, monthlyPrice, nextCharge}]}`: three
    /// to five subscriptions, the soonest charge first.
    private static func subscriptions(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "home", element: "subscriptions", seed: seed)
        let today = SampleDate.today(seed: seed)
        let count = draws.int(in: 3...5)
        let chosen = draws.distinct(count, of: services)
            .map { (name: $0.name, cents: $0.cents, inDays: draws.int(in: 1...30)) }
            .sorted { ($0.inDays, $0.name) < ($1.inDays, $1.name) }
        var writer = JSONWriter(reservingCapacity: 512)
        writer.beginObject()
        writer.member("monthlyTotal", SampleDraws.amount(chosen.reduce(0) { $0 + $1.cents }))
        writer.member("currency", "USD")
        writer.key("subscriptions")
        writer.beginArray()
        for subscription in chosen {
            writer.beginObject()
            writer.member("name", subscription.name)
            writer.member("monthlyPrice", SampleDraws.amount(subscription.cents))
            writer.member("nextCharge", today.adding(days: subscription.inDays).iso)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    /// `{"month", "total", "currency", "categories": [{name, icon, amount, share}]}`: five
    /// categories, the largest first; shares are thousandths that add up to exactly 1.
    private static func categories(seed: Int) -> JSONWriter {
        var draws = SampleDraws(screen: "home", element: "categories", seed: seed)
        let chosen = draws.distinct(5, of: spendingCategories)
            .map { (name: $0.name, icon: $0.icon, cents: draws.int(in: 2_000...90_000)) }
            .sorted { ($0.cents, $1.name) > ($1.cents, $0.name) }
        let total = chosen.reduce(0) { $0 + $1.cents }
        var writer = JSONWriter(reservingCapacity: 512)
        writer.beginObject()
        writer.member("month", SampleDate.today(seed: seed).isoMonth)
        writer.member("total", SampleDraws.amount(total))
        writer.member("currency", "USD")
        writer.key("categories")
        writer.beginArray()
        var sharesLeft = 1000
        for (index, category) in chosen.enumerated() {
            let share = index == chosen.count - 1 ? sharesLeft : category.cents * 1000 / total
            sharesLeft -= share
            writer.beginObject()
            writer.member("name", category.name)
            writer.member("icon", category.icon)
            writer.member("amount", SampleDraws.amount(category.cents))
            writer.member("share", Double(share) / 1000)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer
    }

    private static let accountNames = [
        "Everyday Checking", "Joint Checking", "High-Yield Savings", "Emergency Fund",
        "Travel Card", "Rewards Credit Card", "Holiday Savings", "Household Budget",
    ]

    private static let merchants = [
        ("Corner Grocery", "Groceries"), ("Bluebird Coffee", "Dining"), ("Metro Transit", "Transport"),
        ("Green Leaf Market", "Groceries"), ("Sunrise Bakery", "Dining"), ("City Pharmacy", "Health"),
        ("Harbor Books", "Shopping"), ("Pinewood Hardware", "Home"), ("Lantern Cinema", "Entertainment"),
        ("Maple Diner", "Dining"), ("QuickFuel Station", "Transport"), ("Northside Gym", "Health"),
        ("Parcel Post", "Services"), ("Riverside Florist", "Shopping"),
    ]

    private static let services = [
        (name: "StreamBox", cents: 1299), (name: "TuneCloud", cents: 999), (name: "CloudVault Storage", cents: 299),
        (name: "Morning Ledger News", cents: 750), (name: "FitPulse", cents: 1499), (name: "PhotoFrame Pro", cents: 499),
        (name: "ReadMore Books", cents: 899), (name: "GameHub Plus", cents: 1199),
    ]

    private static let spendingCategories = [
        (name: "Groceries", icon: "cart"), (name: "Dining", icon: "fork.knife"), (name: "Transport", icon: "car"),
        (name: "Housing", icon: "house"), (name: "Entertainment", icon: "film"), (name: "Health", icon: "heart"),
        (name: "Shopping", icon: "bag"), (name: "Utilities", icon: "bolt"), (name: "Travel", icon: "airplane"),
    ]
}
