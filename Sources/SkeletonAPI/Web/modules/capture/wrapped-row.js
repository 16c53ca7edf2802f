// Capture: a flex row that wraps, as a stack that wraps.

import { CAPTURE_LIMITS, CaptureError, size } from './limits.js';
import { addPadding, addRowSpacing, fixed, flexBasis, lineBlock, repeats } from './nodes.js';
import { insets } from './paint.js';

/**
 * A flex row that wraps (`flex-wrap: wrap`, items without auto margins that either do not grow
 * or grow from a basis in points): a stack that wraps, its items at their own widths or fill
 * widths from their bases (`flexBasis`), not the lines as captured, `spacing` the column gap and
 * `rowSpacing` the row gap where they differ, filling the width its parent gives, so that its
 * lines break and grow where the page's do at every width; each line's free width where the
 * page puts it (`justify`, the row's justify-content: `center` or `end`, its `lineAlignment`;
 * `between`, for two items, a spacer between them),
 * its items across each line at the row's `align-items` (`center`, `flex-end`: its alignment).
 * `capture`: the capture walking the page (its direction, its count of nodes).
 */
export function wrappedRow(capture, items, own, gap, justify) {
  capture.count();
  const inset = insets(own);
  const children = items.map((item) => {
    const node = item.node.type === 'text' && item.node.lines === 1 ? lineBlock(item.node) : item.node;
    const width = item.grows ? flexBasis(item.element) : null;
    if (width) {
      delete node.maxWidth;
      node.width = width;
    } else fixed(node, item.rect.width);
    return node;
  });
  // (Two items spread by space-between, a title and its actions: a spacer between them takes the
  // free width of their line, and the second starts a line of its own where they do not fit.)
  if (justify === 'between') {
    capture.count();
    children.splice(1, 0, { type: 'spacer' });
  }
  if (children.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
  // (Each line's items across it as the row's align-items puts them: a pill beside shorter labels, centred.)
  const alignment = own.alignItems === 'center' ? 'center' : /^(flex-)?end$/.test(own.alignItems) ? 'bottom' : 'top';
  const stack = { type: 'stack', axis: 'horizontal', spacing: size(gap), alignment, wrap: true, maxWidth: 'fill', children: repeats(children) };
  if (justify && justify !== 'between') stack.lineAlignment = justify === 'end' ? 'trailing' : 'center';
  addRowSpacing(stack, own);
  addPadding(stack, { top: inset.top, leading: capture.rtl ? inset.right : inset.left, bottom: inset.bottom, trailing: capture.rtl ? inset.left : inset.right });
  return stack;
}
