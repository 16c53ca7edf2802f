/// Sample content for the elements of the five built-in screens (docs/spec.md §4): what each element
/// shows once it has loaded, of the shape the seed screens show, for the data route to answer.
///
/// Guarantees: the same (screen, element, seed) gives the same bytes on every run and machine
/// (every choice is drawn from `SplitMix64` seeded from the seed and the element, every date
/// counts from a fixed epoch, never the wall clock); different seeds give different content for
/// nearly every element; every element of every built-in layout, including home's `fullscreen`
/// variant, has content, and nothing else has any. Content is one compact JSON object (RFC 8259,
/// UTF-8, written by `JSONWriter`) with a fixed member order, amounts in currency units with at
/// most two decimals and dates as ISO 8601 (`2026-03-14`); a poster's object carries its
/// standalone SVG image (`PosterImage`) as text. content.schema.json describes each element's.
package enum SampleContent {
    /// The sample content of `element` of built-in screen `screen` for `seed`, or nil when the screen or element has none.
    package static func content(screen: String, element: String, seed: Int) -> [UInt8]? {
        switch screen {
        case "home": HomeSamples.content(element, seed: seed)
        case "insights": InsightsSamples.content(element, seed: seed)
        case "inbox": ChatSamples.inboxContent(element, seed: seed)
        case "thread": ChatSamples.threadContent(element, seed: seed)
        case "movies": MovieSamples.content(element, seed: seed)
        default: nil
        }
    }
}
