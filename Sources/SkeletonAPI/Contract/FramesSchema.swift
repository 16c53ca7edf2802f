/// The JSON Schema (draft 2020-12) of the frames documents that `GET /layouts/{screen}/frames`
/// serves, served at `GET /schema/frames.json`; the OpenAPI description holds the same
/// definitions as its components.
enum FramesSchema {
    static let path = "/schema/frames.json"

    /// `frames.schema.json`, served as it is.
    static let document = EmbeddedFiles.framesSchemaJSON

    static let components = SchemaComponents.members(of: document, path: path, rootName: "Frames")
}
