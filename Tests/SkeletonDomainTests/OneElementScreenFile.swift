import Layouts
import SkeletonDomain

/// A screen file of one layout whose one element `e` loads in one stage, around a node tree given
/// as JSON text: what the tests of one node member's reading start from.
enum OneElementScreenFile {
    static func text(root: String) -> String {
        #"""
        {"id": "t", "title": "T", "animation": {"preset": "chat"},
         "stages": [{"id": "s", "title": "S", "readyMs": {"min": 1, "max": 2}}],
         "layouts": [{"variant": "default", "elements": [{"id": "e", "stage": "s", "accessibilityLabel": "L"}], "root": \#(root)}]}
        """#
    }

    /// The children of `root` (a stack) as the served document writes them.
    static func servedChildren(root: String) throws -> [JSON] {
        let screen = try ScreenFileDecoder.decode(Array(text(root: root).utf8))
        guard let bytes = Catalog(screens: [screen]).document(screen: "t", options: LayoutOptions())?.bytes else { return [] }
        return try JSON.parse(bytes)["root"]?["children"]?.array ?? []
    }

    /// The problems decoding `root`'s file reports, each as its description; none when it decodes.
    static func problems(root: String) -> [String] {
        do {
            _ = try ScreenFileDecoder.decode(Array(text(root: root).utf8))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }
}
