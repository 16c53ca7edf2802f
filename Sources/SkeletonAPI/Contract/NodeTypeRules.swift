/// The node types of SPEC §3 and the members each has besides the ones every node may have,
/// as JSON Schema rules shared by the layout-document and screen-file schemas: one `if`/`then`
/// per type that allows only that type's members (`propertyNames`) and requires the ones the
/// document must give, so that a validator (or an editor) names the member that is wrong.
enum NodeTypeRules {
    /// The members any node may have.
    static let common = ["type", "id", "padding", "minHeight", "maxWidth", "background", "cornerRadius", "clip", "shimmer"]

    /// Each type's own members, in the order the served documents write them.
    static let members: KeyValuePairs<String, [String]> = [
        "stack": ["axis", "spacing", "alignment", "children"],
        "scroll": ["axis", "scrollEnabled", "child"],
        "block": ["width", "height", "shape", "corners", "fill"],
        "text": ["lines", "lineHeight", "lineSpacing", "lastLineFraction"],
        "spacer": [],
        "divider": ["opacity", "thickness"],
        "repeat": ["count", "child"],
    ]

    static var types: [String] { members.map(\.key) }

    /// The value of an `allOf` keyword: for each type, its allowed members and `required[type]`.
    static func rules(required: [String: [String]]) -> String {
        let rules = members.map { type, own in
            #"""
            {"if": {"properties": {"type": {"const": \#(JSONText.string(type))}}, "required": ["type"]},
                   "then": {"required": \#(JSONText.strings(required[type] ?? [])), "propertyNames": {"enum": \#(JSONText.strings(common + own))}}}
            """#
        }
        return "[\n" + rules.joined(separator: ",\n") + "\n]"
    }
}
