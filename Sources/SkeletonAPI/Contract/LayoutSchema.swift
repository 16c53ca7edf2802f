import Layouts

/// The JSON Schema (draft 2020-12) of the layout documents that `GET /layouts/{screen}` serves
/// (SPEC §3), served at `GET /schema/layout.json`. The OpenAPI description holds the same
/// definitions as its components (`components`), so the two cannot disagree.
///
/// Served documents are explicit (SPEC §3), so every member a node type has is required here;
/// every bound of the screen-file format that a document carries over (sizes, times, counts,
/// id syntax) is a keyword. What JSON Schema cannot say (ids unique, an element's stage among
/// `stages`, nesting depth) is said in descriptions.
enum LayoutSchema {
    static let path = "/schema/layout.json"

    /// The served document: `$schema`, `$id` (relative: the schema is identified by the URL it
    /// is served at, whatever the host), the root schema and its `$defs`.
    static let document: [UInt8] = {
        let members = definitions.map { "\(JSONText.string($0.name)): \($0.schema)" }.joined(separator: ",\n")
        return Array(#"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema",
             "$id": \#(JSONText.string(path)),
             \#(root),
             "$defs": {
            \#(members)
            }}
            """#.utf8)
    }()

    /// The root schema and the definitions as OpenAPI component members (`"Layout": {…}, …`),
    /// with their references rewritten from `#/$defs/` to `#/components/schemas/`.
    static let components: String = {
        let members = [(name: "Layout", schema: "{\(root)}")] + definitions
        let text = members.map { "\(JSONText.string($0.name)): \($0.schema)" }.joined(separator: ",\n")
        return replacing(##""#/$defs/"##, with: ##""#/components/schemas/"##, in: text)
    }()

    /// `text` with every `target` replaced, compared byte by byte: at start-up, where the standard
    /// library's generic `replacing(_:with:)` cost 5 million instructions for these 15 KB.
    private static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let bytes = Array(text.utf8), target = Array(target.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == target[0] && bytes[index...].starts(with: target) {
                out += replacement.utf8
                index += target.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The root schema's members.
    private static let root = #"""
        "title": "Skeleton layout document",
        "description": "One screen's skeleton under one set of options (GET /layouts/{screen}, SPEC §3): the placeholder tree, its animation and its colours. Every member that has a meaning is written, so a client needs no defaults.",
        "type": "object",
        "required": ["screen", "title", "source", "version", "theme", "motion", "variant", "direction", "units", "tokens", "palette", "animation", "stages", "elements", "root", "assumptions"],
        "additionalProperties": false,
        "properties": {
          "screen": {"$ref": "#/$defs/ScreenID"},
          "title": {"type": "string", "minLength": 1, "description": "The screen's title."},
          "source": {"type": "string", "description": "The app and view the skeleton mirrors."},
          "version": {"type": "string", "pattern": "^[0-9a-f]{16}$", "description": "A hash of every document of the screen: it changes whenever any of them would."},
          "theme": {"enum": \#(JSONText.strings(Theme.allCases.map(\.rawValue))), "description": "The theme the palette and colours are resolved in."},
          "motion": {"enum": \#(JSONText.strings(Motion.allCases.map(\.rawValue))), "description": "reduced: the shimmer is still and transitions only fade."},
          "variant": {"$ref": "#/$defs/Variant"},
          "direction": {"enum": \#(JSONText.strings(Direction.allCases.map(\.rawValue))), "description": "rtl mirrors the shimmer's sweep; trees use leading and trailing and need no mirroring."},
          "units": {"const": "pt", "description": "Every size is in points."},
          "tokens": {"$ref": "#/$defs/Tokens"},
          "palette": {"$ref": "#/$defs/Palette"},
          "animation": {"$ref": "#/$defs/Animation"},
          "stages": {"type": "array", "minItems": 1, "maxItems": 64, "items": {"$ref": "#/$defs/Stage"}, "description": "The loading stages this layout's elements are bound to, in loading order; ids unique."},
          "elements": {"type": "array", "minItems": 1, "maxItems": 256, "items": {"$ref": "#/$defs/Element"}, "description": "The parts that load on their own; ids unique, each on exactly one node of the unexpanded tree, each stage one of stages."},
          "root": {"$ref": "#/$defs/LayoutNode"},
          "assumptions": {"type": "array", "items": {"type": "string"}, "description": "In words, every value in this document that the design sources do not give."}
        }
        """#

    private static let definitions: [(name: String, schema: String)] = [
        ("ScreenID", #"{"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$", "description": "A screen id."}"#),
        ("Variant", #"{"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,31}$", "description": "A layout variant of the screen; the first is default."}"#),
        ("StageID", #"{"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$", "description": "A loading stage id."}"#),
        ("ElementID", #"{"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$", "description": "An element id: the id of the node that shows the element's skeleton."}"#),
        ("NodeID", #"""
            {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}(?:\\[(?:[0-9]|[1-9][0-9])\\])*$",
             "description": "A node id; with expand=true, each id inside copy i of a repeat is suffixed [i] (outer copies first: row[2][0])."}
            """#),
        ("Size", #"{"type": "number", "minimum": 0, "maximum": 10000, "description": "A length in points."}"#),
        ("Color", #"{"type": "string", "pattern": "^#[0-9A-F]{8}$", "description": "An sRGB colour, #RRGGBBAA in upper-case hex."}"#),
        ("PaletteToken", #"{"enum": \#(JSONText.strings(PaletteToken.allCases.map(\.rawValue))), "description": "A named colour of the palette."}"#),
        ("Palette", palette),
        ("Tokens", #"""
            {"type": "object", "required": ["spacing", "radius"], "additionalProperties": false,
             "description": "The design system's named lengths the trees' sizes come from.",
             "properties": {
               "spacing": {"type": "object", "required": ["xs", "sm", "md", "lg", "xl", "xxl", "xxxl"], "additionalProperties": false,
                           "properties": {"xs": {"$ref": "#/$defs/Size"}, "sm": {"$ref": "#/$defs/Size"}, "md": {"$ref": "#/$defs/Size"}, "lg": {"$ref": "#/$defs/Size"},
                                          "xl": {"$ref": "#/$defs/Size"}, "xxl": {"$ref": "#/$defs/Size"}, "xxxl": {"$ref": "#/$defs/Size"}}},
               "radius": {"type": "object", "required": ["md"], "additionalProperties": false, "properties": {"md": {"$ref": "#/$defs/Size"}}}
             }}
            """#),
        ("Animation", #"""
            {"type": "object", "required": ["shimmer", "transition", "minimumDisplayMs", "showDelayMs", "timeoutMs", "maxConcurrentShimmers"], "additionalProperties": false,
             "properties": {
               "shimmer": {"$ref": "#/$defs/Shimmer"},
               "transition": {"$ref": "#/$defs/Transition"},
               "minimumDisplayMs": {"type": "integer", "minimum": 0, "maximum": 60000, "description": "A shown skeleton stays at least this long, so that a fast load does not flicker."},
               "showDelayMs": {"type": "integer", "minimum": 0, "maximum": 60000, "description": "Content ready before this never shows the skeleton at all."},
               "timeoutMs": {"type": "integer", "minimum": 1, "maximum": 600000, "description": "An element not ready by then fails."},
               "maxConcurrentShimmers": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000, "description": "At most this many shimmer: true nodes per document once repeats are expanded; null for no limit."}
             }}
            """#),
        ("Shimmer", #"""
            {"type": "object", "required": ["kind", "application", "stops", "blendMode"], "additionalProperties": false,
             "description": "The shimmer: colour stops painted onto the blocks of each shimmer group, swept as a gradient, pulsed, or still. Points are unit points of the group's bounds.",
             "properties": {
               "kind": {"enum": ["gradient", "pulse", "static"]},
               "application": {"enum": ["overlay", "fill", "mask"], "description": "overlay: painted over the blocks; fill: painted as their fill; mask: multiplies their alpha."},
               "stops": {"type": "array", "minItems": 2, "maxItems": 16, "items": {"$ref": "#/$defs/ShimmerStop"}, "description": "Ascending locations."},
               "start": {"$ref": "#/$defs/PointMotion"},
               "end": {"$ref": "#/$defs/PointMotion"},
               "opacity": {"type": "object", "required": ["from", "to"], "additionalProperties": false,
                           "properties": {"from": {"type": "number", "minimum": 0, "maximum": 1}, "to": {"type": "number", "minimum": 0, "maximum": 1}},
                           "description": "The stops' opacity at the start and at the end of each period."},
               "durationMs": {"type": "integer", "minimum": 1, "maximum": 60000, "description": "One period."},
               "curve": {"$ref": "#/$defs/EasedCurve"},
               "repeat": {"const": -1, "description": "Repeats forever."},
               "autoreverses": {"type": "boolean"},
               "blendMode": {"const": "normal"},
               "sync": {"type": "object", "required": ["scope", "originEpochMs"], "additionalProperties": false,
                        "description": "Phase-locked across the screen: the phase is ((now - originEpochMs) mod durationMs) / durationMs on every element and device.",
                        "properties": {"scope": {"const": "screen"}, "originEpochMs": {"type": "integer", "minimum": 0}}}
             },
             "allOf": [
               {"if": {"properties": {"kind": {"const": "gradient"}}, "required": ["kind"]},
                "then": {"required": ["start", "end", "durationMs", "curve", "repeat", "autoreverses", "sync"], "properties": {"opacity": false}}},
               {"if": {"properties": {"kind": {"const": "pulse"}}, "required": ["kind"]},
                "then": {"required": ["opacity", "durationMs", "curve", "repeat", "autoreverses", "sync"], "properties": {"start": false, "end": false}}},
               {"if": {"properties": {"kind": {"const": "static"}}, "required": ["kind"]},
                "then": {"propertyNames": {"enum": ["kind", "application", "stops", "blendMode"]}}}
             ]}
            """#),
        ("ShimmerStop", #"""
            {"type": "object", "required": ["color", "location"], "additionalProperties": false,
             "properties": {"color": {"$ref": "#/$defs/Color"}, "location": {"type": "number", "minimum": 0, "maximum": 1}}}
            """#),
        ("PointMotion", #"""
            {"type": "object", "required": ["from", "to"], "additionalProperties": false,
             "description": "Where a gradient end point starts and where it arrives after one period.",
             "properties": {"from": {"$ref": "#/$defs/UnitPoint"}, "to": {"$ref": "#/$defs/UnitPoint"}}}
            """#),
        ("UnitPoint", #"""
            {"type": "object", "required": ["x", "y"], "additionalProperties": false,
             "description": "0 is the leading or top edge, 1 the trailing or bottom edge. A screen file's x is -10 to 10; rtl documents mirror it to 1 - x.",
             "properties": {"x": {"type": "number", "minimum": -10, "maximum": 11}, "y": {"type": "number", "minimum": -10, "maximum": 10}}}
            """#),
        ("EasedCurve", #"""
            {"type": "object", "required": ["type", "durationMs"], "additionalProperties": false,
             "properties": {"type": {"enum": ["linear", "easeIn", "easeOut", "easeInOut"]}, "durationMs": {"type": "integer", "minimum": 1, "maximum": 60000}}}
            """#),
        ("SpringCurve", #"""
            {"type": "object", "required": ["type", "responseMs", "dampingFraction"], "additionalProperties": false,
             "properties": {"type": {"const": "spring"}, "responseMs": {"type": "integer", "minimum": 1, "maximum": 60000},
                            "dampingFraction": {"type": "number", "exclusiveMinimum": 0, "maximum": 10}}}
            """#),
        ("Transition", #"""
            {"type": "object", "required": ["skeletonExit", "contentEnter", "curve"], "additionalProperties": false,
             "description": "The skeleton animates out to skeletonExit while the content animates in from contentEnter, both along curve.",
             "properties": {
               "skeletonExit": {"$ref": "#/$defs/Appearance"},
               "contentEnter": {"$ref": "#/$defs/Appearance"},
               "curve": {"oneOf": [{"$ref": "#/$defs/SpringCurve"}, {"$ref": "#/$defs/EasedCurve"}]}
             }}
            """#),
        ("Appearance", #"""
            {"type": "object", "required": ["opacity", "scale"], "additionalProperties": false,
             "properties": {"opacity": {"type": "number", "minimum": 0, "maximum": 1}, "scale": {"type": "number", "minimum": 0, "maximum": 10, "description": "1 is natural size."}}}
            """#),
        ("Stage", #"""
            {"type": "object", "required": ["id", "title"], "additionalProperties": false,
             "properties": {"id": {"$ref": "#/$defs/StageID"}, "title": {"type": "string"}}}
            """#),
        ("Element", #"""
            {"type": "object", "required": ["id", "stage", "accessibilityLabel"], "additionalProperties": false,
             "properties": {
               "id": {"$ref": "#/$defs/ElementID"},
               "stage": {"$ref": "#/$defs/StageID"},
               "accessibilityLabel": {"type": "string", "description": "What assistive technology announces while the element loads."},
               "content": {"description": "Sample data shown once loaded, any JSON, as the screen file gives it."}
             }}
            """#),
        ("EdgeInsets", #"""
            {"type": "object", "required": ["top", "leading", "bottom", "trailing"], "additionalProperties": false,
             "properties": {"top": {"$ref": "#/$defs/Size"}, "leading": {"$ref": "#/$defs/Size"}, "bottom": {"$ref": "#/$defs/Size"}, "trailing": {"$ref": "#/$defs/Size"}}}
            """#),
        ("LayoutNode", node),
    ]

    private static let palette: String = {
        let tokens = PaletteToken.allCases.map(\.rawValue)
        let properties = tokens.map { "\(JSONText.string($0)): {\"$ref\": \"#/$defs/Color\"}" }.joined(separator: ", ")
        return #"""
            {"type": "object", "required": \#(JSONText.strings(tokens)), "additionalProperties": false,
             "description": "Every palette token's colour in the document's theme.",
             "properties": {\#(properties)}}
            """#
    }()

    /// Modifiers apply in SwiftUI's order: padding, the frame (minHeight, maxWidth), background,
    /// then the clip to cornerRadius.
    private static let node = #"""
        {"type": "object", "required": ["type"], "additionalProperties": false,
         "description": "A node of the skeleton tree. Each type has exactly the members it needs, all written. Nesting is at most 32 levels; at most 10,000 nodes once repeats are expanded.",
         "properties": {
           "type": {"enum": \#(JSONText.strings(NodeMembers.types))},
           "id": {"$ref": "#/$defs/NodeID"},
           "padding": {"$ref": "#/$defs/EdgeInsets"},
           "minHeight": {"$ref": "#/$defs/Size"},
           "maxWidth": {"const": "fill", "description": "The node takes all the width its parent offers."},
           "background": {"$ref": "#/$defs/PaletteToken"},
           "cornerRadius": {"$ref": "#/$defs/Size", "description": "A block's shape radius; on other nodes, the radius the background is clipped to."},
           "clip": {"type": "boolean"},
           "shimmer": {"type": "boolean", "description": "true where a shimmer group starts: it spans this node's bounds and paints every block inside it."},
           "axis": {"enum": ["vertical", "horizontal"]},
           "spacing": {"$ref": "#/$defs/Size"},
           "alignment": {"enum": ["leading", "center", "trailing", "top", "bottom"], "description": "leading, center or trailing in a vertical stack; top, center or bottom in a horizontal one."},
           "children": {"type": "array", "maxItems": 10000, "items": {"$ref": "#/$defs/LayoutNode"}, "description": "At most 256, unless expand=true spliced the copies of repeats in."},
           "scrollEnabled": {"const": false, "description": "Skeletons never scroll."},
           "child": {"$ref": "#/$defs/LayoutNode"},
           "width": {"anyOf": [{"$ref": "#/$defs/Size"}, {"const": "fill"}]},
           "height": {"$ref": "#/$defs/Size"},
           "shape": {"enum": ["rect", "capsule", "circle"]},
           "corners": {"type": "array", "uniqueItems": true, "maxItems": 4, "items": {"enum": ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]},
                       "description": "The rounded corners when not all four are."},
           "fill": {"$ref": "#/$defs/PaletteToken"},
           "lines": {"type": "integer", "minimum": 1, "maximum": 100},
           "lineHeight": {"$ref": "#/$defs/Size"},
           "lineSpacing": {"$ref": "#/$defs/Size"},
           "lastLineFraction": {"type": "number", "exclusiveMinimum": 0, "maximum": 1, "description": "The last line's share of the width."},
           "opacity": {"type": "number", "minimum": 0, "maximum": 1},
           "thickness": {"$ref": "#/$defs/Size"},
           "count": {"type": "integer", "minimum": 0, "maximum": 100, "description": "child, this many times."}
         },
         "allOf": \#(NodeTypeRules.rules(required: [
             "stack": ["axis", "spacing", "alignment", "children"],
             "scroll": ["axis", "scrollEnabled", "child"],
             "block": ["width", "height", "cornerRadius", "shape", "fill"],
             "text": ["lines", "lineHeight", "lineSpacing", "lastLineFraction"],
             "divider": ["opacity", "thickness"],
             "repeat": ["count", "child"],
         ]))}
        """#
}
