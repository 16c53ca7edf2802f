// Measuring text: its runs and line boxes, its clamp, and choosing the measure that wraps into the browser's line counts.

import { CAPTURE_LIMITS, MEDIA, SKIPPED, size } from './limits.js';
import { colorOf, insets } from './paint.js';
import { slackAt, wrapped } from '../shared/wrapping.js';

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
 * A run of text's box as an item of its box (of computed style `own`): in a flex or grid box, an
 * anonymous item as tall as its line (its `line-height`), its characters centred in it as the
 * half-leading puts them (a delta pill's figure beside its arrow); elsewhere, and for a run of
 * several lines, its characters' bounds.
 */
export function runItemRect(run, own) {
  const rect = runRect(run);
  const line = parseFloat(own.lineHeight);
  if (!/(flex|grid)$/.test(own.display) || !(line > rect.height + 0.5) || rect.height > line) return rect;
  // (In a flex row that does not wrap, where its row's align-items puts it, its box's content box its room.)
  if (own.flexDirection === 'row' && own.flexWrap === 'nowrap' && run.parentElement) {
    const box = run.parentElement.getBoundingClientRect();
    const inset = insets(own);
    const [top, bottom] = [box.top + inset.top, box.bottom - inset.bottom];
    const at = own.alignItems === 'center' ? top + (bottom - top - line) / 2 : /end$/.test(own.alignItems) ? bottom - line : /^(normal|stretch|(flex-)?start)$/.test(own.alignItems) ? top : null;
    if (at !== null) return new DOMRect(rect.x, at, rect.width, line);
  }
  return new DOMRect(rect.x, rect.y - (line - rect.height) / 2, rect.width, line);
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
export function floatedChild(element) {
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
 * floated first child (its border box); `width` from the paragraph's content edge to the box's
 * far edge (its leading margin in it), `height` the box's, `top` from the content's top to the
 * box's (its top margin), `trailing` and `bottom` its margins, `box` its border box in the
 * viewport; null when there is none.
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
    height: box.bottom - Math.max(content.top, box.top),
    top: Math.max(0, box.top - content.top),
    trailing: Math.max(0, margins(own).end),
    bottom: Math.max(0, parseFloat(own.marginBottom) || 0),
    box,
  };
}

/** The lines that show in the paragraph's box at `rect`: with a clamp, at most that many, none below its content. */
export const showing = (lines, clamp, rect, inset) => (clamp ? lines.filter((line, index) => index < clamp && line.top < rect.bottom - inset.bottom - 1) : lines);

/**
 * The measures that wrap to `count` lines at `width` with `slack` (the server's and the
 * renderer's rule), half a point in from either end; any above the last when `count` is the most.
 */
const wrapsTo = (count, width, most, slack) => {
  const s = slackAt(slack, width);
  return [(count - 1) * (width - s) + s + 0.5, count >= most ? Infinity : count * (width - s) + s - 0.5];
};

/** The value in `[low, high]` nearest `value` (`value` when the range is empty). */
const nearest = (value, [low, high]) => (low > high ? value : Math.min(high, Math.max(low, value)));

/**
 * A paragraph's measure from its line counts in the browser at several content widths
 * (`measured`: `{ width, count }`, the captured width first), starting from `start` (its run:
 * its lines summed), each wrapped line leaving `slack` at its end. The captured width's count is
 * always kept: the measure is in its interval (wrapsTo). Of those values, the one with the fewest
 * lines wrong at the other measured widths (summed); of those, the nearest `start`. The lines
 * wrong change only where a count's interval ends, so the values half a point either side of
 * each such end within the interval, and `start`, are all it compares. Returns `{ measure, wrong }`.
 */
function measureFor([captured, ...others], start, most, slack) {
  const interval = wrapsTo(captured.count, captured.width, most, slack);
  const candidates = [nearest(start, interval)];
  for (const { width } of others) {
    for (let count = 1; count < most; count++) {
      const end = wrapsTo(count, width, most, slack)[1] + 0.5;
      if (end > interval[1] + 1) break;
      if (end >= interval[0] - 1) candidates.push(nearest(end - 0.5, interval), nearest(end + 0.5, interval));
    }
  }
  const wrong = (measure) => others.reduce((total, { width, count }) => total + Math.abs(wrapped(measure, width, most, slack) - count), 0);
  const scored = candidates.map((measure) => ({ measure, wrong: wrong(measure), off: Math.abs(measure - start) }));
  return scored.sort((a, b) => a.wrong - b.wrong || a.off - b.off)[0];
}

/** A text's units of breaking: its words, each with the space after it; each CJK character alone (it may break after any). */
const BREAKS = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]+/g;

/**
 * What greedy breaking typically leaves at a wrapped line's end, in points: the line ends where
 * the next word does not fit, anywhere within it, so about half a word, a longer word the more
 * often (a word's width weighed by its width, halved); from the words of `text` (their
 * characters and a space each) and its `run` spread over its characters.
 */
export function typicalSlack(text, run) {
  const units = (text.match(BREAKS) ?? []).map((word) => word.length + 1);
  const characters = units.reduce((total, unit) => total + unit, 0);
  if (characters <= 1) return 0;
  return size(((run / (characters - 1)) * units.reduce((total, unit) => total + unit * unit, 0)) / (2 * characters));
}

/**
 * A paragraph's `{ measure, slack }` from its line counts (`measured`, `start` and `most` as
 * measureFor): of the slacks from 0 to half the captured width, 1% of it apart, and `typical`
 * (typicalSlack), the one whose measure leaves the fewest lines wrong at the other widths; of
 * those, the nearest `typical`. (Across the corpus's pages, from 80% to 150% of each capture
 * width, this wraps as the browser does more often than one measure alone, or than any one slack.)
 */
export function wrappingFor(measured, start, most, typical) {
  const slacks = [typical, ...Array.from({ length: 51 }, (_, step) => size((step * measured[0].width) / 100))];
  const fits = slacks.map((slack) => ({ slack, ...measureFor(measured, start, most, slack), off: Math.abs(slack - typical) }));
  const { measure, slack } = fits.sort((a, b) => a.wrong - b.wrong || a.off - b.off)[0];
  return { measure, slack };
}

