/// The JSON Schema (draft 2020-12) of a drift report, the body of `POST /drift`, served at
/// `GET /schema/drift-report.json`. `DriftReading.parse` checks the same rules and the 4 KiB limit.
enum DriftReportSchema {
    static let path = "/schema/drift-report.json"

    /// `drift-report.schema.json`, served as it is.
    static let document = EmbeddedFiles.driftReportSchemaJSON
}
