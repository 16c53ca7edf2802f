// A column flex item's free height: where it lies (an auto margin, a growing item's room below its content) and the box its content takes; the free height across a pictured row's one item.

import { insets } from './paint.js';

/**
 * How an item of a column flex box (`flex-direction: column`) takes free height that follows its
 * container's: `{ before, after, freeBefore, freeAfter, rect }`, a spacer before it
 * (`margin-top: auto`), after it (`margin-bottom: auto`, or a growing item's room below its
 * content: `flex-grow` above 0, its content nearer its top than centred), the free height each
 * took where it was captured (an auto margin's used value, the room), and the box it is drawn at
 * (a growing item's only as tall as its content, so that its room is the spacer's). Null when it
 * takes none: its height, padding and margins are then drawn as laid out.
 */
export function columnSpace(child, style, rect) {
  const map = child.computedStyleMap?.();
  const auto = (side) => String(map?.get(`margin-${side}`)) === 'auto';
  const before = auto('top');
  let after = auto('bottom');
  const freeBefore = before ? parseFloat(style.marginTop) || 0 : 0;
  let freeAfter = after ? parseFloat(style.marginBottom) || 0 : 0;
  let drawn = rect;
  if (parseFloat(style.flexGrow) > 0) {
    const inset = insets(style);
    const range = document.createRange();
    range.selectNodeContents(child);
    const content = range.getBoundingClientRect();
    // Its content's extent, a line's half-leading above and below its text's boxes (as far below as above).
    const above = content.height > 0 ? Math.max(0, content.top - rect.top - inset.top) : 0;
    const bottom = (content.height > 0 ? content.bottom + above : rect.top + inset.top) + inset.bottom;
    // (Content nearer its top than centred: the room is below it.)
    if (rect.bottom - bottom > 0.5 && above < (rect.bottom - bottom) / 2) {
      after = true;
      freeAfter += rect.bottom - bottom;
      drawn = { left: rect.left, right: rect.right, width: rect.width, top: rect.top, bottom, height: bottom - rect.top };
    }
  }
  return before || after ? { before, after, freeBefore, freeAfter, rect: drawn } : null;
}

/**
 * How the one item of a flex row or grid of a declared aspect ratio (`own`, its computed style; `rect`, its
 * box) lies across it where `align-items` puts it at its bottom or centre (an illustration at the
 * foot of its picture): its free height above (and below) as columnSpace gives it, so that the
 * item follows the box's height, which its ratio makes follow its width. Null otherwise.
 */
export function crossSpace(own, rect, item) {
  const at = /^(flex-)?end$/.test(own.alignItems) ? 'end' : own.alignItems === 'center' ? 'center' : null;
  if (!at || own.aspectRatio.startsWith('auto')) return null;
  const inset = insets(own);
  const [freeBefore, freeAfter] = [item.top - rect.top - inset.top, at === 'center' ? rect.bottom - inset.bottom - item.bottom : 0];
  return { before: true, after: at === 'center', freeBefore, freeAfter, rect: item };
}
