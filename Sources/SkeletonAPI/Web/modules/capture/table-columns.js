// Tables laid out automatically: each column's min-content and max-content width, measured in place, and their rows.

import { size } from './limits.js';
import { addPadding } from './nodes.js';

/**
 * The columns of every table under `root` (itself included) that CSS lays out automatically
 * (`table-layout: auto`) and whose rows each have one cell per column, two or more (no spans):
 * by table, each column's min-content and max-content width in px (border boxes, padding
 * included), in column order. The table is laid out in place at `width: min-content`, then at
 * `max-content`, and each column's width read from its first row's cells, so that the page's own
 * styles decide them (fonts, padding, `white-space`, a cell's fixed width), as a table's
 * automatic layout (CSS 2.1 §17.5.2.2) takes them; the table's style is then put back.
 */
export function tableColumns(root) {
  const columns = new Map();
  const tables = [...(root.tagName === 'TABLE' ? [root] : []), ...root.querySelectorAll('table')].filter((table) => {
    const style = getComputedStyle(table);
    const rows = [...table.rows];
    return style.display === 'table' && style.tableLayout === 'auto' && rows.length > 0 && rows[0].cells.length > 1 &&
      rows.every((row) => row.cells.length === rows[0].cells.length && [...row.cells].every((cell) => cell.colSpan === 1 && cell.rowSpan === 1));
  });
  for (const table of tables) {
    const style = table.getAttribute('style');
    // Through the attribute, as otherWidths does (a CSSOM change is written back lazily).
    const widths = (width) => {
      table.setAttribute('style', `${style ?? ''};width:${width} !important;min-width:0 !important;max-width:none !important`);
      return [...table.rows[0].cells].map((cell) => cell.getBoundingClientRect().width);
    };
    try {
      const least = widths('min-content');
      const most = widths('max-content');
      columns.set(table, least.map((min, index) => ({ min, max: Math.max(min, most[index]) })));
    } finally {
      if (style === null) table.removeAttribute('style');
      else table.setAttribute('style', style);
    }
  }
  return columns;
}

/** The top of an element's content (its range's bounds) in px; null when it has none. */
function contentTop(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const box = range.getBoundingClientRect();
  return box.width > 0 || box.height > 0 ? box.top : null;
}

/**
 * The room a table cell's content does not fill (its row is taller, for a taller cell beside it),
 * by cell, for the tables of `columns` and the rows whose cells share one alignment (the row's,
 * `tableRow`): `{ above, below }` in px, the part above and below the content. Measured in place:
 * the content's top (its range's bounds) as the page aligns it, then with every cell of the table
 * aligned to the top and to the bottom (their difference is the room); the cells' style is put
 * back. Cells with no content, or none to spare, are left out. Kept out of a cell's node, the
 * row's alignment places it at any width, where the row's height follows its tallest cell.
 */
export function cellRoom(columns) {
  const room = new Map();
  for (const table of columns.keys()) {
    const cells = [...table.rows].filter((row) => new Set([...row.cells].map(alignmentOf)).size === 1).flatMap((row) => [...row.cells]);
    const styles = cells.map((cell) => cell.getAttribute('style'));
    const aligned = (to) => {
      cells.forEach((cell, index) => cell.setAttribute('style', `${styles[index] ?? ''};vertical-align:${to} !important`));
      return cells.map(contentTop);
    };
    try {
      const own = cells.map(contentTop);
      const first = aligned('top');
      const last = aligned('bottom');
      cells.forEach((cell, index) => {
        if (own[index] === null || last[index] - first[index] < 0.5) return;
        const above = Math.max(0, own[index] - first[index]);
        room.set(cell, { above, below: Math.max(0, last[index] - first[index] - above) });
      });
    } finally {
      cells.forEach((cell, index) => (styles[index] === null ? cell.removeAttribute('style') : cell.setAttribute('style', styles[index])));
    }
  }
  return room;
}

const ALIGNMENTS = { middle: 'center', bottom: 'bottom' };
/**
 * A painted cell's stack (its row leaves it room): stretched to its row's height, as the page
 * paints a cell, its content (in a stack of its own when it is a row or more than one node) placed in it by spacers
 * as the cell's `vertical-align` places it: one above and one below (middle), one above (bottom),
 * one below (top).
 */
function paintedCell(capture, node, alignment) {
  let content = node.children;
  if (node.axis === 'horizontal' || content.length > 1) {
    capture.count();
    content = [{ type: 'stack', axis: node.axis, spacing: node.spacing, alignment: node.alignment, children: node.children }];
  }
  const above = alignment === 'top' ? [] : [{ type: 'spacer' }];
  const below = alignment === 'bottom' ? [] : [{ type: 'spacer' }];
  return { ...node, axis: 'vertical', spacing: 0, alignment: 'leading', stretch: true, children: [...above, ...content, ...below] };
}

const alignmentOf = (cell) => ALIGNMENTS[getComputedStyle(cell).verticalAlign] ?? 'top';

/**
 * A table row (`tr`, its table's columns measured) of `items`, its cells: a row filling its
 * width, each cell's node with a content width (`{kind: 'content', points, min, max}`, its
 * column's), so that the cells share any width as the page's columns do; a cell that is one
 * block stands in a stack of its own that takes the column's width (its block keeps its size);
 * a paragraph's measure is at most what its column's max-content width holds.
 * The cells' `vertical-align` is the row's alignment (middle: centred). `spacing` the horizontal
 * border spacing. Null when the row is not one cell per column: it is then laid out as any box.
 */
export function tableRow(capture, element, items, rect) {
  const columns = capture.columns.get(element.closest('table'));
  if (!columns || items.length !== columns.length || items.some((item) => item.element?.nodeType !== Node.ELEMENT_NODE || !/^(TD|TH)$/.test(item.element.tagName))) return null;
  capture.count();
  const children = items.map((item, index) => {
    let node = item.node;
    // The room its row leaves it is the row's to place (a text's is kept out of its lines: Capture.text).
    const room = capture.room.get(item.element);
    if (room && node.type !== 'text' && node.padding) {
      node.padding.top = size(Math.max(0, node.padding.top - room.above));
      node.padding.bottom = size(Math.max(0, node.padding.bottom - room.below));
    }
    if (room && node.type === 'stack' && node.background) node = paintedCell(capture, node, alignmentOf(item.element));
    if (node.type === 'block') {
      capture.count();
      node = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: [node] };
    }
    delete node.maxWidth;
    const { min, max } = columns[index];
    node.width = { kind: 'content', points: size(item.rect.width), min: size(min), max: size(max) };
    // No cell's text is longer on one line than its column's max-content width holds: at that width it is one line.
    if (node.type === 'text' && node.measure) node.measure = Math.max(1, Math.min(node.measure, size(max - (node.padding?.leading ?? 0) - (node.padding?.trailing ?? 0))));
    return node;
  });
  const own = getComputedStyle(element);
  const table = getComputedStyle(element.closest('table'));
  const spacing = table.borderCollapse === 'collapse' ? 0 : parseFloat(table.borderSpacing) || 0;
  const aligned = new Set(items.map((item) => alignmentOf(item.element)));
  const start = (r) => (capture.rtl ? -r.right : r.left);
  const end = (r) => (capture.rtl ? -r.left : r.right);
  const row = { type: 'stack', axis: 'horizontal', spacing: size(spacing), alignment: aligned.size === 1 ? [...aligned][0] : 'top', maxWidth: 'fill', children };
  addPadding(row, { leading: start(items[0].rect) - start(rect), trailing: end(rect) - end(items[items.length - 1].rect), top: parseFloat(own.paddingTop) || 0, bottom: parseFloat(own.paddingBottom) || 0 });
  return row;
}
