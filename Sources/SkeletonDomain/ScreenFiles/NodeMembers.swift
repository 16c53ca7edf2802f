/// The members of each node type of docs/spec.md §3, in the order served documents write them: what a
/// screen file's node may have (`NodeDecoder`) and what the JSON Schemas allow (a test holds them to it).
package enum NodeMembers {
    /// The members any node may have.
    package static let common = ["type", "id", "padding", "minHeight", "width", "maxWidth", "background", "cornerRadius", "clip", "shimmer"]

    /// Each type's own members besides `common`.
    package static let byType: KeyValuePairs<String, [String]> = [
        "stack": ["axis", "spacing", "alignment", "aspectRatio", "stretch", "wrap", "lineAlignment", "minColumnWidth", "autoFit", "rowSpacing", "maxFillWidth", "maxFillFraction", "overlay", "children"],
        "scroll": ["axis", "scrollEnabled", "maxFillWidth", "maxFillFraction", "overlay", "child"],
        "block": ["height", "aspectRatio", "stretch", "shape", "corners", "fill", "maxFillWidth", "maxFillFraction", "overlay"],
        "text": ["lines", "lineHeight", "lineSpacing", "lastLineFraction", "measure", "maxLines", "slack", "words", "float", "maxFillWidth", "maxFillFraction", "overlay"],
        "spacer": [],
        "divider": ["opacity", "thickness"],
        "repeat": ["count", "child"],
    ]

    package static var types: [String] { byType.map(\.key) }

    /// `type`'s own members; empty for an unknown type.
    package static func of(_ type: String) -> [String] {
        byType.first { $0.key == type }?.value ?? []
    }
}
