import Layouts

/// The node types of SPEC §3 and the members each has (`NodeMembers`), as JSON Schema rules shared by the layout-document and screen-file schemas: one `if`/`then`
/// per type that allows only that type's members (`propertyNames`) and requires the ones the
/// document must give, so that a validator (or an editor) names the member that is wrong.
enum NodeTypeRules {
    /// The value of an `allOf` keyword: for each type, its allowed members and `required[type]`.
    static func rules(required: [String: [String]]) -> String {
        let rules = NodeMembers.byType.map { type, own in
            #"""
            {"if": {"properties": {"type": {"const": \#(JSONText.string(type))}}, "required": ["type"]},
                   "then": {"required": \#(JSONText.strings(required[type] ?? [])), "propertyNames": {"enum": \#(JSONText.strings(NodeMembers.common + own))}}}
            """#
        }
        return "[\n" + rules.joined(separator: ",\n") + "\n]"
    }
}
