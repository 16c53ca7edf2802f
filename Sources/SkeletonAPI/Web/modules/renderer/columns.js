// Table columns in a row: children with a content width sharing it as CSS's automatic table layout does.

import { px } from './values.js';

/**
 * Gives the children of a row (a horizontal stack that does not wrap) that have a content width
 * (`column`: min-content and max-content widths) their widths as the layout engine's
 * TableColumns does (docs/spec.md §3), said in CSS so that they follow the row's width: the
 * columns share what the other children (their own widths, a greedy one's padding) and the
 * spacing leave, `A`: each `max + (A - Σmax) · max / Σmax` with room for every max and no
 * greedy sibling, else `clamp(min, min + (A - Σmin) · (max - min) / (Σmax - Σmin), max)`.
 * `built`: the children's elements, in order.
 */
export function shareColumns(node, built) {
  const columns = node.children.filter((child) => child.column);
  if (columns.length === 0) return;
  const fills = !node.children.some((child) => child.greedy);
  const taken = node.children.reduce((sum, child) => sum + (child.column ? 0 : child.greedy ? padding(child) : ownWidth(child)), 0)
    + node.spacing * Math.max(0, node.children.length - 1);
  const least = columns.reduce((sum, child) => sum + child.column.min, 0);
  const most = columns.reduce((sum, child) => sum + child.column.max, 0);
  node.children.forEach((child, index) => {
    if (!child.column) return;
    const { min, max } = child.column;
    const share = most > least ? `clamp(${px(min)}, ${px(min)} + (100% - ${px(taken + least)}) * ${ratio((max - min) / (most - least))}, ${px(max)})` : px(min);
    const rest = ratio(most > 0 ? max / most : 1 / columns.length);
    built[index].style.width = fills ? `calc(${share} + max(0px, 100% - ${px(taken + most)}) * ${rest})` : `calc(${share})`;
  });
}

// (Six decimals: a fraction of a row a thousand points wide within a thousandth of a point.)
const ratio = (value) => Math.round(value * 1e6) / 1e6;
const padding = (node) => (node.padding ? node.padding.leading + node.padding.trailing : 0);

/** A node's own width with its padding, as the layout engine's `LayoutBox.width`: what it takes when nothing stretches it. */
function ownWidth(node) {
  if (node.type !== 'block' && typeof node.width === 'number') return Math.max(node.width, padding(node));
  const children = node.type === 'scroll' ? [node.child].filter(Boolean) : node.children ?? [];
  let own = 0;
  if (node.type === 'block') own = typeof node.width === 'number' ? node.width : 0;
  else if (node.type === 'stack' && node.axis === 'horizontal') own = Math.max(0, children.reduce((sum, child) => sum + ownWidth(child), 0) + node.spacing * Math.max(0, children.length - 1));
  else own = Math.max(0, ...children.map(ownWidth));
  return own + padding(node);
}
