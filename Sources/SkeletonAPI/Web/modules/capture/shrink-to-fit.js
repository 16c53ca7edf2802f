// Boxes as wide as their content up to the width they are given (shrink-to-fit, a flex item that only
// shrinks): a content width, and for shrink-to-fit boxes a row of their own.

import { size } from './limits.js';

const SHRINKING = /^inline-(block|flex|grid)$/;

/**
 * Whether `element` sizes as CSS's shrink-to-fit does (an `inline-block`, `inline-flex` or
 * `inline-grid` whose `width` is auto): min(max-content, max(min-content, the width it is given)).
 */
export function shrinksToFit(element) {
  if (element?.nodeType !== Node.ELEMENT_NODE || !SHRINKING.test(getComputedStyle(element).display)) return false;
  return String(element.computedStyleMap?.().get('width') ?? 'auto') === 'auto';
}

/**
 * `node`, the node of a shrink-to-fit `element` as wide as its column at the captured width (a
 * chip whose text wraps there), in a row of its own that fills the column: the node with a content
 * width (`{kind: 'content', points, min, max}`, its min-content and max-content widths measured in
 * place, its padding added) and a spacer after it (a greedy sibling: the column does not grow past
 * its max-content width), which the row shares as CSS's shrink-to-fit does: its max-content width
 * where the column is wider (the spacer takes the rest), the column's width between, its
 * min-content width (overflowing) below. The spacer is as tall as the line height around the box
 * (the line box's strut), the row aligned to the bottom: a box shorter than the line sits near
 * its bottom, on its baseline. The element's style is put back.
 */
export function shrinkToFit(capture, element, node, rect) {
  const { min, max } = contentWidths(element);
  const padding = (node.padding?.leading ?? 0) + (node.padding?.trailing ?? 0);
  delete node.maxWidth;
  node.width = { kind: 'content', points: size(rect.width + padding), min: size(min + padding), max: size(max + padding) };
  capture.count();
  // The line it sits in is at least the line height of the box around it (the strut), the box on its baseline: near its bottom.
  const around = getComputedStyle(element.parentElement);
  const strut = parseFloat(around.lineHeight) || parseFloat(around.fontSize) * 1.2;
  return { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'bottom', maxWidth: 'fill', children: [node, { type: 'spacer', minHeight: size(strut) }] };
}

/** `element`'s min-content and max-content widths (border box), measured in place, its style put back. */
function contentWidths(element) {
  const style = element.getAttribute('style');
  const widthAt = (width) => {
    element.setAttribute('style', `${style ?? ''};width:${width} !important`);
    return element.getBoundingClientRect().width;
  };
  try {
    const min = widthAt('min-content');
    return { min, max: Math.max(min, widthAt('max-content')) };
  } finally {
    if (style === null) element.removeAttribute('style');
    else element.setAttribute('style', style);
  }
}

/**
 * `node`, a flex item's that does not grow (`element`, `rect` wide, `after` of the row's gap as
 * its trailing padding), given a content width (`{kind: 'content', points, min, max}`): as wide as
 * its max-content width where its row has room, shrunk towards its min-content width where not,
 * as CSS's flex-shrink does with its automatic minimum (none for a box that clips: a file name cut by an
 * ellipsis). (A name and role beside an avatar that wrap in a narrower card.)
 */
export function shrinksInRow(node, element, rect, after) {
  const { max, ...content } = contentWidths(element);
  // (A box that clips what overflows it, a name cut by an ellipsis, has no automatic minimum: it shrinks to its min-width.)
  const style = getComputedStyle(element);
  const min = style.overflowX === 'visible' ? content.min : parseFloat(style.minWidth) || 0;
  delete node.maxWidth;
  node.width = { kind: 'content', points: size(rect.width + after), min: size(min + after), max: size(Math.max(max, rect.width) + after) };
}
