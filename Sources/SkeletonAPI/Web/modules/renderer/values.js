// The renderer's limits and the validation of served values: numbers clamped, texts cut, colours read.

export const PHASE = '--sk-phase';
export const IMAGE = '--sk-image';
export const SIZE = '--sk-size';
export const LIMITS = { nodes: 5000, depth: 48, repeat: 500, length: 10000, elements: 500, text: 300 };


export const hasOwn = (object, key) => object !== null && typeof object === 'object' && Object.prototype.hasOwnProperty.call(object, key);
export const own = (object, key) => (hasOwn(object, key) ? object[key] : undefined);
export const list = (value) => (Array.isArray(value) ? value : []);
export const number = (value, min, max, fallback) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback);
export const text = (value, max = LIMITS.text) => (typeof value === 'string' ? value.slice(0, max) : undefined);
export const oneOf = (value, allowed, fallback) => (allowed.includes(value) ? value : fallback);
export const round = (value) => Math.round(value * 1000) / 1000;
export const px = (value) => `${round(value)}px`;
export const modulo = (value, divisor) => ((value % divisor) + divisor) % divisor;

/** `#RRGGBB` or `#RRGGBBAA` as numbers; anything else is null. */
export function parseColor(value) {
  if (typeof value !== 'string') return null;
  const match = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/.exec(value);
  if (!match) return null;
  const rgb = parseInt(match[1], 16);
  return { r: (rgb >> 16) & 255, g: (rgb >> 8) & 255, b: rgb & 255, a: match[2] === undefined ? 1 : parseInt(match[2], 16) / 255 };
}

/** A CSS colour from validated numbers; `alpha` may be a number or a `calc()` built here. */
export const rgba = (color, alpha = round(color.a)) => `rgba(${color.r}, ${color.g}, ${color.b}, ${alpha})`;
