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
