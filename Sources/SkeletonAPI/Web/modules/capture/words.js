// A paragraph's words as laid out (`Node.words`), and whether breaking them greedily gives the browser's lines.

import { SKIPPED } from './limits.js';
import { floatedChild } from './text.js';
import { broken } from '../shared/wrapping.js';

/** The text nodes a paragraph's lines are made of, in reading order: its own, in its plain inline children, not its float's. */
function textNodes(element) {
  if (element.nodeType === Node.TEXT_NODE) return [element];
  const float = floatedChild(element);
  const nodes = [];
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) nodes.push(child);
    else if (child.nodeType === Node.ELEMENT_NODE && child !== float && !SKIPPED.has(child.tagName.toUpperCase()) && getComputedStyle(child).display !== 'none') nodes.push(...textNodes(child));
  }
  return nodes;
}

/** The laid-out boxes of characters `start..<end` of `node`. */
function pieceRects(node, start, end) {
  const range = document.createRange();
  range.setStart(node, start);
  range.setEnd(node, end);
  return [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
}

/** The width of a space in `style`'s font (with its word and letter spacing), as a canvas measures it. */
function spaceIn(style) {
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return context.measureText(' ').width + (parseFloat(style.wordSpacing) || 0) + (parseFloat(style.letterSpacing) || 0);
}

/**
 * A run of text's pieces: a line may break after a hyphen that follows a letter or digit and comes
 * before a letter (`sign-|on`, `3-|way`; not `COVID-19`), as a browser's line breaker does.
 */
const pieces = (run) => run.split(/(?<=[\p{L}\p{N}][-\u2010\u2013])(?=\p{L})/u);

/**
 * A paragraph's words as laid out (`Node.words`): the runs of its text between white space (a
 * word may span inline children), each its pieces' widths (a hyphenated word's: `pieces`) summed
 * over their laid-out boxes, to thousandths (greedy breaking adds them up: a line of text that
 * fills its shrink-to-fit box must fit it again), and the space between two words: what the
 * lines of two or more words leave of their width besides their words, over their gaps (a
 * canvas's space in its font where no line holds two, or where justified lines stretch their
 * gaps); null for text with characters that break without a space (CJK), more than 2,000 words
 * or 64 pieces of one, or a piece not laid out.
 */
export function wordsOf(element, style) {
  const nodes = textNodes(element);
  if (/[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]/.test(nodes.map((node) => node.textContent).join(''))) return null;
  const words = [];
  let word = null;
  for (const node of nodes) {
    for (const match of node.textContent.matchAll(/\S+|\s+/g)) {
      if (/^\s/.test(match[0])) {
        word = null;
        continue;
      }
      let start = match.index;
      for (const [index, text] of pieces(match[0]).entries()) {
        const rects = pieceRects(node, start, start + text.length);
        start += text.length;
        // A word that goes on in this node without a space: its first piece joins the word's last.
        if (word === null) words.push((word = []));
        if (index > 0 || word.length === 0) word.push({ width: 0, rects: [] });
        const piece = word.at(-1);
        piece.rects.push(...rects);
        piece.width += rects.reduce((total, rect) => total + rect.width, 0);
      }
    }
    if (words.length > 2000) return null;
  }
  const all = words.flat();
  if (words.length === 0 || words.some((each) => each.length > 64) || all.some((piece) => piece.rects.length === 0)) return null;
  const width = (piece) => Math.round(piece.width * 1000) / 1000;
  const space = style.textAlign === 'justify' ? null : spaceOnLines(words, width);
  const widths = words.map((each) => each.map(width));
  return { widths, space: Math.round((space ?? spaceIn(style)) * 1000) / 1000 };
}

/**
 * The space between two words as the lines show it: on each line of whole words (each word's
 * boxes on that line), its width less its words' (`width` each), summed over the lines and
 * divided by their gaps; null where no line holds two words.
 */
function spaceOnLines(words, width) {
  const lines = new Map();
  for (const word of words) {
    const rects = word.flatMap((piece) => piece.rects);
    const top = Math.round(rects[0].top);
    if (rects.some((rect) => Math.abs(rect.top - rects[0].top) > 1)) continue;
    const line = lines.get(top) ?? { left: Infinity, right: -Infinity, words: 0, widths: 0 };
    line.left = Math.min(line.left, ...rects.map((rect) => rect.left));
    line.right = Math.max(line.right, ...rects.map((rect) => rect.right));
    line.words += 1;
    line.widths += word.reduce((total, piece) => total + width(piece), 0);
    lines.set(top, line);
  }
  const full = [...lines.values()].filter((line) => line.words > 1);
  const gaps = full.reduce((total, line) => total + line.words - 1, 0);
  return gaps > 0 ? Math.max(0, full.reduce((total, line) => total + line.right - line.left - line.widths, 0) / gaps) : null;
}

/** Whether `words` broken greedily give the lines the browser showed at each of the `measured` widths (`{ width, count }`). */
export const breaksAsShown = (words, measured, most, side) => measured.every(({ width, count }) => broken(words, width, most, side).lines === count);
