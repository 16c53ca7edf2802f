// The shimmer: its phase property, the sweep's geometry and image, and one animation per shimmer group.

import { IMAGE, PHASE, SIZE, modulo, px, rgba, round } from './values.js';

let phaseRegistered = null;
/** The shimmer's phase is a registered number property, so that an animation can interpolate it. */
export function registerPhase() {
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
export function sweepGeometry(shimmer, phase, width, height) {
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
export function shimmerImage(shimmer, direction, width, height, paint = rgba) {
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
export class ShimmerGroup {
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
