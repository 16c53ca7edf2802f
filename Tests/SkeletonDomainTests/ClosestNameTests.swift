import SkeletonDomain
import Testing

struct ClosestNameTests {
    private let screens = ["home", "insights", "inbox", "thread", "movies"]

    @Test(arguments: [
        ("hom", "home"), ("HOME", "home"), ("homee", "home"), ("inbx", "inbox"), ("moveis", "movies"),
        ("insight", "insights"), ("thraed", "thread"),
    ])
    func suggestsTheNearestScreen(typed: String, expected: String) {
        #expect(closestName(to: typed, among: screens) == expected)
    }

    @Test func suggestsThemesAndSwapsCountAsOneEdit() {
        #expect(closestName(to: "dakr", among: ["light", "dark"]) == "dark")
        #expect(closestName(to: "ligth", among: ["light", "dark"]) == "light")
    }

    @Test(arguments: ["", "xyz", "settings", "q"])
    func suggestsNothingWhenNothingIsClose(typed: String) {
        #expect(closestName(to: typed, among: screens) == nil)
    }

    @Test func prefersTheEarlierNameOnATie() {
        #expect(closestName(to: "bat", among: ["cat", "hat"]) == "cat")
    }
}
