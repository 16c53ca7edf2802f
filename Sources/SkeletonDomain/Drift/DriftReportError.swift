/// Why a drift report's body was refused: the member at fault (nil: the body as a whole), what is
/// wrong with it, and what is allowed there. The API renders it as a 400 problem.
package struct DriftReportError: Error, Sendable, Equatable {
    /// A JSON path into the report (`width`, `shapes[3].iou`), or nil for the whole body.
    package let field: String?
    package let reason: String
    package let allowed: String

    package init(field: String?, reason: String, allowed: String) {
        self.field = field
        self.reason = reason
        self.allowed = allowed
    }
}
