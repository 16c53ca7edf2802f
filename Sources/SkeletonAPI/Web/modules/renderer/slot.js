// One element of a screen (its state and where it is drawn), and finding a node by element id.

/** One element of the screen: its loading state and where it is drawn. */
export class ElementSlot {
  constructor(info, node) {
    this.id = info.id;
    this.info = info;
    this.node = node;
    this.state = 'loading';
    this.error = null;
    this.element = null;
    this.view = null;
    this.group = null;
    this.shownAt = 0;
    this.timer = null;
    /** The `timeoutMs` timer: fails the element if it is still loading then. */
    this.deadline = null;
    /** Retried: its data is asked for on its own, and the session's states no longer settle it. */
    this.retried = false;
    /** In place: the `<skeleton-element>` showing this element (its parts), or null while none does. */
    this.wrapper = null;
    /** In place: whether an ancestor of the node shimmers (the wrapper's box is then its group). */
    this.shimmers = false;
    /** Driven by its wrapper's `loading` and `error` (declared): the session's states no longer settle it. */
    this.declared = false;
    /** The instant its wrapper alone is frozen at (its `at`), else null. */
    this.frozenAt = null;
    /** Whether its box is a row's child: a stretched framed block's shape then fills the box's height. */
    this.inRow = false;
  }
}

/** The node whose `id` is `id` in `node`'s tree, with whether an ancestor of it shimmers; or null. */
export function findNode(node, id, shimmers = false) {
  if (!node) return null;
  if (node.id === id) return { node, shimmers };
  for (const child of node.children ?? (node.child ? [node.child] : [])) {
    const found = findNode(child, id, shimmers || node.shimmer);
    if (found) return found;
  }
  return null;
}
