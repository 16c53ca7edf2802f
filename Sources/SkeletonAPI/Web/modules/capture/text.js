// Measuring text: its runs and line boxes, its clamp, and choosing the measure that wraps into the browser's line counts.

import { CAPTURE_LIMITS, MEDIA, SKIPPED } from './limits.js';
import { colorOf } from './paint.js';
import { wrapped } from '../shared/wrapping.js';

/**
 * Whether the element's own content is text, in it or in plain inline children at any depth
 * (`<h3><a>title</a></h3>`: the h3 is the paragraph, so its clamp is the text's), not boxes: no
 * child is laid out as a box of its own (a block, an inline-block, media).
 */
export function hasText(element) {
  return inlineText(element) === true;
}

/**
 * Whether `element` holds text (true) or nothing (false) in plain inline content only; null when a
 * child is a box. A box floated on the leading side before any text (an avatar the text wraps
 * around) is the paragraph's float, not a box of its own (`leadingFloat`).
 */
function inlineText(element) {
  let text = false;
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      if (child.textContent.trim()) text = true;
    } else if (child.nodeType === Node.ELEMENT_NODE && !SKIPPED.has(child.tagName.toUpperCase())) {
      const style = getComputedStyle(child);
      if (style.display === 'none') continue;
      if (!text && child === floatedChild(element)) continue;
      if (style.display !== 'inline' || MEDIA.has(child.tagName.toUpperCase()) || style.position === 'absolute' || style.position === 'fixed') return null;
      const inner = inlineText(child);
      if (inner === null) return null;
      text ||= inner;
    }
  }
  return text;
}

/** The element's own runs of text that stand beside boxes (`<a><svg/>The Daily Byte</a>`): its non-blank text nodes, when it is not a paragraph itself. */
export function textRuns(element) {
  if (hasText(element)) return [];
  return [...element.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
}

/** A text node's box: the bounds of its characters as laid out. */
export function runRect(run) {
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
export function paintedShape(element, style, rect) {
  const own = colorOf(style.backgroundColor) || ['Top', 'Right', 'Bottom', 'Left'].every((side) => parseFloat(style[`border${side}Width`]) > 0 && colorOf(style[`border${side}Color`]));
  if (!own) return false;
  if (rect.height <= 48 && hasText(element) && lineBoxes(element).length === 1) return true;
  if (!((rect.width <= 48 && rect.height <= 48) || rect.height <= 24)) return false;
  return [...element.children].every((child) => child.children.length === 0 && colorOf(getComputedStyle(child).backgroundColor));
}

/** The most lines a text shows: its line clamp, the lines a clipping max-height holds, 1 for one line ending in an ellipsis; else null. */
export function clampOf(style) {
  const clamp = parseInt(style.webkitLineClamp ?? style.lineClamp, 10);
  if (clamp > 0) return Math.min(CAPTURE_LIMITS.maxLines, clamp);
  if (style.textOverflow === 'ellipsis' && /nowrap|pre/.test(style.whiteSpace)) return 1;
  if (style.maxHeight.endsWith('px') && ['hidden', 'clip'].includes(style.overflowY)) {
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.max(1, Math.min(CAPTURE_LIMITS.maxLines, Math.floor(parseFloat(style.maxHeight) / line)));
  }
  return null;
}

/**
 * A paragraph's line boxes, top to bottom: its text's fragments as the browser laid them out, those
 * of one line joined; its leading float's (a drop cap, a floated avatar) left out: the lines beside it start after it.
 */
export function lineBoxes(element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const lines = [];
  const float = leadingFloat(element)?.box;
  const floated = (fragment) => float && fragment.top < float.bottom && fragment.bottom > float.top && fragment.left >= float.left - 1 && fragment.right <= float.right + 1;
  // The shortest fragments first: a taller one (an inline icon) joins the line its middle lies in.
  for (const fragment of [...range.getClientRects()].sort((a, b) => a.height - b.height)) {
    if (fragment.width < 0.5 || fragment.height < 0.5 || floated(fragment)) continue;
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

const pixels = (style, names) => names.reduce((total, name) => total + (parseFloat(style[name]) || 0), 0);

/** The element's first child box when it is floated on the leading side with no text before it (an avatar the text wraps around), else null. */
function floatedChild(element) {
  if (element.nodeType !== Node.ELEMENT_NODE) return null;
  const leading = getComputedStyle(element).direction === 'rtl' ? 'right' : 'left';
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      if (child.textContent.trim()) return null;
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      return getComputedStyle(child).float === leading ? child : null;
    }
  }
  return null;
}

/**
 * The box floated at a paragraph's start on the leading side (`Node.float` of the model): a
 * `::first-letter` float (a drop cap, its box from its computed size, padding and border) or a
 * floated first child (its border box); `width` and `height` from the paragraph's content corner
 * to the box's far edges (its leading and top margins in them), `trailing` and `bottom` its
 * margins, `box` its border box in the viewport; null when there is none.
 */
export function leadingFloat(element) {
  if (element.nodeType !== Node.ELEMENT_NODE) return null;
  const style = getComputedStyle(element);
  const rtl = style.direction === 'rtl';
  const leading = rtl ? 'right' : 'left';
  const rect = element.getBoundingClientRect();
  const content = {
    left: rect.left + pixels(style, ['borderLeftWidth', 'paddingLeft']),
    right: rect.right - pixels(style, ['borderRightWidth', 'paddingRight']),
    top: rect.top + pixels(style, ['borderTopWidth', 'paddingTop']),
  };
  const margins = (own) => ({ start: parseFloat(rtl ? own.marginRight : own.marginLeft) || 0, end: parseFloat(rtl ? own.marginLeft : own.marginRight) || 0 });
  let box;
  let own;
  const child = floatedChild(element);
  if (child) {
    own = getComputedStyle(child);
    box = child.getBoundingClientRect();
  } else {
    own = getComputedStyle(element, '::first-letter');
    const width = parseFloat(own.width);
    const height = parseFloat(own.height);
    if (own.float !== leading || !(width > 0) || !(height > 0) || !hasText(element)) return null;
    const across = width + pixels(own, ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth']);
    const down = height + pixels(own, ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']);
    const left = rtl ? content.right - margins(own).start - across : content.left + margins(own).start;
    const top = content.top + (parseFloat(own.marginTop) || 0);
    box = { left, right: left + across, top, bottom: top + down, width: across, height: down };
  }
  if (!(box.width > 0) || !(box.height > 0)) return null;
  return {
    width: rtl ? content.right - box.left : box.right - content.left,
    height: box.bottom - content.top,
    trailing: Math.max(0, margins(own).end),
    bottom: Math.max(0, parseFloat(own.marginBottom) || 0),
    box,
  };
}

/** The lines that show in the paragraph's box at `rect`: with a clamp, at most that many, none below its content. */
export const showing = (lines, clamp, rect, inset) => (clamp ? lines.filter((line, index) => index < clamp && line.top < rect.bottom - inset.bottom - 1) : lines);

/**
 * The measures that wrap to `count` lines at `width` (n = ceil(measure / width), as the server
 * and the renderer wrap), half a point in from either end; any above the last when `count` is the most.
 */
const wrapsTo = (count, width, most) => [(count - 1) * width + 0.5, count >= most ? Infinity : count * width - 0.5];

/** The value in `[low, high]` nearest `value` (`value` when the range is empty). */
const nearest = (value, [low, high]) => (low > high ? value : Math.min(high, Math.max(low, value)));

/**
 * The lines greedy wrapping gives a text whose run is `run` at `width` when each wrapped line
 * leaves `slack` at its end: one where the run fits, else ⌈(run − slack) / (width − slack)⌉ (k − 1
 * full lines of width − slack and a last of at most width).
 */
const greedy = (run, slack, width) => (run <= width ? 1 : Math.ceil((run - slack) / Math.max(1, width - slack) - 1e-6));

/**
 * The widths between 80% and 150% of `width`, 1% apart (`width` itself left out), each with its
 * weight: where a paragraph's line counts are predicted between those measured, the more surely
 * the nearer `width`, where the slack was measured (1 / the distance in hundredths).
 */
const between = (width) => Array.from({ length: 71 }, (_, step) => ({ width: (width * (80 + step)) / 100, weight: 1 / Math.abs(step - 20) }))
  .filter(({ weight }) => Number.isFinite(weight));

/**
 * A paragraph's measure from its line counts in the browser at several content widths
 * (`measured`: `{ width, count }`, the captured width first), starting from `start` (its run:
 * its lines summed). The captured width's count is always kept: the measure is in its interval
 * (wrapsTo). Of those values, the one with the fewest lines wrong at the other measured widths
 * (summed); of those, with `slack` (a wrapped paragraph's largest space at the end of a full line
 * at the captured width: about its longest word), the fewest wrong at the widths between 80% and 150% against greedy
 * wrapping of `start` with that slack, each weighed by its nearness (so that a paragraph wraps as the browser does between the
 * widths it was measured at: its lines' slack grows with their count); of those, the nearest
 * `start`. The lines wrong change only at the widths' multiples, so the values half a point
 * either side of each multiple in the interval, its ends and `start` are all it compares.
 */
export function measureFor([captured, ...others], start, most, slack = null) {
  const interval = wrapsTo(captured.count, captured.width, most);
  const candidates = [nearest(start, interval)];
  const predicted = slack === null ? [] : between(captured.width).map(({ width, weight }) => ({ width, weight, count: Math.min(most, greedy(start, slack, width)) }));
  for (const { width } of [...others, ...predicted]) {
    const last = Math.min(most, Math.ceil(Math.min(interval[1], most * width) / width));
    for (let multiple = Math.max(1, Math.floor(interval[0] / width)); multiple <= last; multiple++) {
      candidates.push(nearest(multiple * width - 0.5, interval), nearest(multiple * width + 0.5, interval));
    }
  }
  const wrong = (widths, measure) => widths.reduce((total, { width, count, weight = 1 }) => total + weight * Math.abs(wrapped(measure, width, most) - count), 0);
  const scored = candidates.map((measure) => ({ measure, wrong: wrong(others, measure), guessed: wrong(predicted, measure), off: Math.abs(measure - start) }));
  return scored.sort((a, b) => a.wrong - b.wrong || a.guessed - b.guessed || a.off - b.off)[0].measure;
}
