import Layouts
import SkeletonDomain

/// The body the data routes answer once the element is ready: one `application/json` envelope,
/// `ElementData` (content.schema.json's root),
/// `{"formatVersion","screen","element","stage","seed","content":{…}}`, whose `content` is the
/// element's object from its screen file, else the built-in screens' sample content for that seed
/// (`SampleContent`), else `{}`.
///
/// Guarantees: `content` is always a JSON object (the screen-file decoder accepts no other); the
/// same (screen, element, seed) gives the same bytes and strong ETag.
struct DataContent {
    let document: EncodedDocument

    init(screen: String, element: Element, seed: Int) {
        let content = element.content ?? SampleContent.content(screen: screen, element: element.id, seed: seed)
        var writer = JSONWriter(reservingCapacity: 128 + (content?.count ?? 2))
        writer.beginDocument()
        writer.member("screen", screen)
        writer.member("element", element.id)
        writer.member("stage", element.stage)
        writer.member("seed", seed)
        writer.key("content")
        if let content {
            writer.encodedValue(content)
        } else {
            writer.beginObject()
            writer.endObject()
        }
        writer.endObject()
        document = EncodedDocument(bytes: writer.bytes)
    }
}
