// Boxes positioned over their containing block (position: absolute) as overlays of its node (docs/spec.md §3, `overlay`).

import { size } from './limits.js';

/**
 * The containing block of `element`, a box of `position: absolute` (CSS Position §3.1): its
 * nearest ancestor that is positioned or transformed; null when there is none or it is not
 * `root` or inside it (the page's viewport or a box the capture does not draw).
 */
export function containingBlock(element, root) {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const style = getComputedStyle(at);
    if (style.position !== 'static' || style.transform !== 'none') return root.contains(at) ? at : null;
  }
  return null;
}

/**
 * The `overlay` of a box at `rect` over its containing block at `block` (both border boxes, as the
 * block's node frame is): from the edges the page anchors it to (`bottom` set and `top` auto: the
 * bottom; the inline end set and the start auto: the trailing edge; else top and leading), each
 * the distance between the two boxes' edges at the captured width, so that the box follows that
 * corner at any width; one whose inline start is 50% follows the block's middle (`center`), one
 * at another percentage that share of the block's width (`offsetFraction`).
 */
export function overlayOf(element, rect, block, rtl) {
  const map = element.computedStyleMap?.();
  const auto = (side) => !map || String(map.get(side)) === 'auto';
  const [start, end] = rtl ? ['right', 'left'] : ['left', 'right'];
  const overlay = {};
  if (auto('top') && !auto('bottom')) overlay.bottom = offset(block.bottom - rect.bottom);
  else overlay.top = offset(rect.top - block.top);
  if (auto(start) && !auto(end)) overlay.trailing = offset(rtl ? rect.left - block.left : block.right - rect.right);
  else overlay.leading = offset(rtl ? block.right - rect.right : rect.left - block.left);
  // Its inline start at the block's middle (`left: 50%`, mostly with `translateX(-50%)`): it follows the middle.
  if (auto(end) && String(map?.get(start)) === '50%') overlay.center = offset((rtl ? -1 : 1) * ((rect.left + rect.right) / 2 - (block.left + block.right) / 2));
  // Otherwise one at a share of the block's width (`left: 35%`, a slider's knob): that share its
  // `offsetFraction`, what is left of its offset (a margin) points.
  const edge = 'leading' in overlay ? 'leading' : 'trailing';
  const share = map?.get(edge === 'leading' ? start : end);
  if (overlay.center === undefined && share?.unit === 'percent' && share.value !== 0 && Math.abs(share.value) <= 100) {
    overlay.offsetFraction = Math.round(share.value * 100) / 10000;
    overlay[edge] = offset(overlay[edge] - overlay.offsetFraction * block.width);
  }
  return overlay;
}

/** An offset in points, rounded as sizes are, below 0 beyond its edge. */
const offset = (value) => (value < 0 ? -size(-value) : size(value));

/**
 * `node`, the node of a containing block, with `overlays` (nodes with an `overlay`) as its last
 * children: a stack takes them; another node is put in a column of its own first, which it fills
 * (its frame the column's, from which the offsets are).
 */
export function withOverlays(node, overlays) {
  if (node.type === 'stack') {
    node.children.push(...overlays);
    return node;
  }
  const column = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: [node, ...overlays] };
  if (node.maxWidth === 'fill' || node.width === 'fill' || node.width?.kind === 'fill') column.maxWidth = 'fill';
  return column;
}

/**
 * The box of `element`, a transformed box with no children (a chevron rotated 45°), in its parent's
 * flow: its layout box, as wide and tall as before the transform and centred where its drawing is
 * (the transform's origin its centre), or null for a box not transformed.
 */
export function untransformed(element, style) {
  if (style.transform === 'none' || element.children.length > 0 || !(element instanceof HTMLElement)) return null;
  const drawn = element.getBoundingClientRect();
  const [width, height] = [element.offsetWidth, element.offsetHeight];
  return new DOMRect(drawn.x + (drawn.width - width) / 2, drawn.y + (drawn.height - height) / 2, width, height);
}

/**
 * `shape`, the block drawn for a transformed box (`drawn`: its transformed bounds), in a box of its
 * layout box `flow` (untransformed) that takes its place in the flow, the shape over it as an
 * overlay beyond its edges: the flow is the page's, the drawing too.
 */
export function overTransformed(shape, flow, drawn, rtl) {
  Object.assign(shape, { width: size(drawn.width), height: size(drawn.height), overlay: { top: offset(drawn.top - flow.top), leading: offset(rtl ? flow.right - drawn.right : drawn.left - flow.left) } });
  return { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', width: { kind: 'points', points: size(flow.width) }, minHeight: size(flow.height), children: [shape] };
}
