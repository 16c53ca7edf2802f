// A paragraph's words as the browser laid them out, and greedy line breaking of them at other widths.

/** The most words of a paragraph measured one by one (each a range's layout read): a longer one is wrapped by its slack. */
const MOST_WORDS = 2000;

/** Whether a fragment lies inside the float's border box (the drop cap's letter is its own fragment). */
const inside = (fragment, box) => box && fragment.top < box.bottom && fragment.bottom > box.top && fragment.left >= box.left - 1 && fragment.right <= box.right + 1;

/** The bounds of a range's fragments, those inside `box` left out; null when none is left. */
function extent(range, box) {
  const fragments = [...range.getClientRects()].filter((fragment) => fragment.width >= 0.5 && !inside(fragment, box));
  if (fragments.length === 0) return null;
  return {
    left: Math.min(...fragments.map((fragment) => fragment.left)),
    right: Math.max(...fragments.map((fragment) => fragment.right)),
    top: Math.min(...fragments.map((fragment) => fragment.top)),
  };
}

/**
 * The paragraph's words in reading order, each `{ width, gap }`: its width as laid out (the part
 * inside the leading float `box`, a drop cap's letter, left out) and the space before it (0 for
 * the first; on another line than the word before, the paragraph's widest space on one line).
 * Words are the runs between white space, across inline children; one split over two lines (a
 * broken long word) ends the list: null then, and when there are no words or more than MOST_WORDS.
 */
export function wordsOf(element, box) {
  const nodes = [];
  if (element.nodeType === Node.TEXT_NODE) nodes.push(element);
  else for (const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT); walker.nextNode();) nodes.push(walker.currentNode);
  const words = [];
  let glued = false;
  const range = document.createRange();
  for (const node of nodes) {
    for (const match of node.textContent.matchAll(/\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const at = extent(range, box);
      if (!at) continue;
      const previous = words[words.length - 1];
      const sameLine = previous && Math.abs(previous.top - at.top) < 1;
      // Text that runs on from the node before (`foo<b>bar</b>`) is one word with it.
      if (glued && match.index === 0 && previous) {
        if (!sameLine) return null;
        Object.assign(previous, { left: Math.min(previous.left, at.left), right: Math.max(previous.right, at.right) });
      } else {
        words.push({ ...at, gap: sameLine ? Math.max(at.left - previous.right, previous.left - at.right, 0) : null });
        if (words.length > MOST_WORDS) return null;
      }
    }
    glued = /\S$/.test(node.textContent);
  }
  if (words.length === 0) return null;
  const spaces = words.map((word) => word.gap).filter((gap) => gap !== null);
  const space = spaces.length > 0 ? Math.max(...spaces) : 0;
  return words.map((word, index) => ({ width: word.right - word.left, gap: index === 0 ? 0 : word.gap ?? space }));
}

/**
 * Greedy breaking of `words` at content width `width`: each line takes words while they fit (a
 * word wider than the line alone on it), the first `short` lines `indent` narrower (beside a
 * float). `lines` its line count, `slack` the room left at the ends of its full lines (all but
 * the last), summed.
 */
export function wrapWords(words, width, short = 0, indent = 0) {
  let lines = 1;
  let used = 0;
  let slack = 0;
  const room = () => (lines <= short ? width - indent : width);
  for (const [index, word] of words.entries()) {
    if (index > 0 && used + word.gap + word.width > room() + 0.01) {
      slack += Math.max(0, room() - used);
      lines += 1;
      used = word.width;
    } else {
      used += (index > 0 ? word.gap : 0) + word.width;
    }
  }
  return { lines, slack };
}

/**
 * The room a full line of `words` typically leaves at its end: the mean over greedy breaking
 * (`wrapWords`) at content widths 80% to 150% of `width`, 1% apart (where capture predicts its
 * lines); null when no width wraps it.
 */
export function typicalSlack(words, width, short = 0, indent = 0) {
  let slack = 0;
  let full = 0;
  for (let step = 80; step <= 150; step++) {
    const wrapped = wrapWords(words, (width * step) / 100, short, indent);
    slack += wrapped.slack;
    full += wrapped.lines - 1;
  }
  return full === 0 ? null : slack / full;
}
