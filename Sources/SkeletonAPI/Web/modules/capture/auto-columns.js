// A grid whose columns follow its width (`repeat(auto-fill | auto-fit, minmax(M, 1fr))`): the declaration, and the stack it becomes.

import { CAPTURE_LIMITS, CaptureError, size } from './limits.js';
import { addPadding, addRowSpacing, fill, fixed, repeats, trackSizes } from './nodes.js';
import { rowsOf } from './grid-rows.js';
import { insets } from './paint.js';

// (`min(100%, M)`, which keeps one column from overflowing a narrower grid, is M: one column there anyway.)
const AUTO = /^repeat\(\s*(auto-fill|auto-fit)\s*,\s*minmax\(\s*(?:min\(\s*100%\s*,\s*)?([\d.]+)(px|rem|em)\s*\)?\s*,\s*1fr\s*\)\s*\)$/;

/** The style rules of the page's readable style sheets, nested ones (`@media`, `@supports`) included. */
function* rules(list) {
  for (const rule of list) {
    if (rule.selectorText !== undefined) yield rule;
    else if (rule.cssRules && (!rule.media || matchMedia(rule.media.mediaText).matches)) yield* rules(rule.cssRules);
  }
}

/** The `grid-template-columns` the author wrote for `element`: its style attribute's, else the last matching rule's (no specificity weighed). */
function declared(element) {
  if (element.style.gridTemplateColumns) return element.style.gridTemplateColumns;
  let found = '';
  for (const sheet of document.styleSheets) {
    let list;
    try { list = sheet.cssRules; } catch { continue; }  // (a cross-origin sheet cannot be read)
    for (const rule of rules(list)) if (rule.style.gridTemplateColumns && element.matches(rule.selectorText)) found = rule.style.gridTemplateColumns;
  }
  return found;
}

/**
 * The columns of a grid whose author declared `repeat(auto-fill | auto-fit, minmax(M, 1fr))` (M a
 * length in px, rem or em, or `min(100%, M)`): `{ minWidth: M in px, autoFit }`, else null. The computed style gives
 * only the resolved tracks (`173px 173px …`); the declaration is read from Chrome's typed OM
 * (`computedStyleMap()`: the cascaded value, lengths in px, `repeat()` kept), or where there is
 * none from the style attribute or the last readable style rule that matches. Null when none says
 * it (a cross-origin sheet, another track list): the grid is then captured by its tracks at the
 * captured width.
 */
export function autoColumns(element) {
  const typed = element.computedStyleMap?.().get('grid-template-columns');
  const match = AUTO.exec(String(typed ?? declared(element)).trim());
  if (!match) return null;
  const unit = { px: 1, rem: parseFloat(getComputedStyle(document.documentElement).fontSize), em: parseFloat(getComputedStyle(element).fontSize) }[match[3]];
  const minWidth = parseFloat(match[2]) * unit;
  return minWidth > 0 ? { minWidth, autoFit: match[1] === 'auto-fit' } : null;
}

/** Whether `element` lies inside one of `grids` (a Set of grids whose columns follow the width, or none). */
export function insideColumns(element, grids) {
  for (let at = element.parentElement; at && grids; at = at.parentElement) if (grids.has(at)) return true;
  return false;
}

/**
 * The grid's `items` on its `columns` (autoColumns), `gap` apart (rows the row gap apart): a stack with
 * `minColumnWidth` filling the width its parent gives, each item in order, across its column
 * when it fills it (else at its own width), offset from its row's top as captured, stretched
 * where the row stretches it, so that the column count follows the width as the page's does.
 * Null when an item spans several columns (wider than a track): the grid is then captured by
 * its tracks.
 */
export function columnsRow(capture, items, own, gap, columns) {
  const tracks = trackSizes(own);
  const track = tracks ? Math.max(...tracks) : 0;
  if (!tracks || items.some((item) => item.rect.width > track + 1)) return null;
  capture.count();
  const children = rowsOf(items).flatMap((row) => row.items.map((item) => {
    const node = capture.outside(item.node, { top: item.rect.top - row.top });
    if (item.rect.width > track - 1) fill(node);
    else fixed(node, item.rect.width);
    capture.stretch(item, node, row);
    return node;
  }));
  if (children.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
  const stack = { type: 'stack', axis: 'horizontal', spacing: size(gap), alignment: 'top', minColumnWidth: size(columns.minWidth), maxWidth: 'fill', children: repeats(children) };
  if (columns.autoFit) stack.autoFit = true;
  addRowSpacing(stack, own);
  const inset = insets(own);
  addPadding(stack, { top: inset.top, leading: capture.rtl ? inset.right : inset.left, bottom: inset.bottom, trailing: capture.rtl ? inset.left : inset.right });
  return stack;
}
