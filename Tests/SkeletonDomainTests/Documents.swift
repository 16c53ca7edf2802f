import Layouts
import SkeletonDomain
import Testing

/// The built-in catalog's documents, parsed from their encoded bytes.
enum Documents {
    static let catalog = Catalog.builtIn

    /// Every (screen, options) the catalog serves.
    static let allOptions: [(screen: String, options: LayoutOptions)] = catalog.screens.flatMap { screen in
        screen.variants.flatMap { variant in
            Theme.allCases.flatMap { theme in
                Motion.allCases.flatMap { motion in
                    Direction.allCases.flatMap { direction in
                        [false, true].map { expand in
                            (
                                screen.id,
                                LayoutOptions(
                                    theme: theme, motion: motion, variant: variant, direction: direction,
                                    expand: expand)
                            )
                        }
                    }
                }
            }
        }
    }

    static func parsed(_ screen: String, _ options: LayoutOptions = LayoutOptions()) throws -> JSON {
        let document = try #require(catalog.document(screen: screen, options: options))
        return try JSON.parse(document.bytes)
    }

    static func expanded(_ screen: String, variant: String = "default") throws -> JSON {
        try parsed(screen, LayoutOptions(variant: variant, expand: true))
    }
}

extension JSON {
    /// This node and every node below it, depth first.
    var nodes: [JSON] {
        [self] + self["children"].map { $0.array.flatMap(\.nodes) }.orEmpty + (self["child"]?.nodes).orEmpty
    }

    func node(id: String) -> JSON? {
        nodes.first { $0["id"]?.string == id }
    }

    /// Each block below, in order, as `"135x178 r12 rect"` (`fill` for a fill width).
    var blockSignatures: [String] {
        nodes.filter { $0["type"]?.string == "block" }.map { block in
            let width = block["width"]!["points"]?.number?.formatted ?? block["width"]!["kind"]!.string!
            return "\(width)x\(block["height"]!.number!.formatted) r\(block["cornerRadius"]!.number!.formatted) \(block["shape"]!.string!)"
        }
    }

    /// `{top, leading, bottom, trailing}` as an array, for compact expectations.
    var insets: [Double]? {
        guard let padding = self["padding"] else { return nil }
        return ["top", "leading", "bottom", "trailing"].compactMap { padding[$0]?.number }
    }
}

extension Double {
    var formatted: String {
        self == Double(Int(self)) ? String(Int(self)) : String(self)
    }
}

extension Optional where Wrapped == [JSON] {
    var orEmpty: [JSON] { self ?? [] }
}
