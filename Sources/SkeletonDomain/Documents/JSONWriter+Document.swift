import Layouts

extension JSONWriter {
    /// Opens a document's top-level object and writes its `formatVersion`.
    package mutating func beginDocument() {
        beginObject()
        member("formatVersion", DocumentFormat.version)
    }
}
