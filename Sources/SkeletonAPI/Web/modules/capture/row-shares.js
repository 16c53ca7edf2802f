// Capture: the widths a row's fluid children and spacers share (the grows of Capture.stack's rows).

import { round } from './limits.js';
import { addPadding, fill, grow, narrower, sizeShare } from './nodes.js';

/**
 * A row's children (`capture`: the capture laying it out) with its spacers in place, the fluid
 * children and spacers given a `grow` each: what it gave up at the second width (a spacer, its stretch's `segment`), the least 1; a
 * spacer that gave up nothing beside a fluid child left out; in a `flex` row, an item of a
 * percentage width at most that share of it.
 */
export function rowShares(capture, items, children, spacers, segment, after, flex) {
  const greedy = [];
  const out = [];
  // (A spacer that gave up nothing beside an item that did holds no free width: a label that fills
  // its row up to an icon. The item takes the width; a spacer would take half the row's growth.)
  const fluid = (index) => index >= 0 && index < items.length && capture.change(items[index]) > 0.5;
  const idle = (index) => segment(index) !== null && Math.abs(segment(index)) <= 0.5 && (fluid(index - 1) || fluid(index));
  for (let index = 0; index <= items.length; index++) {
    if (spacers[index] && !idle(index)) {
      capture.count();
      const spacer = { type: 'spacer' };
      out.push(spacer);
      greedy.push({ node: spacer, change: segment(index) });
    }
    if (index < items.length) {
      out.push(children[index]);
      const change = capture.change(items[index]);
      if (change !== null ? change > 0.5 : items[index].grows) {
        // A block narrower than its fluid box (the bar of a label in a box that takes the free
        // width): a row of its own that fills the box, the block at its width, a spacer after it.
        if (narrower(children[index], items[index].rect)) {
          capture.count(2);
          const trailing = children[index].padding?.trailing ?? 0;
          if (trailing) children[index].padding.trailing = 0;
          children[index] = { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'top', children: [children[index], { type: 'spacer' }] };
          if (trailing) addPadding(children[index], { trailing });
          out[out.length - 1] = children[index];
        }
        fill(children[index]);
        const padding = (children[index].padding?.leading ?? 0) + (children[index].padding?.trailing ?? 0);
        greedy.push({ node: children[index], change, share: items[index].rect.width + (after[index] ?? 0) - padding });
      }
    }
  }
  const measured = greedy.filter((entry) => entry.change !== null && entry.change > 0.5);
  if (measured.length === greedy.length && measured.length > 1) {
    // Boxes alone share the row beyond their paddings, as the model does: each its width there at
    // the captured width (exact there, padded percentage columns too); with spacers, what each gave up.
    const key = greedy.every((entry) => entry.share > 0.5) ? 'share' : 'change';
    const unit = Math.min(...measured.map((entry) => entry[key]));
    for (const entry of measured) grow(entry.node, Math.min(100, round(entry[key] / unit)));
  }
  // A flex item of a percentage width (`flex: 0 0 40%`): that share of the row at most, growing
  // before the others (grow 100) so that it reaches it, as the page's is exactly that share.
  items.forEach((item, index) => {
    const fraction = flex && item.element?.nodeType === Node.ELEMENT_NODE ? sizeShare(item.element, item.style, true) : null;
    if (fraction === null || !greedy.some((entry) => entry.node === children[index])) return;
    grow(children[index], 100);
    children[index].maxFillFraction = fraction;
  });
  return out;
}
