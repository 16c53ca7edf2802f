// skeleton-server drift (GET /drift.js, re-exported by /renderer.js): how true a skeleton still is
// to the content that replaced it (issue 43; the score is docs/spec.md's fidelity score).
//
//   import { measureDrift } from 'https://skeletons.example/renderer.js';
//   for (const drift of measureDrift(document)) console.log(drift.element, drift.score);
//
// At an element's reveal the renderer reads the leaf shapes it drew over the wrapper (or in the
// element's box, for slotted content: its lines, blocks and dividers, from the box's top-left)
// before anything changes (`recordSkeleton`). Once the reveal's transition has ended, the content
// is captured with capture.js's own walk (its `Capture`; nothing is resized: LeafCapture) and
// each leaf of the captured subtree is laid out where the renderer would draw it at the box's
// width: a block at its element's box, a paragraph's lines as the renderer stacks them
// (lineHeight bars lineSpacing apart inside its padding, the last one `lastLineFraction` long), a
// one-line label as the bar capture makes of it. Geometry only, read in one pass: no write to the page.
// When the service learns (`--learn`), `reportLearned` sends the captured subtree with each report.

import { Capture, colorOf } from './capture.js';

/** IoU at or above which a skeleton shape and a content shape may be matched. */
const MATCH = 0.1;
/** The most entries of `shapes`. */
const MOST_SHAPES = 256;
/** What the renderer paints of a skeleton: its blocks (and paragraphs' lines) and dividers. */
const LEAVES = '[data-sk="block"], [data-sk="divider"]';
/** The most bytes of a report's body (`POST /drift`). */
const REPORT_BYTES = 4096;
/** Per measurement (`measureElement`'s detail), the captured subtree of its content: a report's `proposal`. */
const PROPOSALS = new WeakMap();
/** Per drift URL, whether its server learns (`GET /drift`'s `learns`): asked once per page. */
const LEARNS = new Map();

/** Rounded to `places` decimals, half away from zero (as the Swift score rounds). */
const rounded = (value, places) => {
  const scale = 10 ** places;
  return (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
};

/** Area of intersection over area of union of two `{x, y, width, height}`; 0 when the union is empty. */
export function intersectionOverUnion(a, b) {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = width * height;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * The fidelity score of drift.md: skeleton shapes and content shapes matched greedily by IoU
 * (pairs at or above 0.1, the highest first, ties by the lower skeleton then content index),
 * shapeScore = sum of the matched IoUs / (|S| + |C| - matched), times heightScore = the smaller
 * height over the larger. Returns `{ score, shapes }`: `score` rounded to 4 decimals, `shapes` the
 * matched pairs in matching order, then unmatched skeleton shapes, then unmatched content shapes (at most 256).
 */
export function driftScore(skeleton, content, skeletonHeight, contentHeight) {
  const pairs = [];
  for (let i = 0; i < skeleton.length; i++) {
    for (let j = 0; j < content.length; j++) {
      const iou = intersectionOverUnion(skeleton[i], content[j]);
      if (iou >= MATCH) pairs.push({ i, j, iou });
    }
  }
  pairs.sort((a, b) => b.iou - a.iou || a.i - b.i || a.j - b.j);
  const usedSkeleton = new Set();
  const usedContent = new Set();
  const shapes = [];
  let sum = 0;
  for (const { i, j, iou } of pairs) {
    if (usedSkeleton.has(i) || usedContent.has(j)) continue;
    usedSkeleton.add(i);
    usedContent.add(j);
    sum += iou;
    shapes.push({ skeleton: i, content: j, iou: rounded(iou, 4) });
  }
  const matched = shapes.length;
  const all = skeleton.length + content.length - matched;
  const shapeScore = all === 0 ? 1 : sum / all;
  const taller = Math.max(skeletonHeight, contentHeight);
  const heightScore = taller <= 0 ? 1 : Math.min(skeletonHeight, contentHeight) / taller;
  for (let i = 0; i < skeleton.length; i++) if (!usedSkeleton.has(i)) shapes.push({ skeleton: i, content: null, iou: 0 });
  for (let j = 0; j < content.length; j++) if (!usedContent.has(j)) shapes.push({ skeleton: null, content: j, iou: 0 });
  return { score: rounded(shapeScore * heightScore, 4), shapes: shapes.slice(0, MOST_SHAPES) };
}

/**
 * The property of an element's box holding its skeleton as drawn at its reveal (`{ screen,
 * version, element, contents, shapes, height, revealed }`): a registered symbol, so that a copy of
 * this module imported from another URL (a test runner's) reads what the page's renderer recorded.
 */
const DRAWN = Symbol.for('skeleton-server.drift');

/** `rect` from `origin`'s top-left corner, as a shape. */
const from = (origin, rect) => ({ x: rect.left - origin.left, y: rect.top - origin.top, width: rect.width, height: rect.height });

/**
 * Called by the renderer as element `element` of `screen` (its layout's `version`) starts its
 * reveal in `box` (its `<skeleton-element>` in place, else its box in the screen), before
 * anything changes: the leaf shapes of the skeleton `view` it drew there (every painted block,
 * line and divider, in document order, from the box's top-left) and the skeleton's height, kept
 * with the elements of its content (`contents`: the wrapper itself, or the host's children
 * slotted for it) for the measurement.
 */
export function recordSkeleton(box, view, { screen, version, element, contents }) {
  const origin = box.getBoundingClientRect();
  const leaves = [...(view.matches(LEAVES) ? [view] : []), ...view.querySelectorAll(LEAVES)];
  const shapes = leaves.map((shape) => from(origin, shape.getBoundingClientRect()));
  box[DRAWN] = { screen, version, element, contents, shapes, height: view.getBoundingClientRect().height, revealed: false };
}

/**
 * Capture's walk with each leaf it makes kept (a block at its element's box, a paragraph with its
 * box and padding as made), and no element marked: only the geometry is wanted. Capture keeps a
 * one-line text that wraps with its root 80 % as wide a text node (drawn across its box), else
 * makes it a bar as long as its text; a measurement resizes nothing, so a one-line text here
 * wraps narrower when its line is longer than its box less a fifth of `box`'s width (a fluid box
 * narrows by as much as its root).
 */
class LeafCapture extends Capture {
  constructor(rtl, box) {
    super(rtl, 'content', {});
    this.leaves = [];
    this.narrowing = box.width * 0.2;
    /** The one-line texts that would wrap narrower. */
    this.wrapping = new WeakSet();
  }

  block(rect, style) {
    const node = super.block(rect, style);
    this.leaves.push({ node, rect });
    return node;
  }

  text(element, rect, style) {
    const node = super.text(element, rect, style);
    this.leaves.push({ node, rect, padding: { ...node.padding } });
    const room = rect.width - node.padding.leading - node.padding.trailing;
    if (node.lines === 1 && node.lastLineFraction * room > room - this.narrowing) this.wrapping.add(element);
    return node;
  }

  wrapsNarrower(element) {
    return this.wrapping.has(element);
  }

  mark() {}
}

/** The text nodes of a captured tree, as JSON (a repeat's copies equal their first). */
function textsOf(node, out = new Set()) {
  if (node.type === 'text') out.add(JSON.stringify(node));
  for (const child of node.children ?? (node.child ? [node.child] : [])) textsOf(child, out);
  return out;
}

/** Where the renderer draws a captured leaf at the width it was captured at: its shapes, from `origin`. */
function leafShapes({ node, rect, padding }, texts, origin, rtl) {
  if (node.type !== 'text') return [from(origin, rect)];
  const inner = rect.width - padding.leading - padding.trailing;
  const start = rtl ? rect.right - padding.leading : rect.left + padding.leading;
  const line = (index, width) => ({ x: (rtl ? start - width : start) - origin.left, y: rect.top + padding.top + index * (node.lineHeight + node.lineSpacing) - origin.top, width, height: node.lineHeight });
  // A one-line label capture made a bar as long as its text; a paragraph's last line is its fraction of the width.
  if (node.lines === 1) return [line(0, texts.has(JSON.stringify(node)) ? inner : node.lastLineFraction * inner)];
  return Array.from({ length: node.lines }, (_, index) => line(index, index === node.lines - 1 ? node.lastLineFraction * inner : inner));
}

/** The colour behind `element`: the first painted ancestor's, else white (capture's default screen). */
function backdropOf(element) {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const color = colorOf(getComputedStyle(at).backgroundColor);
    if (color) return color;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}

/**
 * The content shapes of an element drawn in `box` (the content elements `contents` as capture walks
 * them, laid out at the box's width, from its top-left corner), the box, and the content's height
 * (from the box's top to the lowest content's bottom).
 */
function contentShapes(box, contents) {
  const origin = box.getBoundingClientRect();
  const rtl = getComputedStyle(box).direction === 'rtl';
  const capture = new LeafCapture(rtl, origin);
  const shapes = [];
  const trees = [];
  let bottom = origin.top;
  for (const content of contents) {
    const rect = content.getBoundingClientRect();
    bottom = Math.max(bottom, rect.bottom);
    const first = capture.leaves.length;
    const tree = capture.node(content, rect, 0, backdropOf(content), true);
    const texts = tree ? textsOf(tree) : new Set();
    if (tree) trees.push(tree);
    shapes.push(...capture.leaves.slice(first).flatMap((leaf) => leafShapes(leaf, texts, origin, rtl)));
  }
  const subtree = trees.length === 1 ? trees[0] : { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: trees };
  return { origin, shapes, height: bottom - origin.top, subtree };
}

/**
 * The drift of the revealed element drawn in `box` (a `<skeleton-element>` in place, else the
 * element's box in its `<skeleton-screen>`), as the `skeleton-drift` event's detail; null when no
 * skeleton of it was drawn, its content has left the page or its reveal has not ended.
 */
export function measureElement(box) {
  const skeleton = box[DRAWN];
  if (!skeleton?.revealed || !skeleton.contents.every((content) => content.isConnected)) return null;
  const { origin, shapes, height, subtree } = contentShapes(box, skeleton.contents);
  const { score, shapes: pairs } = driftScore(skeleton.shapes, shapes, skeleton.height, height);
  const detail = {
    screen: skeleton.screen, version: skeleton.version, element: skeleton.element, width: rounded(origin.width, 2), score,
    skeletonHeight: rounded(skeleton.height, 2), contentHeight: rounded(height, 2), shapes: pairs,
  };
  PROPOSALS.set(detail, subtree);
  return detail;
}

/** Called by the renderer once the reveal of the element drawn in `box` has ended: its drift, measured now (null as for `measureElement`). */
export function revealEnded(box) {
  const skeleton = box[DRAWN];
  if (!skeleton) return null;
  skeleton.revealed = true;
  return measureElement(box);
}

/**
 * The drift of every element under `root` (a document, element or shadow root; the root itself
 * too) whose skeleton was drawn and whose reveal has ended, in document order: each
 * `<skeleton-element>`'s, then the slotted elements of each `<skeleton-screen>`; each the
 * `skeleton-drift` detail. For test runners: a page's skeletons are still true when every score is high.
 */
export function measureDrift(root = document) {
  const all = (selector) => [...(root.matches?.(selector) ? [root] : []), ...root.querySelectorAll(selector)];
  const boxes = [...all('skeleton-element'), ...all('skeleton-screen').flatMap((screen) => [...(screen.shadowRoot?.querySelectorAll('[data-element]') ?? [])])];
  return boxes.map(measureElement).filter((detail) => detail !== null);
}

/**
 * Sends `detail` to `url` (the service's `POST /drift`) as `application/json` of at most 4 KiB (the
 * last `shapes` left out until it fits), in a request that outlives the page: to this page's own
 * origin with `navigator.sendBeacon`; to another origin with `fetch(…, {keepalive: true,
 * credentials: 'omit'})`, because a beacon is always sent with credentials, and the preflight of a
 * credentialed JSON request fails against the service's `Access-Control-Allow-Origin: *`.
 * Returns whether the browser took it.
 */
export function reportDrift(url, detail, { proposal } = {}) {
  const report = { ...detail, shapes: [...detail.shapes], ...(proposal ? { proposal } : {}) };
  let body = JSON.stringify(report);
  const size = () => new TextEncoder().encode(body).length;
  while (size() > REPORT_BYTES && report.shapes.length > 0) {
    report.shapes.length = Math.floor(report.shapes.length * 0.75);
    body = JSON.stringify(report);
  }
  // A proposal that does not fit leaves the report as it would be without one.
  if (size() > REPORT_BYTES && proposal) return reportDrift(url, detail);
  if (typeof location !== 'undefined' && new URL(url, location.href).origin === location.origin) {
    return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  }
  if (typeof fetch !== 'function') return false;
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', mode: 'cors', headers: { 'Content-Type': 'application/json' } }).catch(() => {});
  return true;
}

/**
 * `reportDrift`, with the measurement's captured subtree as its `proposal` when the service learns
 * (a server started with `--learn`, as `GET /drift` says: asked once per page and URL). A report
 * whose proposal would pass 4 KiB is sent without it. Resolves to whether the browser took it.
 */
export async function reportLearned(url, detail) {
  if (typeof fetch !== 'function') return reportDrift(url, detail);
  if (!LEARNS.has(url)) {
    LEARNS.set(url, fetch(url, { cache: 'no-store', credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : null)).then((summary) => summary?.learns === true).catch(() => false));
  }
  const learns = await LEARNS.get(url);
  return reportDrift(url, detail, learns ? { proposal: PROPOSALS.get(detail) } : {});
}
