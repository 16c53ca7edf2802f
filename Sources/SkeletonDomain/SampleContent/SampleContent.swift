/// Sample content for the elements of the five built-in screens (docs/spec.md §4): what each element
/// shows once it has loaded, of the shape the seed screens show, for the data route to answer.
///
/// Guarantees: the same (screen, element, seed) gives the same bytes on every run and machine
/// (every choice is drawn from `SplitMix64` seeded from the seed and the element, every date
/// counts from a fixed epoch, never the wall clock); different seeds give different content for
/// nearly every element; every element of every built-in layout, including home's `fullscreen`
/// variant, has a body, and nothing else has one. JSON bodies are compact objects with a fixed
/// member order, amounts in currency units with at most two decimals and dates as ISO 8601
/// (`2026-03-14`); posters are standalone SVG images (`PosterImage`).
public enum SampleContent {
    /// The sample body of `element` of built-in screen `screen` for `seed`, or nil when the screen or element has none.
    public static func body(screen: String, element: String, seed: Int) -> SampleBody? {
        switch screen {
        case "home": HomeSamples.body(element, seed: seed)
        case "insights": InsightsSamples.body(element, seed: seed)
        case "inbox": ChatSamples.inboxBody(element, seed: seed)
        case "thread": ChatSamples.threadBody(element, seed: seed)
        case "movies": MovieSamples.body(element, seed: seed)
        default: nil
        }
    }
}
