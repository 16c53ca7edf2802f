// Building the DOM of one node: boxes at the served sizes, text lines, modifiers, a value shown as text.

import { LIMITS, px, rgba, round } from './values.js';
import { beside, broken, room, slackAt } from '../shared/wrapping.js';

export const alignments = { leading: 'flex-start', top: 'flex-start', center: 'center', trailing: 'flex-end', bottom: 'flex-end' };
export const corners = { topLeading: 'border-start-start-radius', topTrailing: 'border-start-end-radius', bottomLeading: 'border-end-start-radius', bottomTrailing: 'border-end-end-radius' };

export function div(role) {
  const element = document.createElement('div');
  if (role) element.dataset.sk = role;
  return element;
}

/**
 * How a node sits in its parent (`parentAxis`, a column's `alignment`): a node other than a block
 * with a width in points is a frame that wide; a greedy node stretches across a column or shares
 * a row's free width by its grow, at most its limit wide (`maxFill`; CSS's max-width: a row's flex
 * items freeze at it, as the engine's RowGrowing), and with one sits at the column's alignment
 * (CSS's stretch would put it at the start); a stretched stack or block in a row is the row's height; in a
 * row a greedy node starts at its `basis`. It is never narrower than its horizontal padding and
 * shares only what the paddings leave, as a border box is: said on `element` itself, since an
 * element's slot holds the node's box without having its padding.
 */
export function place(element, node, parentAxis, hasPadding = true, alignment = 'leading') {
  const style = element.style;
  const padding = node.padding ? node.padding.leading + node.padding.trailing : 0;
  style.flex = '0 0 auto';
  if (node.stretch && parentAxis === 'horizontal') style.alignSelf = 'stretch';
  if (padding > 0) style.minWidth = px(padding);
  if (node.type !== 'block' && typeof node.width === 'number') {
    style.width = px(node.width);
    return;
  }
  if (node.type === 'spacer') {
    style.flex = parentAxis === 'horizontal' ? `${node.grow} 1 0px` : '1 1 0px';
    style.minWidth = '0';
    style.minHeight = '0';
    return;
  }
  if (!node.greedy) return;
  const limit = maxFill(node);
  if (limit) style.maxWidth = limit;
  if (parentAxis === 'vertical' && limit) {
    style.alignSelf = alignments[alignment];
    // Across the column unless it has a width of its own (a block's shape in points).
    if (!style.width) style.width = '100%';
  } else if (parentAxis === 'vertical') style.alignSelf = 'stretch';
  else if (parentAxis === 'horizontal') {
    style.flex = `${node.grow} ${shrink(node, padding, hasPadding)} ${px(Math.max(node.basis ?? 0, padding))}`;
    if (padding === 0) style.minWidth = '0';
  }
}

/**
 * The style of a horizontal stack that wraps (CSS's flex-wrap), as the layout engine's WrappedRow:
 * lines from the top, each as tall as its tallest child, its free width at the stack's
 * `lineAlignment` (CSS's justify-content: flex-start, center or flex-end); none for another stack.
 */
export function wrappedRow(node) {
  if (!node.wrap || node.axis !== 'horizontal') return {};
  return { flexWrap: 'wrap', alignContent: 'flex-start', justifyContent: alignments[node.lineAlignment] };
}

/**
 * A greedy node's limit as CSS's max-width, or null without one: its `maxFillWidth` in px, its
 * `maxFillFraction` as a percentage (of what CSS resolves it against: the parent's content box, a
 * grid item's column, an overlay's containing block's padding box, as the engine's reference
 * width), with both the smaller (`min()`).
 */
function maxFill(node) {
  const fraction = node.maxFillFraction ? `${round(node.maxFillFraction * 100)}%` : null;
  if (node.maxFillWidth && fraction) return `min(${px(node.maxFillWidth)}, ${fraction})`;
  return fraction ?? (node.maxFillWidth ? px(node.maxFillWidth) : null);
}

/**
 * `element`, the box of a stack's child `node` that has an `overlay`, placed over the stack as the
 * layout engine places it: out of the flow (every stack is positioned, so the stack's padding box
 * is its containing block), one inset per axis, the leading one mirrored in right to left
 * (`inset-inline-start`), at its own size; a greedy one as wide as the stack less its offset.
 * With an `offsetFraction`, that share of the stack's padding box is added to the horizontal
 * inset as a percentage (`calc(35% + -6px)`), and a greedy one is as wide as the stack less both.
 * With a `center`, its centre that far from the stack's towards the trailing edge: its left edge
 * at 50% plus (in `direction` rtl, minus) the offset, moved back half its own width; a fraction
 * then changes nothing.
 */
export function overlaid(element, node, direction = 'ltr') {
  const { top, bottom, leading, trailing, center, offsetFraction } = node.overlay;
  const style = element.style;
  style.position = 'absolute';
  style.alignSelf = 'auto';
  if (top !== null) style.top = px(top); else style.bottom = px(bottom);
  const centred = typeof center === 'number';
  const points = px(leading ?? trailing);
  const share = !centred && offsetFraction ? `${round(offsetFraction * 100)}%` : null;
  if (centred) {
    style.left = `calc(50% + ${px(direction === 'rtl' ? -center : center)})`;
    style.transform = 'translateX(-50%)';
  } else {
    const inset = share ? `calc(${share} + ${points})` : points;
    if (leading !== null) style.insetInlineStart = inset; else style.insetInlineEnd = inset;
  }
  if (node.greedy) style.width = share ? `calc(100% - (${share} + ${points}))` : `calc(100% - ${points})`;
  return element;
}

/**
 * A block's `shape` when the block is stretched (`stretch`), so that a row can make it as tall as
 * the row (CSS's align-self: stretch needs an automatic height): its own height a minimum instead
 * of its height (one with an aspect ratio has none); in its frame (`framed`, in a row) it fills
 * the frame's height, as the layout engine's shape does.
 */
export function stretchable(shape, node, framed, inRow) {
  if (node.aspectRatio === null) {
    shape.style.removeProperty('height');
    shape.style.minHeight = px(node.height);
  }
  if (framed && inRow) shape.style.alignSelf = 'stretch';
}

/**
 * A greedy node's flex-shrink: CSS shrinks in proportion to the basis inside the padding; an
 * element that does not hold the node's padding (a slot) has its whole basis counted, so its
 * factor is scaled to the same share (the layout engine's RowShrinking).
 */
function shrink(node, padding, hasPadding) {
  if (node.basis === null || hasPadding || node.basis <= padding) return 1;
  return (node.basis - padding) / node.basis;
}

/**
 * A block shape whose height follows its width (`aspectRatio`): no height of its own, and a
 * capsule's or circle's rounded corners half its shorter side at any width, said as percentages
 * of each side (for a ratio r ≥ 1, 50/r % of the width and 50 % of the height are both h/2).
 */
export function followRatio(shape, node) {
  const style = shape.style;
  style.removeProperty('height');
  style.aspectRatio = String(node.aspectRatio);
  if (node.shape === 'rect') return;
  const ratio = node.aspectRatio;
  const radius = ratio >= 1 ? `${50 / ratio}% 50%` : `50% ${50 * ratio}%`;
  for (const [corner, property] of Object.entries(corners)) style.setProperty(property, !node.corners || node.corners.has(corner) ? radius : '0px');
}

/**
 * A paragraph's lines at a content width: with `measure`, the lines its text wraps to (the
 * server's `Wrapping`: each line but the last holds its width less the `slack`, at most half the
 * narrowest line), the last line 1 wide when clamped, else
 * its own `lastLineFraction` where it wraps into its own `lines` (two or more: as captured), else
 * what the wrapped lines leave of the measure, at least 0.05; without, as served. With a float, the lines beside
 * it are its indent shorter (the last line's fraction is of its own width), and where less than
 * 1 point is left beside it they start below it: `first` slots are left empty. With `words`, its
 * words broken greedily instead (`broken`).
 */
export function wrap(node, width) {
  if (node.measure === null) return { lines: node.lines, lastLineFraction: node.lastLineFraction, first: 0 };
  if (!(width > 0)) return { lines: 1, lastLineFraction: 1, first: 0 };
  const side = beside(node.float, node.lineHeight, node.lineSpacing);
  if (node.words) return broken(node.words, width, node.maxLines, side);
  const { narrow, short, first, of } = room(width, side);
  const slack = slackAt(node.slack, short > 0 ? narrow : width);
  // What n lines hold when all of them wrap: each its width less the slack.
  const wrapping = (n) => Math.min(n, short) * (narrow - slack) + Math.max(0, n - short) * (width - slack);
  const text = node.measure - slack;
  const wanted = text <= short * (narrow - slack)
    ? Math.ceil(text / (narrow - slack) - 1e-6)
    : short + Math.ceil((text - short * (narrow - slack)) / (width - slack) - 1e-6);
  const lines = Math.min(node.maxLines, Math.max(1, wanted));
  if (text > wrapping(lines)) return { lines, lastLineFraction: 1, first };
  if (lines >= 2 && lines === node.lines) return { lines, lastLineFraction: node.lastLineFraction, first };
  return { lines, lastLineFraction: Math.max(0.05, (node.measure - wrapping(lines - 1)) / of(lines - 1)), first };
}

export function applyModifiers(element, node, { background = true } = {}) {
  const style = element.style;
  if (node.padding) {
    style.paddingTop = px(node.padding.top);
    style.paddingBottom = px(node.padding.bottom);
    style.paddingInlineStart = px(node.padding.leading);
    style.paddingInlineEnd = px(node.padding.trailing);
  }
  if (node.minHeight !== null) style.minHeight = px(node.minHeight);
  if (background && node.background) style.backgroundColor = rgba(node.background);
  if (node.cornerRadius) style.borderRadius = px(node.cornerRadius);
  if (node.clip) style.overflow = 'hidden';
}

export const wantsReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
/** `content` as text: strings, numbers and booleans as they are, arrays as lines, objects as `key: value` lines. */
export function renderValue(value, depth) {
  const line = div('value');
  if (depth > 6) return line;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) line.append(renderValue(item, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value).slice(0, 50)) {
      const row = div('entry');
      const name = document.createElement('strong');
      name.textContent = `${key.slice(0, LIMITS.text)}: `;
      row.append(name, renderValue(value[key], depth + 1));
      row.lastChild.style.display = 'inline';
      line.append(row);
    }
  } else if (value !== undefined) {
    line.textContent = String(value).slice(0, 2000);
  }
  return line;
}
