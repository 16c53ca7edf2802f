// What the page around a screen says: its theme (declared, else its background's luminance) and the service's base URL.

import { rgba } from './values.js';

/** How long a layout may take to arrive without `timeout-ms`: the built-in screens' `animation.timeoutMs`. */
export const LAYOUT_TIMEOUT_MS = 10000;

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
export function pageTheme(element) {
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
export function serviceBase(address) {
  const at = address.pathname.lastIndexOf('/layouts/');
  return address.origin + (at > 0 ? address.pathname.slice(0, at) : '');
}
