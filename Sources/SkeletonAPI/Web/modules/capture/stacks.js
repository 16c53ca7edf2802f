// Laying out a box's children: stacks and the widths they share (the second part of Capture; grid rows in grid-stacks.js).

import { CAPTURE_LIMITS, CaptureError, SKIPPED, size } from './limits.js';
import { addPadding, autoMargins, bounds, endAligned, fill, fixed, flexBasis, followedInFlow, grow, heightFloor, inBox, limitShare, limitWidth, lineBlock, marginBelow, narrower, pseudoBlocks, pulledUp, repeats, shiftedBy, sizeShare, squeezable, stretches, trailingMargin, unseen, widthLimit } from './nodes.js';
import { autoColumns, columnsRow, insideColumns } from './auto-columns.js';
import { columnSpace, crossSpace } from './column-space.js';
import { columnTracks, columnsOf, onRowTracks, rowLines, rowsOf } from './grid-rows.js';
import { gridRows } from './grid-stacks.js';
import { bordered, insets, paint } from './paint.js';
import { untransformed } from './overlays.js';
import { shrinkToFit, shrinksInRow, shrinksToFit } from './shrink-to-fit.js';
import { rowShares } from './row-shares.js';
import { tableRow } from './table-columns.js';
import { wrappedRow } from './wrapped-row.js';
import { runItemRect, textRuns } from './text.js';
import { CaptureWalk } from './walk.js';

/** An item's box where the flow lays it: a box moved by a translation is drawn elsewhere. */
const inFlow = (item) => (item.moved ? item.flow : item.rect);

/**
 * One capture's state: the marked elements and stages, the node count against the limit, and
 * the boxes, paragraphs' line boxes and grids' column tracks at the second width (`second`,
 * `secondLines`, `secondTracks`), and paragraphs' boxes and line boxes at the wider one
 * (`wider`), by otherWidths.
 */
export class Capture extends CaptureWalk {

  /** Whether a paragraph's text (an element or a run of text) shows more than one line at the second width. */
  wrapsNarrower(element) {
    return (this.secondLines?.get(element)?.length ?? 1) > 1;
  }

  /** A box with children: a stack along the way they are laid out (rows of a grid or a wrapped flex box: a column of rows); `row`: one row. */
  container(element, rect, depth, backdrop, spans, row = false) {
    const items = [];
    const own = getComputedStyle(element);
    const inset = insets(own);
    const flex = own.display === 'flex' || own.display === 'inline-flex';
    const grid = own.display === 'grid' || own.display === 'inline-grid';
    const columns = grid ? autoColumns(element) : null;
    if (columns) (this.columnGrids ??= new Set()).add(element);
    const contentWidth = rect.width - inset.left - inset.right;
    const before = pseudoBlocks(element, '::before');
    const after = pseudoBlocks(element, '::after');
    for (const pseudo of before) items.push(pseudo);
    // (A box's children that can be items: its elements and its runs of text beside them.)
    const itemsOf = (box) => [...box.childNodes].filter((child) => child.nodeType === Node.ELEMENT_NODE || textRuns(box).includes(child));
    const children = itemsOf(element);
    let below = 0;
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      // A run of text beside boxes: a paragraph of its own, in its place among them.
      if (child.nodeType === Node.TEXT_NODE) {
        const box = runItemRect(child, own);
        if (box.width >= 0.5 && box.height >= 0.5) items.push({ node: this.text(child, box, own), rect: box, element: child, spans: false, grows: false, margins: null, after: 0 });
        continue;
      }
      if (SKIPPED.has(child.tagName.toUpperCase()) || child.hasAttribute('data-skeleton-ignore')) continue;
      const style = getComputedStyle(child);
      // A box of `display: contents` makes none: its children stand in its place.
      if (style.display === 'contents') {
        children.splice(index + 1, 0, ...itemsOf(child));
        continue;
      }
      // A growing box that paints nothing, last in a stretched column (a card's body of `flex: 1`,
      // its footer pushed down by `margin-top: auto`): its children stand in its place, so that the
      // free height the row gives the card reaches its footer; its padding below stays below them.
      if (flex && own.flexDirection.startsWith('column') && this.stretched.has(element) && index === children.length - 1 && parseFloat(style.flexGrow) > 0
        && (style.display === 'block' || (style.display === 'flex' && style.flexDirection.startsWith('column'))) && !paint(style, backdrop) && bordered(style).length === 0 && !child.hasAttribute('data-skeleton-element')) {
        below = insets(style).bottom;
        children.splice(index + 1, 0, ...itemsOf(child));
        continue;
      }
      if (unseen(child, style)) continue;
      if (style.position === 'absolute') {
        this.overlay(child, depth + 1, backdrop);
        continue;
      }
      const drawn = untransformed(child, style) ?? child.getBoundingClientRect();
      // (A box moved by a translation: drawn where it is drawn, its item the room it takes in the
      // flow and where it is drawn, the rest of which is padding outside it: `moved`.)
      const shift = shiftedBy(child, style);
      const flow = shift ? new DOMRect(drawn.x, drawn.y - shift, drawn.width, drawn.height) : drawn;
      const moved = shift ? { top: Math.max(0, shift), bottom: Math.max(0, -shift) } : null;
      const laid = shift ? drawn : pulledUp(child, style, flow);
      if (laid.width < 0.5 || laid.height < 0.5) continue;
      // In a column stretched by its row, free height taken by an auto margin or a growing item:
      // spacers around it, the item its content's height, so that the room follows the row's height.
      // (In a flex row or grid of an aspect ratio, its one item's free height across it: crossSpace.)
      const space = flex && own.flexDirection.startsWith('column') ? (this.stretched.has(element) ? columnSpace(child, style, laid) : null) : (flex || grid) && element.children.length === 1 ? crossSpace(own, rect, laid) : null;
      const box = space?.rect ?? laid;
      const childSpans = spans && box.width >= contentWidth - 1;
      if ((grid || (flex && own.flexDirection.startsWith('row'))) && stretches(own, style, child)) this.stretched.add(child);
      const node = this.node(child, box, depth + 1, backdrop, childSpans);
      const room = moved ? new DOMRect(box.x, box.y - moved.top, box.width, box.height + moved.top + moved.bottom) : box;
      if (node) items.push({ node, rect: room, flow, moved, element: child, spans: childSpans, grows: parseFloat(style.flexGrow) > 0 || grid, margins: flex ? autoMargins(child, this.rtl) : null, after: marginBelow(child, style), space, style });
    }
    for (const pseudo of after) items.push(pseudo);
    if (items.length === 0) return null;
    const cells = own.display === 'table-row' ? tableRow(this, element, items, rect) : null;
    if (cells) return cells;
    const lines = grid ? rowLines(element, own, rect) : null;
    onRowTracks(lines, items);
    const rows = rowsOf(items);
    const justify = flex && own.flexDirection.startsWith('row') && (/space-(between|around|evenly)/.exec(own.justifyContent)?.[1] ?? (own.justifyContent === 'center' ? 'center' : /^(flex-)?end$/.test(own.justifyContent) ? 'end' : undefined));
    const gap = parseFloat(own.columnGap) || 0;
    const tracks = grid ? columnTracks(element, own, rect, this.secondTracks?.get(element), this.rtl) : null;
    const onColumns = columns && columnsRow(this, items, own, gap, columns);
    if (onColumns) return onColumns;
    if (flex && own.flexDirection === 'row' && own.flexWrap === 'wrap' && (!justify || /center|end/.test(justify) || (justify === 'between' && items.length === 2 && own.alignItems !== 'baseline' && !items.some((item) => parseFloat(item.style?.flexGrow) > 0))) && items.length > 1 && !items.some((item) => (item.grows && !flexBasis(item.element)) || item.margins?.before || item.margins?.after)) return wrappedRow(this, items, own, gap, justify);
    // (A row's items in the order they are drawn: a flex row reversed or reordered, a message of one's own with its avatar last.)
    const drawn = (items) => [...items].sort((a, b) => (this.rtl ? b.rect.right - a.rect.right : a.rect.left - b.rect.left));
    if (!tracks && rows.length === 1 && (rows[0].items.length > 1 || row)) return this.stack('horizontal', drawn(rows[0].items), rect, { element, justify, gap });
    // A box set in columns (column-count or column-width: a masonry wall): a row of its columns, each the items that flow down it.
    const flowed = own.columnCount !== 'auto' || own.columnWidth !== 'auto' ? columnsOf(items) : [];
    if (flowed.length > 1) return this.stack('horizontal', drawn(flowed.map((down) => ({ node: this.stack('vertical', down, bounds(down)), rect: bounds(down), spans: false, grows: true }))), rect, { element, gap });
    if (flex && own.flexWrap !== 'nowrap' && rows.length > 1) this.wrapped = true;
    // (A grid's one item with free height around it, crossSpace: an item of the column, its spacers around it.)
    const column = rows.map((row) => (tracks && !row.items[0].space ? gridRows(this, row.items, tracks, lines, gap, spans) : null) ?? (row.items.length === 1 ? row.items[0]
      : { node: this.stack('horizontal', row.items, bounds(row.items), { justify, gap }), rect: bounds(row.items), spans: spans && bounds(row.items).width >= contentWidth - 1, grows: true }));
    // A box stretched to its row's height, or held at its min-height with its content at its top:
    // drawn as tall as its content (at least its minHeight), so that it follows its content at any width.
    const floored = heightFloor(own) !== null && !/center|end|space/.test(own.justifyContent + own.alignContent);
    const bottom = this.stretched.has(element) || floored ? inset.bottom + below + (column[column.length - 1].after ?? 0) : undefined;
    return this.stack('vertical', column, rect, { element, bottom });
  }

  /**
   * A stack of `items` inside `rect`: spacing the smallest gap, each larger gap the padding after an
   * item. In a row, `justify` (space-between, -around, -evenly, center, flex-end) and auto margins put spacers
   * between items (spacing then `gap`, the CSS one), and free width at the end that follows the
   * root's width becomes a spacer sharing it; each item's width is fluid or fixed as measured.
   * `bottom`: the most padding below the last item (a stretched box's own).
   */
  stack(axis, items, rect, { element, justify, gap = 0, bottom } = {}) {
    this.count();
    const vertical = axis === 'vertical';
    const start = (r) => (vertical ? r.top : this.rtl ? -r.right : r.left);
    const end = (r) => (vertical ? r.bottom : this.rtl ? -r.left : r.right);
    const crossStart = (r) => (vertical ? (this.rtl ? -r.right : r.left) : r.top);
    const crossEnd = (r) => (vertical ? (this.rtl ? -r.left : r.right) : r.bottom);
    // (In a column, less the free height its spacers take: columnSpace.)
    const free = (item, side) => (vertical ? item.space?.[side] ?? 0 : 0);
    const gaps = items.slice(1).map((item, index) => start(item.rect) - end(items[index].rect) - free(items[index], 'freeAfter') - free(item, 'freeBefore'));
    // (The row's items where the flow lays them: not a box moved by a translation.)
    const row = { top: Math.min(...items.map((item) => inFlow(item).top)), bottom: Math.max(...items.map((item) => inFlow(item).bottom)) };
    // Where a spacer goes: before item i (0..n, n the end), from justify-content or an auto margin;
    // in a column, from a column flex item's free height (columnSpace).
    // (justify-content: center: a spacer at either end, sharing the free width alike; flex-end: one at the start.)
    const spacers = vertical ? items.map((item, index) => item.space?.before || (index > 0 && items[index - 1].space?.after)).concat(items[items.length - 1].space?.after).map(Boolean) : items.map((item, index) => (index === 0 ? /around|evenly|center|end/.test(justify) || item.margins?.before : /between|around|evenly/.test(justify) || item.margins?.before || items[index - 1].margins?.after))
      .concat(/around|evenly|center/.test(justify) || items[items.length - 1].margins?.after).map(Boolean);
    // How much a stretch between items (index: before item `index`; 0 the start, n the end) shrank at the second width.
    const n = items.length;
    const segment = (index) => {
      const before = index > 0 ? this.second?.get(items[index - 1].element) : element && this.second?.get(element);
      const after = index < n ? this.second?.get(items[index].element) : element && this.second?.get(element);
      if (!before || !after) return null;
      const now = (index < n ? start(items[index].rect) : end(rect)) - (index > 0 ? end(items[index - 1].rect) : start(rect));
      return now - ((index < n ? start(after) : end(after)) - (index > 0 ? end(before) : start(before)));
    };
    const inner = element && !vertical ? insets(getComputedStyle(element)) : null;
    const innerEnd = inner ? (this.rtl ? inner.left : inner.right) : 0;
    // Free width at the end of a row that follows the root's: a spacer sharing the width, as the page does.
    if (!vertical && !spacers[n] && inner && segment(n) > 0.5 && end(rect) - end(items[n - 1].rect) - innerEnd > 0.5) spacers[n] = true;
    // (A column's gaps are what its spacers leave of them: plain too.)
    const plain = gaps.filter((_, index) => vertical || !spacers[index + 1]);
    // (Items that overlap by a negative margin, an avatar pulled over a cover: a negative spacing.)
    // A stack with a spacer has no spacing, which would fall on either side of the spacer (and
    // take room from a label that shrinks): each gap (in a row the CSS one beside a spacer) is
    // padding after the item before it. (Items that overlap keep their negative spacing.)
    const between = spacers.slice(1, n).some(Boolean) || (spacers.some(Boolean) && plain.every((width) => width >= 0));
    const spacing = between ? 0 : justify && plain.every((width) => width >= 0) ? gap : plain.length > 0 ? Math.max(-CAPTURE_LIMITS.maxSize, Math.min(...plain)) : gap;
    // What item i is given after it besides the spacing (the gap that is not free width).
    // (After the last item, before the end's spacer, the CSS gap where a box that draws nothing follows it: a spacer of a skeleton's own.)
    const extra = (index) => (index >= gaps.length ? (!vertical && between && spacers[n] && followedInFlow(items[index].element) ? gap : 0) : vertical || !spacers[index + 1] ? gaps[index] - spacing : between ? gap : 0);
    // A column centred across (align-items: center), or an item centred by `margin: 0 auto`: the
    // model's centre alignment, no offset of the captured width frozen as padding.
    const own = element ? getComputedStyle(element) : null;
    const centred = own !== null && own.display.endsWith('flex') && own.flexDirection.startsWith(vertical ? 'column' : 'row') && own.alignItems === 'center' && (vertical || !this.stretched.has(element));
    // (So is an inline box alone on its line in a block whose text is centred: a segmented control under a centred heading.)
    // (So is the one item of a flex row laid out as a column whose justify-content centres it, an
    // illustration in its picture, and a grid's item that justify-items or justify-self centres.)
    const flexRow = vertical && own?.display.endsWith('flex') && own.flexDirection.startsWith('row');
    const centre = items.map((item) => centred || (vertical && item.element?.nodeType === Node.ELEMENT_NODE && ((autoMargins(item.element, this.rtl)?.before && autoMargins(item.element, this.rtl)?.after)
      || (/center$/.test(own?.textAlign) && item.style?.display.startsWith('inline')) || (flexRow && own.justifyContent === 'center')
      || (own?.display.endsWith('grid') && /center$/.test(/^(auto|normal)$/.test(item.style?.justifySelf) ? own.justifyItems : item.style?.justifySelf)))));
    // An item at a flex column's end (align-self or align-items: flex-end; a message of one's own): its trailing alignment.
    // (So is one pushed there by an auto margin before it: a menu of `margin-left: auto`.)
    const atEnd = items.map((item, index) => vertical && !centre[index] && item.style && ((own?.display.endsWith('flex') && (flexRow ? /^(flex-)?end$/.test(own.justifyContent) : endAligned(item.style, own))) || autoMargins(item.element, this.rtl)?.before));
    // A flex row whose items all sit at its bottom (align-items: flex-end: an avatar beside the last line of its message): its bottom alignment.
    const bottomed = !vertical && !centred && own?.display.endsWith('flex') && !this.stretched.has(element) && items.every((item) => item.style && endAligned(item.style, own));
    const crossInset = own ? insets(own) : { top: 0, right: 0, bottom: 0, left: 0 };
    // (A row centred across or at its bottom keeps its height: the tallest item's offsets are its padding.)
    // (Nor is a percentage of the column's width: it does not say where the column's edges are.)
    const shared = items.map((item) => vertical && item.element?.nodeType === Node.ELEMENT_NODE && sizeShare(item.element, item.style, false) !== null);
    const placed = items.filter((_, index) => (!centre[index] || (centred && !vertical)) && !atEnd[index] && !shared[index]);
    const leadCross = placed.length === 0 ? (vertical ? (this.rtl ? crossInset.right : crossInset.left) : crossInset.top)
      : Math.max(0, Math.min(...placed.map((item) => crossStart(item.rect) - crossStart(rect))));
    const trailCross = placed.length === 0 ? (vertical ? (this.rtl ? crossInset.left : crossInset.right) : crossInset.bottom)
      : Math.max(0, Math.min(...placed.map((item) => crossEnd(rect) - crossEnd(item.rect))));
    const available = (vertical ? rect.width : rect.height) - leadCross - trailCross;
    // (What a column's item leaves of the column's content width at the second width: `columnThen`, `itemThen`, their boxes there.)
    const rest = (columnThen, itemThen) => columnThen.width - (rect.width - available) - itemThen.width;
    const children = items.map((item, index) => {
      const extraCross = centre[index] || atEnd[index] || bottomed ? 0 : crossStart(item.rect) - crossStart(rect) - leadCross;
      const extraAfter = extra(index);
      const moved = item.moved ?? { top: 0, bottom: 0 };
      let node = this.outside(item.node, vertical ? { leading: extraCross, top: moved.top, bottom: extraAfter + moved.bottom } : { top: extraCross + moved.top, trailing: extraAfter, bottom: moved.bottom });
      const change = this.change(item);
      const fluid = change === null ? (vertical ? item.spans : item.grows) : change > 0.5;
      // A one-line label would be drawn across its whole row: a bar as long as its text instead.
      // (In a row, a label that takes the free width stays a text node, so that what follows it stays put.)
      // (Not one that wraps at the second width: its measure keeps its lines at every width.)
      // (Nor one that shrinks in its row without wrapping, cut by an ellipsis: shrinksInRow.)
      const shrinks = !vertical && change === 0 && this.second.get(item.element)?.width < item.rect.width - 0.5;
      if (node.type === 'text' && node.lines === 1 && !this.wrapsNarrower(item.element) && (vertical ? node.lastLineFraction < 0.95 : !fluid && !shrinks)) {
        node = lineBlock(node);
        // (In a row, as wide as its box: what the text leaves of it on either side is the bar's padding.)
        if (!vertical && item.element.nodeType === Node.ELEMENT_NODE) node = inBox(node, item.element, item.rect, this.rtl);
      }
      if (vertical) {
        const margin = available - extraCross - item.rect.width;
        let aligned = false;
        // (As wide as the column, or as its own max-width: fluid up to that. Exactly as wide as the
        // column at both widths, it fills it whichever way the column changed: one in a flex row
        // that wraps may be wider at the narrower width. Not a table cell's or an inline box's:
        // sized by their content.)
        const [columnThen, itemThen] = [element && this.second?.get(element), item.element && this.second?.get(item.element)];
        const fillsThen = columnThen && itemThen && item.style && /^(block|flex|grid)$/.test(own.display) && !item.style.display.startsWith('inline') && Math.abs(columnThen.width - rect.width) > 0.5 && Math.abs(item.rect.width - available) < 1 && Math.abs(itemThen.width - (columnThen.width - (rect.width - available))) < 1;
        // (Or at its percentage one, of the column's content width.)
        const atShare = item.element?.nodeType === Node.ELEMENT_NODE && Math.abs(item.rect.width - (limitShare(item.element, item.style) ?? NaN) * (rect.width - crossInset.left - crossInset.right)) < 0.5;
        if ((fluid || fillsThen) && (item.rect.width >= available - 1 || Math.abs(item.rect.width - widthLimit(item.style)) < 0.5 || atShare) && !narrower(node, item.rect)) {
          // (A shrink-to-fit box as wide as the column is only as wide as its content where the column is wider.)
          if (node.type === 'stack' && shrinksToFit(item.element)) node = shrinkToFit(this, item.element, node, item.rect);
          else fill(node);
        } else if (fluid && !centre[index] && !narrower(node, item.rect) && item.element?.nodeType === Node.ELEMENT_NODE && (Math.abs(trailingMargin(item.element, this.rtl) - margin) < 1 || (columnThen && itemThen && Math.abs(rest(columnThen, itemThen) - extraCross - margin) < 1))) {
          // Narrower than the column by its own trailing margin, or by as much at the second width (the
          // column's padding beside a row that bleeds into it): as wide as the column less that.
          node = this.outside(node, { trailing: margin });
          fill(node);
        } else if (fluid && shared[index]) {
          // A percentage of the column's width (an event bar of 60%): fluid, that share of it at most.
          fill(node);
          node.maxFillFraction = sizeShare(item.element, item.style, false);
        } else if (fluid && (centre[index] || atEnd[index]) && columnThen && itemThen && rest(columnThen, itemThen) > -0.5 && item.rect.width < available - rest(columnThen, itemThen) + 0.5) {
          // Centred (or at the end) and as wide as the column less a constant at the second width
          // (`width: min(100% - 32px, 600px); margin: auto`): a fill with that constant outside it,
          // at most as wide as here where it stopped following the column.
          const outer = rest(columnThen, itemThen);
          fill(node);
          if (item.rect.width < available - outer - 0.5) node.maxFillWidth = size(Math.min(node.maxFillWidth ?? Infinity, item.rect.width));
          this.count();
          node = { type: 'stack', axis: 'vertical', spacing: 0, alignment: centre[index] ? 'center' : 'trailing', maxWidth: 'fill', children: [node] };
          addPadding(node, centre[index] ? { leading: outer / 2, trailing: outer / 2 } : { leading: outer });
          aligned = true;
        } else if (change !== null && !fluid) fixed(node, item.rect.width + Math.max(0, extraCross));
        if (((centre[index] && !centred) || atEnd[index]) && !aligned) {
          this.count();
          node = { type: 'stack', axis: 'vertical', spacing: 0, alignment: atEnd[index] ? 'trailing' : 'center', maxWidth: 'fill', children: [node] };
        }
      } else if (shrinks && node.type !== 'block') {
        shrinksInRow(node, item.element, item.rect, Math.max(0, extraAfter));
      } else if (!fluid) fixed(node, item.rect.width + Math.max(0, extraAfter));
      // An item a centred row's own `align-self` puts at its top or bottom (a badge at the top of a
      // profile row): a column stretched to the row, a spacer after (before) it.
      const selfAt = !vertical && centred && item.style ? /^(flex-|self-)?(start|end)$/.exec(item.style.alignSelf)?.[2] : undefined;
      if (selfAt) {
        this.count(2);
        const wrapper = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', stretch: true, children: selfAt === 'start' ? [node, { type: 'spacer' }] : [{ type: 'spacer' }, node] };
        if (node.width?.kind === 'fill' || node.maxWidth === 'fill') fill(wrapper);
        else if (node.width !== undefined) wrapper.width = node.width;
        return wrapper;
      }
      if (!vertical) this.stretch(item, node, row);
      return node;
    });
    const first = items[0].rect;
    const last = items[items.length - 1].rect;
    const innerStart = inner ? (this.rtl ? inner.right : inner.left) : 0;
    const padding = vertical
      ? { top: first.top - rect.top - free(items[0], 'freeBefore'), leading: leadCross, bottom: Math.min(rect.bottom - last.bottom - free(items[items.length - 1], 'freeAfter'), bottom ?? Infinity), trailing: trailCross }
      : { top: leadCross, leading: spacers[0] ? innerStart : start(first) - start(rect), bottom: trailCross, trailing: spacers[items.length] ? innerEnd : end(rect) - end(last) };
    let out = children;
    if (vertical && spacers.some(Boolean)) {
      out = children.flatMap((child, index) => (spacers[index] ? [{ type: 'spacer' }, child] : [child])).concat(spacers[items.length] ? [{ type: 'spacer' }] : []);
      this.count(spacers.filter(Boolean).length);
    }
    if (!vertical) {
      out = rowShares(this, items, children, spacers, segment, items.map((_, index) => extra(index)), own?.display.endsWith('flex'));
    }
    if (out.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
    for (const item of items) limitWidth(item.node, item.element, item.style);
    const stack = { type: 'stack', axis, spacing: spacing < 0 ? -size(-spacing) : size(spacing), alignment: centred ? 'center' : bottomed ? 'bottom' : vertical ? 'leading' : 'top', children: repeats(out) };
    addPadding(stack, padding);
    return stack;
  }

  /**
   * Marks `node`, a row's item drawn for `item`, `stretch` when the row stretches its box to the
   * row's height (`stretched`: a grid's or flex row's item, `align-self` stretch or normal, height
   * auto) and it is as tall as the row (`row`: its top and bottom), so that it follows the row's
   * height at every width. Only a stack, or a block with an aspect ratio (its own height follows
   * its width: a thumbnail of `aspect-ratio: 1`), stretches; the box it stands for must be its own
   * node, or the one child of a box of its own around it (outside: a row, stretched too, that
   * passes the height on).
   */
  stretch(item, node, row) {
    const stretchy = item.node.type === 'stack' || (item.node.type === 'block' && item.node.aspectRatio);
    if (!(node === item.node || node.children?.[0] === item.node) || !stretchy || !this.stretched.has(item.element) || Math.abs(inFlow(item).height - (row.bottom - row.top)) >= 1) return;
    node.stretch = true;
    item.node.stretch = true;
  }

  /**
   * `node` with `extra` space around it: its padding, or, for a painted box (whose padding lies
   * inside its background), a marked element (whose padding lies inside its box) or a box with
   * overlays (placed from its frame's edges), a box of its own around it that it fills: a margin
   * is never painted, nor part of an element's box.
   */
  outside(node, extra) {
    if (!(node.background || node.id || node.children?.some((child) => child.overlay)) || !Object.values(extra).some((value) => value > 0.005)) {
      addPadding(node, extra);
      return node;
    }
    this.count();
    const wrapper = { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'top', children: [node] };
    if (node.maxWidth === 'fill' || node.width?.kind === 'fill') fill(wrapper);
    fill(node);
    addPadding(wrapper, extra);
    return wrapper;
  }

  /**
   * How much narrower `item` is at the second width (px), or null when it was not measured; 0 for
   * a flex item that does not grow and is no wider at the wider width: squeezed by a row too
   * narrow for its content there, not fluid, it keeps its width at the captured one.
   */
  change(item) {
    if (!this.second || !item.element) return null;
    const narrower = this.second.get(item.element);
    if (narrower === undefined) return null;
    const wider = this.widerBoxes?.get(item.element);
    if (wider && wider.width - item.rect.width < 0.5 && squeezable(item.element)) return 0;
    // (Wider at the narrower width, in a grid whose columns follow the width (fewer columns there)
    // or in a box wider there too (a column of a flex row that wraps): it follows them.)
    const parent = item.element.parentElement;
    const widerBox = () => parent && this.second.get(parent) && this.second.get(parent).width - parent.getBoundingClientRect().width > 0.5;
    if (narrower.width - item.rect.width > 0.5 && (insideColumns(item.element, this.columnGrids) || widerBox())) return narrower.width - item.rect.width;
    return item.rect.width - narrower.width;
  }
}
