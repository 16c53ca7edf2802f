// Capture: a grid's rows on its column tracks, items spanning its rows among them.

import { CAPTURE_LIMITS, CaptureError, round, size } from './limits.js';
import { addPadding, bounds, fill, fixed, grow, lineBlock, narrower, repeats } from './nodes.js';
import { centredAcross, rowsOf, spanSplit, trackSpan } from './grid-rows.js';

/**
 * A grid row of `items` on its column `tracks`, as a column's item: each item as wide as the
 * tracks it spans, fixed where they all are, else a share of the free width (the sum of their
 * grows) with the rest it spans (fixed tracks and gaps) as its padding. A grid shares an `fr`
 * track's width whatever its item's padding, where a row shares what the paddings leave: when
 * that differs, an item whose padding is not that rest is drawn in a box of its own that has it.
 * An empty fluid track is a spacer. `byWidth`: the items' grows are their widths at the captured
 * width, as for an item spanning a fixed and an `fr` track (a column of spanned rows beside a
 * spanning item: no padding can stand for the gaps it spans, which its rows need).
 * Null when an item does not fill its tracks (nor sits at their end or centre: trackSpan) or a
 * fixed track is empty: the row is then laid out as a plain one.
 */
export function gridRow(capture, items, tracks, gap, spans, byWidth = false) {
  const start = (r) => (capture.rtl ? -r.right : r.left);
  const end = (r) => (capture.rtl ? -r.left : r.right);
  const top = Math.min(...items.map((item) => item.rect.top));
  const bottom = Math.max(...items.map((item) => item.rect.bottom));
  // Items centred across their row (align-items or align-self: center): the row's centre alignment.
  const centred = items.every((item) => centredAcross(item.element));
  const children = [];
  const greedy = [];
  let next = 0;
  const empty = (until) => {
    for (; next < until; next++) {
      if (!tracks[next].grow) return false;
      greedy.push({ grows: tracks[next].grow, index: children.length, padding: 0, rest: 0, share: tracks[next].width });
      children.push({ type: 'spacer' });
    }
    return true;
  };
  for (let item of [...items].sort((a, b) => start(a.rect) - start(b.rect))) {
    const { first, last, side, width } = trackSpan(item, tracks, start, end);
    if (first < next || last < first || !empty(first)) return null;
    const spanned = tracks.slice(first, last + 1);
    next = last + 1;
    const grows = spanned.reduce((total, track) => total + track.grow, 0);
    let node = capture.outside(item.node, { top: (centred ? 0 : item.rect.top - top) + (item.moved?.top ?? 0), bottom: item.moved?.bottom ?? 0 });
    // At the start, end or centre of its tracks: a row across them, spacers after, before (or around) it.
    if (side) {
      // (Its margin box is what the track aligns: an icon nudged by `margin-left: 3px` in a round button.)
      const margins = item.style ? { leading: parseFloat(capture.rtl ? item.style.marginRight : item.style.marginLeft) || 0, trailing: parseFloat(capture.rtl ? item.style.marginLeft : item.style.marginRight) || 0 } : { leading: 0, trailing: 0 };
      if (margins.leading > 0 || margins.trailing > 0) node = capture.outside(node, margins);
      fixed(node, item.rect.width + Math.max(0, margins.leading) + Math.max(0, margins.trailing));
      const spacer = () => ({ type: 'spacer' });
      const children = side === 'start' ? [node, spacer()] : side === 'end' ? [spacer(), node] : [spacer(), node, spacer()];
      node = { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'top', children };
      capture.count(children.length);
      item = { ...item, node, rect: { ...item.rect, width } };
    }
    if (grows === 0) {
      if (node.type === 'text' && node.lines === 1) node = lineBlock(node);
      // A block narrower than its fixed track keeps the track's width: the rest after it.
      if (node.type === 'block' && typeof node.width === 'number') addPadding(node, { trailing: item.rect.width - node.width - (node.padding?.leading ?? 0) - (node.padding?.trailing ?? 0) });
      fixed(node, item.rect.width);
    } else {
      // A block narrower than its fluid tracks (a status pill in a 1fr cell) keeps its width, a spacer after it.
      if (narrower(node, item.rect)) {
        capture.count(2);
        if (node.padding) node.padding.trailing = 0;
        node = { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'top', children: [node, { type: 'spacer' }] };
      }
      fill(node);
      const padding = (node.padding?.leading ?? 0) + (node.padding?.trailing ?? 0);
      const rest = item.rect.width - spanned.reduce((total, track) => total + (track.grow ? track.width : 0), 0);
      const spansFixed = rest > (spanned.length - 1) * gap + 0.5;
      greedy.push({ grows, index: children.length, padding, rest, share: item.rect.width - padding, spansFixed, fraction: spanned.length === 1 ? spanned[0].share : null });
    }
    capture.stretch(item, node, { top, bottom });
    children.push(node);
  }
  if (!empty(tracks.length)) return null;
  const total = (key) => greedy.reduce((sum, entry) => sum + entry[key], 0);
  const [grows, paddings, rests] = [total('grows'), total('padding'), total('rest')];
  const off = greedy.some((entry) => Math.abs(entry.padding - (entry.grows / grows) * paddings - entry.rest + (entry.grows / grows) * rests) > 0.5);
  const unit = Math.min(...greedy.map((entry) => entry.share));
  const spansFixed = (byWidth || greedy.some((entry) => entry.spansFixed)) && unit > 0.5;
  for (const entry of greedy) {
    if (spansFixed) {
      grow(children[entry.index], Math.min(100, round(entry.share / unit)));
      continue;
    }
    if (off && Math.abs(entry.padding - entry.rest) > 0.5) {
      capture.count();
      // (A row, stretched where the item is: it passes the row's height on.)
      children[entry.index] = { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'top', children: [children[entry.index]] };
      if (children[entry.index].children[0].stretch) children[entry.index].stretch = true;
      addPadding(children[entry.index], { trailing: entry.rest });
      fill(children[entry.index]);
    }
    grow(children[entry.index], Math.min(100, round(entry.grows)));
    // (On a percentage track: that share of the grid's width at most, reached first.)
    if (entry.fraction) children[entry.index].maxFillFraction = entry.fraction;
  }
  capture.count(1 + children.filter((child) => child.type === 'spacer').length);
  if (children.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
  const [left, right] = capture.rtl ? [-tracks[tracks.length - 1].end, -tracks[0].start] : [tracks[0].start, tracks[tracks.length - 1].end];
  const rect = { top, bottom, left, right, width: right - left, height: bottom - top };
  const node = { type: 'stack', axis: 'horizontal', spacing: size(gap), alignment: centred ? 'center' : 'top', maxWidth: 'fill', children: repeats(children) };
  return { node, rect, spans, grows: true };
}

/**
 * A grid's row of `items` (gridRow), as tall as its row track when that is fixed (`minHeight`);
 * or, where items span its rows (spanSplit), a row of the spanning items and, between them, a
 * column of the rows they span, each laid out the same way on the tracks under it: the spanning
 * items then stretch to the column's height. Null when a row does not fit its tracks.
 */
export function gridRows(capture, items, tracks, lines, gap, spans) {
  const split = spanSplit(items, capture.rtl);
  if (!split) {
    const row = gridRow(capture, items, tracks, gap, spans);
    const line = row && lines?.find((entry) => Math.abs(entry.start - row.rect.top) < 1);
    if (line?.fixed && row.rect.bottom < line.end + 1) row.node.minHeight = size(line.fixed);
    return row;
  }
  const start = (r) => (capture.rtl ? -r.right : r.left);
  const end = (r) => (capture.rtl ? -r.left : r.right);
  const column = (segment) => {
    if (!segment) return [];
    const rect = bounds(segment.items);
    const under = tracks.filter((track) => track.start > start(rect) - 1 && track.end < end(rect) + 1);
    const rows = rowsOf(segment.items).map((row) => gridRows(capture, row.items, under, lines, gap, true));
    return rows.includes(null) ? [null] : [{ node: capture.stack('vertical', rows, rect), rect, spans: false, grows: true }];
  };
  const at = (before) => column(split.segments.find((segment) => segment.before === before));
  const parts = split.spanning.flatMap((item, index) => [...at(index), item]).concat(at(-1));
  return parts.includes(null) ? null : gridRow(capture, parts, tracks, gap, spans, true);
}
