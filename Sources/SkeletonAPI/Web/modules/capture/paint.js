// Measuring a box: its insets, colours against the backdrop, corner radii and aspect ratio.

import { size } from './limits.js';

export function insets(style) {
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
export function screenColor(root, box) {
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
export function backdropOf(root) {
  for (let at = root.parentElement; at; at = at.parentElement) {
    const color = colorOf(getComputedStyle(at).backgroundColor);
    if (color) return color;
  }
  return { r: 255, g: 255, b: 255, a: 1 };
}

const same = (color, backdrop) => backdrop && color.r === backdrop.r && color.g === backdrop.g && color.b === backdrop.b && Math.abs(color.a - backdrop.a) < 0.01;

/**
 * The box's own colour when it shows against `backdrop` (the colour behind it): its background
 * colour, else the first colour of a background gradient that differs from the backdrop; a
 * backdrop-coloured box with a border all round or a shadow; else null.
 */
export function paint(style, backdrop) {
  const color = colorOf(style.backgroundColor);
  if (color && !same(color, backdrop)) return color;
  const stops = style.backgroundImage.includes('gradient(') ? (style.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []).map(colorOf) : [];
  const shown = stops.find((stop) => stop && !same(stop, backdrop));
  if (shown) return shown;
  return bordered(style).length === 4 || style.boxShadow !== 'none' ? backdrop ?? { r: 0, g: 0, b: 0, a: 1 } : null;
}

/** The sides of a box of computed `style` that show a border ('Top', 'Right', 'Bottom', 'Left'). */
export const bordered = (style) => ['Top', 'Right', 'Bottom', 'Left'].filter((side) => parseFloat(style[`border${side}Width`]) > 0 && colorOf(style[`border${side}Color`]));

/** Top-left, top-right, bottom-right, bottom-left radii in px, each at most half the shorter side. */
export function cornerRadii(style, rect) {
  const limit = Math.min(rect.width, rect.height) / 2;
  return ['TopLeft', 'TopRight', 'BottomRight', 'BottomLeft'].map((corner) => {
    const value = style[`border${corner}Radius`].split(' ')[0];
    const radius = value.endsWith('%') ? (parseFloat(value) / 100) * Math.min(rect.width, rect.height) : parseFloat(value);
    return Math.min(limit, Number.isFinite(radius) ? radius : 0);
  });
}

export const radius = (style, rect) => size(Math.max(...cornerRadii(style, rect)));

/**
 * Width over height, to 4 decimals, of a box whose height follows its width (`height: auto`): its
 * computed `aspect-ratio` (not `auto`, nor the `auto W / H` that media's attributes map to), or
 * the measured one of an image, picture, video, canvas or svg with an intrinsic ratio; else null (an
 * `object-fit` image or a canvas with a fixed height keeps its height).
 */
export function aspectRatioOf(element, style, rect) {
  const fourDecimals = (value) => Math.round(value * 10000) / 10000;
  const ratio = rect.height > 0 ? fourDecimals(rect.width / rect.height) : 0;
  if (!(ratio > 0 && ratio <= 100)) return null;
  // A fixed height does not follow the width, whatever the ratio. `auto W / H` is what an image's,
  // video's or canvas's width and height attributes map to: their own ratio, when they have one, decides.
  if (String(element.computedStyleMap?.().get('height')) !== 'auto') return null;
  // (Declared, it is the author's, not the box's: a box stretched by its row is taller.)
  const [width, height = 1] = style.aspectRatio.split('/').map(parseFloat);
  if (!style.aspectRatio.startsWith('auto')) return width > 0 && height > 0 && width / height <= 100 ? fourDecimals(width / height) : null;
  const media = element.localName === 'picture' ? element.querySelector('img') : element;
  switch (media?.localName) {
    case 'img': return media.naturalWidth > 0 && media.naturalHeight > 0 ? ratio : null;
    case 'video': return media.videoWidth > 0 && media.videoHeight > 0 ? ratio : null;
    case 'canvas': return ratio;
    case 'svg': return media.hasAttribute('viewBox') || (media.hasAttribute('width') && media.hasAttribute('height')) ? ratio : null;
    default: return null;
  }
}
