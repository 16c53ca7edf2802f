import Layouts

extension Element {
    /// `{id, stage, accessibilityLabel, content}` (content when given), as documents and screen files both write it.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("id", id)
        writer.member("stage", stage)
        writer.member("accessibilityLabel", accessibilityLabel)
        if let content {
            writer.key("content")
            writer.encodedValue(content)
        }
        writer.endObject()
    }
}
