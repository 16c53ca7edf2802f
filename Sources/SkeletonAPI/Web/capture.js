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
  const capture = new Capture(getComputedStyle(root).direction === 'rtl', options.stage ?? 'content');
  const screen = screenColor(root, box);
  const tree = capture.container(root, box, 0, screen ?? { r: 255, g: 255, b: 255, a: 1 }, true);
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
    assumptions: ['captured from a page by captureScreen: its geometry in CSS px taken as points; text lengths and colours are not the page\'s'],
    animation: { preset: ['finance', 'chat', 'movies'].includes(options.preset) ? options.preset : 'finance' },
    stages: stages.map((stage, index) => ({ id: stage, title: `${stage} ready`, readyMs: { min: 300 * (index + 1), max: 300 * (index + 1) + 600 } })),
    layouts: [{ variant: 'default', elements: capture.elements, root: tree }],
  };
}

/** One capture's state: the marked elements and stages, and the node count against the limit. */
class Capture {
  constructor(rtl, defaultStage) {
    if (!ID.test(defaultStage)) throw new CaptureError(`stage '${String(defaultStage).slice(0, 80)}' is not a stage id`);
    this.rtl = rtl;
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
    } else if (hasText(element)) {
      node = this.text(element, rect, style);
    } else if (element.children.length > 0 || pseudoBlocks(element).length > 0) {
      node = this.container(element, rect, depth, painted ?? backdrop, spans);
      if (node && painted) Object.assign(node, { background: 'card' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {}, style.overflow === 'hidden' || style.overflow === 'clip' ? { clip: true } : {});
      // (Not around a repeat, whose copies take no modifiers, nor a painted child: padding lies inside a background.)
      else if (node && node.children.length === 1 && node.children[0].type !== 'repeat' && !node.children[0].background) node = unwrapped(node);
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
    this.elements.push({ id, stage, accessibilityLabel: `Loading ${id}` });
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

  /** A paragraph: its lines as the browser wrapped them, each line box `lineHeight` tall. */
  text(element, rect, style) {
    this.count();
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = [];
    for (const fragment of range.getClientRects()) {
      if (fragment.width < 0.5 || fragment.height < 0.5) continue;
      const middle = fragment.top + fragment.height / 2;
      const line = lines.find((known) => middle >= known.top && middle <= known.bottom);
      if (line) {
        line.left = Math.min(line.left, fragment.left);
        line.right = Math.max(line.right, fragment.right);
      } else {
        lines.push({ top: fragment.top, bottom: fragment.bottom, left: fragment.left, right: fragment.right });
      }
    }
    const inset = insets(style);
    const width = Math.max(1, rect.width - inset.left - inset.right);
    const height = Math.max(1, rect.height - inset.top - inset.bottom);
    const count = Math.min(CAPTURE_LIMITS.maxLines, Math.max(1, lines.length));
    const lineBox = height / count;
    const bar = Math.min(lineBox, Math.max(2, Math.round(parseFloat(style.fontSize) * 0.7)));
    const last = lines.sort((a, b) => a.top - b.top)[lines.length - 1];
    const fraction = last ? Math.min(1, Math.max(0.01, (last.right - last.left) / width)) : 1;
    const half = (lineBox - bar) / 2;
    const node = {
      type: 'text', lines: count, lineHeight: size(bar), lineSpacing: size(lineBox - bar), lastLineFraction: round(fraction) || 0.01,
      padding: { top: size(inset.top + half), leading: size(this.rtl ? inset.right : inset.left), bottom: size(inset.bottom + half), trailing: size(this.rtl ? inset.left : inset.right) },
    };
    lastLineWidths.set(node, last ? last.right - last.left : width);
    return node;
  }

  /** A box with children: a stack along the way they are laid out (rows of a grid or a wrapped flex box: a column of rows). */
  container(element, rect, depth, backdrop, spans) {
    const items = [];
    const inset = insets(getComputedStyle(element));
    const contentWidth = rect.width - inset.left - inset.right;
    const before = pseudoBlocks(element, '::before');
    const after = pseudoBlocks(element, '::after');
    for (const pseudo of before) items.push(pseudo);
    const children = [...element.children];
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      if (SKIPPED.has(child.tagName.toUpperCase()) || child.hasAttribute('data-skeleton-ignore')) continue;
      const style = getComputedStyle(child);
      // A box of `display: contents` makes none: its children stand in its place.
      if (style.display === 'contents') {
        children.splice(index + 1, 0, ...child.children);
        continue;
      }
      if (style.display === 'none' || style.visibility !== 'visible' || style.position === 'absolute' || style.position === 'fixed') continue;
      const box = child.getBoundingClientRect();
      if (box.width < 0.5 || box.height < 0.5) continue;
      const childSpans = spans && box.width >= contentWidth - 1;
      const node = this.node(child, box, depth + 1, backdrop, childSpans);
      if (node) items.push({ node, rect: box, spans: childSpans, grows: parseFloat(style.flexGrow) > 0 || isGridItem(element) });
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
    if (rows.length === 1 && rows[0].items.length > 1) return this.stack('horizontal', rows[0].items, rect);
    const column = rows.map((row) => (row.items.length === 1 ? row.items[0]
      : { node: this.stack('horizontal', row.items, bounds(row.items)), rect: bounds(row.items), spans: spans && bounds(row.items).width >= contentWidth - 1, grows: true }));
    return this.stack('vertical', column, rect);
  }

  /** A stack of `items` inside `rect`: spacing the smallest gap, each larger gap the padding after an item. */
  stack(axis, items, rect) {
    this.count();
    const vertical = axis === 'vertical';
    const start = (r) => (vertical ? r.top : this.rtl ? -r.right : r.left);
    const end = (r) => (vertical ? r.bottom : this.rtl ? -r.left : r.right);
    const crossStart = (r) => (vertical ? (this.rtl ? -r.right : r.left) : r.top);
    const crossEnd = (r) => (vertical ? (this.rtl ? -r.left : r.right) : r.bottom);
    const gaps = items.slice(1).map((item, index) => start(item.rect) - end(items[index].rect));
    const spacing = gaps.length > 0 ? Math.max(0, Math.min(...gaps)) : 0;
    const leadCross = Math.max(0, Math.min(...items.map((item) => crossStart(item.rect) - crossStart(rect))));
    const trailCross = Math.max(0, Math.min(...items.map((item) => crossEnd(rect) - crossEnd(item.rect))));
    const available = (vertical ? rect.width : rect.height) - leadCross - trailCross;
    const children = items.map((item, index) => {
      const node = item.node;
      const extraCross = crossStart(item.rect) - crossStart(rect) - leadCross;
      const extraAfter = index < gaps.length ? gaps[index] - spacing : 0;
      addPadding(node, vertical ? { leading: extraCross, bottom: extraAfter } : { top: extraCross, trailing: extraAfter });
      if (vertical && item.spans && item.rect.width >= available - 1) fill(node);
      if (!vertical && item.grows) fill(node);
      // A one-line label would be drawn across its whole row: a bar as long as its text instead.
      // (In a row, a label that takes the free width stays a text node, so that what follows it stays put.)
      if (node.type === 'text' && node.lines === 1 && (vertical ? node.lastLineFraction < 0.95 : !item.grows)) return lineBlock(node);
      return node;
    });
    if (children.length > CAPTURE_LIMITS.maxChildren) throw new CaptureError(`a box has more than ${CAPTURE_LIMITS.maxChildren} children (maxChildren)`, 'maxChildren');
    const first = items[0].rect;
    const last = items[items.length - 1].rect;
    const padding = vertical
      ? { top: first.top - rect.top, leading: leadCross, bottom: rect.bottom - last.bottom, trailing: trailCross }
      : { top: leadCross, leading: start(first) - start(rect), bottom: trailCross, trailing: end(rect) - end(last) };
    const stack = { type: 'stack', axis, spacing: size(spacing), alignment: vertical ? 'leading' : 'top', children: repeats(children) };
    addPadding(stack, padding);
    return stack;
  }
}

// MARK: geometry and paint

function insets(style) {
  const side = (name) => parseFloat(style[`padding${name}`]) + parseFloat(style[`border${name}Width`]);
  return { top: side('Top'), right: side('Right'), bottom: side('Bottom'), left: side('Left') };
}

function colorOf(value) {
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

/** The box's own colour when it shows against `backdrop` (the colour behind it), else null. */
function paint(style, backdrop) {
  const color = colorOf(style.backgroundColor);
  if (color && !(backdrop && color.r === backdrop.r && color.g === backdrop.g && color.b === backdrop.b && Math.abs(color.a - backdrop.a) < 0.01)) return color;
  const border = parseFloat(style.borderTopWidth) > 0 && colorOf(style.borderTopColor);
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

/** Whether the element's own content is text (with inline elements), not boxes. */
function hasText(element) {
  let text = false;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      if (child.textContent.trim()) text = true;
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const display = getComputedStyle(child).display;
      if (!display.startsWith('inline') || display === 'inline-block' || display === 'inline-flex' || display === 'inline-grid' || MEDIA.has(child.tagName.toUpperCase())) return false;
    }
  }
  return text;
}

function isGridItem(parent) {
  const display = getComputedStyle(parent).display;
  return display === 'grid' || display === 'inline-grid';
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

/** The node takes all the width its parent offers. */
function fill(node) {
  if (node.type === 'block') node.width = 'fill';
  else if (node.type === 'stack' || node.type === 'scroll') node.maxWidth = 'fill';
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
