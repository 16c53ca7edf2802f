/// The JSON Schema (draft 2020-12) of what the data routes answer, served at
/// `GET /schema/content.json`: the envelope (`ElementData`) as its root, and the content of every
/// element of the built-in screens as its `$defs` (`HomeAccountsCarouselContent`, …). The
/// OpenAPI description holds the same definitions as its components, so the two cannot disagree.
///
/// No definition forbids members it does not list: content may gain members within a format version.
enum ContentSchema {
    static let path = "/schema/content.json"

    /// `content.schema.json`, served as it is.
    static let document = EmbeddedFiles.contentSchemaJSON

    static let components = SchemaComponents.members(of: document, path: path, rootName: "ElementData")
}
