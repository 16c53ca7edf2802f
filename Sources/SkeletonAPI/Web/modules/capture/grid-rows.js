// A grid's tracks: its column tracks and how they follow the width, where its row tracks lie and which are fixed, and a row of items split where one spans several rows.

import { round } from './limits.js';
import { trackSizes } from './nodes.js';
import { insets } from './paint.js';

const PX = /^[\d.]+px$/;
const names = (list) => list.replace(/\[[^\]]*\]/g, ' ').trim().split(/\s+/);

/**
 * A grid's column tracks in reading order (`rtl`: right to left): where each begins and ends (in
 * reading coordinates, as `Capture.stack` takes them), its width and its `grow`: its share of the
 * free width, the least 1. That is its `fr` where the tracks are declared in lengths, `fr` and
 * percentages (`200px 1.1fr 1fr`: 0, 1.1, 1) and are in proportion to them here; 100 for a
 * percentage, whose fraction is its `share` (reached first, never passed); else 0 for a track that kept
 * its width at the second width (`then`: the track widths measured there), or what it gave up
 * there (a track held at its content's width there would give up less than its share). Null when
 * the tracks were not measured alike at both widths (a track list that changed).
 */
export function columnTracks(element, style, rect, then, rtl) {
  const now = trackSizes(style);
  if (!now || !then || then.length !== now.length) return null;
  const changes = now.map((width, index) => width - then[index]);
  const unit = Math.min(...changes.filter((change) => change > 0.5));
  const declared = declaredTracks(element, now);
  const grows = declared?.fractions ?? changes.map((change) => (change > 0.5 ? change / unit : 0));
  const gap = parseFloat(style.columnGap) || 0;
  const inset = insets(style);
  let at = rtl ? inset.right - rect.right : rect.left + inset.left;
  return now.map((width, index) => {
    const share = declared?.shares[index] ?? null;
    const track = { start: at, end: at + width, width, grow: share ? 100 : grows[index] > 0 ? Math.min(100, round(grows[index])) : 0, share };
    at += width + gap;
    return track;
  });
}

/**
 * A grid's column tracks as declared, when in lengths, `fr` and percentages alone (each maybe the
 * maximum of a `minmax()`): `shares`, a percentage's fraction (else null), and `fractions`, each
 * `fr` over the least of them (0 for the others), null when there is no `fr` or their widths
 * (`now`) are not in proportion to them. Null otherwise.
 */
function declaredTracks(element, now) {
  const declared = String(element.computedStyleMap?.().get('grid-template-columns') ?? '');
  const tokens = declared.includes('repeat(') ? [] : declared.replace(/\[[^\]]*\]/g, ' ').match(/minmax\([^)]*\)|\S+/g) ?? [];
  if (tokens.length !== now.length) return null;
  const last = (token) => /([\d.]+)(fr|%|px)\)?$/.exec(token);
  if (!tokens.every(last)) return null;
  const shares = tokens.map((token) => (last(token)[2] === '%' ? Number(last(token)[1]) / 100 : null));
  const fr = tokens.map((token) => (last(token)[2] === 'fr' ? Number(last(token)[1]) : 0));
  const least = Math.min(...fr.filter((fraction) => fraction > 0));
  const perFraction = now.map((width, index) => fr[index] > 0 && width / fr[index]).filter(Boolean);
  const proportional = perFraction.length > 0 && Math.max(...perFraction) - Math.min(...perFraction) < 1;
  return { shares, fractions: proportional ? fr.map((fraction) => fraction / least) : null };
}

/**
 * A grid's row tracks from the top of its content box: where each starts and ends, and `fixed`,
 * its height when its declared size is a length (`grid-template-rows: 56px …`, or `grid-auto-rows:
 * 100px` for a row the template does not list), else null (`auto`, `fr`, `minmax()`). Null when
 * the resolved track list is not all lengths.
 */
export function rowLines(element, style, rect) {
  const used = names(style.gridTemplateRows);
  if (!used.every((track) => PX.test(track))) return null;
  const map = element.computedStyleMap?.();
  const declared = String(map?.get('grid-template-rows') ?? 'none');
  // (A template with repeat() lists fewer entries than tracks: none of its rows is taken as fixed.)
  const template = declared === 'none' ? [] : declared.includes('(') ? null : names(declared);
  const implicit = names(String(map?.get('grid-auto-rows') ?? 'auto'));
  const gap = parseFloat(style.rowGap) || 0;
  let at = rect.top + insets(style).top;
  return used.map((track, index) => {
    const size = parseFloat(track);
    const declaredSize = template === null ? null : index < template.length ? template[index] : implicit.length === 1 ? implicit[0] : null;
    const line = { start: at, end: at + size, fixed: declaredSize !== null && PX.test(declaredSize) ? size : null };
    at += size + gap;
    return line;
  });
}

/**
 * Items (each with a `rect`) in rows: an item joins the row before it when their boxes in the flow
 * (`flow`, else `rect`: not a child pulled above its box) overlap vertically, or, where every item
 * knows the grid row tracks it lies in (`tracks`: onRowTracks), when those overlap: an avatar of
 * `grid-row: span 3` shorter than the rows beside it still holds them together.
 */
export function rowsOf(items) {
  const byTracks = items.every((item) => item.tracks);
  const rows = [];
  for (const item of items) {
    const row = rows[rows.length - 1];
    const box = item.flow ?? item.rect;
    const joins = row && (byTracks ? item.tracks.first <= row.last && item.tracks.last >= row.first : box.top < row.bottom - 0.5 && box.bottom > row.top + 0.5);
    if (joins) {
      row.items.push(item);
      row.top = Math.min(row.top, box.top);
      row.bottom = Math.max(row.bottom, box.bottom);
      if (byTracks) [row.first, row.last] = [Math.min(row.first, item.tracks.first), Math.max(row.last, item.tracks.last)];
    } else {
      rows.push({ items: [item], top: box.top, bottom: box.bottom, first: item.tracks?.first, last: item.tracks?.last });
    }
  }
  return rows;
}

/**
 * Gives each grid item (`element`, `rect`) the row tracks it lies in, `tracks: { first, last }`:
 * the track its box starts in and, for an item that says how many rows it spans (`grid-row: span
 * 3`, `1 / 4`), as many; else those its box reaches into. `lines`: the grid's row tracks
 * (rowLines); nothing is given without them.
 */
export function onRowTracks(lines, items) {
  if (!lines) return;
  for (const item of items) {
    const box = item.flow ?? item.rect;
    const first = lines.findIndex((line) => box.top < line.end - 0.5);
    if (first < 0) return;
    const span = item.element?.nodeType === Node.ELEMENT_NODE ? declaredSpan(getComputedStyle(item.element)) : null;
    const reached = lines.findLastIndex((line) => line.start < box.bottom - 0.5);
    item.tracks = { first, last: Math.min(lines.length - 1, span ? first + span - 1 : Math.max(first, reached)) };
  }
}

/** How many rows a grid item says it spans: `span N` on either end, or the distance between two positive line numbers; else null. */
function declaredSpan(style) {
  const span = /^span (\d+)$/.exec(style.gridRowEnd) ?? /^span (\d+)$/.exec(style.gridRowStart);
  if (span) return Number(span[1]);
  const [from, to] = [style.gridRowStart, style.gridRowEnd].map((line) => (/^\d+$/.test(line) ? Number(line) : null));
  return from !== null && to !== null ? Math.abs(to - from) : null;
}

/** Items (each with a `rect`) of a box set in columns (CSS multi-column): the items of each column, top to bottom, by their left edges. */
export function columnsOf(items) {
  const columns = [];
  for (const item of items) {
    const column = columns.find((known) => Math.abs(known[0].rect.left - item.rect.left) < 1);
    if (column) column.push(item);
    else columns.push([item]);
  }
  return columns;
}

/**
 * A grid row merged by items spanning its rows (`grid-row: span 2`, an area over two rows): the
 * items as tall as the whole row, or in all its row tracks (`tracks`), (`spanning`), and the others by the columns between them
 * (`segments`, in reading order, `before` the spanning item they precede, or none: after the last),
 * each in at least one row. Null when no item spans the row's height while the others make two
 * rows or more: it is a plain row then.
 */
export function spanSplit(items, rtl) {
  const top = Math.min(...items.map((item) => item.rect.top));
  const bottom = Math.max(...items.map((item) => item.rect.bottom));
  const [first, last] = items.every((item) => item.tracks) ? [Math.min(...items.map((item) => item.tracks.first)), Math.max(...items.map((item) => item.tracks.last))] : [];
  const spansAll = (item) => (first === undefined ? Math.abs(item.rect.top - top) < 1 && Math.abs(item.rect.bottom - bottom) < 1 : last > first && item.tracks.first === first && item.tracks.last === last);
  const start = (r) => (rtl ? -r.right : r.left);
  const spanning = items.filter(spansAll)
    .sort((a, b) => start(a.rect) - start(b.rect));
  const rest = items.filter((item) => !spanning.includes(item));
  if (spanning.length === 0 || rowsOf(rest).length < 2) return null;
  const segments = [];
  for (const item of rest) {
    const before = spanning.findIndex((span) => start(span.rect) >= start(item.rect));
    let segment = segments.find((entry) => entry.before === before);
    if (!segment) segments.push(segment = { before, items: [] });
    segment.items.push(item);
  }
  return { spanning, segments };
}

/**
 * How a grid item (an element or a run of text) is aligned on `axis` ('align': across its row,
 * 'justify': along it): its own `align-self` or `justify-self`, or where that is `auto` or
 * `normal` its grid's `align-items` or `justify-items`.
 */
function gridItemAlignment(item, axis) {
  const self = item.nodeType === Node.ELEMENT_NODE ? getComputedStyle(item)[`${axis}Self`] : 'auto';
  return /^(auto|normal)$/.test(self) ? getComputedStyle(item.parentElement)[`${axis}Items`] : self;
}

/** Whether a grid item (an element or a run of text) is centred across its row. */
export const centredAcross = (item) => gridItemAlignment(item, 'align') === 'center';

/**
 * The column tracks a grid item lies in, `{ first, last }` (indices; -1 when none), and, for an
 * item narrower than them that its `justify-self` (or its grid's `justify-items`) puts at their
 * start, end or centre (a status pill at the start of its column, a button at the end of its),
 * that `side` and their `width`. An item
 * otherwise narrower than its tracks lies in none (its row is laid out as a plain one).
 */
export function trackSpan(item, tracks, start, end) {
  const first = tracks.findIndex((track) => Math.abs(track.start - start(item.rect)) < 1);
  const last = tracks.findIndex((track) => Math.abs(track.end - end(item.rect)) < 1);
  if ((first >= 0 && last >= 0) || !item.element) return { first, last };
  const justify = gridItemAlignment(item.element, 'justify');
  const side = /end$/.test(justify) ? 'end' : /center$/.test(justify) ? 'center' : /start$/.test(justify) ? 'start' : null;
  if (!side) return { first, last };
  const from = tracks.findIndex((track) => start(item.rect) > track.start - 1 && start(item.rect) < track.end);
  const to = tracks.findIndex((track) => end(item.rect) > track.start && end(item.rect) < track.end + 1);
  return from < 0 || to < from ? { first: -1, last: -1 } : { first: from, last: to, side, width: tracks[to].end - tracks[from].start };
}
