// skeleton-server capture (GET /capture.js, re-exported by /renderer.js): turns the live DOM of a
// page into a screen file (the format `skeleton-server validate` and `--layouts` take) whose
// skeleton reproduces the page's geometry, in CSS px taken as points.
//
//   import { captureScreen } from 'https://skeletons.example/renderer.js';
//   const file = captureScreen(document.querySelector('main'), { id: 'orders', title: 'Orders' });
//
// Media, form controls, buttons, elements with a background image, painted leaves and painting
// ::before/::after become blocks; text becomes `text` nodes with the browser's line count; boxes
// laid out in rows and columns (flex, grid, block flow) become stacks with the measured spacing
// and padding; runs of equal siblings become repeats; painted boxes keep a background and radius.
// The page's intent is kept by measuring the root at a second width (80% of its own, the root's
// inline style restored exactly after): a size that follows the root's width is fluid
// (`width: fill`, with `grow` for shares such as `fr` tracks), one that does not is fixed
// (`width: points`); `space-between`/`-around`/`-evenly` and auto margins become spacers; text
// records `measure` (its width on one line) and `maxLines` (its clamp): paragraphs are measured
// at a wider width too (150%), and `measure` wraps into the browser's line count at the captured
// width always and at the 80% and 150% ones where one value does all three, else as few lines
// wrong there as it can (measureFor); small painted leaves (badges, pills, progress bars) become
// blocks of their shape; `captureWidth` is the root's width.
// `data-skeleton-element="ID"` (and `data-skeleton-stage`) marks the screen's loading elements, as
// does a `<skeleton-element name="ID">` wrapping a page in place (boxes of `display: contents`,
// such as its `<skeleton-screen>`, are looked through to their children),
// `data-skeleton-ignore` skips a subtree, `data-skeleton-block` draws a subtree as one block.
// The file holds geometry only: no text, URL or attribute value of the page but the marked ids
// and stages. Limits are the server's (ScreenFileLimits): past them, an Error naming the limit.

/** ScreenFileLimits, as the server checks them. */
export const CAPTURE_LIMITS = { maxExpandedNodes: 10000, maxNodeDepth: 32, maxChildren: 256, maxRepeat: 100, maxElements: 256, maxStages: 64, maxLines: 100, maxSize: 10000 };
const MEDIA = new Set(['IMG', 'PICTURE', 'VIDEO', 'CANVAS', 'SVG', 'IFRAME', 'OBJECT', 'EMBED', 'INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'PROGRESS', 'METER', 'AUDIO']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'LINK', 'META', 'HEAD', 'TITLE', 'BR', 'WBR']);
const ID = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,63}$/;
const SCREEN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const round = (value) => Math.round(value * 100) / 100;
const size = (value) => Math.min(CAPTURE_LIMITS.maxSize, Math.max(0, round(value)));

/** Why a page cannot be captured: `limit` names the ScreenFileLimits member, when one is passed. */
export class CaptureError extends Error {
  constructor(message, limit) {
    super(`captureScreen: ${message}`);
    this.name = 'CaptureError';
    this.limit = limit;
  }
}

/**
 * The screen file of the page under `root`. Options: `id` (default `captured`), `title`,
 * `source`, `preset` (`finance`, `chat` or `movies`: the shimmer and transition), `schema` (the
 * `$schema` URL; default `/schema/screen.json` of the server this module came from), `stage` (the stage of
 * elements marked without one; default `content`).
 */
export function captureScreen(root, options = {}) {
  if (!(root instanceof Element)) throw new CaptureError('root is not an element');
  const id = options.id ?? 'captured';
  if (!SCREEN_ID.test(id)) throw new CaptureError(`id '${String(id).slice(0, 80)}' is not a screen id (${SCREEN_ID.source})`);
  const box = root.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) throw new CaptureError(`the root has no size (${round(box.width)} x ${round(box.height)}): capture an element that is laid out`);
  const capture = new Capture(getComputedStyle(root).direction === 'rtl', options.stage ?? 'content', otherWidths(root, box));
  const screen = screenColor(root, box);
  const tree = capture.container(root, box, 0, screen ?? backdropOf(root), true);
  if (!tree) throw new CaptureError('nothing under the root draws: no media, text or painted box');
  if (screen) tree.background = 'screen';
  tree.shimmer = true;
  delete tree.maxWidth;
  if (capture.elements.length === 0) {
    tree.id = 'content';
    capture.elements.push({ id: 'content', stage: capture.defaultStage, accessibilityLabel: 'Loading content' });
    capture.stages.add(capture.defaultStage);
  }
  const stages = [...capture.stages];
  if (stages.length > CAPTURE_LIMITS.maxStages) throw new CaptureError(`more than ${CAPTURE_LIMITS.maxStages} stages (maxStages)`, 'stageCount');
  return {
    $schema: options.schema ?? new URL('/schema/screen.json', import.meta.url).href,
    id,
    title: String(options.title ?? 'Captured screen').slice(0, 4096),
    source: String(options.source ?? 'captured from a page with captureScreen').slice(0, 4096),
    assumptions: ['captured from a page by captureScreen: its geometry in CSS px taken as points; text lengths and colours are not the page\'s',
      ...(capture.wrapped ? [`rows that wrap (flex-wrap) are drawn as they wrapped at the captured width, ${captureWidth(box)} pt`] : [])],
    captureWidth: captureWidth(box),
    animation: { preset: ['finance', 'chat', 'movies'].includes(options.preset) ? options.preset : 'finance' },
    stages: stages.map((stage, index) => ({ id: stage, title: `${stage} ready`, readyMs: { min: 300 * (index + 1), max: 300 * (index + 1) + 600 } })),
    layouts: [{ variant: 'default', elements: capture.elements, root: tree }],
  };
}

/**
 * What the bookmarklet of `GET /capture` runs on the user's page: the element under the pointer
 * is outlined, a click captures it (`captureScreen(element, options)`) and downloads the file as
 * `ID.json`, Escape cancels. Resolves with the file, or null when cancelled. Nothing of the page
 * changes: the outline is one element of its own, removed (with the listeners) before the capture.
 */
export function pickAndCapture(options = {}) {
  return new Promise((resolve, reject) => {
    const outline = document.createElement('div');
    outline.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;display:none;box-sizing:border-box;border:2px solid #007aff;background:rgba(0,122,255,0.12)';
    document.documentElement.append(outline);
    const over = (event) => {
      const r = event.target.getBoundingClientRect();
      Object.assign(outline.style, { display: 'block', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    };
    const stop = (event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const click = (event) => {
      stop(event);
      finish();
      try {
        const file = captureScreen(event.target, options);
        download(file);
        resolve(file);
      } catch (error) {
        reject(error);
      }
    };
    const key = (event) => {
      if (event.key !== 'Escape') return;
      stop(event);
      finish();
      resolve(null);
    };
    const listeners = { mouseover: over, click, keydown: key, mousedown: stop, pointerdown: stop };
    const finish = () => {
      for (const [type, listener] of Object.entries(listeners)) document.removeEventListener(type, listener, true);
      outline.remove();
    };
    for (const [type, listener] of Object.entries(listeners)) document.addEventListener(type, listener, true);
  });
}

/** Saves `file` as `ID.json` through a link to a blob URL that is never added to the page. */
function download(file) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  link.download = `${file.id}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

/**
 * One capture's state: the marked elements and stages, the node count against the limit, and
 * the boxes, paragraphs' line boxes and grids' column tracks at the second width (`second`,
 * `secondLines`, `secondTracks`), and paragraphs' boxes and line boxes at the wider one
 * (`wider`), by otherWidths.
 */
export class Capture {
  constructor(rtl, defaultStage, { second, wider }) {
    if (!ID.test(defaultStage)) throw new CaptureError(`stage '${String(defaultStage).slice(0, 80)}' is not a stage id`);
    this.rtl = rtl;
    this.second = second?.boxes;
    this.secondLines = second?.lines;
    this.secondTracks = second?.tracks;
    this.wider = wider;
    this.wrapped = false;
    /** Boxes a grid or a flex row stretches to its row's height (their own height auto). */
    this.stretched = new WeakSet();
    this.defaultStage = defaultStage;
    this.elements = [];
    this.stages = new Set();
    this.nodes = 0;
  }

  count(amount = 1) {
    this.nodes += amount;
    if (this.nodes > CAPTURE_LIMITS.maxExpandedNodes) {
      throw new CaptureError(`the page needs more than ${CAPTURE_LIMITS.maxExpandedNodes} skeleton nodes (maxExpandedNodes): mark large parts data-skeleton-block or data-skeleton-ignore`, 'maxExpandedNodes');
    }
  }

  /**
   * The node for `element` (laid out at `rect`), or null when it draws nothing. `spans`: the
   * element is as wide as its parent's content and the parent's width is not its content's, so
   * that it is drawn filling the width it is offered.
   */
  node(element, rect, depth, backdrop, spans) {
    const style = getComputedStyle(element);
    let node;
    const painted = paint(style, backdrop);
    if (element.hasAttribute('data-skeleton-block') || MEDIA.has(element.tagName.toUpperCase()) || style.backgroundImage !== 'none' ||
        (element.tagName.includes('-') && element.children.length === 0) || depth >= CAPTURE_LIMITS.maxNodeDepth - 2) {
      node = this.block(rect, style);
    } else if (paintedShape(element, style, rect)) {
      node = element.children.length === 0 || hasText(element) ? this.block(rect, style) : this.track(element, rect, depth, style);
    } else if (hasText(element)) {
      node = this.text(element, rect, style);
      // A paragraph on a ground of its own (a code block, a callout): the text on a card.
      if (painted) {
        this.count();
        fill(node);
        node = Object.assign({ type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: [node], background: 'card' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {});
      }
    } else if (element.children.length > 0 || pseudoBlocks(element).length > 0) {
      node = this.container(element, rect, depth, painted ?? backdrop, spans);
      if (node && painted) Object.assign(node, { background: 'card' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {}, style.overflow === 'hidden' || style.overflow === 'clip' ? { clip: true } : {});
      // (Not around a repeat, whose copies take no modifiers, nor a painted child: padding lies inside a background.)
      else if (node && node.children.length === 1 && node.children[0].type !== 'repeat' && !node.children[0].background && node.alignment !== 'center') node = unwrapped(node);
      // A row wider than its box that the box clips or scrolls: a carousel, drawn still.
      if (node && ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
        this.count();
        node = { type: 'scroll', axis: 'horizontal', child: node };
      }
    } else if (painted) {
      node = this.block(rect, style);
    } else {
      return null;
    }
    if (!node) return null;
    const ratio = node.type === 'block' ? aspectRatioOf(element, style, rect) : null;
    if (ratio !== null) node.aspectRatio = ratio;
    this.mark(element, node);
    return node;
  }

  mark(element, node) {
    const id = element.getAttribute('data-skeleton-element') ?? (element.localName === 'skeleton-element' ? element.getAttribute('name') : null);
    if (id === null) return;
    if (!ID.test(id)) throw new CaptureError(`data-skeleton-element '${id.slice(0, 80)}' is not an element id (${ID.source})`);
    if (this.elements.some((known) => known.id === id)) throw new CaptureError(`two elements are marked data-skeleton-element '${id}'`);
    if (this.elements.length >= CAPTURE_LIMITS.maxElements) throw new CaptureError(`more than ${CAPTURE_LIMITS.maxElements} marked elements (elementCount)`, 'elementCount');
    const stage = element.getAttribute('data-skeleton-stage') ?? this.defaultStage;
    if (!ID.test(stage)) throw new CaptureError(`data-skeleton-stage '${stage.slice(0, 80)}' is not a stage id`);
    node.id = id;
    // Its label, for the skeleton's group and the renderer's texts: the page's name for it, else its id.
    const label = (element.getAttribute('data-skeleton-label') ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 200) || id;
    this.elements.push({ id, stage, accessibilityLabel: `Loading ${label}` });
    this.stages.add(stage);
  }

  block(rect, style) {
    this.count();
    const block = { type: 'block', width: size(rect.width), height: size(rect.height) };
    const corners = cornerRadii(style, rect);
    const largest = Math.max(...corners);
    if (largest > 0) {
      block.cornerRadius = size(largest);
      const shorter = Math.min(rect.width, rect.height);
      if (corners.some((corner) => corner < largest - 0.5)) {
        const names = this.rtl ? ['topTrailing', 'topLeading', 'bottomLeading', 'bottomTrailing'] : ['topLeading', 'topTrailing', 'bottomTrailing', 'bottomLeading'];
        block.corners = names.filter((_, index) => corners[index] >= largest - 0.5);
      } else if (largest >= shorter / 2 - 0.5) {
        block.shape = Math.abs(rect.width - rect.height) < 1 ? 'circle' : 'capsule';
      }
    }
    return block;
  }

  /** A painted bar around painted parts (a progress bar's track): a row on a `gray5` ground, each part a block. */
  track(element, rect, depth, style) {
    const row = this.container(element, rect, depth, null, false, true);
    if (!row) return this.block(rect, style);
    return Object.assign(row, { background: 'gray5' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {}, { clip: true });
  }

  /**
   * A paragraph: its lines as the browser wrapped them, each line box `lineHeight` tall; `measure`
   * its width on one line, `maxLines` its clamp (line-clamp, a max-height that clips, or one
   * line ending in an ellipsis), `lines` what shows. Wrapped lines end short of the width, the
   * more so the narrower it is, so no one measure is exact at every width: from its full lines and
   * its last one, measureFor chooses one from its line counts at the captured, second and wider
   * widths (a clamped paragraph: the captured and second ones).
   */
  text(element, rect, style) {
    this.count();
    const inset = element.nodeType === Node.TEXT_NODE ? { top: 0, right: 0, bottom: 0, left: 0 } : insets(style);
    const clamp = clampOf(style);
    const most = clamp ?? CAPTURE_LIMITS.maxLines;
    const lines = lineBoxes(element);
    const width = Math.max(1, rect.width - inset.left - inset.right);
    const height = Math.max(1, rect.height - inset.top - inset.bottom);
    const shown = showing(lines, clamp, rect, inset);
    const count = Math.min(most, Math.max(1, shown.length));
    const lineBox = height / count;
    const bar = Math.min(lineBox, Math.max(2, Math.round(parseFloat(style.fontSize) * 0.7)));
    const last = shown[shown.length - 1];
    const lastWidth = last ? last.right - last.left : width;
    const fraction = last ? Math.min(1, Math.max(0.01, lastWidth / width)) : 1;
    const half = (lineBox - bar) / 2;
    const sum = lines.reduce((total, line) => total + line.right - line.left, 0);
    const start = clamp ? Math.max(sum, (count - 1) * width + lastWidth) : (count - 1) * width + Math.min(width, lastWidth);
    const measured = [{ width, count }];
    const others = [{ rect: this.second?.get(element), lines: this.secondLines?.get(element) }, ...(clamp ? [] : [this.wider?.get(element)])];
    for (const other of others) {
      if (!other?.rect || !other.lines) continue;
      const otherWidth = Math.max(1, other.rect.width - inset.left - inset.right);
      measured.push({ width: otherWidth, count: Math.min(most, Math.max(1, showing(other.lines, clamp, other.rect, inset).length)) });
    }
    const measure = measureFor(measured, start, most);
    const node = {
      type: 'text', lines: count, lineHeight: size(bar), lineSpacing: size(lineBox - bar), lastLineFraction: round(fraction) || 0.01,
      measure: Math.max(1, Math.min(100000, round(measure))), maxLines: most,
      padding: { top: size(inset.top + half), leading: size(this.rtl ? inset.right : inset.left), bottom: size(inset.bottom + half), trailing: size(this.rtl ? inset.left : inset.right) },
    };
    // Text that never wraps (white-space: pre, nowrap) keeps its lines at every width: no measure.
    if (!clamp && /^(pre|nowrap)$/.test(style.whiteSpace)) {
      delete node.measure;
      delete node.maxLines;
    }
    lastLineWidths.set(node, lastWidth);
    return node;
  }

  /** A box with children: a stack along the way they are laid out (rows of a grid or a wrapped flex box: a column of rows); `row`: one row. */
  container(element, rect, depth, backdrop, spans, row = false) {
    const items = [];
    const own = getComputedStyle(element);
    const inset = insets(own);
    const flex = own.display === 'flex' || own.display === 'inline-flex';
    const grid = own.display === 'grid' || own.display === 'inline-grid';
    const contentWidth = rect.width - inset.left - inset.right;
    const before = pseudoBlocks(element, '::before');
    const after = pseudoBlocks(element, '::after');
    for (const pseudo of before) items.push(pseudo);
    const children = [...element.childNodes].filter((child) => child.nodeType === Node.ELEMENT_NODE || textRuns(element).includes(child));
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      // A run of text beside boxes: a paragraph of its own, in its place among them.
      if (child.nodeType === Node.TEXT_NODE) {
        const box = runRect(child);
        if (box.width >= 0.5 && box.height >= 0.5) items.push({ node: this.text(child, box, own), rect: box, element: child, spans: false, grows: false, margins: null, after: 0 });
        continue;
      }
      if (SKIPPED.has(child.tagName.toUpperCase()) || child.hasAttribute('data-skeleton-ignore')) continue;
      const style = getComputedStyle(child);
      // A box of `display: contents` makes none: its children stand in its place.
      if (style.display === 'contents') {
        children.splice(index + 1, 0, ...[...child.childNodes].filter((inner) => inner.nodeType === Node.ELEMENT_NODE || textRuns(child).includes(inner)));
        continue;
      }
      if (style.display === 'none' || style.visibility !== 'visible' || style.position === 'absolute' || style.position === 'fixed') continue;
      const box = child.getBoundingClientRect();
      if (box.width < 0.5 || box.height < 0.5) continue;
      const childSpans = spans && box.width >= contentWidth - 1;
      if ((grid || (flex && own.flexDirection.startsWith('row'))) && stretches(own, style, child)) this.stretched.add(child);
      const node = this.node(child, box, depth + 1, backdrop, childSpans);
      if (node) items.push({ node, rect: box, element: child, spans: childSpans, grows: parseFloat(style.flexGrow) > 0 || grid, margins: flex ? autoMargins(child, this.rtl) : null, after: parseFloat(style.marginBottom) || 0 });
    }
    for (const pseudo of after) items.push(pseudo);
    if (items.length === 0) return null;
    const rows = [];
    for (const item of items) {
      const row = rows[rows.length - 1];
      if (row && item.rect.top < row.bottom - 0.5 && item.rect.bottom > row.top + 0.5) {
        row.items.push(item);
        row.top = Math.min(row.top, item.rect.top);
        row.bottom = Math.max(row.bottom, item.rect.bottom);
      } else {
        rows.push({ items: [item], top: item.rect.top, bottom: item.rect.bottom });
      }
    }
    const justify = flex && own.flexDirection.startsWith('row') && (/space-(between|around|evenly)/.exec(own.justifyContent)?.[1] ?? (own.justifyContent === 'center' ? 'center' : undefined));
    const gap = parseFloat(own.columnGap) || 0;
    const tracks = grid ? this.tracks(element, own, rect) : null;
    if (!tracks && rows.length === 1 && (rows[0].items.length > 1 || row)) return this.stack('horizontal', rows[0].items, rect, { element, justify, gap });
    if (flex && own.flexWrap !== 'nowrap' && rows.length > 1) this.wrapped = true;
    const column = rows.map((row) => (tracks && this.gridRow(row.items, tracks, gap, spans)) ?? (row.items.length === 1 ? row.items[0]
      : { node: this.stack('horizontal', row.items, bounds(row.items), { justify, gap }), rect: bounds(row.items), spans: spans && bounds(row.items).width >= contentWidth - 1, grows: true }));
    // A box stretched to its row's height: drawn as tall as its content, so that the row follows its tallest box at any width.
    const bottom = this.stretched.has(element) ? inset.bottom + (column[column.length - 1].after ?? 0) : undefined;
    return this.stack('vertical', column, rect, { element, bottom });
  }

  /**
   * A stack of `items` inside `rect`: spacing the smallest gap, each larger gap the padding after an
   * item. In a row, `justify` (space-between, -around, -evenly) and auto margins put spacers
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
    const gaps = items.slice(1).map((item, index) => start(item.rect) - end(items[index].rect));
    const row = { top: Math.min(...items.map((item) => item.rect.top)), bottom: Math.max(...items.map((item) => item.rect.bottom)) };
    // Where a spacer goes: before item i (0..n, n the end), from justify-content or an auto margin.
    // (justify-content: center: a spacer at either end, sharing the free width alike.)
    const spacers = vertical ? [] : items.map((item, index) => (index === 0 ? /around|evenly|center/.test(justify) || item.margins?.before : /between|around|evenly/.test(justify) || item.margins?.before || items[index - 1].margins?.after))
      .concat(/around|evenly|center/.test(justify) || items[items.length - 1].margins?.after).map(Boolean);
    const plain = gaps.filter((_, index) => !spacers[index + 1]);
    const spacing = justify ? gap : plain.length > 0 ? Math.max(0, Math.min(...plain)) : gap;
    // A column centred across (align-items: center), or an item centred by `margin: 0 auto`: the
    // model's centre alignment, no offset of the captured width frozen as padding.
    const own = element ? getComputedStyle(element) : null;
    const centred = own !== null && own.display.endsWith('flex') && own.flexDirection.startsWith(vertical ? 'column' : 'row') && own.alignItems === 'center' && (vertical || !this.stretched.has(element));
    const centre = items.map((item) => centred || (vertical && item.element?.nodeType === Node.ELEMENT_NODE && autoMargins(item.element, this.rtl)?.before && autoMargins(item.element, this.rtl)?.after));
    const crossInset = own ? insets(own) : { top: 0, right: 0, bottom: 0, left: 0 };
    // (A row centred across keeps its height: the tallest item's offsets are its padding.)
    const placed = items.filter((_, index) => !centre[index] || (centred && !vertical));
    const leadCross = placed.length === 0 ? (vertical ? (this.rtl ? crossInset.right : crossInset.left) : crossInset.top)
      : Math.max(0, Math.min(...placed.map((item) => crossStart(item.rect) - crossStart(rect))));
    const trailCross = placed.length === 0 ? (vertical ? (this.rtl ? crossInset.left : crossInset.right) : crossInset.bottom)
      : Math.max(0, Math.min(...placed.map((item) => crossEnd(rect) - crossEnd(item.rect))));
    const available = (vertical ? rect.width : rect.height) - leadCross - trailCross;
    const children = items.map((item, index) => {
      const extraCross = centre[index] ? 0 : crossStart(item.rect) - crossStart(rect) - leadCross;
      const extraAfter = index < gaps.length && !spacers[index + 1] ? gaps[index] - spacing : 0;
      let node = this.outside(item.node, vertical ? { leading: extraCross, bottom: extraAfter } : { top: extraCross, trailing: extraAfter });
      const change = this.change(item);
      const fluid = change === null ? (vertical ? item.spans : item.grows) : change > 0.5;
      // A one-line label would be drawn across its whole row: a bar as long as its text instead.
      // (In a row, a label that takes the free width stays a text node, so that what follows it stays put.)
      // (Not one that wraps at the second width: its measure keeps its lines at every width.)
      const wraps = (this.secondLines?.get(item.element)?.length ?? 1) > 1;
      if (node.type === 'text' && node.lines === 1 && !wraps && (vertical ? node.lastLineFraction < 0.95 : !fluid)) node = lineBlock(node);
      if (vertical) {
        const margin = available - extraCross - item.rect.width;
        if (fluid && item.rect.width >= available - 1 && !narrower(node, item.rect)) fill(node);
        else if (fluid && !centre[index] && !narrower(node, item.rect) && item.element?.nodeType === Node.ELEMENT_NODE && Math.abs(trailingMargin(item.element, this.rtl) - margin) < 1) {
          // Narrower than the column by its own trailing margin: as wide as the column less that margin.
          node = this.outside(node, { trailing: margin });
          fill(node);
        } else if (change !== null && !fluid) fixed(node, item.rect.width + Math.max(0, extraCross));
        if (centre[index] && !centred) {
          this.count();
          node = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'center', maxWidth: 'fill', children: [node] };
        }
      } else if (!fluid) {
        fixed(node, item.rect.width + Math.max(0, extraAfter));
      }
      if (!vertical) this.stretch(item, node, row);
      return node;
    });
    const first = items[0].rect;
    const last = items[items.length - 1].rect;
    const inner = element && !vertical ? insets(getComputedStyle(element)) : null;
    const innerStart = inner ? (this.rtl ? inner.right : inner.left) : 0;
    const innerEnd = inner ? (this.rtl ? inner.left : inner.right) : 0;
    const padding = vertical
      ? { top: first.top - rect.top, leading: leadCross, bottom: Math.min(rect.bottom - last.bottom, bottom ?? Infinity), trailing: trailCross }
      : { top: leadCross, leading: spacers[0] ? innerStart : start(first) - start(rect), bottom: trailCross, trailing: spacers[items.length] ? innerEnd : end(rect) - end(last) };
    let out = children;
    if (!vertical) {
      // How much a stretch between items (index: before item `index`; 0 the start, n the end) shrank at the second width.
      const n = items.length;
      const segment = (index) => {
        const before = index > 0 ? this.second?.get(items[index - 1].element) : element && this.second?.get(element);
        const after = index < n ? this.second?.get(items[index].element) : element && this.second?.get(element);
        if (!before || !after) return null;
        const now = (index < n ? start(items[index].rect) : end(rect)) - (index > 0 ? end(items[index - 1].rect) : start(rect));
        return now - ((index < n ? start(after) : end(after)) - (index > 0 ? end(before) : start(before)));
      };
      // Free width at the end that follows the root's: a spacer sharing the width, as the page does.
      if (!spacers[n] && inner && segment(n) > 0.5 && end(rect) - end(last) - innerEnd > 0.5) {
        spacers[n] = true;
        padding.trailing = innerEnd;
      }
      out = this.shares(items, children, spacers, segment, items.map((_, index) => (index < gaps.length && !spacers[index + 1] ? gaps[index] - spacing : 0)));
    }
    if (out.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
    const stack = { type: 'stack', axis, spacing: size(spacing), alignment: centred ? 'center' : vertical ? 'leading' : 'top', children: repeats(out) };
    addPadding(stack, padding);
    return stack;
  }

  /**
   * A grid's column tracks in reading order: where each begins and ends (in reading coordinates,
   * as `stack` takes them), its width and its `grow`: 0 for a track that kept its width at the
   * second width, else what it gave up there, the least of them 1 (`200px 1fr 2fr`: 0, 1, 2).
   * Null when the tracks were not measured alike at both widths (a track list that changed).
   */
  tracks(element, style, rect) {
    const now = trackSizes(style);
    const then = this.secondTracks?.get(element);
    if (!now || !then || then.length !== now.length) return null;
    const changes = now.map((width, index) => width - then[index]);
    const unit = Math.min(...changes.filter((change) => change > 0.5));
    const gap = parseFloat(style.columnGap) || 0;
    const inset = insets(style);
    let at = this.rtl ? inset.right - rect.right : rect.left + inset.left;
    return now.map((width, index) => {
      const track = { start: at, end: at + width, width, grow: changes[index] > 0.5 ? Math.min(100, round(changes[index] / unit)) : 0 };
      at += width + gap;
      return track;
    });
  }

  /**
   * A grid row of `items` on its column `tracks`, as a column's item: each item as wide as the
   * tracks it spans, fixed where they all are, else a share of the free width (the sum of their
   * grows) with the rest it spans (fixed tracks and gaps) as its padding. A grid shares an `fr`
   * track's width whatever its item's padding, where a row shares what the paddings leave: when
   * that differs, an item whose padding is not that rest is drawn in a box of its own that has it.
   * An empty fluid track is a spacer. Null when an item does not fill its tracks or a fixed track
   * is empty: the row is then laid out as a plain one.
   */
  gridRow(items, tracks, gap, spans) {
    const start = (r) => (this.rtl ? -r.right : r.left);
    const end = (r) => (this.rtl ? -r.left : r.right);
    const top = Math.min(...items.map((item) => item.rect.top));
    const bottom = Math.max(...items.map((item) => item.rect.bottom));
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
    for (const item of [...items].sort((a, b) => start(a.rect) - start(b.rect))) {
      const first = tracks.findIndex((track) => Math.abs(track.start - start(item.rect)) < 1);
      const last = tracks.findIndex((track) => Math.abs(track.end - end(item.rect)) < 1);
      if (first < next || last < first || !empty(first)) return null;
      const spanned = tracks.slice(first, last + 1);
      next = last + 1;
      const grows = spanned.reduce((total, track) => total + track.grow, 0);
      let node = this.outside(item.node, { top: item.rect.top - top });
      if (grows === 0) {
        if (node.type === 'text' && node.lines === 1) node = lineBlock(node);
        // A block narrower than its fixed track keeps the track's width: the rest after it.
        if (node.type === 'block' && typeof node.width === 'number') addPadding(node, { trailing: item.rect.width - node.width - (node.padding?.leading ?? 0) - (node.padding?.trailing ?? 0) });
        fixed(node, item.rect.width);
      } else {
        fill(node);
        const padding = (node.padding?.leading ?? 0) + (node.padding?.trailing ?? 0);
        const rest = item.rect.width - spanned.reduce((total, track) => total + (track.grow ? track.width : 0), 0);
        const spansFixed = rest > (spanned.length - 1) * gap + 0.5;
        greedy.push({ grows, index: children.length, padding, rest, share: item.rect.width - padding, spansFixed });
      }
      this.stretch(item, node, { top, bottom });
      children.push(node);
    }
    if (!empty(tracks.length)) return null;
    const total = (key) => greedy.reduce((sum, entry) => sum + entry[key], 0);
    const [grows, paddings, rests] = [total('grows'), total('padding'), total('rest')];
    const off = greedy.some((entry) => Math.abs(entry.padding - (entry.grows / grows) * paddings - entry.rest + (entry.grows / grows) * rests) > 0.5);
    const unit = Math.min(...greedy.map((entry) => entry.share));
    const spansFixed = greedy.some((entry) => entry.spansFixed) && unit > 0.5;
    for (const entry of greedy) {
      if (spansFixed) {
        grow(children[entry.index], Math.min(100, round(entry.share / unit)));
        continue;
      }
      if (off && Math.abs(entry.padding - entry.rest) > 0.5) {
        this.count();
        children[entry.index] = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: [children[entry.index]] };
        addPadding(children[entry.index], { trailing: entry.rest });
        fill(children[entry.index]);
      }
      grow(children[entry.index], Math.min(100, round(entry.grows)));
    }
    this.count(1 + children.filter((child) => child.type === 'spacer').length);
    if (children.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
    const [left, right] = this.rtl ? [-tracks[tracks.length - 1].end, -tracks[0].start] : [tracks[0].start, tracks[tracks.length - 1].end];
    const rect = { top, bottom, left, right, width: right - left, height: bottom - top };
    const node = { type: 'stack', axis: 'horizontal', spacing: size(gap), alignment: 'top', maxWidth: 'fill', children: repeats(children) };
    return { node, rect, spans, grows: true };
  }

  /**
   * Marks `node`, a row's item drawn for `item`, `stretch` when the row stretches its box to the
   * row's height (`stretched`: a grid's or flex row's item, `align-self` stretch or normal, height
   * auto) and it is as tall as the row (`row`: its top and bottom), so that it follows the row's
   * height at every width. Only a stack stretches; the box it stands for must be its own node.
   */
  stretch(item, node, row) {
    if (node === item.node && node.type === 'stack' && this.stretched.has(item.element) && Math.abs(item.rect.height - (row.bottom - row.top)) < 1) node.stretch = true;
  }

  /**
   * `node` with `extra` space around it: its padding, or, for a painted box (whose padding lies
   * inside its background), a box of its own around it that it fills: a margin is never painted.
   */
  outside(node, extra) {
    if (!node.background || !Object.values(extra).some((value) => value > 0.005)) {
      addPadding(node, extra);
      return node;
    }
    this.count();
    const wrapper = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: [node] };
    if (node.maxWidth === 'fill' || node.width?.kind === 'fill') fill(wrapper);
    fill(node);
    addPadding(wrapper, extra);
    return wrapper;
  }

  /** How much narrower `item` is at the second width (px), or null when it was not measured. */
  change(item) {
    if (!this.second || !item.element) return null;
    const narrower = this.second.get(item.element);
    return narrower === undefined ? null : item.rect.width - narrower.width;
  }

  /**
   * A row's children with its spacers in place, the fluid children and spacers given a `grow`
   * each: what it gave up at the second width (a spacer, its stretch's `segment`), the least 1.
   */
  shares(items, children, spacers, segment, after) {
    const greedy = [];
    const out = [];
    for (let index = 0; index <= items.length; index++) {
      if (spacers[index]) {
        this.count();
        const spacer = { type: 'spacer' };
        out.push(spacer);
        greedy.push({ node: spacer, change: segment(index) });
      }
      if (index < items.length) {
        out.push(children[index]);
        const change = this.change(items[index]);
        if ((change !== null ? change > 0.5 : items[index].grows) && !narrower(children[index], items[index].rect)) {
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
    return out;
  }
}

// MARK: geometry and paint

function insets(style) {
  const side = (name) => parseFloat(style[`padding${name}`]) + parseFloat(style[`border${name}Width`]);
  return { top: side('Top'), right: side('Right'), bottom: side('Bottom'), left: side('Left') };
}

export function colorOf(value) {
  const match = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(value ?? '');
  if (!match) return null;
  const color = { r: +match[1], g: +match[2], b: +match[3], a: match[4] === undefined ? 1 : +match[4] };
  return color.a > 0.01 ? color : null;
}

/**
 * The colour the screen's background stands for: the root's own, else that of a child covering
 * the whole root (an unpainted root around a painted wrapper), else null: the page behind shows.
 */
function screenColor(root, box) {
  const own = colorOf(getComputedStyle(root).backgroundColor);
  if (own) return own;
  for (const child of root.children) {
    const r = child.getBoundingClientRect();
    const color = colorOf(getComputedStyle(child).backgroundColor);
    if (color && Math.abs(r.left - box.left) < 1 && Math.abs(r.top - box.top) < 1 && Math.abs(r.width - box.width) < 1 && Math.abs(r.height - box.height) < 1) return color;
  }
  return null;
}

/** The colour behind `root`: that of its nearest painted ancestor (the body's, the html's), else the canvas's white. */
function backdropOf(root) {
  for (let at = root.parentElement; at; at = at.parentElement) {
    const color = colorOf(getComputedStyle(at).backgroundColor);
    if (color) return color;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}

/** The box's own colour when it shows against `backdrop` (the colour behind it), else null. */
function paint(style, backdrop) {
  const color = colorOf(style.backgroundColor);
  if (color && !(backdrop && color.r === backdrop.r && color.g === backdrop.g && color.b === backdrop.b && Math.abs(color.a - backdrop.a) < 0.01)) return color;
  const border = ['Top', 'Right', 'Bottom', 'Left'].every((side) => parseFloat(style[`border${side}Width`]) > 0 && colorOf(style[`border${side}Color`]));
  return border || style.boxShadow !== 'none' ? backdrop ?? { r: 0, g: 0, b: 0, a: 1 } : null;
}

/** Top-left, top-right, bottom-right, bottom-left radii in px, each at most half the shorter side. */
function cornerRadii(style, rect) {
  const limit = Math.min(rect.width, rect.height) / 2;
  return ['TopLeft', 'TopRight', 'BottomRight', 'BottomLeft'].map((corner) => {
    const value = style[`border${corner}Radius`].split(' ')[0];
    const radius = value.endsWith('%') ? (parseFloat(value) / 100) * Math.min(rect.width, rect.height) : parseFloat(value);
    return Math.min(limit, Number.isFinite(radius) ? radius : 0);
  });
}

const radius = (style, rect) => size(Math.max(...cornerRadii(style, rect)));

/**
 * Width over height, to 4 decimals, of a box whose height follows its width (`height: auto`): a
 * computed `aspect-ratio` of its own (not `auto`, nor the `auto W / H` that media's attributes map
 * to), or an image, picture, video, canvas or svg with an intrinsic ratio; else null (an
 * `object-fit` image or a canvas with a fixed height keeps its height).
 */
function aspectRatioOf(element, style, rect) {
  const ratio = rect.height > 0 ? Math.round((rect.width / rect.height) * 10000) / 10000 : 0;
  if (!(ratio > 0 && ratio <= 100)) return null;
  // A fixed height does not follow the width, whatever the ratio. `auto W / H` is what an image's,
  // video's or canvas's width and height attributes map to: their own ratio, when they have one, decides.
  if (String(element.computedStyleMap?.().get('height')) !== 'auto') return null;
  if (!style.aspectRatio.startsWith('auto')) return ratio;
  const media = element.localName === 'picture' ? element.querySelector('img') : element;
  switch (media?.localName) {
    case 'img': return media.naturalWidth > 0 && media.naturalHeight > 0 ? ratio : null;
    case 'video': return media.videoWidth > 0 && media.videoHeight > 0 ? ratio : null;
    case 'canvas': return ratio;
    case 'svg': return media.hasAttribute('viewBox') || (media.hasAttribute('width') && media.hasAttribute('height')) ? ratio : null;
    default: return null;
  }
}

/**
 * Whether the element's own content is text, in it or in plain inline children at any depth
 * (`<h3><a>title</a></h3>`: the h3 is the paragraph, so its clamp is the text's), not boxes: no
 * child is laid out as a box of its own (a block, an inline-block, media).
 */
function hasText(element) {
  return inlineText(element) === true;
}

/** Whether `element` holds text (true) or nothing (false) in plain inline content only; null when a child is a box. */
function inlineText(element) {
  let text = false;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      if (child.textContent.trim()) text = true;
    } else if (child.nodeType === Node.ELEMENT_NODE && !SKIPPED.has(child.tagName.toUpperCase())) {
      const style = getComputedStyle(child);
      if (style.display === 'none') continue;
      if (style.display !== 'inline' || MEDIA.has(child.tagName.toUpperCase()) || style.position === 'absolute' || style.position === 'fixed') return null;
      const inner = inlineText(child);
      if (inner === null) return null;
      text ||= inner;
    }
  }
  return text;
}

/** The element's own runs of text that stand beside boxes (`<a><svg/>The Daily Byte</a>`): its non-blank text nodes, when it is not a paragraph itself. */
function textRuns(element) {
  if (hasText(element)) return [];
  return [...element.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
}

/** A text node's box: the bounds of its characters as laid out. */
function runRect(run) {
  const range = document.createRange();
  range.selectNodeContents(run);
  return range.getBoundingClientRect();
}

/**
 * Whether the element is a small painted shape (a badge, pill, chip, tag, counter or progress
 * bar): its own colour or a border all round, and either one line of text at most 48 px tall
 * (the shape is its box, the text inside it), or both sides at most 48 px or at most 24 px tall
 * and no children but painted leaves (a progress bar's filled part).
 */
function paintedShape(element, style, rect) {
  const own = colorOf(style.backgroundColor) || ['Top', 'Right', 'Bottom', 'Left'].every((side) => parseFloat(style[`border${side}Width`]) > 0 && colorOf(style[`border${side}Color`]));
  if (!own) return false;
  if (rect.height <= 48 && hasText(element) && lineBoxes(element).length === 1) return true;
  if (!((rect.width <= 48 && rect.height <= 48) || rect.height <= 24)) return false;
  return [...element.children].every((child) => child.children.length === 0 && colorOf(getComputedStyle(child).backgroundColor));
}

/** The most lines a text shows: its line clamp, the lines a clipping max-height holds, 1 for one line ending in an ellipsis; else null. */
function clampOf(style) {
  const clamp = parseInt(style.webkitLineClamp ?? style.lineClamp, 10);
  if (clamp > 0) return Math.min(CAPTURE_LIMITS.maxLines, clamp);
  if (style.textOverflow === 'ellipsis' && /nowrap|pre/.test(style.whiteSpace)) return 1;
  if (style.maxHeight.endsWith('px') && ['hidden', 'clip'].includes(style.overflowY)) {
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.max(1, Math.min(CAPTURE_LIMITS.maxLines, Math.floor(parseFloat(style.maxHeight) / line)));
  }
  return null;
}

/** A paragraph's line boxes, top to bottom: its text's fragments as the browser laid them out, those of one line joined. */
function lineBoxes(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const lines = [];
  // The shortest fragments first: a taller one (a drop cap, an inline icon) joins the line its middle lies in.
  for (const fragment of [...range.getClientRects()].sort((a, b) => a.height - b.height)) {
    if (fragment.width < 0.5 || fragment.height < 0.5) continue;
    const middle = fragment.top + fragment.height / 2;
    const line = lines.find((known) => middle >= known.top - 1 && middle <= known.bottom + 1);
    if (line) {
      line.left = Math.min(line.left, fragment.left);
      line.right = Math.max(line.right, fragment.right);
    } else {
      lines.push({ top: fragment.top, bottom: fragment.bottom, left: fragment.left, right: fragment.right });
    }
  }
  return lines.sort((a, b) => a.top - b.top);
}

/** The lines that show in the paragraph's box at `rect`: with a clamp, at most that many, none below its content. */
const showing = (lines, clamp, rect, inset) => (clamp ? lines.filter((line, index) => index < clamp && line.top < rect.bottom - inset.bottom - 1) : lines);

/**
 * The measures that wrap to `count` lines at `width` (n = ceil(measure / width), as the server
 * and the renderer wrap), half a point in from either end; any above the last when `count` is the most.
 */
const wrapsTo = (count, width, most) => [(count - 1) * width + 0.5, count >= most ? Infinity : count * width - 0.5];

/** The value in `[low, high]` nearest `value` (`value` when the range is empty). */
const nearest = (value, [low, high]) => (low > high ? value : Math.min(high, Math.max(low, value)));

/** The lines a text of `measure` wraps into at `width`, as the server and the renderer wrap it. */
const wrapped = (measure, width, most) => Math.min(most, Math.max(1, Math.ceil(measure / width - 1e-6)));

/**
 * A paragraph's measure from its line counts in the browser at several content widths
 * (`measured`: `{ width, count }`, the captured width first), starting from `start`. The captured
 * width's count is always kept: the measure is in its interval (wrapsTo). Where the intervals of
 * all the widths meet, it is the value of their intersection nearest `start`; where they do not,
 * the value with the fewest lines wrong at the other widths (summed), of those the nearest
 * `start`. The lines wrong change only at the other widths' multiples, so the values half a point
 * either side of each multiple in the interval, its ends and `start` are all it compares.
 */
function measureFor([captured, ...others], start, most) {
  const interval = wrapsTo(captured.count, captured.width, most);
  const candidates = [nearest(start, interval)];
  for (const { width } of others) {
    const last = Math.min(most, Math.ceil(Math.min(interval[1], most * width) / width));
    for (let multiple = Math.max(1, Math.floor(interval[0] / width)); multiple <= last; multiple++) {
      candidates.push(nearest(multiple * width - 0.5, interval), nearest(multiple * width + 0.5, interval));
    }
  }
  const wrong = (measure) => others.reduce((total, { width, count }) => total + Math.abs(wrapped(measure, width, most) - count), 0);
  return candidates.sort((a, b) => wrong(a) - wrong(b) || Math.abs(a - start) - Math.abs(b - start))[0];
}

/** A grid's column tracks in px, from its resolved `grid-template-columns` (line names left out), or null when it lists anything else. */
function trackSizes(style) {
  const tracks = style.gridTemplateColumns.replace(/\[[^\]]*\]/g, ' ').trim().split(/\s+/);
  return tracks.every((track) => /^[\d.]+px$/.test(track)) ? tracks.map(parseFloat) : null;
}

/** A flex item's `auto` margins in reading order (`before` its leading side, `after` its trailing one), or null. */
function autoMargins(element, rtl) {
  const map = element.computedStyleMap?.();
  if (!map) return null;
  const auto = (side) => String(map.get(`margin-${side}`)) === 'auto';
  const [before, after] = rtl ? [auto('right'), auto('left')] : [auto('left'), auto('right')];
  return before || after ? { before, after } : null;
}

/** A box's margin on its trailing side, in px (0 when auto). */
function trailingMargin(element, rtl) {
  return parseFloat(getComputedStyle(element)[rtl ? 'marginLeft' : 'marginRight']) || 0;
}

/** The root's width, as the file's `captureWidth` takes it (120 to 10,000). */
const captureWidth = (box) => Math.min(CAPTURE_LIMITS.maxSize, Math.max(120, Math.round(box.width)));

/**
 * The page at other widths of the root. `second`: each element's box under `root` (as deep and
 * as many as a capture reaches), each paragraph's line boxes and each grid's column tracks, with
 * the root 80% as wide (narrower: a fluid paragraph wraps into more lines there, the more waste
 * at their ends), or null when it does not narrow. `wider`: each paragraph's box and line boxes
 * with the root 150% as wide, or null when it does not widen. The root's `style` attribute is set
 * for each measurement (its own width last, `!important`) and put back as it was (or removed), as
 * are the scroll positions of the page, of the root's ancestors and of the elements under it: the
 * page is left exactly as it was.
 */
function otherWidths(root, box) {
  const elements = [];
  const walk = [[root, 0]];
  while (walk.length > 0 && elements.length <= CAPTURE_LIMITS.maxExpandedNodes) {
    const [element, depth] = walk.pop();
    elements.push(element);
    if (depth < CAPTURE_LIMITS.maxNodeDepth) for (const child of element.children) if (!SKIPPED.has(child.tagName.toUpperCase())) walk.push([child, depth + 1]);
  }
  const around = [];
  for (let at = root.parentElement; at; at = at.parentElement) around.push(at);
  const scrolled = [...elements, ...around].filter((element) => element.scrollTop || element.scrollLeft).map((element) => [element, element.scrollTop, element.scrollLeft]);
  const page = [window.scrollX, window.scrollY];
  const style = root.getAttribute('style');
  try {
    // Through the attribute, not `root.style`: Chromium writes a CSSOM change back to the
    // attribute lazily, which could bring back an empty `style=""` after it is removed.
    const resize = (width) => root.setAttribute('style', `${style ?? ''};width:${round(width)}px !important`);
    const runs = elements.flatMap(textRuns);
    const paragraphs = [...elements.filter(hasText), ...runs];
    resize(box.width * 0.8);
    const second = box.width - root.getBoundingClientRect().width < 1 ? null : {
      boxes: new Map([...elements.map((element) => [element, element.getBoundingClientRect()]), ...runs.map((run) => [run, runRect(run)])]),
      lines: new Map(paragraphs.map((element) => [element, lineBoxes(element)])),
      tracks: new Map(elements.filter((element) => getComputedStyle(element).display.endsWith('grid')).map((element) => [element, trackSizes(getComputedStyle(element))])) };
    resize(Math.min(CAPTURE_LIMITS.maxSize, box.width * 1.5));
    const wider = root.getBoundingClientRect().width - box.width < 1 ? null
      : new Map(paragraphs.map((element) => [element, { rect: element.nodeType === Node.TEXT_NODE ? runRect(element) : element.getBoundingClientRect(), lines: lineBoxes(element) }]));
    return { second, wider };
  } finally {
    if (style === null) root.removeAttribute('style');
    else root.setAttribute('style', style);
    for (const [element, top, left] of scrolled) Object.assign(element, { scrollTop: top, scrollLeft: left });
    window.scrollTo(page[0], page[1]);
  }
}

/** `::before` or `::after` (both when `which` is not given) that paint a box of their own, as blocks. */
function pseudoBlocks(element, which) {
  const blocks = [];
  for (const pseudo of which ? [which] : ['::before', '::after']) {
    const style = getComputedStyle(element, pseudo);
    if (style.content === 'none' || style.content === 'normal' || style.display === 'none' || style.position === 'absolute' || style.position === 'fixed') continue;
    const width = parseFloat(style.width);
    const height = parseFloat(style.height);
    if (!(width > 0 && height > 0) || !(colorOf(style.backgroundColor) || style.backgroundImage !== 'none')) continue;
    blocks.push({ node: { type: 'block', width: size(width), height: size(height), ...(radius(style, { width, height }) ? { cornerRadius: radius(style, { width, height }) } : {}) }, rect: pseudoRect(element, pseudo, width, height), grows: false });
  }
  return blocks;
}

/** Where a pseudo-element box lies: at the start (::before) or end (::after) of its element's content box. */
function pseudoRect(element, pseudo, width, height) {
  const box = element.getBoundingClientRect();
  const inset = insets(getComputedStyle(element));
  const top = pseudo === '::before' ? box.top + inset.top : box.bottom - inset.bottom - height;
  const left = box.left + inset.left;
  return { top, bottom: top + height, left, right: left + width, width, height };
}

function bounds(items) {
  const top = Math.min(...items.map((item) => item.rect.top));
  const bottom = Math.max(...items.map((item) => item.rect.bottom));
  const left = Math.min(...items.map((item) => item.rect.left));
  const right = Math.max(...items.map((item) => item.rect.right));
  return { top, bottom, left, right, width: right - left, height: bottom - top };
}

function addPadding(node, extra) {
  const padding = node.padding ?? { top: 0, leading: 0, bottom: 0, trailing: 0 };
  for (const side of Object.keys(extra)) padding[side] = size((padding[side] ?? 0) + Math.max(0, extra[side]));
  if (Object.values(padding).some((value) => value > 0)) node.padding = padding;
  else delete node.padding;
}

/** A stack of one child that paints nothing: the child, the stack's padding added to its own. */
function unwrapped(stack) {
  const child = stack.children[0];
  if (stack.padding) addPadding(child, stack.padding);
  if (stack.maxWidth) fill(child);
  return child;
}

/** Whether `child` (of `style`), an item of a grid or a flex row (of `own`), is stretched across its row. */
function stretches(own, style, child) {
  const align = style.alignSelf === 'auto' ? own.alignItems : style.alignSelf;
  return (align === 'normal' || align === 'stretch') && String(child.computedStyleMap?.().get('height')) === 'auto';
}

/** Whether the node is a block narrower than the box it stands for (the only child of a wider box): it keeps its width. */
const narrower = (node, rect) => node.type === 'block' && typeof node.width === 'number' && node.width < rect.width - 1;

/** The node takes all the width its parent offers. */
function fill(node) {
  if (node.type === 'block') node.width = 'fill';
  else if (node.type === 'text') node.width = { kind: 'fill' };
  else if (node.type === 'stack' || node.type === 'scroll') {
    node.maxWidth = 'fill';
    delete node.width;
  }
}

/** The node, greedy in a row, takes `share` parts of its free width. */
function grow(node, share) {
  if (share === 1) return;
  delete node.maxWidth;
  node.width = { kind: 'fill', grow: share };
}

/** The node is `width` wide whatever its parent offers (a block keeps its own width, its padding outside). */
function fixed(node, width) {
  if (node.type === 'block') return;
  delete node.maxWidth;
  node.width = { kind: 'points', points: size(width) };
}

/** The measured width of each text node's last line (not written to the file). */
const lastLineWidths = new WeakMap();

/** A one-line label: a block as long as its text. */
function lineBlock(text) {
  const width = size(lastLineWidths.get(text) ?? text.lineHeight);
  const block = { type: 'block', width, height: text.lineHeight, cornerRadius: size(text.lineHeight / 2), shape: 'capsule' };
  if (block.width <= block.height) delete block.shape;
  addPadding(block, text.padding);
  return block;
}

/** Runs of two or more equal sibling nodes (none of them an element) as repeats. */
function repeats(children) {
  const out = [];
  let index = 0;
  while (index < children.length) {
    const key = JSON.stringify(children[index]);
    let run = 1;
    while (index + run < children.length && run < CAPTURE_LIMITS.maxRepeat && JSON.stringify(children[index + run]) === key) run += 1;
    if (run > 1 && !key.includes('"id"')) out.push({ type: 'repeat', count: run, child: children[index] });
    else for (let copy = 0; copy < run; copy += 1) out.push(children[index + copy]);
    index += run;
  }
  return out;
}
