// Walking the DOM: each element as a block, a text, a marked element or a box to lay out (the first part of Capture: stacks.js).

import { CAPTURE_LIMITS, CaptureError, ID, MEDIA, round, size } from './limits.js';
import { fill, fixed, grow, heightFloor, lastLineWidths, paddingShare, pseudoBlocks, unwrapped } from './nodes.js';
import { containingBlock, overTransformed, overlayOf, untransformed, withOverlays } from './overlays.js';
import { aspectRatioOf, bordered, cornerRadii, insets, paint, radius } from './paint.js';
import { clampOf, hasText, leadingFloat, lineBoxes, paintedShape, showing, typicalSlack, wrappingFor } from './text.js';
import { breaksAsShown, wordsOf } from './words.js';
import { beside } from '../shared/wrapping.js';

/** `node`, a stack drawn for a painted box of computed `style`: a card with the box's radius, clipped where the box clips. */
function asCard(node, style, rect) {
  Object.assign(node, { background: 'card' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {}, style.overflow === 'hidden' || style.overflow === 'clip' ? { clip: true } : {});
}

/** Walks a page's elements into nodes, counting them against the limits; Capture (stacks.js) is the whole capture. */
export class CaptureWalk {
  constructor(rtl, defaultStage, { second, wider, widerBoxes, columns, room }, root) {
    if (!ID.test(defaultStage)) throw new CaptureError(`stage '${String(defaultStage).slice(0, 80)}' is not a stage id`);
    this.rtl = rtl;
    this.second = second?.boxes;
    this.secondLines = second?.lines;
    this.secondTracks = second?.tracks;
    this.wider = wider;
    this.widerBoxes = widerBoxes;
    /** Tables laid out automatically: each column's min-content and max-content widths (tableColumns). */
    this.columns = columns ?? new Map();
    /** The room a table cell's row leaves its content, above and below it (cellRoom). */
    this.room = room ?? new Map();
    this.wrapped = false;
    /** Boxes a grid or a flex row stretches to its row's height (their own height auto). */
    this.stretched = new WeakSet();
    this.defaultStage = defaultStage;
    /** The captured root: boxes positioned over a containing block outside it are not drawn. */
    this.root = root;
    /** The overlay nodes waiting for their containing block's node, by that block (`overlay`). */
    this.overlays = new Map();
    this.elements = [];
    this.stages = new Set();
    this.nodes = 0;
  }

  count(amount = 1) {
    this.nodes += amount;
    if (this.nodes > CAPTURE_LIMITS.maxExpandedNodes) {
      throw new CaptureError(`the page needs more than ${CAPTURE_LIMITS.maxExpandedNodes} skeleton nodes (maxExpandedNodes): mark large parts data-skeleton-block or data-skeleton-ignore`, 'maxExpandedNodes');
    }
  }

  /**
   * The node for `element` (laid out at `rect`), or null when it draws nothing. `spans`: the
   * element is as wide as its parent's content and the parent's width is not its content's, so
   * that it is drawn filling the width it is offered.
   */
  node(element, rect, depth, backdrop, spans) {
    const style = getComputedStyle(element);
    let node;
    const painted = paint(style, backdrop);
    // An image in the background (a photo, not a gradient, which paints the box: `paint`) is media.
    // (A button holding an icon and a label is laid out as the box it is, not as one block.)
    const media = MEDIA.has(element.tagName.toUpperCase()) && !(element.tagName.toUpperCase() === 'BUTTON' && element.children.length > 0);
    if (element.hasAttribute('data-skeleton-block') || media || style.backgroundImage.includes('url(') ||
        (element.tagName.includes('-') && element.children.length === 0) || depth >= CAPTURE_LIMITS.maxNodeDepth - 2) {
      node = this.block(rect, style);
    } else if (paintedShape(element, style, rect)) {
      node = element.children.length === 0 || hasText(element) ? this.block(rect, style) : this.track(element, rect, depth, style);
    } else if (hasText(element)) {
      node = this.text(element, rect, style);
      // A paragraph on a ground of its own (a code block, a callout): the text on a card.
      if (painted) {
        this.count();
        fill(node);
        node = Object.assign({ type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', children: [node], background: 'card' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {});
      }
    } else if (element.children.length > 0 || pseudoBlocks(element).length > 0) {
      node = this.container(element, rect, depth, painted ?? backdrop, spans);
      if (node && painted) asCard(node, style, rect);
      // (Not around a repeat, whose copies take no modifiers, nor a painted child: padding lies inside a background.)
      else if (node && node.children.length === 1 && node.children[0].type !== 'repeat' && !node.children[0].background && node.alignment !== 'center') node = unwrapped(node);
      // At least as tall as its min-height (an app shell's): a row it is stretches its items to it.
      if (node && heightFloor(style) !== null) node.minHeight = size(heightFloor(style));
      // Padded by a percentage of the width it fills (`padding: 24px 4%`), painting nothing: a row of
      // its content between two spacers sharing the width as the page does (4 : 92 : 4).
      const share = node?.type === 'stack' && !node.background && !node.id && spans ? paddingShare(element) : null;
      if (share !== null) {
        this.count(3);
        if (node.padding) Object.assign(node.padding, { leading: 0, trailing: 0 });
        node = { type: 'stack', axis: 'horizontal', spacing: 0, alignment: 'top', maxWidth: 'fill', children: [{ type: 'spacer' }, node, { type: 'spacer' }] };
        fill(node.children[1]);
        for (const [child, grows] of [[node.children[0], share], [node.children[1], 100 - 2 * share], [node.children[2], share]]) grow(child, round(grows));
      }
      // A row wider than its box that the box clips or scrolls: a carousel, drawn still.
      if (node && ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
        this.count();
        node = { type: 'scroll', axis: 'horizontal', child: node };
      }
    } else if (painted || (element.children.length === 0 && bordered(style).length > 0)) {
      // (An empty box drawn by some of its borders, a chevron or a rule, is a shape too.)
      node = this.block(rect, style);
    } else {
      return null;
    }
    // A box with nothing in its flow but overlays (a group picture of two avatars placed absolutely,
    // a painted hero with its drawing placed at its bottom): a room of its size for them, as tall
    // as its aspect ratio makes it where it has one, painted as the box is.
    if (!node && this.overlays.has(element)) {
      this.count();
      node = { type: 'stack', axis: 'vertical', spacing: 0, alignment: 'leading', width: { kind: 'points', points: size(rect.width) }, children: [], ...(style.aspectRatio.startsWith('auto') ? { minHeight: size(rect.height) } : {}) };
      if (painted) asCard(node, style, rect);
    }
    if (!node) return null;
    // (A stack's too where it is declared: a picture with its drawing inside.)
    const ratio = node.type === 'block' || (node.type === 'stack' && !style.aspectRatio.startsWith('auto')) ? aspectRatioOf(element, style, rect) : null;
    if (ratio !== null) node.aspectRatio = ratio;
    // A transformed shape: drawn where the page draws it, over its layout box in the flow.
    if (node.type === 'block' && untransformed(element, style)) {
      this.count();
      node = overTransformed(node, rect, element.getBoundingClientRect(), this.rtl);
    }
    node = this.attachOverlays(element, node);
    this.mark(element, node);
    return node;
  }

  /**
   * A box of `position: absolute` (not in its parent's flow): its node, at its own width, with its
   * `overlay` from its containing block, kept until that block's node takes it (`attachOverlays`);
   * nothing when that block is outside the root.
   */
  overlay(element, depth, backdrop) {
    const block = containingBlock(element, this.root);
    const rect = element.getBoundingClientRect();
    if (!block || rect.width < 0.5 || rect.height < 0.5) return;
    const node = this.node(element, rect, depth, backdrop, false);
    if (!node) return;
    fixed(node, rect.width);
    node.overlay = overlayOf(element, rect, block.getBoundingClientRect(), this.rtl);
    this.overlays.set(block, [...(this.overlays.get(block) ?? []), node]);
  }

  /** `node`, drawn for `element`, with the overlays whose containing block `element` is (`withOverlays`). */
  attachOverlays(element, node) {
    const overlays = this.overlays.get(element);
    if (!overlays) return node;
    this.overlays.delete(element);
    if (node.type !== 'stack') this.count();
    return withOverlays(node, overlays);
  }

  mark(element, node) {
    const id = element.getAttribute('data-skeleton-element') ?? (element.localName === 'skeleton-element' ? element.getAttribute('name') : null);
    if (id === null) return;
    if (!ID.test(id)) throw new CaptureError(`data-skeleton-element '${id.slice(0, 80)}' is not an element id (${ID.source})`);
    if (this.elements.some((known) => known.id === id)) throw new CaptureError(`two elements are marked data-skeleton-element '${id}'`);
    if (this.elements.length >= CAPTURE_LIMITS.maxElements) throw new CaptureError(`more than ${CAPTURE_LIMITS.maxElements} marked elements (elementCount)`, 'elementCount');
    const stage = element.getAttribute('data-skeleton-stage') ?? this.defaultStage;
    if (!ID.test(stage)) throw new CaptureError(`data-skeleton-stage '${stage.slice(0, 80)}' is not a stage id`);
    node.id = id;
    // Its label, for the skeleton's group and the renderer's texts: the page's name for it, else its id.
    const label = (element.getAttribute('data-skeleton-label') ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 200) || id;
    this.elements.push({ id, stage, accessibilityLabel: `Loading ${label}` });
    this.stages.add(stage);
  }

  block(rect, style) {
    this.count();
    const block = { type: 'block', width: size(rect.width), height: size(rect.height) };
    const corners = cornerRadii(style, rect);
    const largest = Math.max(...corners);
    if (largest > 0) {
      block.cornerRadius = size(largest);
      const shorter = Math.min(rect.width, rect.height);
      if (corners.some((corner) => corner < largest - 0.5)) {
        const names = this.rtl ? ['topTrailing', 'topLeading', 'bottomLeading', 'bottomTrailing'] : ['topLeading', 'topTrailing', 'bottomTrailing', 'bottomLeading'];
        block.corners = names.filter((_, index) => corners[index] >= largest - 0.5);
      } else if (largest >= shorter / 2 - 0.5) {
        block.shape = Math.abs(rect.width - rect.height) < 1 ? 'circle' : 'capsule';
      }
    }
    return block;
  }

  /** A painted bar around painted parts (a progress bar's track): a row on a `gray5` ground, each part a block. */
  track(element, rect, depth, style) {
    const row = this.container(element, rect, depth, null, false, true);
    if (!row) return this.block(rect, style);
    return Object.assign(row, { background: 'gray5' }, radius(style, rect) ? { cornerRadius: radius(style, rect) } : {}, { clip: true });
  }

  /**
   * A paragraph: its lines as the browser wrapped them, each line box `lineHeight` tall; `measure`
   * its width on one line, `maxLines` its clamp (line-clamp, a max-height that clips, or one
   * line ending in an ellipsis), `lines` and `lastLineFraction` what shows. Wrapped lines end
   * short of the width (greedy breaking), the more lines the more it adds up: from its lines
   * summed (its run; a clamped one's hidden lines too) and what its words typically leave at a
   * line's end, wrappingFor chooses a measure and a `slack` from its line counts at the captured,
   * second and wider widths (a clamped paragraph: the captured and second ones). Its
   * last line at the captured width is then its own `lastLineFraction`, not what is left of the
   * measure (`Wrapping`: where it wraps into its own lines). Its `words` too, where breaking them
   * greedily gives the lines the browser showed at each of those widths: a client that knows
   * them breaks the text as the browser does at any width.
   */
  text(element, rect, style) {
    this.count();
    const inset = element.nodeType === Node.TEXT_NODE ? { top: 0, right: 0, bottom: 0, left: 0 } : insets(style);
    const clamp = clampOf(style);
    const most = clamp ?? CAPTURE_LIMITS.maxLines;
    const lines = lineBoxes(element);
    const width = Math.max(1, rect.width - inset.left - inset.right);
    // A table cell's lines are as tall as its text's, not its row's (the room its row leaves it is the row's to place).
    const spare = this.room.get(element);
    const shown = showing(lines, clamp, rect, inset);
    const count = Math.min(most, Math.max(1, shown.length));
    // (A box its row stretches, a label beside a taller field: its lines' height, the rest below them.)
    const stretched = this.stretched.has(element) && shown.length > 0 ? (style.lineHeight.endsWith('px') ? parseFloat(style.lineHeight) * count : shown[shown.length - 1].bottom - shown[0].top) : null;
    const height = stretched ?? Math.max(1, rect.height - inset.top - inset.bottom - (spare ? spare.above + spare.below : 0));
    // A float's paragraph may be as tall as its float: its line box is then its line height.
    const float = leadingFloat(element);
    const lineBox = float && style.lineHeight.endsWith('px') ? parseFloat(style.lineHeight) : height / count;
    const bar = Math.min(lineBox, Math.max(2, Math.round(parseFloat(style.fontSize) * 0.7)));
    // The lines beside the float are its width and trailing margin shorter (the model's rule); where none fits beside it, none is.
    const side = float ? beside(float, bar, lineBox - bar) : null;
    const short = side && width - side.indent >= 1 ? side.lines : 0;
    const room = (index) => (index < short ? width - side.indent : width);
    const last = shown[shown.length - 1];
    const lastWidth = last ? last.right - last.left : width;
    const fraction = last ? Math.min(1, Math.max(0.01, lastWidth / room(shown.length - 1))) : 1;
    const half = (lineBox - bar) / 2;
    // Measured as if the float's lines were full (its indent added to each): past the float, that wraps as the model does.
    const shift = short * (side?.indent ?? 0);
    const sum = lines.reduce((total, line) => total + line.right - line.left, 0);
    const start = sum ? sum + shift : width;
    const measured = [{ width, count }];
    const others = [{ rect: this.second?.get(element), lines: this.secondLines?.get(element) }, ...(clamp ? [] : [this.wider?.get(element)])];
    for (const other of others) {
      if (!other?.rect || !other.lines) continue;
      const otherWidth = Math.max(1, other.rect.width - inset.left - inset.right);
      measured.push({ width: otherWidth, count: Math.min(most, Math.max(1, showing(other.lines, clamp, other.rect, inset).length)) });
    }
    const { measure: run, slack } = wrappingFor(measured, start, most, typicalSlack(element.textContent, sum || width));
    const measure = run - shift;
    const node = {
      type: 'text', lines: count, lineHeight: size(bar), lineSpacing: size(lineBox - bar), lastLineFraction: round(fraction) || 0.01,
      measure: Math.max(1, Math.min(100000, round(measure))), maxLines: most, ...(slack > 0 ? { slack } : {}),
      padding: { top: size(inset.top + half), leading: size(this.rtl ? inset.right : inset.left), bottom: size(inset.bottom + half), trailing: size(this.rtl ? inset.left : inset.right) },
    };
    // Its words, where greedy breaking gives the lines the browser showed at every measured width: then exact at any width.
    const words = wordsOf(element, style);
    if (words && breaksAsShown(words, measured, most, side)) node.words = words;
    if (float) node.float = { width: size(float.width), height: size(float.height), trailing: size(float.trailing), bottom: size(float.bottom), ...(float.top > 0 ? { top: size(float.top) } : {}) };
    // Text that never wraps (white-space: pre, nowrap) keeps its lines at every width: no measure.
    if (!clamp && /^(pre|nowrap)$/.test(style.whiteSpace)) {
      delete node.measure;
      delete node.maxLines;
      delete node.slack;
      delete node.words;
    }
    lastLineWidths.set(node, lastWidth);
    return node;
  }
}
