/// The JSON Schema (draft 2020-12) of a custom screen file (`--layouts DIR`, screen file format
/// version 1), served at `GET /schema/screen.json` so that an editor validates and completes a
/// file that names it in `$schema`.
///
/// Every bound of the format is a keyword (sizes, times, counts, id syntax, string lengths, the
/// first layout being `default`), every default a `default`. What JSON Schema cannot say (byte
/// sizes, nesting depth, ids unique and resolved, `min <= max`) is said in descriptions; the
/// loader reports those as `file:pointer: reason`.
enum ScreenSchema {
    static let path = "/schema/screen.json"

    /// `screen.schema.json`, served as it is.
    static let document = EmbeddedFiles.screenSchemaJSON
}
