/// The JSON Schema (draft 2020-12) of the layout documents that `GET /layouts/{screen}` serves
/// (docs/spec.md §3), served at `GET /schema/layout.json`. The OpenAPI description holds the same
/// definitions as its components (`components`), so the two cannot disagree.
///
/// Served documents are explicit (docs/spec.md §3), so every member a node type has is required here;
/// every bound of the screen-file format that a document carries over (sizes, times, counts,
/// id syntax) is a keyword. What JSON Schema cannot say (ids unique, an element's stage among
/// `stages`, nesting depth) is said in descriptions.
enum LayoutSchema {
    static let path = "/schema/layout.json"

    /// `layout.schema.json`, served as it is.
    static let document = EmbeddedFiles.layoutSchemaJSON

    /// The root schema and its definitions as OpenAPI component members (`"Layout": {…}, …`).
    static let components = SchemaComponents.members(of: document, path: path, rootName: "Layout")
}
