// skeleton-server web renderer (GET /renderer.js): one ES module, no dependencies, no build step.
//
//   <script type="module" src="https://skeletons.example/renderer.js"></script>
//   <skeleton-screen src="https://skeletons.example/layouts/home" theme="dark" scenario="typical"></skeleton-screen>
//
//   import { renderSkeleton } from 'https://skeletons.example/renderer.js';
//   const view = renderSkeleton(layoutDocument, container, { session: token, base: 'https://skeletons.example' });
//
// It draws a layout document (docs/spec.md §3) as nested flex boxes at the served sizes, animates the
// served shimmer with the Web Animations API (one animation per shimmer group, its phase taken
// from the wall clock so that every element and every tab is in step), follows a loading session
// (Server-Sent Events, else polling) and plays the served transition from each element's skeleton
// to its content. Every value from a document or a URL is set as text, as an attribute value, or
// as a number or colour validated here: nothing is ever parsed as markup.

import { recordSkeleton, revealEnded, reportLearned } from './drift.js';

const PHASE = '--sk-phase';
const IMAGE = '--sk-image';
const SIZE = '--sk-size';
const LIMITS = { nodes: 5000, depth: 48, repeat: 500, length: 10000, elements: 500, text: 300 };

// MARK: validation

const hasOwn = (object, key) => object !== null && typeof object === 'object' && Object.prototype.hasOwnProperty.call(object, key);
const own = (object, key) => (hasOwn(object, key) ? object[key] : undefined);
const list = (value) => (Array.isArray(value) ? value : []);
const number = (value, min, max, fallback) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback);
const text = (value, max = LIMITS.text) => (typeof value === 'string' ? value.slice(0, max) : undefined);
const oneOf = (value, allowed, fallback) => (allowed.includes(value) ? value : fallback);
const round = (value) => Math.round(value * 1000) / 1000;
const px = (value) => `${round(value)}px`;
const modulo = (value, divisor) => ((value % divisor) + divisor) % divisor;

/** `#RRGGBB` or `#RRGGBBAA` as numbers; anything else is null. */
function parseColor(value) {
  if (typeof value !== 'string') return null;
  const match = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/.exec(value);
  if (!match) return null;
  const rgb = parseInt(match[1], 16);
  return { r: (rgb >> 16) & 255, g: (rgb >> 8) & 255, b: rgb & 255, a: match[2] === undefined ? 1 : parseInt(match[2], 16) / 255 };
}

/** A CSS colour from validated numbers; `alpha` may be a number or a `calc()` built here. */
const rgba = (color, alpha = round(color.a)) => `rgba(${color.r}, ${color.g}, ${color.b}, ${alpha})`;

// MARK: reading a document

/**
 * The document as this renderer uses it: every member validated, every repeat expanded (copy i's
 * ids suffixed `[i]`, as `?expand=true` does), sizes clamped, unknown node types dropped, and the
 * size of the tree bounded, so that a hostile document costs little and injects nothing.
 */
export function readLayout(source) {
  if (source === null || typeof source !== 'object') throw new TypeError('a layout document is a JSON object');
  const palette = new Map();
  const rawPalette = own(source, 'palette');
  if (rawPalette !== null && typeof rawPalette === 'object') {
    for (const key of Object.keys(rawPalette).slice(0, 100)) {
      const color = parseColor(rawPalette[key]);
      if (color) palette.set(key, color);
    }
  }
  const elements = new Map();
  for (const item of list(own(source, 'elements')).slice(0, LIMITS.elements)) {
    const id = text(own(item, 'id'));
    if (!id || elements.has(id)) continue;
    elements.set(id, { id, label: text(own(item, 'accessibilityLabel')) ?? id, hasContent: hasOwn(item, 'content'), content: own(item, 'content') });
  }
  const animation = own(source, 'animation');
  const layout = {
    screen: text(own(source, 'screen'), 100) ?? '',
    version: text(own(source, 'version'), 100) ?? '',
    title: text(own(source, 'title'), 100) ?? '',
    theme: oneOf(own(source, 'theme'), ['light', 'dark'], 'light'),
    motion: oneOf(own(source, 'motion'), ['full', 'reduced'], 'full'),
    direction: oneOf(own(source, 'direction'), ['ltr', 'rtl'], 'ltr'),
    palette,
    elements,
    shimmer: readShimmer(own(animation, 'shimmer')),
    transition: readTransition(own(animation, 'transition')),
    minimumDisplayMs: number(own(animation, 'minimumDisplayMs'), 0, 60000, 0),
    showDelayMs: number(own(animation, 'showDelayMs'), 0, 60000, 0),
    timeoutMs: own(animation, 'timeoutMs') == null ? Infinity : number(own(animation, 'timeoutMs'), 1, 8.64e7, Infinity),
    maxConcurrentShimmers: own(animation, 'maxConcurrentShimmers') == null ? Infinity : Math.floor(number(own(animation, 'maxConcurrentShimmers'), 0, 1000, Infinity)),
  };
  const budget = { nodes: 0 };
  layout.root = readNode(own(source, 'root'), layout, budget, 0, 'vertical', '');
  return layout;
}

function readShimmer(raw) {
  let kind = oneOf(own(raw, 'kind'), ['gradient', 'pulse', 'static'], 'static');
  const stops = list(own(raw, 'stops')).slice(0, 16)
    .map((stop) => ({ color: parseColor(own(stop, 'color')), location: number(own(stop, 'location'), 0, 1, NaN) }))
    .filter((stop) => stop.color && !Number.isNaN(stop.location))
    .sort((a, b) => a.location - b.location);
  if (stops.length === 0) kind = 'none';
  const point = (value, fallback) => ({ x: number(own(value, 'x'), -100, 100, fallback.x), y: number(own(value, 'y'), -100, 100, fallback.y) });
  const motion = (value, from, to) => ({ from: point(own(value, 'from'), from), to: point(own(value, 'to'), to) });
  const repeat = own(raw, 'repeat');
  const opacity = own(raw, 'opacity');
  return {
    kind,
    application: oneOf(own(raw, 'application'), ['overlay', 'fill', 'mask'], 'overlay'),
    stops,
    start: motion(own(raw, 'start'), { x: -1, y: 0.5 }, { x: 1, y: 0.5 }),
    end: motion(own(raw, 'end'), { x: 0, y: 0.5 }, { x: 2, y: 0.5 }),
    opacity: { from: number(own(opacity, 'from'), 0, 1, 1), to: number(own(opacity, 'to'), 0, 1, 0.4) },
    durationMs: number(own(raw, 'durationMs'), 16, 600000, 1500),
    easing: readCurve(own(raw, 'curve')).easing,
    iterations: repeat === -1 || repeat === undefined ? Infinity : Math.max(1, Math.floor(number(repeat, 1, 1e6, 1))),
    autoreverses: own(raw, 'autoreverses') === true,
    originEpochMs: number(own(own(raw, 'sync'), 'originEpochMs'), -8.64e15, 8.64e15, 0),
  };
}

function readTransition(raw) {
  const look = (value, fallback) => ({ opacity: number(own(value, 'opacity'), 0, 1, fallback.opacity), scale: number(own(value, 'scale'), 0.1, 10, fallback.scale) });
  return { exit: look(own(raw, 'skeletonExit'), { opacity: 0, scale: 1 }), enter: look(own(raw, 'contentEnter'), { opacity: 0, scale: 1 }), ...readCurve(own(raw, 'curve')) };
}

/** A served curve as a Web Animations easing and duration; a spring is sampled into `linear()`. */
function readCurve(raw) {
  const type = own(raw, 'type');
  if (type === 'spring') return springCurve(number(own(raw, 'responseMs'), 10, 10000, 400), number(own(raw, 'dampingFraction'), 0.05, 10, 0.825));
  const easing = { linear: 'linear', easeIn: 'ease-in', easeOut: 'ease-out', easeInOut: 'ease-in-out' }[oneOf(type, ['linear', 'easeIn', 'easeOut', 'easeInOut'], 'easeInOut')];
  return { easing, durationMs: number(own(raw, 'durationMs'), 0, 60000, 300) };
}

/**
 * SwiftUI's `.spring(response:dampingFraction:)`: a unit-mass spring whose undamped period is
 * `response`, released from 0 towards 1. Its duration is the time it takes to settle within 0.1 %.
 */
function springCurve(responseMs, damping) {
  const omega = (2 * Math.PI) / (responseMs / 1000);
  const position = (t) => {
    if (damping < 1) {
      const damped = omega * Math.sqrt(1 - damping * damping);
      return 1 - Math.exp(-damping * omega * t) * (Math.cos(damped * t) + ((damping * omega) / damped) * Math.sin(damped * t));
    }
    if (damping === 1) return 1 - Math.exp(-omega * t) * (1 + omega * t);
    const root = Math.sqrt(damping * damping - 1);
    const r1 = -omega * (damping - root);
    const r2 = -omega * (damping + root);
    return 1 - (r2 * Math.exp(r1 * t) - r1 * Math.exp(r2 * t)) / (r2 - r1);
  };
  let settled = 0;
  for (let t = 0; t <= 10; t += 1 / 240) if (Math.abs(1 - position(t)) >= 0.001) settled = t;
  const seconds = Math.max(settled, 0.05);
  const samples = [];
  for (let i = 0; i <= 40; i++) samples.push(round(position((seconds * i) / 40)));
  samples[40] = 1;
  const easing = `linear(${samples.join(', ')})`;
  const supported = typeof CSS !== 'undefined' && CSS.supports('animation-timing-function', easing);
  return { easing: supported ? easing : 'ease-out', durationMs: Math.round(seconds * 1000) };
}

function readInsets(raw) {
  if (raw === null || typeof raw !== 'object') return null;
  const side = (key) => number(own(raw, key), 0, LIMITS.length, 0);
  return { top: side('top'), leading: side('leading'), bottom: side('bottom'), trailing: side('trailing') };
}

const CORNERS = ['topLeading', 'topTrailing', 'bottomLeading', 'bottomTrailing'];

function readNode(raw, layout, budget, depth, parentAxis, suffix) {
  if (raw === null || typeof raw !== 'object' || depth > LIMITS.depth || ++budget.nodes > LIMITS.nodes) return null;
  const type = own(raw, 'type');
  if (type === 'repeat') {
    // Where one node must stand (the root, a scroll's child), the copies stand in a stack.
    const children = readChildren([raw], layout, budget, depth, parentAxis, suffix);
    return finish({ type: 'stack', axis: parentAxis, spacing: 0, alignment: 'center', children, ...modifiers({}) }, parentAxis);
  }
  const id = text(own(raw, 'id'));
  const node = { type, id: id === undefined ? undefined : id + suffix, ...modifiers(raw, layout) };
  switch (type) {
    case 'stack':
      node.axis = oneOf(own(raw, 'axis'), ['vertical', 'horizontal'], 'vertical');
      node.spacing = number(own(raw, 'spacing'), 0, LIMITS.length, 0);
      node.alignment = oneOf(own(raw, 'alignment'), ['leading', 'center', 'trailing', 'top', 'bottom'], 'center');
      node.children = readChildren(own(raw, 'children'), layout, budget, depth + 1, node.axis, suffix);
      break;
    case 'scroll':
      node.axis = oneOf(own(raw, 'axis'), ['vertical', 'horizontal'], 'vertical');
      node.child = readNode(own(raw, 'child'), layout, budget, depth + 1, node.axis, suffix);
      break;
    case 'block': {
      node.width = node.width ?? 'fill';
      node.height = number(own(raw, 'height'), 0, LIMITS.length, 0);
      node.shape = oneOf(own(raw, 'shape'), ['rect', 'capsule', 'circle'], 'rect');
      const corners = own(raw, 'corners');
      node.corners = Array.isArray(corners) ? new Set(corners.filter((corner) => CORNERS.includes(corner))) : null;
      node.fill = layout.palette.get(typeof own(raw, 'fill') === 'string' ? own(raw, 'fill') : 'base') ?? null;
      break;
    }
    case 'text':
      node.lines = Math.floor(number(own(raw, 'lines'), 1, 100, 1));
      node.lineHeight = number(own(raw, 'lineHeight'), 1, 1000, 12);
      node.lineSpacing = number(own(raw, 'lineSpacing'), 0, 1000, 6);
      node.lastLineFraction = number(own(raw, 'lastLineFraction'), 0, 1, 1);
      node.measure = typeof own(raw, 'measure') === 'number' && own(raw, 'measure') > 0 ? number(own(raw, 'measure'), 0, 100000, 0) : null;
      node.maxLines = Math.floor(number(own(raw, 'maxLines'), 1, 100, 100));
      node.fill = layout.palette.get('base') ?? null;
      break;
    case 'divider':
      node.opacity = number(own(raw, 'opacity'), 0, 1, 1);
      node.thickness = number(own(raw, 'thickness'), 0, 100, 1);
      break;
    case 'spacer':
      break;
    default:
      return null;
  }
  return finish(node, parentAxis);
}

function readChildren(raw, layout, budget, depth, axis, suffix) {
  const children = [];
  for (const item of list(raw)) {
    if (own(item, 'type') === 'repeat') {
      if (++budget.nodes > LIMITS.nodes) break;
      const count = Math.floor(number(own(item, 'count'), 0, LIMITS.repeat, 0));
      for (let index = 0; index < count && budget.nodes <= LIMITS.nodes; index++) {
        children.push(...readChildren([own(item, 'child')], layout, budget, depth + 1, axis, `${suffix}[${index}]`));
      }
    } else {
      const node = readNode(item, layout, budget, depth, axis, suffix);
      if (node) children.push(node);
    }
  }
  return children;
}

function modifiers(raw, layout) {
  const background = own(raw, 'background');
  const width = own(raw, 'width');
  return {
    padding: readInsets(own(raw, 'padding')),
    minHeight: hasOwn(raw, 'minHeight') ? number(own(raw, 'minHeight'), 0, LIMITS.length, 0) : null,
    // Width over height, on a block or a stack (others ignore it); anything but a ratio above 0 is none.
    aspectRatio: typeof own(raw, 'aspectRatio') === 'number' && own(raw, 'aspectRatio') > 0 ? number(own(raw, 'aspectRatio'), 0, 100, 1) : null,
    width: width === undefined || width === null ? null : readWidth(width),
    grow: width !== null && typeof width === 'object' && typeof own(width, 'grow') === 'number' && own(width, 'grow') > 0 ? number(own(width, 'grow'), 0, 100, 1) : 1,
    fillsWidth: own(raw, 'maxWidth') === 'fill',
    background: typeof background === 'string' ? layout.palette.get(background) ?? null : null,
    cornerRadius: number(own(raw, 'cornerRadius'), 0, LIMITS.length, 0),
    clip: own(raw, 'clip') === true,
    shimmer: own(raw, 'shimmer') === true,
  };
}

/**
 * A node's width in points, or `'fill'`: format 2's `{kind, points}` (a kind this renderer does
 * not know is `points` wide when it has them, else fill), or format 1's number or `"fill"`.
 */
function readWidth(width) {
  if (typeof width === 'number') return number(width, 0, LIMITS.length, 0);
  const points = own(width ?? {}, 'points');
  if (own(width ?? {}, 'kind') !== 'fill' && typeof points === 'number') return number(points, 0, LIMITS.length, 0);
  return 'fill';
}

/**
 * Whether the node takes all the width its parent offers, as SwiftUI sizes it: a `fill` width,
 * `maxWidth: fill`, a scroll view, a paragraph, a spacer in a row, a divider in a column, and a
 * stack with any such child; unless a node other than a block has a width in points (a frame
 * that wide).
 */
function finish(node, parentAxis) {
  if (node.type !== 'block' && node.width !== null) {
    node.greedy = node.width === 'fill';
    return node;
  }
  switch (node.type) {
    case 'block': node.greedy = node.fillsWidth || node.width === 'fill'; break;
    case 'text': case 'scroll': node.greedy = true; break;
    case 'spacer': node.greedy = parentAxis === 'horizontal'; break;
    case 'divider': node.greedy = parentAxis !== 'horizontal'; break;
    default: node.greedy = node.fillsWidth || node.children.some((child) => child.greedy);
  }
  return node;
}

// MARK: the shimmer

let phaseRegistered = null;
/** The shimmer's phase is a registered number property, so that an animation can interpolate it. */
function registerPhase() {
  if (phaseRegistered !== null) return phaseRegistered;
  phaseRegistered = false;
  if (typeof CSS === 'undefined' || typeof CSS.registerProperty !== 'function') return false;
  try {
    CSS.registerProperty({ name: PHASE, syntax: '<number>', inherits: true, initialValue: '0' });
    phaseRegistered = true;
  } catch (error) {
    phaseRegistered = error && error.name === 'InvalidModificationError'; // registered already (another copy of this module)
  }
  return phaseRegistered;
}

/**
 * The gradient of one phase of the sweep on a W x H box, as CSS draws a linear gradient: its angle,
 * and each stop's offset along the gradient line. The served points are unit points of the box
 * (x from the left, as served: `direction=rtl` documents come mirrored), interpolated linearly
 * from `from` to `to` by the phase, as SwiftUI's animation of `startPoint`/`endPoint` does.
 */
function sweepGeometry(shimmer, phase, width, height) {
  const lerp = (motion, axis) => motion.from[axis] + (motion.to[axis] - motion.from[axis]) * phase;
  const sx = lerp(shimmer.start, 'x') * width;
  const sy = lerp(shimmer.start, 'y') * height;
  const dx = lerp(shimmer.end, 'x') * width - sx;
  const dy = lerp(shimmer.end, 'y') * height - sy;
  const length = Math.hypot(dx, dy) || 1e-6;
  const ux = dx / length;
  const uy = dy / length;
  const line = Math.abs(width * ux) + Math.abs(height * uy);
  const base = (sx - width / 2) * ux + (sy - height / 2) * uy + line / 2;
  return { angle: (Math.atan2(dx, -dy) * 180) / Math.PI, offsets: shimmer.stops.map((stop) => base + stop.location * length) };
}

/**
 * The shimmer's CSS image for a W x H group, with `var(--sk-phase)` where the phase goes;
 * `paint` writes a stop's colour (a pulse's stops, whose alpha moves, are always `rgba`).
 */
function shimmerImage(shimmer, direction, width, height, paint = rgba) {
  const stops = shimmer.stops;
  if (shimmer.kind === 'gradient') {
    const first = sweepGeometry(shimmer, 0, width, height);
    const last = sweepGeometry(shimmer, 1, width, height);
    let turn = modulo(last.angle - first.angle + 180, 360) - 180;
    if (Math.abs(turn) < 1e-9) turn = 0;
    const angle = turn === 0 ? `${round(first.angle)}deg` : `calc(${round(first.angle)}deg + ${round(turn)}deg * var(${PHASE}))`;
    const parts = stops.map((stop, index) => {
      const from = first.offsets[index];
      const travel = last.offsets[index] - from;
      return `${paint(stop.color)} calc(${round(from)}px + ${round(travel)}px * var(${PHASE}))`;
    });
    return `linear-gradient(${angle}, ${parts.join(', ')})`;
  }
  // Static and pulse: painted leading to trailing; a pulse scales the stops' alpha by its opacity.
  const angle = direction === 'rtl' ? '270deg' : '90deg';
  const { from, to } = shimmer.opacity;
  const parts = stops.map((stop) => {
    if (shimmer.kind !== 'pulse') return `${paint(stop.color)} ${round(stop.location * 100)}%`;
    const alpha = `calc(${round(stop.color.a)} * (${round(from)} + ${round(to - from)} * var(${PHASE})))`;
    return `${rgba(stop.color, alpha)} ${round(stop.location * 100)}%`;
  });
  return `linear-gradient(${angle}, ${parts.join(', ')})`;
}

/**
 * One shimmer group: a node with `shimmer: true`. It spans the node's bounds and is painted onto
 * every skeleton block inside it (backgrounds are not): each block shows the group's image at its
 * own offset. One animation per group drives `--sk-phase`, started so that its phase is
 * ((now - originEpochMs) mod period) / period by the wall clock.
 */
class ShimmerGroup {
  constructor(view, element) {
    this.view = view;
    this.element = element;
    this.blocks = new Set();
    this.animation = null;
    this.mode = null;
    this.exiting = false;
    /** The instant this group alone is frozen at (a wrapper's `at`), else null. */
    this.frozenAt = null;
  }

  add(block) {
    this.blocks.add(block);
    this.paint(block);
  }

  get isLive() {
    for (const block of this.blocks) if (!block.isConnected) this.blocks.delete(block);
    return this.blocks.size > 0 && this.element.isConnected;
  }

  /** `animated`, `still` (the served static or pulse-less form) or `plain` (the blocks' own fill). */
  setMode(mode) {
    if (mode !== 'animated') this.stop();
    if (mode === this.mode) return;
    this.mode = mode;
    this.layout();
    for (const block of this.blocks) this.paint(block);
    if (mode === 'animated') this.start();
  }

  start() {
    const shimmer = this.view.layout.shimmer;
    if (this.animation) return;
    const period = shimmer.durationMs;
    const cycle = period * (shimmer.autoreverses ? 2 : 1);
    this.animation = this.element.animate([{ [PHASE]: 0 }, { [PHASE]: 1 }], {
      duration: period,
      iterations: shimmer.iterations,
      easing: shimmer.easing,
      direction: shimmer.autoreverses ? 'alternate' : 'normal',
    });
    // The document timeline's time t is the wall-clock instant timeOrigin + t.
    if (shimmer.iterations === Infinity) {
      this.animation.startTime = modulo(shimmer.originEpochMs - performance.timeOrigin, cycle) - cycle;
    } else {
      const now = document.timeline.currentTime ?? performance.now();
      this.animation.startTime = now - modulo(performance.timeOrigin + now - shimmer.originEpochMs, cycle);
    }
    // Frozen: held at the phase of the shimmer's clock at the instant, as `/frames?at=` paints it.
    const frozenAt = this.frozenAt ?? this.view.frozenAt;
    if (frozenAt !== null) {
      this.animation.pause();
      this.animation.currentTime = modulo(frozenAt - shimmer.originEpochMs, cycle);
    }
  }

  stop() {
    this.animation?.cancel();
    this.animation = null;
  }

  dispose() {
    this.stop();
    this.blocks.clear();
  }

  /** Sets the group's image for its current size, and each block's offset in it. */
  layout() {
    if (this.mode === 'plain' || this.mode === null || !this.element.isConnected) return;
    const box = this.element.getBoundingClientRect();
    const width = Math.max(box.width, 1);
    const height = Math.max(box.height, 1);
    const style = this.element.style;
    style.setProperty(IMAGE, shimmerImage(this.view.layout.shimmer, this.view.layout.direction, width, height, (color) => this.view.themed(color)));
    style.setProperty(SIZE, `${px(width)} ${px(height)}`);
    for (const block of this.blocks) {
      const rect = block.getBoundingClientRect();
      const position = `${px(box.left - rect.left)} ${px(box.top - rect.top)}`;
      if (this.view.layout.shimmer.application === 'mask') {
        block.style.setProperty('mask-position', position);
        block.style.setProperty('-webkit-mask-position', position);
      } else {
        block.style.backgroundPosition = position;
      }
    }
  }

  paint(block) {
    const style = block.style;
    const fill = block.skeletonFill ? this.view.themed(block.skeletonFill) : 'transparent';
    for (const name of ['background-image', 'background-size', 'background-position', 'background-repeat', 'mask-image', 'mask-size', 'mask-position', 'mask-repeat',
      '-webkit-mask-image', '-webkit-mask-size', '-webkit-mask-position', '-webkit-mask-repeat']) style.removeProperty(name);
    style.backgroundColor = fill;
    if (this.mode === 'plain' || this.mode === null) return;
    const application = this.view.layout.shimmer.application;
    if (application === 'mask') {
      for (const prefix of ['', '-webkit-']) {
        style.setProperty(`${prefix}mask-image`, `var(${IMAGE})`);
        style.setProperty(`${prefix}mask-size`, `var(${SIZE})`);
        style.setProperty(`${prefix}mask-repeat`, 'no-repeat');
      }
    } else {
      if (application === 'fill') style.backgroundColor = 'transparent';
      style.backgroundImage = `var(${IMAGE})`;
      style.backgroundSize = `var(${SIZE})`;
      style.backgroundRepeat = 'no-repeat';
    }
  }
}

// MARK: the view

const alignments = { leading: 'flex-start', top: 'flex-start', center: 'center', trailing: 'flex-end', bottom: 'flex-end' };
const corners = { topLeading: 'border-start-start-radius', topTrailing: 'border-start-end-radius', bottomLeading: 'border-end-start-radius', bottomTrailing: 'border-end-end-radius' };

function div(role) {
  const element = document.createElement('div');
  if (role) element.dataset.sk = role;
  return element;
}

/**
 * How a node sits in its parent: a node other than a block with a width in points is a frame
 * that wide; a greedy node stretches across a column or shares a row's free width by its grow.
 * It is never narrower than its horizontal padding and shares only what the paddings leave, as a
 * border box is: said on `element` itself, since an element's slot holds the node's box without
 * having its padding.
 */
function place(element, node, parentAxis) {
  const style = element.style;
  const padding = node.padding ? node.padding.leading + node.padding.trailing : 0;
  style.flex = '0 0 auto';
  if (padding > 0) style.minWidth = px(padding);
  if (node.type !== 'block' && typeof node.width === 'number') {
    style.width = px(node.width);
    return;
  }
  if (node.type === 'spacer') {
    style.flex = parentAxis === 'horizontal' ? `${node.grow} 1 0px` : '1 1 0px';
    style.minWidth = '0';
    style.minHeight = '0';
    return;
  }
  if (!node.greedy) return;
  if (parentAxis === 'vertical') style.alignSelf = 'stretch';
  else if (parentAxis === 'horizontal') {
    style.flex = `${node.grow} 1 ${px(padding)}`;
    if (padding === 0) style.minWidth = '0';
  }
}

/**
 * A block shape whose height follows its width (`aspectRatio`): no height of its own, and a
 * capsule's or circle's rounded corners half its shorter side at any width, said as percentages
 * of each side (for a ratio r ≥ 1, 50/r % of the width and 50 % of the height are both h/2).
 */
function followRatio(shape, node) {
  const style = shape.style;
  style.removeProperty('height');
  style.aspectRatio = String(node.aspectRatio);
  if (node.shape === 'rect') return;
  const ratio = node.aspectRatio;
  const radius = ratio >= 1 ? `${50 / ratio}% 50%` : `50% ${50 * ratio}%`;
  for (const [corner, property] of Object.entries(corners)) style.setProperty(property, !node.corners || node.corners.has(corner) ? radius : '0px');
}

/**
 * A paragraph's lines at a content width: with `measure`, the lines its text wraps to (the
 * server's `Wrapping`: n = min(maxLines, max(1, ceil(measure / width - 1e-6))), the last line 1
 * wide when clamped, else what is left of the measure, at least 0.05); without, as served.
 */
function wrap(node, width) {
  if (node.measure === null) return { lines: node.lines, lastLineFraction: node.lastLineFraction };
  if (!(width > 0)) return { lines: 1, lastLineFraction: 1 };
  const lines = Math.min(node.maxLines, Math.max(1, Math.ceil(node.measure / width - 1e-6)));
  if (node.measure > lines * width) return { lines, lastLineFraction: 1 };
  return { lines, lastLineFraction: Math.max(0.05, (node.measure - (lines - 1) * width) / width) };
}

function applyModifiers(element, node, { background = true } = {}) {
  const style = element.style;
  if (node.padding) {
    style.paddingTop = px(node.padding.top);
    style.paddingBottom = px(node.padding.bottom);
    style.paddingInlineStart = px(node.padding.leading);
    style.paddingInlineEnd = px(node.padding.trailing);
  }
  if (node.minHeight !== null) style.minHeight = px(node.minHeight);
  if (background && node.background) style.backgroundColor = rgba(node.background);
  if (node.cornerRadius) style.borderRadius = px(node.cornerRadius);
  if (node.clip) style.overflow = 'hidden';
}

const wantsReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Every text the renderer shows or announces, replaced through the `strings` option or property:
 * `{label}` is the element's `accessibilityLabel` as a subject ("Loading accounts": "Accounts"),
 * `{ms}` a time, `{message}` the reason a layout could not be loaded.
 */
const STRINGS = Object.freeze({
  loaded: '{label} loaded',
  failed: '{label} failed to load',
  errorTitle: '{label} could not be loaded',
  errorMessage: 'The load failed.',
  retry: 'Retry',
  timeout: 'Not loaded within {ms} ms.',
  unreachable: 'The loading service could not be reached.',
  problem: 'The skeleton could not be loaded: {message}',
  layoutTimeout: 'it did not arrive within {ms} ms',
});

/** `STRINGS` with the texts of `raw` that are strings instead of theirs. */
function readStrings(raw) {
  const strings = { ...STRINGS };
  for (const key of Object.keys(STRINGS)) strings[key] = text(own(raw, key), 1000) ?? strings[key];
  return Object.freeze(strings);
}

/** `template` with each `{name}` of `values` replaced by its value (as text: never markup). */
const format = (template, values) => template.replace(/\{(\w+)\}/g, (whole, name) => (hasOwn(values, name) ? String(values[name]) : whole));

function subjectOf(label) {
  const subject = label.replace(/^loading\s+/i, '');
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

/** One element of the screen: its loading state and where it is drawn. */
class ElementSlot {
  constructor(info, node) {
    this.id = info.id;
    this.info = info;
    this.node = node;
    this.state = 'loading';
    this.error = null;
    this.element = null;
    this.view = null;
    this.group = null;
    this.shownAt = 0;
    this.timer = null;
    /** The `timeoutMs` timer: fails the element if it is still loading then. */
    this.deadline = null;
    /** Retried: its data is asked for on its own, and the session's states no longer settle it. */
    this.retried = false;
    /** In place: the `<skeleton-element>` showing this element (its parts), or null while none does. */
    this.wrapper = null;
    /** In place: whether an ancestor of the node shimmers (the wrapper's box is then its group). */
    this.shimmers = false;
    /** Driven by its wrapper's `loading` and `error` (declared): the session's states no longer settle it. */
    this.declared = false;
    /** The instant its wrapper alone is frozen at (its `at`), else null. */
    this.frozenAt = null;
  }
}

/** The node whose `id` is `id` in `node`'s tree, with whether an ancestor of it shimmers; or null. */
function findNode(node, id, shimmers = false) {
  if (!node) return null;
  if (node.id === id) return { node, shimmers };
  for (const child of node.children ?? (node.child ? [node.child] : [])) {
    const found = findNode(child, id, shimmers || node.shimmer);
    if (found) return found;
  }
  return null;
}

class SkeletonView {
  constructor(layout, container, options) {
    this.layout = layout;
    this.container = container;
    this.options = options;
    /** The texts it shows and announces (`STRINGS`, replaced). */
    this.strings = readStrings(options.strings);
    /** Ids asked for that the layout has no element for, each warned about once. */
    this.unknown = new Set();
    this.groups = [];
    this.slots = new Map();
    this.sessions = new Set();
    this.startedAt = performance.now();
    /** Frozen (`at`): the instant of the load drawn, in ms; nothing moves and no timer runs. Else null. */
    this.frozenAt = options.frozenAt;
    /** Frozen: how far into its transition the element being changed is (`freeze`), else null. */
    this.frozenMoment = null;
    /** The schedule of the load followed (`loadSchedule`), fetched once for wrappers frozen alone. */
    this.schedule = null;
    /** Frozen: the transitions held paused, cancelled by `destroy` (some run on the page's own content). */
    this.held = [];
    this.shown = layout.showDelayMs === 0 || (this.frozenAt !== null && this.frozenAt >= layout.showDelayMs);
    // Real ms an element may load before it fails with `timeout`: `timeoutMs` of the session's time.
    // A session's own timeout failure (its message says more) is given 100 ms more to arrive.
    this.timeoutMs = (options.timeoutMs ?? layout.timeoutMs) / number(Number(options.speed ?? 1), 0.1, 100, 1) + (options.follows ? 100 : 0);
    /** Transitions playing, and whether `skeleton-complete` was sent for the states as they are. */
    this.fading = 0;
    this.completed = false;
    /** The elements whose `skeleton-drift` was sent (once per element per load). */
    this.drifted = new Set();
    this.destroyed = false;
    this.prefersReduced = wantsReducedMotion();
    this.canAnimate = registerPhase();
    this.resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.relayout()) : null;
    this.wraps = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
      for (const entry of entries) this.drawLines(entry.target, wrap(entry.target.paragraph.node, entry.contentRect.width));
    }) : null;

    this.root = div('screen');
    Object.assign(this.root.style, {
      direction: layout.direction, position: 'relative', boxSizing: 'border-box', width: '100%', height: '100%',
      overflow: 'hidden', display: 'flex', flexDirection: 'column',
    });
    this.root.dataset.screen = layout.screen;
    this.root.dataset.theme = layout.theme;
    this.root.dataset.motion = layout.motion;
    this.root.dataset.direction = layout.direction;
    this.live = div('announcements');
    this.live.setAttribute('role', 'status');
    this.live.setAttribute('aria-live', 'polite');
    for (const [name, value] of Object.entries({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' })) this.live.style[name] = value;
    if (options.inPlace) {
      // In place the view shows the page itself (the host's children); each element is drawn
      // over its `<skeleton-element>` (`attach`). Every element has its slot from the start, so
      // that a session or the app can reveal one whose wrapper is not in the page yet.
      this.root = document.createElement('slot');
      for (const info of layout.elements.values()) {
        const found = findNode(layout.root, info.id);
        if (!found) continue;
        const slot = this.newSlot(info, found.node);
        slot.shimmers = found.shimmers;
        slot.shownAt = this.startedAt + layout.showDelayMs;
        this.arm(slot);
      }
    } else if (layout.root) {
      this.root.append(this.build(layout.root, { mode: 'skeleton', group: null, parentAxis: 'root' }));
    }
    container.replaceChildren(this.root, this.live);
    if (!this.shown && this.frozenAt === null) {
      this.showTimer = setTimeout(() => this.show(), layout.showDelayMs);
    }
    this.motionQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
    this.onMotionChange = () => {
      this.prefersReduced = this.motionQuery.matches;
      this.refresh();
    };
    this.motionQuery?.addEventListener('change', this.onMotionChange);
    // Content the app puts in (or takes out of) the host later is hidden or shown as its element is.
    this.hostChanges = options.host && typeof MutationObserver === 'function' ? new MutationObserver(() => {
      for (const slot of this.slots.values()) if (slot.element) this.describe(slot);
    }) : null;
    this.hostChanges?.observe(options.host, { childList: true, attributeFilter: ['slot'], subtree: true });
    this.refresh();
  }

  get reducedMotion() {
    return this.layout.motion === 'reduced' || this.prefersReduced || this.options.motion === 'reduced';
  }

  // MARK: building

  build(node, context) {
    if (!this.options.inPlace && node.id !== undefined && this.layout.elements.has(node.id) && context.slotOf !== node) return this.buildSlot(node, context);
    const element = this.buildNode(node, context);
    if (node.id !== undefined) element.dataset.id = node.id;
    return element;
  }

  buildNode(node, context) {
    let group = context.group;
    const inside = (axis) => ({ mode: context.mode, group, parentAxis: axis });
    const skeleton = context.mode === 'skeleton';
    let element;
    if (node.type === 'block') {
      // Padding lies outside a block's shape: the shape is the frame's content (SwiftUI's order).
      const framed = node.padding || node.background || node.minHeight !== null;
      // The outermost box of a view's root fills the view: the block's frame, else the block.
      const width = context.fills && !framed ? 'fill' : node.width;
      const shape = this.buildShape(node, width, node.height, context);
      if (node.aspectRatio !== null) followRatio(shape, node);
      if (skeleton && node.shimmer) group = this.group(shape);
      if (skeleton) group?.add(shape);
      if (framed) {
        element = div('block-frame');
        element.style.display = 'flex';
        element.style.alignItems = 'center';
        applyModifiers(element, { ...node, cornerRadius: 0, clip: false });
        if (width === 'fill') shape.style.flex = '1 1 auto';
        element.append(shape);
      } else {
        element = shape;
      }
    } else {
      element = div(node.type);
      applyModifiers(element, node);
      const style = element.style;
      switch (node.type) {
        case 'stack':
          style.display = 'flex';
          style.flexDirection = node.axis === 'horizontal' ? 'row' : 'column';
          style.alignItems = alignments[node.alignment];
          style.gap = px(node.spacing);
          // CSS's automatic minimum keeps it at least its content's height unless it clips or has a minHeight.
          if (node.aspectRatio !== null) style.aspectRatio = String(node.aspectRatio);
          if (node.shimmer) group = this.group(element);
          for (const child of node.children) element.append(this.build(child, inside(node.axis)));
          break;
        case 'scroll':
          // Shown still: a scroll view clips what lies beyond it. A horizontal one offers its
          // content all the width it wants; a vertical one offers its width and centres narrower content.
          style.display = 'flex';
          style.flexDirection = node.axis === 'horizontal' ? 'row' : 'column';
          style.alignItems = node.axis === 'horizontal' ? 'flex-start' : 'center';
          // Scrollable as the app's is (nothing painted for it: no scrollbar), so that an
          // element's error state beyond the visible part can be scrolled to and used; out of
          // the tab order (a scroller is keyboard-focusable otherwise), its Retry buttons in it.
          style.overflow = 'auto';
          style.scrollbarWidth = 'none';
          element.tabIndex = -1;
          if (node.shimmer) group = this.group(element);
          if (node.child) element.append(this.build(node.child, inside(node.axis === 'horizontal' ? 'scroll' : 'vertical')));
          break;
        case 'text':
          style.display = 'flex';
          style.flexDirection = 'column';
          style.gap = px(node.lineSpacing);
          if (node.shimmer) group = this.group(element);
          element.paragraph = { node, context, group, lines: null };
          // The served lines first (the captured width's); a measured paragraph is drawn anew at its width.
          this.drawLines(element, { lines: node.lines, lastLineFraction: node.lastLineFraction });
          if (node.measure !== null) this.wraps?.observe(element);
          break;
        case 'divider': {
          // SwiftUI's Divider: a hairline across a column (or down a row), in the separator grey.
          const line = this.layout.palette.get('gray') ?? { r: 142, g: 142, b: 147, a: 1 };
          style[context.parentAxis === 'horizontal' ? 'width' : 'height'] = px(node.thickness);
          if (context.parentAxis === 'horizontal') style.alignSelf = 'stretch';
          style.backgroundColor = rgba(line, round(line.a * node.opacity));
          break;
        }
        default:
          break;
      }
    }
    place(element, node, context.parentAxis);
    element.style.boxSizing = 'border-box';
    element.style.position = 'relative';
    if (context.parentAxis === 'root') {
      element.style.flex = '1 1 auto';
      element.style.minHeight = '0';
    }
    return element;
  }

  /** A paragraph's line shapes, drawn anew when their number or the last one's width changes. */
  drawLines(element, { lines, lastLineFraction }) {
    const paragraph = element.paragraph;
    if (paragraph.lines?.lines === lines && paragraph.lines.lastLineFraction === lastLineFraction) return;
    paragraph.lines = { lines, lastLineFraction };
    const { node, context, group } = paragraph;
    for (const old of element.children) group?.blocks.delete(old);
    element.replaceChildren();
    for (let line = 0; line < lines; line++) {
      const shape = this.buildShape(node, 'fill', node.lineHeight, context);
      shape.style.alignSelf = 'stretch';
      if (line === lines - 1 && lines > 1) shape.style.width = `${round(lastLineFraction * 100)}%`;
      if (context.mode === 'skeleton') group?.add(shape);
      element.append(shape);
    }
    group?.layout();
  }

  /** A block's shape: its size, radius and fill; in content mode a neutral solid. */
  buildShape(node, width, height, context) {
    const shape = div(context.mode === 'skeleton' ? 'block' : 'content-block');
    const style = shape.style;
    style.boxSizing = 'border-box';
    style.flex = '0 0 auto';
    if (width !== 'fill') style.width = px(width);
    style.height = px(height);
    const shorter = width === 'fill' ? height : Math.min(width, height);
    let radius = node.type === 'text' ? Math.min(node.cornerRadius, height / 2) : node.cornerRadius;
    if (node.shape === 'capsule' || node.shape === 'circle') radius = shorter / 2;
    if (node.corners) {
      for (const [corner, property] of Object.entries(corners)) style.setProperty(property, node.corners.has(corner) ? px(radius) : '0px');
    } else {
      style.borderRadius = px(radius);
    }
    if (context.mode === 'skeleton') {
      shape.skeletonFill = node.fill;
      style.backgroundColor = node.fill ? this.themed(node.fill) : 'transparent';
    } else {
      const neutral = this.layout.palette.get('gray') ?? { r: 142, g: 142, b: 147, a: 1 };
      style.backgroundColor = rgba(neutral, 0.45);
    }
    return shape;
  }

  group(element) {
    const group = new ShimmerGroup(this, element);
    this.groups.push(group);
    this.resizes?.observe(element);
    return group;
  }

  buildSlot(node, context) {
    const slot = this.slots.get(node.id) ?? this.newSlot(this.layout.elements.get(node.id), node);
    const element = div('element');
    element.dataset.element = node.id;
    element.style.display = 'grid';
    // One column as wide as the slot, never widened to its content's minimum: an element lays
    // out exactly as the same node would outside a slot (the server's frames assume so).
    element.style.gridTemplateColumns = 'minmax(0, 1fr)';
    element.style.boxSizing = 'border-box';
    place(element, node, context.parentAxis);
    if (context.parentAxis === 'root') element.style.flex = '1 1 auto';
    if (slot.shownAt === 0) {
      slot.shownAt = this.shown ? performance.now() : this.startedAt + this.layout.showDelayMs;
      this.arm(slot);
    }
    slot.element = element;
    slot.group = context.group;
    slot.view = this.buildView(slot);
    element.append(slot.view);
    this.describe(slot);
    return element;
  }

  /** A new element, in the state a former drawing of the screen left it in (`carried`), if any. */
  newSlot(info, node) {
    const slot = new ElementSlot(info, node);
    const carried = this.options.carried?.get(info.id);
    if (carried) Object.assign(slot, { state: carried.state, error: carried.error, retried: carried.retried });
    this.slots.set(info.id, slot);
    return slot;
  }

  /** Fails a loading element `timeoutMs` after its skeleton showed (from `shownAt`), whatever the session does. */
  arm(slot) {
    clearTimeout(slot.deadline);
    slot.deadline = null;
    if (slot.state !== 'loading' || !Number.isFinite(this.timeoutMs) || this.frozenAt !== null || slot.frozenAt !== null) return;
    slot.deadline = setTimeout(() => {
      slot.deadline = null;
      const error = { code: 'timeout', message: format(this.strings.timeout, { ms: Math.round(this.options.timeoutMs ?? this.layout.timeoutMs) }), retryable: true };
      this.settle(slot.id, 'failed', error);
    }, Math.max(0, slot.shownAt + this.timeoutMs - performance.now()));
  }

  /** The slot's current face: its skeleton, its content, or its error state. */
  buildView(slot) {
    let view;
    if (slot.state === 'loading') {
      // In place the element is the root of its own view, as /elements/{element}/frames lays it out: a block fills its width.
      view = this.build(slot.node, { mode: 'skeleton', group: slot.group, parentAxis: 'slot', slotOf: slot.node, fills: slot.wrapper !== null });
      view.setAttribute('aria-hidden', 'true');
      if (!this.shown) view.style.visibility = 'hidden';
    } else if (slot.state === 'ready') {
      if (slot.wrapper) return null;
      if (this.slotted(slot.id).length > 0) view = this.buildSlotted(slot);
      else view = slot.info.hasContent ? this.buildContent(slot) : this.build(slot.node, { mode: 'content', group: slot.group, parentAxis: 'slot', slotOf: slot.node });
    } else {
      view = this.buildError(slot);
    }
    view.style.gridArea = '1 / 1';
    view.dataset.face = slot.state;
    return view;
  }

  /** A box in place of the slot's current face, at least its size, so that nothing moves. */
  replacement(slot, role) {
    const box = div(role);
    const size = (slot.wrapper ? slot.element : slot.view)?.getBoundingClientRect();
    if (size && size.height) box.style.minHeight = px(size.height);
    if (!slot.node.greedy && size && size.width) box.style.width = px(size.width);
    box.style.boxSizing = 'border-box';
    box.style.color = this.layout.theme === 'dark' ? '#FFFFFF' : '#1C1C1E';
    return box;
  }

  /**
   * The app's own content for the element: the host's light-DOM children with `slot="ID"`
   * (`<skeleton-screen>`), shown through a `<slot>` at their natural size.
   */
  slotted(id) {
    const host = this.options.host;
    return host ? [...host.children].filter((child) => child.getAttribute('slot') === id) : [];
  }

  buildSlotted(slot) {
    const face = div('slotted');
    const outlet = document.createElement('slot');
    outlet.name = slot.id;
    face.append(outlet);
    return face;
  }

  /** The element's `content` member, drawn as text in the element's box. */
  buildContent(slot) {
    const box = this.replacement(slot, 'content');
    applyModifiers(box, { ...slot.node, minHeight: null });
    box.style.font = '15px/1.35 system-ui, -apple-system, sans-serif';
    box.append(renderValue(slot.info.content, 0));
    return box;
  }

  /**
   * A served colour as CSS: the palette's `base` and `highlight` (and the error state's two
   * colours, `error` and `error-background`) are the page's custom property when it sets one,
   * `--skeleton-NAME-THEME` then `--skeleton-NAME`, else the served colour (docs/web.md, "Styling").
   */
  themed(color, name = null) {
    const css = typeof color === 'string' ? color : rgba(color);
    const same = (served) => served && served.r === color.r && served.g === color.g && served.b === color.b && served.a === color.a;
    const property = name ?? ['base', 'highlight'].find((key) => same(this.layout.palette.get(key)));
    return property ? `var(--skeleton-${property}-${this.layout.theme}, var(--skeleton-${property}, ${css}))` : css;
  }

  buildError(slot) {
    const box = this.replacement(slot, 'error');
    box.setAttribute('part', 'error');
    Object.assign(box.style, {
      display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '8px', padding: '12px',
      borderRadius: px(slot.node.cornerRadius || 12), border: `1px solid ${this.themed('rgba(255, 59, 48, 0.6)', 'error')}`,
      backgroundColor: this.themed('rgba(255, 59, 48, 0.08)', 'error-background'),
      font: '13px/1.3 system-ui, -apple-system, sans-serif', textAlign: 'center',
      // Never clipped by its own size: at least as wide as its longest word and its button.
      minWidth: 'min-content',
    });
    const title = div('error-title');
    title.setAttribute('part', 'error-title');
    title.style.fontWeight = '600';
    title.textContent = format(this.strings.errorTitle, { label: subjectOf(slot.info.label) });
    const message = div('error-message');
    message.setAttribute('part', 'error-message');
    message.textContent = text(own(slot.error, 'message')) ?? this.strings.errorMessage;
    box.append(title, message);
    if (own(slot.error, 'retryable') !== false) {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.dataset.sk = 'retry';
      retry.setAttribute('part', 'retry');
      retry.textContent = this.strings.retry;
      retry.style.font = 'inherit';
      retry.addEventListener('click', () => this.retry(slot.id, { focus: true }));
      box.append(retry);
    }
    return box;
  }

  describe(slot) {
    if (slot.wrapper) return this.describeInPlace(slot);
    const element = slot.element;
    element.dataset.state = slot.state;
    // Until its reveal the app's content is hidden (no slot shows it), inert and unannounced;
    // it stays in the page, so that the app can fill it in while the skeleton shows.
    for (const child of this.slotted(slot.id)) {
      child.inert = slot.state !== 'ready';
      if (slot.state === 'ready') child.removeAttribute('aria-hidden');
      else child.setAttribute('aria-hidden', 'true');
    }
    element.setAttribute('role', 'group');
    if (slot.state === 'loading') {
      element.setAttribute('aria-busy', 'true');
      element.setAttribute('aria-label', slot.info.label);
    } else {
      element.setAttribute('aria-busy', 'false');
      element.removeAttribute('aria-label');
    }
  }

  /**
   * Until its reveal the wrapper's own content stays in the layout (its box keeps its size) but
   * hidden and inert, under the skeleton; the wrapper is a busy group named by the element.
   */
  describeInPlace(slot) {
    const { content, overlay, internals, cover } = slot.wrapper;
    const loading = slot.state !== 'ready';
    // The skeleton is not announced; an error state (its Retry button) is, and is never clipped
    // to a wrapper smaller than it (it then overlaps what follows, above it).
    overlay.toggleAttribute('aria-hidden', slot.state === 'loading');
    overlay.style.overflow = slot.state === 'failed' ? 'visible' : '';
    content.inert = loading;
    content.style.visibility = loading ? 'hidden' : '';
    if (loading) cover(true);
    internals.role = 'group';
    internals.ariaBusy = String(slot.state === 'loading');
    internals.ariaLabel = slot.state === 'loading' ? slot.info.label : null;
  }

  /** In place: draws element `parts.name`'s skeleton over its wrapper's content until its reveal; false when the layout has no such element. */
  attach(parts) {
    const slot = this.slots.get(parts.name);
    if (slot && slot.wrapper === parts) return true;
    if (!slot || (slot.wrapper && slot.wrapper !== parts)) {
      const known = [...this.slots.keys()].join(', ');
      console.warn(slot
        ? `<skeleton-element name="${parts.name}">: another wrapper shows ${parts.name} already; this one shows its content`
        : `<skeleton-element name="${parts.name}">: the layout of ${this.layout.screen} has no element ${parts.name}; its elements are ${known}`);
      return false;
    }
    slot.wrapper = parts;
    slot.element = parts.overlay;
    parts.overlay.style.direction = this.layout.direction;
    if (this.shown) slot.shownAt = performance.now();
    if (parts.declared) this.adopt(slot, parts.declared);
    this.arm(slot);
    slot.group = slot.shimmers ? this.group(parts.overlay) : null;
    slot.view = this.buildView(slot);
    parts.overlay.replaceChildren(...(slot.view ? [slot.view] : []));
    this.describe(slot);
    if (!slot.view) parts.cover(false);
    this.refresh();
    if (parts.frozenAt !== null && this.frozenAt === null) this.freezeAlone(slot, parts);
    return true;
  }

  /** A wrapper joining with a declared state: its element takes it at once, with no transition (nothing of it was drawn yet). */
  adopt(slot, declared) {
    slot.declared = true;
    clearTimeout(slot.timer);
    slot.timer = null;
    const error = declared.state === 'failed' ? readError(declared.error, this.strings) : null;
    if (slot.state === declared.state && slot.error?.message === error?.message) return;
    slot.state = declared.state;
    slot.error = error;
    this.completed = false;
    this.emit('skeleton-state', { id: slot.id, state: slot.state, atMs: Math.round(performance.now() - this.startedAt), error: error ?? undefined });
    this.settled();
  }

  /**
   * In place: what a wrapper's `loading` and `error` declare, applied to its element: `loading`
   * shows its skeleton again (from any state, a pending reveal cancelled), `ready` reveals it with
   * the served transition (also once failed), `failed` shows its error state.
   */
  declare(parts) {
    const slot = this.slots.get(parts.name);
    if (this.destroyed || !slot || slot.wrapper !== parts) return;
    if (parts.frozenAt !== null) return this.freezeAlone(slot, parts);
    if (!parts.declared) return;
    slot.declared = true;
    const { state } = parts.declared;
    if (state === 'ready') return this.reveal(slot.id);
    clearTimeout(slot.timer);
    slot.timer = null;
    if (state === 'loading') {
      if (slot.state === 'loading') return;
      slot.shownAt = performance.now();
      this.completed = false;
      this.change(slot, 'loading', null, false);
      return this.arm(slot);
    }
    const error = readError(parts.declared.error, this.strings);
    if (slot.state === 'loading') return this.settle(slot.id, 'failed', error);
    if (slot.state === 'failed' && slot.error?.message === error.message) return;
    this.completed = false;
    this.change(slot, 'failed', error, false);
  }

  /** In place: the wrapper left the page; its element keeps its state for a wrapper of the same name. */
  detach(parts) {
    const slot = this.slots.get(parts.name);
    if (!slot || slot.wrapper !== parts) return;
    parts.release();
    slot.wrapper = null;
    slot.element = null;
    slot.view = null;
    this.refresh();
  }

  announce(message) {
    const line = div('announcement');
    line.textContent = message;
    this.live.append(line);
    while (this.live.childElementCount > 20) this.live.firstElementChild.remove();
  }

  emit(type, detail) {
    this.container.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }

  // MARK: loading states

  /**
   * An element's data arrived (`ready`) or failed: shown `waitMs` from now (the session's
   * `revealAtMs`, in real time), and not before its skeleton has been up `minimumDisplayMs` of
   * real time, whatever the session's speed.
   */
  settle(id, state, error = null, waitMs = 0) {
    const slot = this.slots.get(id);
    if (this.destroyed || !slot || slot.state !== 'loading' || slot.timer !== null) return;
    const now = performance.now();
    const skeletonSeen = this.shown;
    const due = skeletonSeen ? Math.max(now + waitMs, slot.shownAt + this.layout.minimumDisplayMs) : now;
    slot.timer = setTimeout(() => {
      slot.timer = null;
      this.change(slot, state, error, skeletonSeen && this.shown);
    }, due - now);
  }

  change(slot, state, error, animated) {
    if (!slot.element && !this.options.inPlace) return;
    const old = slot.view;
    // The skeleton's shapes as drawn, read before the reveal changes anything: what the content's drift is measured against.
    const contents = slot.wrapper ? [slot.wrapper.element] : this.slotted(slot.id);
    if (state === 'ready' && slot.state === 'loading' && old && contents.length > 0 && !this.drifted.has(slot.id)) {
      recordSkeleton(slot.wrapper?.element ?? slot.element, old, { screen: this.layout.screen, version: this.layout.version, element: slot.id, contents });
    }
    slot.state = state;
    slot.error = error;
    if (state !== 'loading') this.arm(slot);
    if (!slot.element) {
      this.emit('skeleton-state', { id: slot.id, state, atMs: Math.round(performance.now() - this.startedAt), error: state === 'failed' ? error : undefined });
      return this.settled();
    }
    // In place, a revealed element's new face is the wrapper's own content.
    const next = this.buildView(slot);
    slot.view = next;
    if (next) slot.element.append(next);
    this.describe(slot);
    const entering = next ? [next] : [...slot.wrapper.element.children];
    const finished = () => {
      if (slot.wrapper && slot.state === 'ready') slot.wrapper.cover(false);
      if (slot.state === 'ready') this.drift(slot);
    };
    if (animated && old && old.isConnected) {
      this.fading += 1;
      this.crossFade(old, entering, () => {
        finished();
        this.fading -= 1;
        this.settled();
      });
    } else {
      old?.remove();
      finished();
    }
    this.refresh();
    const label = subjectOf(slot.info.label);
    if (state === 'ready') this.announce(format(this.strings.loaded, { label }));
    else if (state === 'failed') this.announce(format(this.strings.failed, { label }));
    this.emit('skeleton-state', { id: slot.id, state, atMs: Math.round(performance.now() - this.startedAt), error: state === 'failed' ? error : undefined });
    this.settled();
  }

  /**
   * Once per element per load, when its reveal has ended and its content was recorded:
   * `skeleton-drift` from its wrapper in place, else from the container (drift.js).
   */
  drift(slot) {
    if (this.drifted.has(slot.id) || !slot.element) return;
    const detail = revealEnded(slot.wrapper?.element ?? slot.element);
    if (!detail) return;
    this.drifted.add(slot.id);
    const event = new CustomEvent('skeleton-drift', { bubbles: true, composed: true, detail });
    if (slot.wrapper) slot.wrapper.element.dispatchEvent(event);
    else this.container.dispatchEvent(event);
  }

  /**
   * Once no element loads, the sessions are closed (no stream reconnects, no poll is made); once
   * no transition plays either, `skeleton-complete` is sent: once, and once more after a retry settles.
   */
  settled() {
    if (this.completed || this.destroyed) return;
    for (const slot of this.slots.values()) if (slot.state === 'loading') return;
    for (const session of this.sessions) session.stop();
    if (this.fading > 0) return;
    this.completed = true;
    this.emit('skeleton-complete', { session: this.token });
  }

  /** The token of the session followed (the last one started), or null. */
  get token() {
    let token = null;
    for (const session of this.sessions) token = session.token ?? token;
    return token;
  }

  /** The served transition from `old` (then removed, and `finished` called once every part of it has ended) to each of `entering`. */
  crossFade(old, entering, finished) {
    const transition = this.layout.transition;
    const reduced = this.reducedMotion;
    const exitScale = reduced ? 1 : transition.exit.scale;
    const enterScale = reduced ? 1 : transition.enter.scale;
    old.style.pointerEvents = 'none';
    for (const group of this.groups) if (old.contains(group.element)) group.exiting = true;
    const timing = { duration: transition.durationMs, easing: transition.easing };
    const out = old.animate([{ opacity: 1, transform: 'scale(1)' }, { opacity: transition.exit.opacity, transform: `scale(${exitScale})` }], { ...timing, fill: 'forwards' });
    const ins = entering.map((next) => next.animate([{ opacity: transition.enter.opacity, transform: `scale(${enterScale})` }, { opacity: 1, transform: 'scale(1)' }], timing));
    if (this.frozenMoment !== null) {
      for (const animation of [out, ...ins]) {
        animation.pause();
        animation.currentTime = this.frozenMoment;
        this.held.push(animation);
      }
    }
    const done = () => {
      out.cancel();
      old.remove();
      finished();
      this.refresh();
      this.relayout();
    };
    // Done when every part has ended (or was cancelled): the way out and each way in, which end in the same frame
    // but settle their promises one after another.
    Promise.allSettled([out, ...ins].map((animation) => animation.finished)).then(done);
  }

  /** Starts, stops or stills each shimmer group: animated ones up to `maxConcurrentShimmers`, in document order. */
  refresh() {
    const shimmer = this.layout.shimmer;
    let budget = this.layout.maxConcurrentShimmers;
    this.groups = this.groups.filter((group) => {
      if (group.isLive) return true;
      this.resizes?.unobserve(group.element);
      group.dispose();
      return false;
    });
    for (const group of this.groups) {
      let mode;
      if (shimmer.kind === 'none') mode = 'plain';
      else if (shimmer.kind === 'static') mode = 'still';
      else if (this.reducedMotion || !this.canAnimate) mode = 'plain';
      else if (group.exiting) mode = group.mode ?? 'animated';
      else if (budget > 0) {
        budget -= 1;
        mode = 'animated';
      } else mode = 'plain';
      group.setMode(mode);
    }
  }

  relayout() {
    for (const group of this.groups) group.layout();
  }

  show() {
    this.shown = true;
    const now = performance.now();
    for (const slot of this.slots.values()) {
      if (slot.state === 'loading' && slot.view) {
        slot.view.style.visibility = '';
        slot.shownAt = now;
        this.arm(slot);
      }
    }
  }

  /**
   * Frozen: each element in its state at `frozenAt` by `schedule` (`loadSchedule`), its
   * transition paused at its moment when the instant falls in it; an element the schedule does
   * not settle by its deadline (`timeoutMs` after the skeleton showed) fails with `timeout` then, as it would live.
   */
  freeze(schedule) {
    for (const slot of this.slots.values()) this.freezeSlot(slot, schedule, this.frozenAt);
  }

  /** Element `slot` as it is at instant `at` by `schedule`: its state, and its reveal held at its moment (see `freeze`). */
  freezeSlot(slot, schedule, at) {
    const timeoutMs = this.options.timeoutMs ?? this.layout.timeoutMs;
    const error = { code: 'timeout', message: format(this.strings.timeout, { ms: Math.round(timeoutMs) }), retryable: true };
    const deadline = { state: 'failed', revealAtMs: this.layout.showDelayMs + timeoutMs, error };
    const served = schedule.get(slot.id);
    const planned = served && served.revealAtMs <= deadline.revealAtMs ? served : deadline;
    if (!(planned.revealAtMs <= at)) return;
    this.frozenMoment = at - planned.revealAtMs;
    this.change(slot, planned.state, planned.error, planned.revealAtMs >= this.layout.showDelayMs && this.frozenMoment < this.layout.transition.durationMs);
    this.frozenMoment = null;
  }

  /**
   * In place: a wrapper's `at` freezes its element alone at that instant of the load followed
   * (its controller's `scenario`, `seed` and `variant`), as a frozen screen draws it; the session
   * no longer drives it. Its shimmer is held at that instant's phase.
   */
  async freezeAlone(slot, parts) {
    const at = parts.frozenAt;
    this.schedule ??= loadSchedule(this.options.base, { screen: this.layout.screen, scenario: this.options.scenario, seed: this.options.seed, variant: this.options.variant }, this.strings);
    let schedule;
    try {
      schedule = await this.schedule;
    } catch (error) {
      return console.warn(`<skeleton-element name="${parts.name}" at="${at}">: ${error.message}`);
    }
    if (this.destroyed || slot.wrapper !== parts || parts.frozenAt !== at) return;
    slot.declared = true;
    slot.frozenAt = at;
    clearTimeout(slot.timer);
    slot.timer = null;
    clearTimeout(slot.deadline);
    slot.deadline = null;
    // The transitions held for a former instant let go: the page's content shown as it is, a skeleton going out removed.
    this.held = this.held.filter((animation) => {
      const target = animation.effect?.target;
      const going = target && parts.overlay.contains(target) && target !== slot.view;
      if (!target || (!going && !parts.element.contains(target))) return true;
      animation.cancel();
      if (going) target.remove();
      return false;
    });
    if (slot.state !== 'loading') this.change(slot, 'loading', null, false);
    this.freezeSlot(slot, schedule, at);
    // Its shimmer groups (the wrapper's own, and those in its skeleton) started again, held at the instant.
    for (const group of this.groups) {
      if (group !== slot.group && !parts.overlay.contains(group.element)) continue;
      group.frozenAt = at;
      group.stop();
      group.mode = null;
    }
    this.refresh();
  }

  /** The app's reveal: as a session's, and also of an element that failed or timed out (its data came late). */
  reveal(id) {
    const slot = this.known(id);
    if (slot?.state !== 'failed' || this.destroyed) return this.settle(id, 'ready');
    this.completed = false;
    this.change(slot, 'ready', null, this.shown);
  }

  /** The app's failure of element `id`: `error` is `{code, message, retryable}`. */
  fail(id, error) {
    if (this.known(id)) this.settle(id, 'failed', readError(error, this.strings));
  }

  /** Element `id`'s slot; an id the layout has no element for is warned about, once. */
  known(id) {
    const slot = this.slots.get(id);
    if (!slot && !this.unknown.has(id)) {
      this.unknown.add(id);
      console.warn(`skeleton: the layout of ${this.layout.screen} has no element ${id}; its elements are ${[...this.slots.keys()].join(', ')}`);
    }
    return slot;
  }

  // MARK: sessions

  follow(parameters) {
    const session = new LoadingSession(this, parameters);
    this.sessions.add(session);
    session.start();
    return session;
  }

  /**
   * Retries failed element `id` (every failed element, each on its own, without `id`): a
   * cancelable `skeleton-retry` ({element, error}) is sent from its wrapper in place, else from the
   * container (it bubbles and is composed). The element shows its skeleton again; unless the event
   * was canceled, its data is asked for again in the session followed, which settles it; otherwise
   * (canceled, or no session) the app's `reveal`/`fail` does. No other element and no session
   * is touched. `focus`: the element's region takes the focus (its Retry button goes away).
   */
  retry(id, { focus = false } = {}) {
    const slots = id === undefined ? [...this.slots.values()] : [this.known(String(id))];
    for (const slot of slots) {
      if (!slot || slot.state !== 'failed') continue;
      const target = slot.wrapper?.element ?? this.container;
      const event = new CustomEvent('skeleton-retry', { bubbles: true, composed: true, cancelable: true, detail: { element: slot.id, error: slot.error } });
      const region = slot.wrapper?.element ?? slot.element;
      if (focus && region) focusRegion(region);
      slot.retried = true;
      slot.shownAt = performance.now();
      this.completed = false;
      this.change(slot, 'loading', null, false);
      this.arm(slot);
      const session = [...this.sessions].reverse().find((candidate) => candidate.token);
      if (target.dispatchEvent(event) && session && !slot.declared) session.reload(slot.id);
    }
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.showTimer);
    for (const session of this.sessions) session.stop();
    this.sessions.clear();
    for (const slot of this.slots.values()) {
      clearTimeout(slot.timer);
      clearTimeout(slot.deadline);
      slot.wrapper?.release();
    }
    for (const group of this.groups) group.dispose();
    this.groups = [];
    for (const animation of this.held) animation.cancel();
    this.resizes?.disconnect();
    this.wraps?.disconnect();
    this.hostChanges?.disconnect();
    this.motionQuery?.removeEventListener('change', this.onMotionChange);
    this.root.remove();
    this.live.remove();
  }
}

/**
 * Focuses an element's region (its Retry button is going away), focusable for that moment only: a
 * `tabindex` left on a `<skeleton-element>`, a shadow host, would drop its content from the Tab order.
 */
function focusRegion(region) {
  if (!region.hasAttribute('tabindex')) {
    region.tabIndex = -1;
    region.addEventListener('blur', () => region.removeAttribute('tabindex'), { once: true });
  }
  region.focus({ preventScroll: true });
}

/** `content` as text: strings, numbers and booleans as they are, arrays as lines, objects as `key: value` lines. */
function renderValue(value, depth) {
  const line = div('value');
  if (depth > 6) return line;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) line.append(renderValue(item, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value).slice(0, 50)) {
      const row = div('entry');
      const name = document.createElement('strong');
      name.textContent = `${key.slice(0, LIMITS.text)}: `;
      row.append(name, renderValue(value[key], depth + 1));
      row.lastChild.style.display = 'inline';
      line.append(row);
    }
  } else if (value !== undefined) {
    line.textContent = String(value).slice(0, 2000);
  }
  return line;
}

/**
 * Follows one simulated load (docs/spec.md §5): started from `screen` (and scenario, seed, speed) or an
 * existing `session` token, by Server-Sent Events, falling back to polling with `pollAfterMs`.
 */
class LoadingSession {
  constructor(view, parameters) {
    this.view = view;
    this.parameters = parameters;
    this.base = view.options.base;
    this.token = text(parameters.session, 2000) ?? null;
    // The session's speed (1 unless given): it turns the served virtual times into real ones.
    this.speed = number(Number(parameters.speed ?? 1), 0.1, 100, 1);
    this.source = null;
    this.timer = null;
    /** How long to wait before the next poll: the last `pollAfterMs` served. */
    this.pollAfterMs = 1000;
    this.stopped = false;
  }

  url(path, query) {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    return url;
  }

  async start() {
    try {
      if (!this.token) {
        const { scenario, seed, speed, variant } = this.parameters;
        const state = await this.fetchState(this.url('/loading-state', { screen: this.view.layout.screen, scenario, seed, speed, variant }));
        if (this.stopped) return;
        this.token = text(own(state, 'session'), 2000) ?? null;
        this.view.emit('skeleton-session', { session: this.token });
        this.apply(state);
        if (!this.token || own(state, 'complete') === true) return;
      }
      const transport = this.view.options.transport;
      if (transport !== 'poll' && typeof EventSource === 'function') this.listen();
      else this.poll();
    } catch {
      this.failAll();
    }
  }

  async fetchState(url) {
    const response = await fetch(url, { cache: 'no-store' });
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(text(own(body, 'detail')) ?? `the loading service answered ${response.status}`);
    return body;
  }

  listen() {
    const source = new EventSource(this.url(`/loading-state/${encodeURIComponent(this.token)}/events`, {}));
    this.source = source;
    let heard = false;
    const read = (handler) => (event) => {
      heard = true;
      let data = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      handler(data);
    };
    source.addEventListener('snapshot', read((state) => this.apply(state)));
    // An element event is sent when its change happens: its own time is "now" in the session.
    source.addEventListener('element', read((element) => this.applyElement(element, own(element, own(element, 'status') === 'failed' ? 'failedAtMs' : 'readyAtMs'))));
    source.addEventListener('complete', read(() => this.finish()));
    source.addEventListener('error', () => {
      // A stream that never opened, or that the server refused, falls back to polling; a
      // dropped one reconnects by itself with Last-Event-ID.
      if (this.stopped) return;
      if (!heard || source.readyState === EventSource.CLOSED) {
        source.close();
        this.source = null;
        this.poll();
      }
    });
  }

  async poll() {
    if (this.stopped) return;
    try {
      const state = await this.fetchState(this.url(`/loading-state/${encodeURIComponent(this.token)}`, {}));
      if (this.stopped) return;
      this.apply(state);
      const after = own(state, 'pollAfterMs');
      if (own(state, 'complete') === true || typeof after !== 'number') return this.finish();
      this.pollAfterMs = number(after, 10, 60000, 100);
    } catch {
      // As a stream reconnects: asked again, until the elements' deadlines (or the view) stop the session.
    }
    if (!this.stopped) this.timer = setTimeout(() => this.poll(), this.pollAfterMs);
  }

  apply(state) {
    for (const element of list(own(state, 'elements'))) this.applyElement(element, own(state, 'elapsedMs'));
    if (own(state, 'complete') === true) this.finish();
  }

  /** `nowMs`: the session's virtual time when this state was true; `revealAtMs` is waited for from it, at the session's speed. */
  applyElement(element, nowMs) {
    const id = text(own(element, 'id'));
    const status = own(element, 'status');
    const slot = this.view.slots.get(id);
    if (id === undefined || this.stopped || slot?.retried || slot?.declared) return;
    const revealAt = number(own(element, 'revealAtMs'), 0, 8.64e7, 0);
    const waitMs = Math.max(0, revealAt - number(nowMs, 0, 8.64e7, revealAt)) / this.speed;
    if (status === 'ready') this.view.settle(id, 'ready', null, waitMs);
    else if (status === 'failed') this.view.settle(id, 'failed', readError(own(element, 'error'), this.view.strings), waitMs);
  }

  /** The session could not be started: every element fails, `unreachable`. */
  failAll() {
    for (const slot of this.view.slots.values()) if (!slot.declared) this.view.settle(slot.id, 'failed', this.unreachable());
  }

  unreachable() {
    return { code: 'unreachable', message: this.view.strings.unreachable, retryable: true };
  }

  /** The session is complete: nothing more to hear (the view sends `skeleton-complete` once its elements have settled). */
  finish() {
    this.stop();
  }

  /**
   * Asks for a retried element's data again in this session, and settles it: data, ready; a
   * retryable failure with `retryAfterMs` (asked within 1000 virtual ms of the failure), asked
   * again that much later; any other answer, failed.
   */
  async reload(id) {
    const url = this.url(`/loading-state/${encodeURIComponent(this.token)}/data/${encodeURIComponent(id)}`, {});
    for (let attempt = 0; ; attempt++) {
      let body = null;
      try {
        const response = await fetch(url, { cache: 'no-store' });
        if (response.ok) return this.view.settle(id, 'ready');
        body = await response.json().catch(() => null);
      } catch {
        return this.view.settle(id, 'failed', this.unreachable());
      }
      const after = own(body, 'retryAfterMs');
      if (attempt < 3 && own(body, 'retryable') === true && typeof after === 'number') {
        await new Promise((resolve) => setTimeout(resolve, number(after, 0, 60000, 1000)));
        if (this.view.destroyed || this.view.slots.get(id)?.state !== 'loading') return;
      } else return this.view.settle(id, 'failed', readError(body, this.view.strings));
    }
  }

  stop() {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    clearTimeout(this.timer);
  }
}

/**
 * The served schedule of one load (`GET /loading-state/timeline` for `query`: screen, scenario,
 * seed, variant): each settled element's `{state, revealAtMs, error}` by id.
 */
async function loadSchedule(base, query, strings) {
  const url = new URL(`${base}/loading-state/timeline`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  const response = await fetch(url, { cache: 'no-store' });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(text(own(body, 'detail')) ?? `GET ${url.pathname} answered ${response.status}`);
  const schedule = new Map();
  for (const element of list(own(body, 'elements'))) {
    const id = text(own(element, 'id'));
    const state = oneOf(own(element, 'status'), ['ready', 'failed'], null);
    if (id === undefined || state === null) continue;
    schedule.set(id, { state, revealAtMs: number(own(element, 'revealAtMs'), 0, 8.64e7, 0), error: state === 'failed' ? readError(own(element, 'error'), strings) : null });
  }
  return schedule;
}

function readError(raw, strings) {
  return { code: text(own(raw, 'code'), 100) ?? 'error', message: text(own(raw, 'message')) ?? strings.errorMessage, retryable: own(raw, 'retryable') !== false };
}

// MARK: public API

/** The option (for `<skeleton-screen>` only) that draws no screen: its elements are drawn in place, over their wrappers. */
const IN_PLACE = Symbol('in place');
/** The option (for `<skeleton-screen>` only) of each element's state, kept when the screen is drawn again in another theme or motion. */
const CARRIED = Symbol('carried');
/** Each controller's view, for `<skeleton-screen>` to attach its wrappers to. */
const views = new WeakMap();
/** How a `<skeleton-element>` joins and leaves its controller (module-private). */
const ATTACH = Symbol('attach');
const DETACH = Symbol('detach');
/** The option (for `<skeleton-screen>` only) of the frozen instant `at`, in ms. */
const FROZEN = Symbol('frozen');
/** How a `<skeleton-element>` tells its controller what its `loading` and `error` declare. */
const DECLARE = Symbol('declare');

export { captureScreen, pickAndCapture, CaptureError, CAPTURE_LIMITS } from './capture.js';
export { measureDrift, driftScore } from './drift.js';

/**
 * Renders `layoutDocument` (a parsed layout document) into `container`, replacing its children.
 * Options: `base` (the service's URL, for loading sessions; default this page's origin),
 * `session` (a token to follow; with `speed`, the speed it was started at, which times its
 * reveals), or `scenario`/`seed`/`speed` (start a session for the screen),
 * `variant` (the screen's variant, passed to the session it starts), `transport` (`auto`, `sse`
 * or `poll`), `motion` (`reduced` stills the shimmer), `host` (an
 * element whose children with `slot="ID"` are the app's content for element ID, shown through
 * `<slot>`s: `container` then lies in the host's shadow root), `timeoutMs` (instead of the
 * layout's `animation.timeoutMs`: an element still loading that long after its skeleton showed,
 * in the session's time, fails with code `timeout`), `strings` (texts instead of `STRINGS`).
 * With none of session, scenario, seed and speed, no session is followed: the app calls
 * `reveal` and `fail` itself.
 * Returns a controller: `reveal(id)`, `fail(id, error)`, `retry(id)`, `destroy()`, `root`,
 * `layout`, `session`. The container receives `skeleton-session`, `skeleton-state`,
 * `skeleton-retry` and `skeleton-complete` events (docs/web.md).
 */
export function renderSkeleton(layoutDocument, container, options = {}) {
  const layout = readLayout(layoutDocument);
  const settings = {
    base: text(options.base, 2000) ?? (typeof location !== 'undefined' ? location.origin : ''),
    session: text(options.session, 2000),
    scenario: text(options.scenario, 40),
    seed: options.seed === undefined ? undefined : text(String(options.seed), 20),
    speed: options.speed === undefined ? undefined : text(String(options.speed), 20),
    variant: text(options.variant, 100),
    transport: oneOf(options.transport, ['auto', 'sse', 'poll'], 'auto'),
    motion: oneOf(options.motion, ['full', 'reduced'], undefined),
    host: options.host instanceof Element ? options.host : null,
    timeoutMs: options.timeoutMs == null ? undefined : number(Number(options.timeoutMs), 1, 8.64e7, undefined),
    strings: options.strings,
    inPlace: options[IN_PLACE] === true,
    carried: options[CARRIED] instanceof Map ? options[CARRIED] : null,
    frozenAt: typeof options[FROZEN] === 'number' ? options[FROZEN] : null,
  };
  settings.base = settings.base.replace(/\/+$/, '');
  settings.follows = settings.frozenAt === null && Boolean(settings.session || settings.scenario !== undefined || settings.seed !== undefined || settings.speed !== undefined);
  const view = new SkeletonView(layout, container, settings);
  if (settings.follows) {
    view.follow({ session: settings.session, scenario: settings.scenario, seed: settings.seed, speed: settings.speed, variant: settings.variant });
  }
  const controller = {
    root: view.root,
    layout,
    reveal: (id) => view.reveal(String(id)),
    fail: (id, error) => view.fail(String(id), error),
    retry: (id) => view.retry(id),
    destroy: () => view.destroy(),
    get session() {
      return view.token;
    },
  };
  views.set(controller, view);
  return controller;
}

const layoutCache = new Map();

/**
 * Fetches a layout document, revalidating with its ETag (the service exposes ETag to other
 * origins): a second fetch of the same URL costs a 304. Resolves to {document, etag, revalidated};
 * `signal` (an `AbortSignal`) aborts it.
 */
export async function loadLayout(url, { signal } = {}) {
  const address = new URL(url, typeof document !== 'undefined' ? document.baseURI : undefined);
  if (address.protocol !== 'http:' && address.protocol !== 'https:') throw new TypeError('a layout URL is http or https');
  const key = address.href;
  const cached = layoutCache.get(key);
  const response = await fetch(address, { cache: 'no-store', headers: cached ? { 'If-None-Match': cached.etag } : {}, signal });
  if (response.status === 304 && cached) return { document: cached.document, etag: cached.etag, revalidated: true };
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(text(own(body, 'detail')) ?? `GET ${address.pathname} answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  const etag = response.headers.get('ETag');
  if (etag) layoutCache.set(key, { document: body, etag });
  return { document: body, etag, revalidated: false };
}

/** How long a layout may take to arrive without `timeout-ms`: the built-in screens' `animation.timeoutMs`. */
const LAYOUT_TIMEOUT_MS = 10000;

/** `rgb()`/`rgba()` as computed, as numbers; null for anything else. */
function readComputedColor(value) {
  const parts = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
  return parts ? { r: Number(parts[1]), g: Number(parts[2]), b: Number(parts[3]), a: parts[4] === undefined ? 1 : Number(parts[4]) } : null;
}

/** WCAG 2's relative luminance of a colour, 0 (black) to 1 (white). */
function luminance({ r, g, b }) {
  const linear = (channel) => (channel / 255 <= 0.04045 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The theme a page shows at `element`: the `color-scheme` it declares (CSS, as computed on the
 * element, else its `<meta name="color-scheme">`) when that allows one scheme only; else dark when
 * the first background behind the element (the element's, then its ancestors') is darker than
 * the luminance (0.179) at which white and black text contrast alike; with no background at all,
 * the canvas's: dark only when the page allows dark and the browser prefers it.
 */
function pageTheme(element) {
  const declared = (scheme) => scheme.split(/\s+/).filter((word) => word === 'light' || word === 'dark');
  let schemes = declared(getComputedStyle(element).colorScheme ?? '');
  if (schemes.length === 0) schemes = declared(document.querySelector('meta[name="color-scheme"]')?.content ?? '');
  if (schemes.length === 1) return schemes[0];
  for (let node = element; node; node = node.parentElement ?? node.getRootNode().host) {
    const color = readComputedColor(getComputedStyle(node).backgroundColor);
    if (color && color.a > 0) return luminance(color) < 0.179 ? 'dark' : 'light';
  }
  return schemes.includes('dark') && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The service's root for a layout URL: what precedes `/layouts/` in its path. */
function serviceBase(address) {
  const at = address.pathname.lastIndexOf('/layouts/');
  return address.origin + (at > 0 ? address.pathname.slice(0, at) : '');
}

/**
 * `<skeleton-screen src="/layouts/home" theme="dark" motion="reduced" direction="rtl"
 *   session="TOKEN" speed="10" | scenario="typical" seed="3" speed="10" | mode="manual"
 *   transport="auto|sse|poll" timeout-ms="10000">`.
 * A layout not arrived within `timeout-ms` (10,000 ms without it) is given up: its fetch aborted,
 * the page's content shown, `skeleton-layout-timeout` sent. Without `theme` it follows what the page shows (`pageTheme`); without `motion`, the browser's
 * `prefers-reduced-motion`: live, drawn again (each element in its state, the same session
 * followed) when either changes. It draws into an open shadow root. Its children with `slot="ID"` are
 * the app's real content for element ID: hidden and inert while the element loads, shown through
 * the served transition at its reveal. In `mode="manual"` (or with no session attribute) the app
 * reveals elements itself: `reveal(id)`, `fail(id, error)`, callable before the layout has loaded.
 * With `<skeleton-element>`s inside it, it draws no screen: it is `display: contents`, its
 * children are the page, laid out by the page's CSS, and each wrapper shows its element's
 * skeleton over its own content until the element's reveal (one session and one shimmer phase
 * for all of them). Wrappers added or removed later are picked up. Once an element's reveal has
 * ended, its wrapper (else, for slotted content, the screen) sends `skeleton-drift` (drift.js);
 * with `report-drift`, each is also sent to the service's `POST /drift` (drift.js's `reportDrift`).
 */
export class SkeletonScreenElement extends HTMLElement {
  static observedAttributes = ['src', 'theme', 'motion', 'direction', 'variant', 'session', 'scenario', 'seed', 'speed', 'transport', 'mode', 'timeout-ms', 'at'];

  #container;
  #view = null;
  /** Reveals and failures asked for before the layout was drawn, in order. */
  #pending = [];
  #generation = 0;
  #queued = false;
  #sheet = null;
  /** The `<skeleton-element>`s whose controller this is. */
  #wrappers = new Set();
  #inPlace = false;
  /** The theme and motion the page asked for when the screen was drawn, and what tells of a change. */
  #drawnFor = null;
  #watchers = null;
  /** The session and element states to keep when the screen is drawn again for the page's preferences. */
  #carry = null;
  /** Aborts the layout's fetch under way. */
  #abort = null;
  #strings = STRINGS;
  /** Where `report-drift` sends each measurement: `POST /drift` of the service of `src`. */
  #driftURL = null;

  constructor() {
    super();
    this.addEventListener('skeleton-drift', (event) => {
      if (this.hasAttribute('report-drift') && this.#driftURL) reportLearned(this.#driftURL, event.detail);
    });
    const root = this.attachShadow({ mode: 'open' });
    try {
      this.#sheet = new CSSStyleSheet();
      root.adoptedStyleSheets = [this.#sheet];
    } catch {
      // Without constructable style sheets the host keeps the page's styling.
    }
    this.#container = document.createElement('div');
    root.append(this.#container);
    this.#drawWhole();
  }

  /** Drawing a screen, the host is a clipped block and its container fills it. */
  #drawWhole() {
    this.#inPlace = false;
    this.#sheet?.replaceSync(':host { display: block; position: relative; overflow: hidden; }');
    Object.assign(this.#container.style, { display: '', width: '100%', height: '100%', position: 'relative' });
  }

  /**
   * In place, host and container are `display: contents`: they make no box, so that the page's
   * own boxes are laid out by the page's CSS exactly as without them (grid and flex items of the
   * page's containers, margins collapsing, percentages of the page's boxes), and nothing of
   * theirs is painted. Until a view is drawn the container shows the page (a default slot), so
   * that it shows before the layout has arrived; a screen drawn whole before is taken down.
   */
  #drawInPlace() {
    if (!this.#inPlace) {
      this.#view?.destroy();
      this.#view = null;
      this.#inPlace = true;
      this.#sheet?.replaceSync(':host { display: contents; }');
      Object.assign(this.#container.style, { display: 'contents', width: '', height: '', position: '' });
    }
    if (!this.#view) this.#container.replaceChildren(document.createElement('slot'));
  }

  /** A wrapper whose closest `<skeleton-screen>` this is joined the page: drawn in place (the screen drawn again in place if it was drawn whole). */
  [ATTACH](parts) {
    this.#wrappers.add(parts);
    if (this.#inPlace && this.#view) {
      if (!views.get(this.#view).attach(parts)) parts.release();
    } else if (this.isConnected && this.getAttribute('src')) {
      // Hidden (not yet covered) until the layout arrives, then drawn in place.
      parts.content.inert = true;
      parts.content.style.visibility = 'hidden';
      this.#queue();
    }
  }

  [DETACH](parts) {
    this.#wrappers.delete(parts);
    if (this.#view) views.get(this.#view).detach(parts);
  }

  /** A wrapper's `loading` or `error` changed: applied now if it is drawn (else when it is attached). */
  [DECLARE](parts) {
    if (this.#inPlace && this.#view) views.get(this.#view).declare(parts);
  }

  connectedCallback() {
    this.#watch();
    this.#queue();
  }

  disconnectedCallback() {
    this.#generation += 1;
    this.#abort?.abort();
    this.#view?.destroy();
    this.#view = null;
    for (const stop of this.#watchers ?? []) stop();
    this.#watchers = null;
  }

  attributeChangedCallback() {
    this.#carry = null;
    if (this.isConnected) this.#queue();
  }

  /** What the page prefers where no attribute says: `{theme, motion}` (see the class's comment). */
  #preferences() {
    return {
      theme: this.getAttribute('theme') ?? pageTheme(this),
      motion: this.getAttribute('motion') ?? (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced' : 'full'),
    };
  }

  /** Follows the browser's preferences and what the page shows (its root's and body's attributes, its head's style sheets). */
  #watch() {
    if (this.#watchers || typeof matchMedia !== 'function') return;
    const changed = () => {
      const now = this.#preferences();
      if (!this.#drawnFor || (now.theme === this.#drawnFor.theme && now.motion === this.#drawnFor.motion)) return;
      const view = this.#view && views.get(this.#view);
      if (view && !this.#carry) {
        const states = new Map([...view.slots.values()].map((slot) => [slot.id, { state: slot.state, error: slot.error, retried: slot.retried }]));
        this.#carry = { session: view.token, states };
      }
      this.#drawnFor = now;
      this.#queue();
    };
    const queries = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)'].map((query) => matchMedia(query));
    for (const query of queries) query.addEventListener('change', changed);
    const observer = typeof MutationObserver === 'function' ? new MutationObserver(changed) : null;
    observer?.observe(document.documentElement, { attributes: true });
    if (document.body) observer?.observe(document.body, { attributes: true });
    if (document.head) observer?.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true });
    this.#watchers = [() => observer?.disconnect(), ...queries.map((query) => () => query.removeEventListener('change', changed))];
  }

  /** The current controller (see `renderSkeleton`), or null before the layout has loaded. */
  get controller() {
    return this.#view;
  }

  /** The texts it shows and announces (`STRINGS`); set an object of some of them to replace those. */
  get strings() {
    return this.#strings;
  }

  set strings(value) {
    this.#strings = readStrings(value);
    if (this.#view) views.get(this.#view).strings = this.#strings;
  }

  /** Retries failed element `id` (every failed element without `id`): see `skeleton-retry` in docs/web.md. */
  retry(id) {
    this.#view?.retry(id);
  }

  /** Shows element `id`'s content (its slotted children, if any) as a session's reveal would. */
  reveal(id) {
    if (this.#view) this.#view.reveal(id);
    else this.#pending.push((view) => view.reveal(id));
  }

  /** Shows element `id`'s error state: `error` is `{code, message, retryable}`. */
  fail(id, error) {
    if (this.#view) this.#view.fail(id, error);
    else this.#pending.push((view) => view.fail(id, error));
  }

  #queue() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (this.isConnected) this.#load();
    });
  }

  async #load() {
    const generation = ++this.#generation;
    const source = this.getAttribute('src');
    // Decided before the layout arrives (wrappers not yet defined counted by their tag), so that the page never moves.
    const inPlace = this.#wrappers.size > 0 || this.querySelector('skeleton-element') !== null;
    if (inPlace) this.#drawInPlace();
    else if (this.#inPlace) this.#drawWhole();
    if (!source) return;
    let address;
    try {
      address = new URL(source, document.baseURI);
    } catch {
      return this.#showProblem('the src attribute is not a URL');
    }
    const preferences = this.#preferences();
    this.#drawnFor = preferences;
    for (const [name, value] of [['theme', preferences.theme], ['motion', preferences.motion], ['direction', this.getAttribute('direction')], ['variant', this.getAttribute('variant')]]) {
      if (value !== null) address.searchParams.set(name, value);
    }
    // A layout that has not arrived within `timeout-ms` (real time) is given up: its fetch aborted.
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    const timeoutMs = number(Number(this.getAttribute('timeout-ms') ?? LAYOUT_TIMEOUT_MS), 1, 8.64e7, LAYOUT_TIMEOUT_MS);
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let loaded;
    try {
      loaded = await loadLayout(address, { signal: abort.signal });
    } catch (error) {
      if (generation !== this.#generation) return;
      if (abort.signal.aborted) {
        this.#showProblem(format(this.#strings.layoutTimeout, { ms: Math.round(timeoutMs) }));
        this.dispatchEvent(new CustomEvent('skeleton-layout-timeout', { bubbles: true, composed: true, detail: { src: source, timeoutMs } }));
      } else this.#showProblem(error.message);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (generation !== this.#generation) return;
    const frozen = this.getAttribute('at');
    let schedule = null;
    if (frozen !== null) {
      if (!/^\d{1,8}$/.test(frozen) || Number(frozen) > 8.64e7) return this.#showProblem(`the at attribute is a whole number of ms from 0 to 86400000; got "${frozen.slice(0, 40)}"`);
      try {
        schedule = await loadSchedule(serviceBase(address), { screen: text(own(loaded.document, 'screen'), 100), scenario: this.getAttribute('scenario'), seed: this.getAttribute('seed'), variant: this.getAttribute('variant') }, this.#strings);
      } catch (error) {
        if (generation === this.#generation) this.#showProblem(error.message);
        return;
      }
      if (generation !== this.#generation) return;
    }
    this.#view?.destroy();
    const manual = this.getAttribute('mode') === 'manual';
    const attribute = (name) => (manual ? undefined : this.getAttribute(name) ?? undefined);
    const carry = this.#carry;
    this.#carry = null;
    this.#driftURL = `${serviceBase(address)}/drift`;
    this.#view = renderSkeleton(loaded.document, this.#container, {
      base: serviceBase(address),
      session: carry?.session ?? attribute('session'),
      scenario: attribute('scenario'),
      seed: attribute('seed'),
      speed: attribute('speed'),
      variant: attribute('variant'),
      transport: this.getAttribute('transport') ?? undefined,
      host: this.#inPlace ? null : this,
      timeoutMs: this.getAttribute('timeout-ms') ?? undefined,
      strings: this.#strings,
      [IN_PLACE]: this.#inPlace,
      [CARRIED]: carry?.states,
      [FROZEN]: schedule ? Number(frozen) : undefined,
    });
    if (this.#inPlace) for (const parts of this.#wrappers) if (!views.get(this.#view).attach(parts)) parts.release();
    if (schedule) views.get(this.#view).freeze(schedule);
    for (const apply of this.#pending.splice(0)) apply(this.#view);
    this.dispatchEvent(new CustomEvent('skeleton-render', { bubbles: true, composed: true, detail: { screen: loaded.document.screen, etag: loaded.etag } }));
  }

  #showProblem(message) {
    this.#view?.destroy();
    this.#view = null;
    const problem = div('problem');
    problem.setAttribute('role', 'alert');
    problem.style.padding = '16px';
    problem.style.font = '14px/1.4 system-ui, sans-serif';
    problem.textContent = format(this.#strings.problem, { message });
    // In place the page stays as it is, its wrappers showing their content.
    if (this.#inPlace) {
      for (const parts of this.#wrappers) parts.release();
      console.warn(problem.textContent);
      this.#container.replaceChildren(document.createElement('slot'));
    } else this.#container.replaceChildren(problem);
  }
}

/**
 * `<skeleton-element name="ELEMENT-ID">`: the page's own content for one element of the layout of
 * its closest `<skeleton-screen>`, which controls it. Defined, it is a block (the page's CSS may
 * say otherwise); without JavaScript, an unknown element showing its content. While its element
 * loads, the content keeps its place and size in the layout but is hidden and inert, and the
 * element's node is drawn over it, at the wrapper's width, clipped to its padding box; at the
 * reveal the served transition plays to the content, and then nothing of the renderer is left in
 * the wrapper's box. A name the layout has no element for shows the content (and warns).
 * Declarative: once `loading` or `error` has been set (attribute or property), the element's
 * state is what they say, whatever its controller's session does: `error` failed, else `loading`
 * loading, else ready (`loading="false"` is false, as React 18 writes `loading={false}`).
 */
export class SkeletonElementElement extends HTMLElement {
  static observedAttributes = ['name', 'loading', 'error', 'at'];

  #parts;
  #controller = null;
  /** Whether `loading` or `error` was ever set: the element is then declarative. */
  #declarative = false;
  /** The `error` property's value, `{code, message, retryable}`, or null (the attribute then says). */
  #error = null;

  constructor() {
    super();
    const internals = this.attachInternals();
    const root = this.attachShadow({ mode: 'open' });
    try {
      const sheet = new CSSStyleSheet();
      // Positioned only while covered, so that the page's own positioned boxes are placed as ever once revealed.
      sheet.replaceSync(`:host { display: block; }
:host(:state(covered)) { position: relative; }
[data-sk="overlay"] { display: none; }
:host(:state(covered)) [data-sk="overlay"] { display: grid; grid-template-columns: minmax(0, 1fr); align-items: start; position: absolute; inset: 0; overflow: hidden; }`);
      root.adoptedStyleSheets = [sheet];
    } catch {
      // Without constructable style sheets the wrapper shows its content only.
    }
    const content = document.createElement('slot');
    const overlay = div('overlay');
    overlay.setAttribute('aria-hidden', 'true');
    root.append(content, overlay);
    const cover = (on) => {
      try {
        if (on) internals.states.add('covered');
        else internals.states.delete('covered');
      } catch {
        // Without custom states the overlay stays undrawn.
      }
    };
    this.#parts = {
      element: this, content, overlay, internals, cover, name: '',
      /** What `loading` and `error` declare, `{state, error}`, or null while neither was ever set. */
      declared: null,
      /** The instant its `at` freezes it at, or null. */
      frozenAt: null,
      /** Shows the content as it is, with nothing drawn over it. */
      release: () => {
        content.inert = false;
        content.style.visibility = '';
        overlay.replaceChildren();
        cover(false);
        internals.role = null;
        internals.ariaBusy = null;
        internals.ariaLabel = null;
      },
    };
    // A property a framework set before the element was defined is an own property hiding the class's: set through it.
    for (const name of ['loading', 'error']) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = this[name];
      delete this[name];
      this[name] = value;
    }
  }

  connectedCallback() {
    this.#parts.name = this.getAttribute('name') ?? '';
    this.#controller = this.parentElement?.closest('skeleton-screen') ?? null;
    this.#controller?.[ATTACH]?.(this.#parts);
  }

  disconnectedCallback() {
    this.#controller?.[DETACH]?.(this.#parts);
    this.#controller = null;
  }

  attributeChangedCallback(name) {
    if (name === 'at') return this.#freeze();
    if (name !== 'name') return this.#declare();
    if (!this.#controller) return;
    this.disconnectedCallback();
    this.connectedCallback();
  }

  /** Whether the element loads: the `loading` attribute present and not `"false"`; setting it sets or removes the attribute. */
  get loading() {
    return this.hasAttribute('loading') && this.getAttribute('loading') !== 'false';
  }

  set loading(value) {
    this.#declarative = true;
    this.toggleAttribute('loading', Boolean(value));
    this.#declare();
  }

  /**
   * Why the element failed, `{code, message, retryable}`, or null: the property's value, else the
   * `error` attribute's text as the message. A string is a message; null or false removes both.
   */
  get error() {
    if (this.#error) return this.#error;
    const message = this.getAttribute('error');
    return message === null || message === 'false' ? null : { code: 'error', message: message || STRINGS.errorMessage, retryable: true };
  }

  set error(value) {
    this.#declarative = true;
    this.#error = value === null || value === undefined || value === false ? null : typeof value === 'object' ? value : { code: 'error', message: String(value), retryable: true };
    if (!this.#error) this.removeAttribute('error');
    this.#declare();
  }

  /** Tells the controller what `loading` and `error` declare (kept in the parts for a controller not yet drawn). */
  #declare() {
    if (this.hasAttribute('loading') || this.hasAttribute('error')) this.#declarative = true;
    if (!this.#declarative) return;
    const error = this.error;
    this.#parts.declared = { state: error ? 'failed' : this.loading ? 'loading' : 'ready', error };
    this.#controller?.[DECLARE]?.(this.#parts);
  }

  /** `at`: this element alone frozen at that instant of its controller's load (a whole number of ms from 0 to 86,400,000; another value is warned about and ignored). */
  #freeze() {
    const at = this.getAttribute('at');
    const valid = at !== null && /^\d{1,8}$/.test(at) && Number(at) <= 8.64e7;
    if (at !== null && !valid) console.warn(`<skeleton-element name="${this.getAttribute('name')}">: the at attribute is a whole number of ms from 0 to 86400000; got "${at.slice(0, 40)}"`);
    if (!valid) return;
    this.#parts.frozenAt = Number(at);
    this.#controller?.[DECLARE]?.(this.#parts);
  }

  /** Reveals this element, as its controller's `reveal(name)`. */
  reveal() {
    this.#controller?.reveal(this.getAttribute('name'));
  }

  /** Shows this element's error state, as its controller's `fail(name, error)`. */
  fail(error) {
    this.#controller?.fail(this.getAttribute('name'), error);
  }

  /** Retries this element if it failed, as its controller's `retry(name)`. */
  retry() {
    this.#controller?.retry(this.getAttribute('name'));
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('skeleton-screen')) {
  customElements.define('skeleton-screen', SkeletonScreenElement);
  customElements.define('skeleton-element', SkeletonElementElement);
}