import Layouts

/// The checks on a decoded layout tree that need the whole tree: each element on exactly one
/// node, the shimmer groups within `maxConcurrentShimmers` and the expanded size within bounds.
/// Reports at the layout's `root` or `elements`; true when the tree passes.
enum TreeCheck {
    static func passes(root: Node, elements: [Element], limit: Int?, at pointer: String, reader: inout ValueReader) -> Bool {
        var passes = true
        var idCounts: [String: Int] = [:]
        root.forEach { node in
            if let id = node.id { idCounts[id, default: 0] += 1 }
        }
        for (index, element) in elements.enumerated() where idCounts[element.id] != 1 {
            let count = idCounts[element.id] ?? 0
            reader.report(pointer + "/elements/\(index)/id", count == 0 ? "element \"\(element.id)\" is on no node of root" : "element \"\(element.id)\" is the id of \(count) nodes; it must be on exactly one")
            passes = false
        }
        let nodes = root.expandedCount { _ in true }
        if nodes > ScreenFileLimits.maxExpandedNodes {
            reader.report(pointer + "/root", "\(nodes) nodes once repeats are expanded; at most \(ScreenFileLimits.maxExpandedNodes)")
            passes = false
        }
        if let limit {
            let shimmers = root.expandedCount(\.startsShimmer)
            if shimmers > limit {
                reader.report(pointer + "/root", "\(shimmers) shimmer groups once repeats are expanded; maxConcurrentShimmers is \(limit)")
                passes = false
            }
        }
        return passes
    }
}
