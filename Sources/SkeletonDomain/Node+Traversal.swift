import Layouts

extension Node {
    /// This node and all below it, depth first, repeats unexpanded.
    func forEach(_ body: (Node) -> Void) {
        body(self)
        switch kind {
        case .stack(_, _, _, let children):
            for child in children { child.forEach(body) }
        case .scroll(_, let child), .repeat(_, let child):
            child.forEach(body)
        case .block, .text, .spacer, .divider:
            break
        }
    }

    /// The nodes of this tree that satisfy `counted`, repeats expanded (a repeat itself not
    /// counted); saturates at `Int.max / 2` rather than overflow, for trees from untrusted files.
    func expandedCount(_ counted: (Node) -> Bool) -> Int {
        let own = counted(self) ? 1 : 0
        switch kind {
        case .stack(_, _, _, let children):
            return children.reduce(own) { min($0 + $1.expandedCount(counted), Int.max / 2) }
        case .scroll(_, let child):
            return own + child.expandedCount(counted)
        case .repeat(let count, let child):
            let (product, overflow) = count.multipliedReportingOverflow(by: child.expandedCount(counted))
            return overflow ? Int.max / 2 : min(product, Int.max / 2)
        case .block, .text, .spacer, .divider:
            return own
        }
    }

    /// How many nodes carry each id once repeats are expanded (a copy keeps its node's id here,
    /// where the engines suffix it `[i]`); saturates as `expandedCount` does.
    func expandedIDCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        addIDs(times: 1, to: &counts)
        return counts
    }

    private func addIDs(times: Int, to counts: inout [String: Int]) {
        if let id { counts[id] = min(counts[id, default: 0] + times, Int.max / 2) }
        switch kind {
        case .stack(_, _, _, let children):
            for child in children { child.addIDs(times: times, to: &counts) }
        case .scroll(_, let child):
            child.addIDs(times: times, to: &counts)
        case .repeat(let count, let child):
            let (product, overflow) = times.multipliedReportingOverflow(by: count)
            child.addIDs(times: overflow ? Int.max / 2 : min(product, Int.max / 2), to: &counts)
        case .block, .text, .spacer, .divider:
            break
        }
    }
}
