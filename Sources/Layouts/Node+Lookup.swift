extension Node {
    /// The first node of this tree (this one included), depth first and repeats unexpanded, whose
    /// `id` is `id`: an element's node, since an element's id is on exactly one node.
    func node(id: String) -> Node? {
        if self.id == id { return self }
        switch kind {
        case .stack(_, _, _, let children):
            for child in children {
                if let found = child.node(id: id) { return found }
            }
            return nil
        case .scroll(_, let child), .repeat(_, let child):
            return child.node(id: id)
        case .block, .text, .spacer, .divider:
            return nil
        }
    }
}
