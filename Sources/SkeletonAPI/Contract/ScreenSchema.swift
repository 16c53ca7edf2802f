import Layouts

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

    static let document: [UInt8] = Array(#"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "$id": \#(JSONText.string(path)),
         "title": "Skeleton screen file (version 1)",
         "description": "One screen for --layouts DIR: its stages, its layouts and their skeleton trees, and its animation. Unknown members are errors everywhere except inside content. A file is at most 1 MiB with JSON nesting at most 64 deep; a directory holds at most 256 files; screen ids are unique across it.",
         "type": "object",
         "required": ["id", "title", "animation", "stages", "layouts"],
         "additionalProperties": false,
         "properties": {
           "$schema": {"type": "string", "maxLength": 4096, "description": "This schema's URL, for editors; ignored by the server."},
           "id": {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$", "description": "The screen id: /layouts/{id}."},
           "title": {"type": "string", "minLength": 1, "maxLength": 4096, "description": "At most 4,096 UTF-8 bytes."},
           "source": {"$ref": "#/$defs/Text", "default": "", "description": "The app and view the skeleton mirrors."},
           "assumptions": {"$ref": "#/$defs/Assumptions", "description": "Screen-wide; listed first in the served documents."},
           "animation": {"$ref": "#/$defs/Animation"},
           "stages": {"type": "array", "minItems": 1, "maxItems": 64, "items": {"$ref": "#/$defs/Stage"},
                      "description": "In loading order; ids unique. A stage with no element in the default layout is an error."},
           "layouts": {"type": "array", "minItems": 1, "maxItems": 8,
                       "prefixItems": [{"$ref": "#/$defs/Layout", "properties": {"variant": {"const": "default"}}}],
                       "items": {"$ref": "#/$defs/Layout"},
                       "description": "The first is variant default; variants unique."}
         },
         "$defs": {
           "Text": {"type": "string", "maxLength": 4096, "description": "At most 4,096 UTF-8 bytes."},
           "Assumptions": {"type": "array", "items": {"$ref": "#/$defs/Text"}, "default": [], "description": "In words, what the file assumes beyond its design sources."},
           "StageID": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$"},
           "Size": {"type": "number", "minimum": 0, "maximum": 10000, "description": "A length in points."},
           "PaletteToken": {"enum": \#(JSONText.strings(PaletteToken.allCases.map(\.rawValue))), "description": "A named colour of the palette: never a raw colour."},
           "Animation": {
             "type": "object", "additionalProperties": false,
             "properties": {
               "preset": {"$ref": "#/$defs/Preset", "description": "Takes the preset's shimmer, reducedShimmer, transition, timings and assumptions; a member given here replaces the preset's, and then the preset's assumptions are not listed."},
               "shimmer": {"anyOf": [{"$ref": "#/$defs/Preset"}, {"$ref": "#/$defs/Shimmer"}], "description": "A preset's name names that preset's shimmer. Required unless preset."},
               "reducedShimmer": {"anyOf": [{"$ref": "#/$defs/Preset"}, {"$ref": "#/$defs/Shimmer"}], "description": "Under Reduce Motion. Default: the preset's, else the static form of shimmer."},
               "transition": {"anyOf": [{"$ref": "#/$defs/Preset"}, {"$ref": "#/$defs/Transition"}], "description": "Required unless preset."},
               "minimumDisplayMs": {"type": "integer", "minimum": 0, "maximum": 60000, "default": 200, "description": "Default: the preset's, else 200."},
               "showDelayMs": {"type": "integer", "minimum": 0, "maximum": 60000, "default": 0, "description": "Default: the preset's, else 0."},
               "timeoutMs": {"type": "integer", "minimum": 1, "maximum": 600000, "default": 10000, "description": "Default: the preset's, else 10000."},
               "maxConcurrentShimmers": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000, "default": null,
                                         "description": "At most this many shimmer: true nodes per layout once repeats are expanded; null for no limit."}
             },
             "if": {"not": {"required": ["preset"]}},
             "then": {"required": ["shimmer", "transition"]}
           },
           "Preset": {"enum": ["finance", "chat", "movies"]},
           "Shimmer": {
             "type": "object", "required": ["kind", "application", "stops"], "additionalProperties": false,
             "description": "Colours are palette tokens. Points are unit points of the shimmer group's bounds.",
             "properties": {
               "kind": {"enum": ["gradient", "pulse", "static"]},
               "application": {"enum": ["overlay", "fill", "mask"], "description": "overlay: painted over the blocks; fill: painted as their fill; mask: multiplies their alpha."},
               "stops": {"type": "array", "minItems": 2, "maxItems": 16, "items": {"$ref": "#/$defs/Stop"}, "description": "Ascending locations."},
               "start": {"$ref": "#/$defs/PointMotion", "description": "gradient only, required there."},
               "end": {"$ref": "#/$defs/PointMotion", "description": "gradient only, required there."},
               "opacity": {"type": "object", "required": ["from", "to"], "additionalProperties": false,
                           "properties": {"from": {"$ref": "#/$defs/Opacity"}, "to": {"$ref": "#/$defs/Opacity"}},
                           "description": "pulse only, required there."},
               "durationMs": {"type": "integer", "minimum": 1, "maximum": 60000, "description": "One period; gradient and pulse, required there."},
               "curve": {"enum": ["linear", "easeIn", "easeOut", "easeInOut"], "default": "linear"},
               "autoreverses": {"type": "boolean", "default": false}
             },
             "allOf": [
               {"if": {"properties": {"kind": {"const": "gradient"}}, "required": ["kind"]},
                "then": {"required": ["start", "end", "durationMs"], "properties": {"opacity": false}}},
               {"if": {"properties": {"kind": {"const": "pulse"}}, "required": ["kind"]},
                "then": {"required": ["opacity", "durationMs"], "properties": {"start": false, "end": false}}},
               {"if": {"properties": {"kind": {"const": "static"}}, "required": ["kind"]},
                "then": {"propertyNames": {"enum": ["kind", "application", "stops"]}}}
             ]
           },
           "Opacity": {"type": "number", "minimum": 0, "maximum": 1},
           "Stop": {
             "type": "object", "required": ["token", "location"], "additionalProperties": false,
             "properties": {"token": {"$ref": "#/$defs/PaletteToken"}, "opacity": {"$ref": "#/$defs/Opacity", "default": 1}, "location": {"type": "number", "minimum": 0, "maximum": 1}}
           },
           "PointMotion": {
             "type": "object", "required": ["from", "to"], "additionalProperties": false,
             "properties": {"from": {"$ref": "#/$defs/UnitPoint"}, "to": {"$ref": "#/$defs/UnitPoint"}}
           },
           "UnitPoint": {
             "type": "object", "required": ["x", "y"], "additionalProperties": false,
             "properties": {"x": {"type": "number", "minimum": -10, "maximum": 10}, "y": {"type": "number", "minimum": -10, "maximum": 10}}
           },
           "Transition": {
             "type": "object", "required": ["skeletonExit", "contentEnter", "curve"], "additionalProperties": false,
             "description": "Exactly the served shape.",
             "properties": {
               "skeletonExit": {"$ref": "#/$defs/Appearance"},
               "contentEnter": {"$ref": "#/$defs/Appearance"},
               "curve": {"oneOf": [
                 {"type": "object", "required": ["type", "responseMs", "dampingFraction"], "additionalProperties": false,
                  "properties": {"type": {"const": "spring"}, "responseMs": {"$ref": "#/$defs/CurveMs"}, "dampingFraction": {"type": "number", "exclusiveMinimum": 0, "maximum": 10}}},
                 {"type": "object", "required": ["type", "durationMs"], "additionalProperties": false,
                  "properties": {"type": {"enum": ["linear", "easeIn", "easeOut", "easeInOut"]}, "durationMs": {"$ref": "#/$defs/CurveMs"}}}
               ]}
             }
           },
           "CurveMs": {"type": "integer", "minimum": 1, "maximum": 60000},
           "Appearance": {
             "type": "object", "required": ["opacity", "scale"], "additionalProperties": false,
             "properties": {"opacity": {"$ref": "#/$defs/Opacity"}, "scale": {"type": "number", "minimum": 0, "maximum": 10}}
           },
           "Range": {
             "type": "object", "required": ["min", "max"], "additionalProperties": false, "description": "min <= max.",
             "properties": {"min": {"$ref": "#/$defs/RangeMs"}, "max": {"$ref": "#/$defs/RangeMs"}}
           },
           "RangeMs": {"type": "integer", "minimum": 0, "maximum": 600000},
           "Stage": {
             "type": "object", "required": ["id", "title", "readyMs"], "additionalProperties": false,
             "properties": {
               "id": {"$ref": "#/$defs/StageID"},
               "title": {"$ref": "#/$defs/Text"},
               "readyMs": {"$ref": "#/$defs/Range", "description": "When the stage is ready in the typical scenario, drawn by the seed."},
               "after": {"$ref": "#/$defs/StageID", "description": "readyMs counts from this earlier stage's time."},
               "scenarios": {"type": "object", "additionalProperties": false,
                             "description": "Ranges replacing the derived ones (typical is readyMs).",
                             "properties": {"instant": {"$ref": "#/$defs/Range"}, "slow": {"$ref": "#/$defs/Range"}, "timeout": {"$ref": "#/$defs/Range"}, "error": {"$ref": "#/$defs/Range"}}}
             }
           },
           "Layout": {
             "type": "object", "required": ["variant", "elements", "root"], "additionalProperties": false,
             "properties": {
               "variant": {"type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]{0,31}$", "description": "?variant= on /layouts/{id}."},
               "elements": {"type": "array", "minItems": 1, "maxItems": 256, "items": {"$ref": "#/$defs/Element"},
                            "description": "Ids unique in the layout, each on exactly one node of root (repeats unexpanded), each stage one of stages."},
               "root": {"$ref": "#/$defs/Node"},
               "assumptions": {"$ref": "#/$defs/Assumptions"}
             }
           },
           "Element": {
             "type": "object", "required": ["id", "stage", "accessibilityLabel"], "additionalProperties": false,
             "properties": {
               "id": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$"},
               "stage": {"$ref": "#/$defs/StageID"},
               "accessibilityLabel": {"$ref": "#/$defs/Text", "description": "What assistive technology announces while the element loads."},
               "content": {"description": "Sample data shown once loaded: any JSON, at most 65,536 bytes once encoded; served with the element."}
             }
           },
           "EdgeInsets": {
             "type": "object", "additionalProperties": false,
             "properties": {"top": {"$ref": "#/$defs/Size", "default": 0}, "leading": {"$ref": "#/$defs/Size", "default": 0},
                            "bottom": {"$ref": "#/$defs/Size", "default": 0}, "trailing": {"$ref": "#/$defs/Size", "default": 0}}
           },
           "Node": {
             "type": "object", "required": ["type"], "additionalProperties": false,
             "description": "A node of the skeleton tree; omitted members take their defaults. Nesting is at most 32 levels; at most 10,000 nodes once repeats are expanded; at most maxConcurrentShimmers shimmer: true nodes.",
             "properties": {
               "type": {"enum": \#(JSONText.strings(NodeMembers.types))},
               "id": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,63}$", "description": "Required on each element's node."},
               "padding": {"$ref": "#/$defs/EdgeInsets"},
               "minHeight": {"$ref": "#/$defs/Size"},
               "maxWidth": {"const": "fill", "description": "The node takes all the width its parent offers."},
               "background": {"$ref": "#/$defs/PaletteToken"},
               "cornerRadius": {"$ref": "#/$defs/Size", "default": 0, "description": "A block's shape radius; on other nodes, the radius the background is clipped to."},
               "clip": {"type": "boolean", "default": false},
               "shimmer": {"type": "boolean", "default": false, "description": "true where a shimmer group starts."},
               "axis": {"enum": ["vertical", "horizontal"], "default": "vertical", "description": "stack and scroll."},
               "spacing": {"$ref": "#/$defs/Size", "default": 0, "description": "stack."},
               "alignment": {"enum": ["leading", "center", "trailing", "top", "bottom"], "default": "center", "description": "stack: leading, center or trailing when vertical; top, center or bottom when horizontal."},
               "children": {"type": "array", "maxItems": 256, "items": {"$ref": "#/$defs/Node"}, "description": "stack, required there."},
               "scrollEnabled": {"const": false, "default": false, "description": "scroll: skeletons never scroll."},
               "child": {"$ref": "#/$defs/Node", "description": "scroll and repeat, required there."},
               "width": {"anyOf": [{"$ref": "#/$defs/Size"}, {"const": "fill"}], "default": "fill", "description": "block."},
               "height": {"$ref": "#/$defs/Size", "description": "block, required there."},
               "shape": {"enum": ["rect", "capsule", "circle"], "default": "rect", "description": "block."},
               "corners": {"type": "array", "uniqueItems": true, "maxItems": 4, "items": {"enum": ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]},
                           "description": "block: the rounded corners when not all four are."},
               "fill": {"$ref": "#/$defs/PaletteToken", "default": "base", "description": "block."},
               "lines": {"type": "integer", "minimum": 1, "maximum": 100, "description": "text, required there."},
               "lineHeight": {"$ref": "#/$defs/Size", "description": "text, required there."},
               "lineSpacing": {"$ref": "#/$defs/Size", "default": 0, "description": "text."},
               "lastLineFraction": {"type": "number", "exclusiveMinimum": 0, "maximum": 1, "default": 1, "description": "text: the last line's share of the width."},
               "opacity": {"$ref": "#/$defs/Opacity", "default": 1, "description": "divider."},
               "thickness": {"$ref": "#/$defs/Size", "default": 1, "description": "divider."},
               "count": {"type": "integer", "minimum": 0, "maximum": 100, "description": "repeat, required there: child, this many times."}
             },
             "allOf": \#(NodeTypeRules.rules(required: [
                 "stack": ["children"],
                 "scroll": ["child"],
                 "block": ["height"],
                 "text": ["lines", "lineHeight"],
                 "repeat": ["count", "child"],
             ]))
           }
         }}
        """#.utf8)
}
