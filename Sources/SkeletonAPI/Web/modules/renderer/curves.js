// A served curve as a Web Animations easing and duration: eased, or a spring sampled into `linear()`.

import { number, oneOf, own, round } from './values.js';

/** A served curve as a Web Animations easing and duration; a spring is sampled into `linear()`. */
export function readCurve(raw) {
  const type = own(raw, 'type');
  if (type === 'spring') return springCurve(number(own(raw, 'responseMs'), 10, 10000, 400), number(own(raw, 'dampingFraction'), 0.05, 10, 0.825));
  const easing = { linear: 'linear', easeIn: 'ease-in', easeOut: 'ease-out', easeInOut: 'ease-in-out' }[oneOf(type, ['linear', 'easeIn', 'easeOut', 'easeInOut'], 'easeInOut')];
  return { easing, durationMs: number(own(raw, 'durationMs'), 0, 60000, 300) };
}

/**
 * SwiftUI's `.spring(response:dampingFraction:)`: a unit-mass spring whose undamped period is
 * `response`, released from 0 towards 1. Its duration is the time it takes to settle within 0.1 %.
 */
export function springCurve(responseMs, damping) {
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
