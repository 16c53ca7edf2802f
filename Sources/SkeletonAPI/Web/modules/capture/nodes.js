// Shaping nodes: grid tracks, auto margins, the second and wider widths, pseudo-element blocks, fluid and fixed sizes, repeats.

import { CAPTURE_LIMITS, SKIPPED, round, size } from './limits.js';
import { colorOf, insets, radius } from './paint.js';
import { hasText, lineBoxes, runRect, textRuns } from './text.js';

/** A grid's column tracks in px, from its resolved `grid-template-columns` (line names left out), or null when it lists anything else. */
export function trackSizes(style) {
  const tracks = style.gridTemplateColumns.replace(/\[[^\]]*\]/g, ' ').trim().split(/\s+/);
  return tracks.every((track) => /^[\d.]+px$/.test(track)) ? tracks.map(parseFloat) : null;
}

/** A flex item's `auto` margins in reading order (`before` its leading side, `after` its trailing one), or null. */
export function autoMargins(element, rtl) {
  const map = element.computedStyleMap?.();
  if (!map) return null;
  const auto = (side) => String(map.get(`margin-${side}`)) === 'auto';
  const [before, after] = rtl ? [auto('right'), auto('left')] : [auto('left'), auto('right')];
  return before || after ? { before, after } : null;
}

/** A box's margin on its trailing side, in px (0 when auto). */
export function trailingMargin(element, rtl) {
  return parseFloat(getComputedStyle(element)[rtl ? 'marginLeft' : 'marginRight']) || 0;
}

/** The root's width, as the file's `captureWidth` takes it (120 to 10,000). */
export const captureWidth = (box) => Math.min(CAPTURE_LIMITS.maxSize, Math.max(120, Math.round(box.width)));

/**
 * The page at other widths of the root. `second`: each element's box under `root` (as deep and
 * as many as a capture reaches), each paragraph's line boxes and each grid's column tracks, with
 * the root 80% as wide (narrower: a fluid paragraph wraps into more lines there, the more waste
 * at their ends), or null when it does not narrow. `wider`: each paragraph's box and line boxes
 * with the root 150% as wide, or null when it does not widen, and `widerBoxes` each element's
 * box there (a flex item squeezed at 80% but no wider at 150% is not fluid). The root's `style` attribute is set
 * for each measurement (its own width last, `!important`) and put back as it was (or removed), as
 * are the scroll positions of the page, of the root's ancestors and of the elements under it: the
 * page is left exactly as it was.
 */
export function otherWidths(root, box) {
  const elements = [];
  const walk = [[root, 0]];
  while (walk.length > 0 && elements.length <= CAPTURE_LIMITS.maxExpandedNodes) {
    const [element, depth] = walk.pop();
    elements.push(element);
    if (depth < CAPTURE_LIMITS.maxNodeDepth) for (const child of element.children) if (!SKIPPED.has(child.tagName.toUpperCase())) walk.push([child, depth + 1]);
  }
  const around = [];
  for (let at = root.parentElement; at; at = at.parentElement) around.push(at);
  const scrolled = [...elements, ...around].filter((element) => element.scrollTop || element.scrollLeft).map((element) => [element, element.scrollTop, element.scrollLeft]);
  const page = [window.scrollX, window.scrollY];
  const style = root.getAttribute('style');
  try {
    // Through the attribute, not `root.style`: Chromium writes a CSSOM change back to the
    // attribute lazily, which could bring back an empty `style=""` after it is removed.
    const resize = (width) => root.setAttribute('style', `${style ?? ''};width:${round(width)}px !important`);
    const runs = elements.flatMap(textRuns);
    const paragraphs = [...elements.filter(hasText), ...runs];
    resize(box.width * 0.8);
    const second = box.width - root.getBoundingClientRect().width < 1 ? null : {
      boxes: new Map([...elements.map((element) => [element, element.getBoundingClientRect()]), ...runs.map((run) => [run, runRect(run)])]),
      lines: new Map(paragraphs.map((element) => [element, lineBoxes(element)])),
      tracks: new Map(elements.filter((element) => getComputedStyle(element).display.endsWith('grid')).map((element) => [element, trackSizes(getComputedStyle(element))])) };
    resize(Math.min(CAPTURE_LIMITS.maxSize, box.width * 1.5));
    const widened = root.getBoundingClientRect().width - box.width >= 1;
    const wider = !widened ? null
      : new Map(paragraphs.map((element) => [element, { rect: element.nodeType === Node.TEXT_NODE ? runRect(element) : element.getBoundingClientRect(), lines: lineBoxes(element) }]));
    const widerBoxes = widened ? new Map(elements.map((element) => [element, element.getBoundingClientRect()])) : null;
    return { second, wider, widerBoxes };
  } finally {
    if (style === null) root.removeAttribute('style');
    else root.setAttribute('style', style);
    for (const [element, top, left] of scrolled) Object.assign(element, { scrollTop: top, scrollLeft: left });
    window.scrollTo(page[0], page[1]);
  }
}

/** `::before` or `::after` (both when `which` is not given) that paint a box of their own, as blocks. */
export function pseudoBlocks(element, which) {
  const blocks = [];
  for (const pseudo of which ? [which] : ['::before', '::after']) {
    const style = getComputedStyle(element, pseudo);
    if (style.content === 'none' || style.content === 'normal' || style.display === 'none' || style.position === 'absolute' || style.position === 'fixed') continue;
    const width = parseFloat(style.width);
    const height = parseFloat(style.height);
    if (!(width > 0 && height > 0) || !(colorOf(style.backgroundColor) || style.backgroundImage !== 'none')) continue;
    blocks.push({ node: { type: 'block', width: size(width), height: size(height), ...(radius(style, { width, height }) ? { cornerRadius: radius(style, { width, height }) } : {}) }, rect: pseudoRect(element, pseudo, width, height), grows: false });
  }
  return blocks;
}

/** Where a pseudo-element box lies: at the start (::before) or end (::after) of its element's content box. */
function pseudoRect(element, pseudo, width, height) {
  const box = element.getBoundingClientRect();
  const inset = insets(getComputedStyle(element));
  const top = pseudo === '::before' ? box.top + inset.top : box.bottom - inset.bottom - height;
  const left = box.left + inset.left;
  return { top, bottom: top + height, left, right: left + width, width, height };
}

export function bounds(items) {
  const top = Math.min(...items.map((item) => item.rect.top));
  const bottom = Math.max(...items.map((item) => item.rect.bottom));
  const left = Math.min(...items.map((item) => item.rect.left));
  const right = Math.max(...items.map((item) => item.rect.right));
  return { top, bottom, left, right, width: right - left, height: bottom - top };
}

export function addPadding(node, extra) {
  const padding = node.padding ?? { top: 0, leading: 0, bottom: 0, trailing: 0 };
  for (const side of Object.keys(extra)) padding[side] = size((padding[side] ?? 0) + Math.max(0, extra[side]));
  if (Object.values(padding).some((value) => value > 0)) node.padding = padding;
  else delete node.padding;
}

/** A stack of one child that paints nothing: the child, the stack's padding added to its own. */
export function unwrapped(stack) {
  const child = stack.children[0];
  if (stack.padding) addPadding(child, stack.padding);
  if (stack.maxWidth) fill(child);
  return child;
}

/**
 * Whether `child` (of computed `style`) draws nothing in its parent's flow: not displayed, not
 * visible, fixed (its containing block the viewport, outside any root; a sticky box is in flow),
 * or in content the page skips (a closed <details>'s: checkVisibility).
 */
export const unseen = (child, style) => style.display === 'none' || style.visibility !== 'visible' || style.position === 'fixed' || child.checkVisibility?.() === false;

/**
 * The margin below `element` (of computed style `own`) with the margins it collapses with through
 * its bottom (its last child's, while it has no bottom padding or border and an automatic height:
 * CSS 2.1 §8.3.1), px: what lies inside a box around it that is a formatting context of its own
 * (a list's last item's).
 */
export function marginBelow(element, own = getComputedStyle(element)) {
  let margin = 0;
  for (let at = element; at; at = at.lastElementChild) {
    const style = at === element ? own : getComputedStyle(at);
    margin = Math.max(margin, parseFloat(style.marginBottom) || 0);
    if (!/^(block|list-item)$/.test(style.display) || style.overflow !== 'visible' || parseFloat(style.paddingBottom) || parseFloat(style.borderBottomWidth) || String(at.computedStyleMap?.().get('height')) !== 'auto') break;
  }
  return margin;
}

/**
 * `rect`, the box of `element` (of computed `style`), from the top of a child pulled above it by a
 * negative top margin (an avatar over its profile's cover) or moved above it (shiftedBy: a featured
 * card raised), when the box paints nothing there: its node, drawn from its children, starts where
 * they do.
 */
export function pulledUp(element, style, rect) {
  if (colorOf(style.backgroundColor) || style.backgroundImage !== 'none' || parseFloat(style.borderTopWidth) > 0) return rect;
  let top = rect.top;
  for (const child of element.children) {
    const own = getComputedStyle(child);
    if ((parseFloat(own.marginTop) < 0 || shiftedBy(child, own) < 0) && own.position !== 'absolute' && own.position !== 'fixed' && own.display !== 'none') top = Math.min(top, child.getBoundingClientRect().top);
  }
  return top < rect.top - 0.5 ? new DOMRect(rect.x, top, rect.width, rect.bottom - top) : rect;
}

/** How far down (px; up when negative) a transform that only moves it vertically draws a box with children (`translateY(-8px)`: a featured card raised over its row), else 0. */
export function shiftedBy(element, style) {
  const moved = element.children.length > 0 ? /^matrix\(1, 0, 0, 1, 0, (-?[\d.e-]+)\)$/.exec(style.transform) : null;
  return moved ? Number(moved[1]) : 0;
}

/** Whether an item of computed `style` of a flex box of computed `own` style is aligned to its cross end (`align-self`, or `align-items` for `auto`). */
export function endAligned(style, own) {
  const self = style.alignSelf;
  return /end$/.test(/^(auto|normal)$/.test(self) ? own.alignItems : self);
}

/** Whether an element in flow follows `element` (an element or a run of text) among its siblings. */
export function followedInFlow(element) {
  for (let at = element?.nextElementSibling ?? null; at; at = at.nextElementSibling) {
    const style = getComputedStyle(at);
    if (style.display !== 'none' && style.position !== 'absolute' && style.position !== 'fixed') return true;
  }
  return false;
}

/** Whether `element` is an item of a flex box (through `display: contents`) that does not grow: it may only shrink. */
export function squeezable(element) {
  if (element.nodeType !== Node.ELEMENT_NODE || parseFloat(getComputedStyle(element).flexGrow) > 0) return false;
  let parent = element.parentElement;
  while (parent && getComputedStyle(parent).display === 'contents') parent = parent.parentElement;
  return parent !== null && getComputedStyle(parent).display.endsWith('flex');
}

/** Whether `child` (of `style`), an item of a grid or a flex row (of `own`), is stretched across its row. */
export function stretches(own, style, child) {
  const align = style.alignSelf === 'auto' ? own.alignItems : style.alignSelf;
  return (align === 'normal' || align === 'stretch') && String(child.computedStyleMap?.().get('height')) === 'auto';
}

/** Whether the node is a block narrower than the box it stands for (the only child of a wider box): it keeps its width. */
export const narrower = (node, rect) => node.type === 'block' && typeof node.width === 'number' && node.width < rect.width - 1;

/** The node takes all the width its parent offers. */
export function fill(node) {
  if (node.type === 'block') node.width = 'fill';
  else if (node.type === 'text') node.width = { kind: 'fill' };
  else if (node.type === 'stack' || node.type === 'scroll') {
    node.maxWidth = 'fill';
    delete node.width;
  }
}

/** The node, greedy in a row, takes `share` parts of its free width. */
export function grow(node, share) {
  if (share === 1) return;
  delete node.maxWidth;
  node.width = { kind: 'fill', grow: share };
}

/**
 * A flex item that grows from a basis in points (`flex: 1 1 200px`: grow above 0, shrink 1, a
 * basis in px): its grow and its basis as a border box (a content-box basis with its padding and
 * borders added), as a fill width takes them; null for any other item.
 */
export function flexBasis(element) {
  if (element?.nodeType !== Node.ELEMENT_NODE) return null;
  const style = getComputedStyle(element);
  const grow = parseFloat(style.flexGrow);
  if (!(grow > 0) || parseFloat(style.flexShrink) !== 1 || !/^-?[\d.]+px$/.test(style.flexBasis)) return null;
  const inset = style.boxSizing === 'border-box' ? 0 : ['Left', 'Right'].reduce((total, side) => total + (parseFloat(style[`padding${side}`]) || 0) + (parseFloat(style[`border${side}Width`]) || 0), 0);
  return { kind: 'fill', grow: Math.min(100, round(grow)), basis: size(Math.max(0, parseFloat(style.flexBasis)) + inset) };
}

/** `stack` (a wrapping or column stack of a box of computed `style`) with `rowSpacing` where its row gap is not its spacing. */
export function addRowSpacing(stack, style) {
  const rowGap = parseFloat(style.rowGap) || 0;
  if (Math.abs(rowGap - stack.spacing) >= 0.005) stack.rowSpacing = size(rowGap);
}

/** The `max-width` of a box of computed `style` (or none) as a border box where it is a length (px), else null. */
export function widthLimit(style) {
  if (!style?.maxWidth.endsWith('px')) return null;
  const inset = style.boxSizing === 'border-box' ? { left: 0, right: 0 } : insets(style);
  return parseFloat(style.maxWidth) + inset.left + inset.right;
}

/** The percentage (of its containing block's width) of `element`'s left and right padding where both are that same percentage (`padding: 24px 4%`), else null. */
export function paddingShare(element) {
  const map = element.computedStyleMap?.();
  const [left, right] = ['left', 'right'].map((side) => map?.get(`padding-${side}`));
  return left?.unit === 'percent' && right?.unit === 'percent' && left.value === right.value && left.value > 0 && left.value < 50 ? left.value : null;
}

/** The `min-height` of a box of computed `style` as a border box where it is a length above 0 (px), else null. */
export function heightFloor(style) {
  if (!style.minHeight.endsWith('px') || !(parseFloat(style.minHeight) > 0)) return null;
  const inset = style.boxSizing === 'border-box' ? { top: 0, bottom: 0 } : insets(style);
  return parseFloat(style.minHeight) + inset.top + inset.bottom;
}

/**
 * A percentage of its containing block's width (`value`, a computed style value) as a share of
 * it for a box of computed `style`: 0.7 for 70% on a border box or a box with no padding or border
 * (a content box's padding would lie outside the share); else null.
 */
function share(value, style) {
  if (value?.unit !== 'percent' || !(value.value > 0) || value.value > 100) return null;
  const inset = insets(style);
  return style.boxSizing === 'border-box' || inset.left + inset.right < 0.5 ? Math.round(value.value * 100) / 10000 : null;
}

/** The share of its containing block's width a box `element` (of computed `style`) may take by its `max-width` (70%: a chat bubble), else null. */
export const limitShare = (element, style) => share(element.computedStyleMap?.().get('max-width'), style);

/**
 * The share of its containing block's width a box `element` (of computed `style`) is given by a
 * percentage `width` (an event bar of 60% in a day's cell) or, in a flex row (`inRow`), by a
 * percentage `flex-basis` it does not grow from (`flex: 0 0 40%`: a card's image), else null.
 */
export function sizeShare(element, style, inRow) {
  const map = element.computedStyleMap?.();
  if (!map) return null;
  const basis = inRow && !(parseFloat(style.flexGrow) > 0) ? share(map.get('flex-basis'), style) : null;
  return basis ?? share(map.get('width'), style);
}

/**
 * A fluid node's limits: its box's `max-width` (widthLimit) as `maxFillWidth`, so that it stops
 * growing where the page's does (a paragraph of 34em; a column of 640 px centred by its auto
 * margins), a percentage one (limitShare) as `maxFillFraction`. Nothing for a node of fixed width.
 */
export function limitWidth(node, element, style) {
  if (!(node.width === 'fill' || node.width?.kind === 'fill' || node.maxWidth === 'fill') || element?.nodeType !== Node.ELEMENT_NODE) return;
  const limit = widthLimit(style);
  if (limit !== null) node.maxFillWidth = size(limit);
  const fraction = limitShare(element, style);
  if (fraction !== null) node.maxFillFraction = fraction;
}

/** The node is `width` wide whatever its parent offers (a block keeps its own width, its padding outside). */
export function fixed(node, width) {
  if (node.type === 'block') return;
  delete node.maxWidth;
  node.width = { kind: 'points', points: size(width) };
}

/** The measured width of each text node's last line (not written to the file). */
export const lastLineWidths = new WeakMap();

/** A one-line label: a block as long as its text. */
export function lineBlock(text) {
  const width = size(lastLineWidths.get(text) ?? text.lineHeight);
  const block = { type: 'block', width, height: text.lineHeight, cornerRadius: size(text.lineHeight / 2), shape: 'capsule' };
  if (block.width <= block.height) delete block.shape;
  addPadding(block, text.padding);
  return block;
}

/**
 * `bar`, the bar of a one-line label `element` (lineBlock) in a row, given the room its box `rect`
 * has beside its text (a label 160 px wide with shorter text) as padding on either side of the
 * text's line, as the text is aligned in it.
 */
export function inBox(bar, element, rect, rtl) {
  const lines = lineBoxes(element);
  if (lines.length !== 1) return bar;
  const inset = insets(getComputedStyle(element));
  const before = rtl ? rect.right - inset.right - lines[0].right : lines[0].left - rect.left - inset.left;
  const after = rect.width - inset.left - inset.right - before - bar.width;
  if (before > -0.5 && after > -0.5) addPadding(bar, { leading: before, trailing: after });
  return bar;
}

/** Runs of two or more equal sibling nodes (none of them an element) as repeats. */
export function repeats(children) {
  const out = [];
  let index = 0;
  while (index < children.length) {
    const key = JSON.stringify(children[index]);
    let run = 1;
    while (index + run < children.length && run < CAPTURE_LIMITS.maxRepeat && JSON.stringify(children[index + run]) === key) run += 1;
    if (run > 1 && !key.includes('"id"')) out.push({ type: 'repeat', count: run, child: children[index] });
    else for (let copy = 0; copy < run; copy += 1) out.push(children[index + copy]);
    index += run;
  }
  return out;
}
