// A paragraph's words as laid out (`Node.words`), and whether breaking them greedily gives the browser's lines.

import { SKIPPED, size } from './limits.js';
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
 * over their laid-out boxes, and the space between two, the median gap between neighbours on one
 * line (a canvas's space in its font where no line holds two, or where justified lines stretch
 * their gaps); null for text with characters
 * that break without a space (CJK), more than 2,000 words or 64 pieces of one, or a piece not
 * laid out.
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
  const gaps = [];
  for (let index = 1; index < words.length; index++) {
    const before = words[index - 1].at(-1).rects.at(-1);
    const after = words[index][0].rects[0];
    if (Math.abs(before.top - after.top) > 1) continue;
    const gap = Math.max(after.left - before.right, before.left - after.right);
    if (gap >= 0) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  const space = gaps.length && style.textAlign !== 'justify' ? gaps[Math.floor(gaps.length / 2)] : spaceIn(style);
  const widths = words.map((each) => (each.length === 1 ? size(each[0].width) : each.map((piece) => size(piece.width))));
  return { widths, space: size(space) };
}

/** Whether `words` broken greedily give the lines the browser showed at each of the `measured` widths (`{ width, count }`). */
export const breaksAsShown = (words, measured, most, side) => measured.every(({ width, count }) => broken(words, width, most, side).lines === count);
