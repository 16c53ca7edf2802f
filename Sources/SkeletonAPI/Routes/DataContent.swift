import Layouts
import SkeletonDomain

/// The body `/data/{screen}/{element}` answers with once the element is ready: the element's
/// `content` from its screen file (`application/json`), else the built-in screens' sample content
/// for that seed (`SampleContent`: JSON, or an SVG poster), else a JSON object naming the element.
///
/// Guarantees: the same (screen, element, seed) gives the same bytes and strong ETag.
struct DataContent {
    let contentType: String
    let document: EncodedDocument

    init(screen: String, element: Element, seed: Int) {
        if let content = element.content {
            contentType = "application/json"
            document = EncodedDocument(bytes: content)
        } else if let sample = SampleContent.body(screen: screen, element: element.id, seed: seed) {
            contentType = sample.contentType
            document = EncodedDocument(bytes: sample.bytes)
        } else {
            var writer = JSONWriter(reservingCapacity: 96)
            writer.beginObject()
            writer.member("screen", screen)
            writer.member("element", element.id)
            writer.member("seed", seed)
            writer.endObject()
            contentType = "application/json"
            document = EncodedDocument(bytes: writer.bytes)
        }
    }
}
