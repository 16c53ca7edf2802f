// Reading a layout document (docs/spec.md §3): every member validated, every repeat expanded.

import { readCurve } from './curves.js';
import { LIMITS, hasOwn, list, number, oneOf, own, parseColor, text } from './values.js';

/**
 * The document as this renderer uses it: every member validated, every repeat expanded (copy i's
 * ids suffixed `[i]`, as `?expand=true` does), sizes clamped, unknown node types dropped, and the
 * size of the tree bounded, so that a hostile document costs little and injects nothing.
 */
export function readLayout(source) {
  if (source === null || typeof source !== 'object') throw new TypeError('a layout document is a JSON object');
  const palette = new Map();
  const rawPalette = own(source, 'palette');
  if (rawPalette !== null && typeof rawPalette === 'object') {
    for (const key of Object.keys(rawPalette).slice(0, 100)) {
      const color = parseColor(rawPalette[key]);
      if (color) palette.set(key, color);
    }
  }
  const elements = new Map();
  for (const item of list(own(source, 'elements')).slice(0, LIMITS.elements)) {
    const id = text(own(item, 'id'));
    if (!id || elements.has(id)) continue;
    elements.set(id, { id, label: text(own(item, 'accessibilityLabel')) ?? id, hasContent: hasOwn(item, 'content'), content: own(item, 'content') });
  }
  const animation = own(source, 'animation');
  const layout = {
    screen: text(own(source, 'screen'), 100) ?? '',
    version: text(own(source, 'version'), 100) ?? '',
    title: text(own(source, 'title'), 100) ?? '',
    theme: oneOf(own(source, 'theme'), ['light', 'dark'], 'light'),
    motion: oneOf(own(source, 'motion'), ['full', 'reduced'], 'full'),
    direction: oneOf(own(source, 'direction'), ['ltr', 'rtl'], 'ltr'),
    palette,
    elements,
    shimmer: readShimmer(own(animation, 'shimmer')),
    transition: readTransition(own(animation, 'transition')),
    minimumDisplayMs: number(own(animation, 'minimumDisplayMs'), 0, 60000, 0),
    showDelayMs: number(own(animation, 'showDelayMs'), 0, 60000, 0),
    timeoutMs: own(animation, 'timeoutMs') == null ? Infinity : number(own(animation, 'timeoutMs'), 1, 8.64e7, Infinity),
    maxConcurrentShimmers: own(animation, 'maxConcurrentShimmers') == null ? Infinity : Math.floor(number(own(animation, 'maxConcurrentShimmers'), 0, 1000, Infinity)),
  };
  const budget = { nodes: 0 };
  layout.root = readNode(own(source, 'root'), layout, budget, 0, 'vertical', '');
  return layout;
}

function readShimmer(raw) {
  let kind = oneOf(own(raw, 'kind'), ['gradient', 'pulse', 'static'], 'static');
  const stops = list(own(raw, 'stops')).slice(0, 16)
    .map((stop) => ({ color: parseColor(own(stop, 'color')), location: number(own(stop, 'location'), 0, 1, NaN) }))
    .filter((stop) => stop.color && !Number.isNaN(stop.location))
    .sort((a, b) => a.location - b.location);
  if (stops.length === 0) kind = 'none';
  const point = (value, fallback) => ({ x: number(own(value, 'x'), -100, 100, fallback.x), y: number(own(value, 'y'), -100, 100, fallback.y) });
  const motion = (value, from, to) => ({ from: point(own(value, 'from'), from), to: point(own(value, 'to'), to) });
  const repeat = own(raw, 'repeat');
  const opacity = own(raw, 'opacity');
  return {
    kind,
    application: oneOf(own(raw, 'application'), ['overlay', 'fill', 'mask'], 'overlay'),
    stops,
    start: motion(own(raw, 'start'), { x: -1, y: 0.5 }, { x: 1, y: 0.5 }),
    end: motion(own(raw, 'end'), { x: 0, y: 0.5 }, { x: 2, y: 0.5 }),
    opacity: { from: number(own(opacity, 'from'), 0, 1, 1), to: number(own(opacity, 'to'), 0, 1, 0.4) },
    durationMs: number(own(raw, 'durationMs'), 16, 600000, 1500),
    easing: readCurve(own(raw, 'curve')).easing,
    iterations: repeat === -1 || repeat === undefined ? Infinity : Math.max(1, Math.floor(number(repeat, 1, 1e6, 1))),
    autoreverses: own(raw, 'autoreverses') === true,
    originEpochMs: number(own(own(raw, 'sync'), 'originEpochMs'), -8.64e15, 8.64e15, 0),
  };
}

function readTransition(raw) {
  const look = (value, fallback) => ({ opacity: number(own(value, 'opacity'), 0, 1, fallback.opacity), scale: number(own(value, 'scale'), 0.1, 10, fallback.scale) });
  return { exit: look(own(raw, 'skeletonExit'), { opacity: 0, scale: 1 }), enter: look(own(raw, 'contentEnter'), { opacity: 0, scale: 1 }), ...readCurve(own(raw, 'curve')) };
}


function readInsets(raw) {
  if (raw === null || typeof raw !== 'object') return null;
  const side = (key) => number(own(raw, key), 0, LIMITS.length, 0);
  return { top: side('top'), leading: side('leading'), bottom: side('bottom'), trailing: side('trailing') };
}

/**
 * Where a child of a stack sits over it (`overlay`): `{ top, bottom, leading, trailing, center,
 * offsetFraction }` with one offset per axis, the other null (an axis with neither is 0 from top or
 * leading; with both, its first edge's), `center` (its centre from the stack's, towards the
 * trailing edge) null unless it is a number, and `offsetFraction` (the share of the stack's width
 * added to the horizontal offset) from -1 to 1, 0 unless it is a number; null when there is none.
 */
function readOverlay(raw) {
  if (raw === null || typeof raw !== 'object') return null;
  const offset = (key) => (typeof own(raw, key) === 'number' ? number(own(raw, key), -LIMITS.length, LIMITS.length, 0) : null);
  const [top, leading] = [offset('top'), offset('leading')];
  return { top: top ?? (offset('bottom') === null ? 0 : null), bottom: top === null ? offset('bottom') : null,
           leading: leading ?? (offset('trailing') === null ? 0 : null), trailing: leading === null ? offset('trailing') : null, center: offset('center'),
           offsetFraction: typeof own(raw, 'offsetFraction') === 'number' ? number(own(raw, 'offsetFraction'), -1, 1, 0) : 0 };
}

const CORNERS = ['topLeading', 'topTrailing', 'bottomLeading', 'bottomTrailing'];

function readNode(raw, layout, budget, depth, parentAxis, suffix) {
  if (raw === null || typeof raw !== 'object' || depth > LIMITS.depth || ++budget.nodes > LIMITS.nodes) return null;
  const type = own(raw, 'type');
  if (type === 'repeat') {
    // Where one node must stand (the root, a scroll's child), the copies stand in a stack.
    const children = readChildren([raw], layout, budget, depth, parentAxis, suffix);
    return finish({ type: 'stack', axis: parentAxis, spacing: 0, alignment: 'center', children, ...modifiers({}) }, parentAxis);
  }
  const id = text(own(raw, 'id'));
  const node = { type, id: id === undefined ? undefined : id + suffix, ...modifiers(raw, layout) };
  switch (type) {
    case 'stack':
      node.axis = oneOf(own(raw, 'axis'), ['vertical', 'horizontal'], 'vertical');
      // Negative: the children overlap by that much (an avatar stack).
      node.spacing = number(own(raw, 'spacing'), -LIMITS.length, LIMITS.length, 0);
      node.alignment = oneOf(own(raw, 'alignment'), ['leading', 'center', 'trailing', 'top', 'bottom'], 'center');
      // A row that breaks into lines (CSS's flex-wrap: wrap); anything but true is false.
      node.wrap = own(raw, 'wrap') === true;
      // Where a wrapping row's lines put their free width (CSS's justify-content); anything else is leading.
      node.lineAlignment = oneOf(own(raw, 'lineAlignment'), ['leading', 'center', 'trailing'], 'leading');
      // Columns at least this wide, as many as fit (CSS's repeat(auto-fill, minmax(M, 1fr))): a size above 0, else none.
      node.minColumnWidth = typeof own(raw, 'minColumnWidth') === 'number' && own(raw, 'minColumnWidth') > 0 ? number(own(raw, 'minColumnWidth'), 0, LIMITS.length, 0) : null;
      // CSS's auto-fit: the columns no child is in collapse; anything but true is false.
      node.autoFit = node.minColumnWidth !== null && own(raw, 'autoFit') === true;
      // Between the lines of a row that wraps or has columns (CSS's row-gap), instead of spacing; anything but a number is none.
      node.rowSpacing = typeof own(raw, 'rowSpacing') === 'number' ? number(own(raw, 'rowSpacing'), -LIMITS.length, LIMITS.length, 0) : null;
      node.children = readChildren(own(raw, 'children'), layout, budget, depth + 1, node.axis, suffix);
      break;
    case 'scroll':
      node.axis = oneOf(own(raw, 'axis'), ['vertical', 'horizontal'], 'vertical');
      node.child = readNode(own(raw, 'child'), layout, budget, depth + 1, node.axis, suffix);
      break;
    case 'block': {
      node.width = node.width ?? 'fill';
      node.height = number(own(raw, 'height'), 0, LIMITS.length, 0);
      node.shape = oneOf(own(raw, 'shape'), ['rect', 'capsule', 'circle'], 'rect');
      const corners = own(raw, 'corners');
      node.corners = Array.isArray(corners) ? new Set(corners.filter((corner) => CORNERS.includes(corner))) : null;
      node.fill = layout.palette.get(typeof own(raw, 'fill') === 'string' ? own(raw, 'fill') : 'base') ?? null;
      break;
    }
    case 'text':
      node.lines = Math.floor(number(own(raw, 'lines'), 1, 100, 1));
      node.lineHeight = number(own(raw, 'lineHeight'), 1, 1000, 12);
      node.lineSpacing = number(own(raw, 'lineSpacing'), 0, 1000, 6);
      node.lastLineFraction = number(own(raw, 'lastLineFraction'), 0, 1, 1);
      node.measure = typeof own(raw, 'measure') === 'number' && own(raw, 'measure') > 0 ? number(own(raw, 'measure'), 0, 100000, 0) : null;
      node.maxLines = Math.floor(number(own(raw, 'maxLines'), 1, 100, 100));
      node.slack = number(own(raw, 'slack'), 0, 10000, 0);
      node.words = readWords(own(raw, 'words'));
      node.float = readFloat(own(raw, 'float'));
      node.fill = layout.palette.get('base') ?? null;
      break;
    case 'divider':
      node.opacity = number(own(raw, 'opacity'), 0, 1, 1);
      node.thickness = number(own(raw, 'thickness'), 0, 100, 1);
      break;
    case 'spacer':
      break;
    default:
      return null;
  }
  // A stack or block as tall as the row it is in (CSS's align-self: stretch); anything but true is false.
  if (type === 'stack' || type === 'block') node.stretch = own(raw, 'stretch') === true;
  // The most a greedy stack, scroll, block or text takes of the width offered (CSS's max-width): a size above 0, else none.
  if (type !== 'spacer' && type !== 'divider') node.maxFillWidth = typeof own(raw, 'maxFillWidth') === 'number' && own(raw, 'maxFillWidth') > 0 ? number(own(raw, 'maxFillWidth'), 0, LIMITS.length, 0) : null;
  // The most it takes as a fraction of the width a percentage resolves against (CSS's max-width: N%): above 0 up to 1, else none.
  if (type !== 'spacer' && type !== 'divider') node.maxFillFraction = typeof own(raw, 'maxFillFraction') === 'number' && own(raw, 'maxFillFraction') > 0 ? number(own(raw, 'maxFillFraction'), 0, 1, 0) : null;
  return finish(node, parentAxis);
}

/** A paragraph's float (`{ width, height, trailing, bottom, top }` in points), or null when it has none or it is not an object. */
function readFloat(raw) {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const length = (name) => number(own(raw, name), 0, LIMITS.length, 0);
  return { width: length('width'), height: length('height'), trailing: length('trailing'), bottom: length('bottom'), top: length('top') };
}

/**
 * A paragraph's `words` (`{ widths, space }`: each word an array of 1 to 64 sizes, its pieces'; a
 * bare size is read as one piece), or null where it is not an object with 1 to 2,000 words.
 */
function readWords(raw) {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const widths = own(raw, 'widths');
  if (!Array.isArray(widths) || widths.length === 0 || widths.length > 2000) return null;
  const length = (value) => number(value, 0, LIMITS.length, 0);
  const word = (value) => (Array.isArray(value) && value.length > 0 ? value.slice(0, 64).map(length) : length(value));
  return { widths: widths.map(word), space: length(own(raw, 'space')) };
}

function readChildren(raw, layout, budget, depth, axis, suffix) {
  const children = [];
  for (const item of list(raw)) {
    if (own(item, 'type') === 'repeat') {
      if (++budget.nodes > LIMITS.nodes) break;
      const count = Math.floor(number(own(item, 'count'), 0, LIMITS.repeat, 0));
      for (let index = 0; index < count && budget.nodes <= LIMITS.nodes; index++) {
        children.push(...readChildren([own(item, 'child')], layout, budget, depth + 1, axis, `${suffix}[${index}]`));
      }
    } else {
      const node = readNode(item, layout, budget, depth, axis, suffix);
      if (node) children.push(node);
    }
  }
  return children;
}

function modifiers(raw, layout) {
  const background = own(raw, 'background');
  const width = own(raw, 'width');
  return {
    padding: readInsets(own(raw, 'padding')),
    minHeight: hasOwn(raw, 'minHeight') ? number(own(raw, 'minHeight'), 0, LIMITS.length, 0) : null,
    // Width over height, on a block or a stack (others ignore it); anything but a ratio above 0 is none.
    aspectRatio: typeof own(raw, 'aspectRatio') === 'number' && own(raw, 'aspectRatio') > 0 ? number(own(raw, 'aspectRatio'), 0, 100, 1) : null,
    width: width === undefined || width === null ? null : readWidth(width),
    grow: width !== null && typeof width === 'object' && typeof own(width, 'grow') === 'number' && own(width, 'grow') > 0 ? number(own(width, 'grow'), 0, 100, 1) : 1,
    column: readColumn(width),
    // Where a fill width starts in a row before it grows (CSS's flex-basis, padding included); anything but a number is none.
    basis: width !== null && typeof width === 'object' && own(width, 'kind') === 'fill' && typeof own(width, 'basis') === 'number' ? number(own(width, 'basis'), 0, LIMITS.length, 0) : null,
    fillsWidth: own(raw, 'maxWidth') === 'fill',
    background: typeof background === 'string' ? layout.palette.get(background) ?? null : null,
    cornerRadius: number(own(raw, 'cornerRadius'), 0, LIMITS.length, 0),
    clip: own(raw, 'clip') === true,
    shimmer: own(raw, 'shimmer') === true,
    overlay: readOverlay(own(raw, 'overlay')),
  };
}

/**
 * A node's width in points, or `'fill'`: format 2's `{kind, points}` (a kind this renderer does
 * not know is `points` wide when it has them, else fill), or format 1's number or `"fill"`.
 */
function readWidth(width) {
  if (typeof width === 'number') return number(width, 0, LIMITS.length, 0);
  const points = own(width ?? {}, 'points');
  if (own(width ?? {}, 'kind') !== 'fill' && typeof points === 'number') return number(points, 0, LIMITS.length, 0);
  return 'fill';
}

/**
 * A content width's min-content and max-content widths (a table column's cell: `columns.js`),
 * `min` at most `max`; null for any other width, or one without both (then `points` wide).
 */
function readColumn(width) {
  if (own(width ?? {}, 'kind') !== 'content' || typeof own(width, 'points') !== 'number') return null;
  const [min, max] = [own(width, 'min'), own(width, 'max')];
  if (typeof min !== 'number' || typeof max !== 'number') return null;
  const least = number(min, 0, LIMITS.length, 0);
  return { min: least, max: Math.max(least, number(max, 0, LIMITS.length, 0)) };
}

/**
 * Whether the node takes all the width its parent offers, as SwiftUI sizes it: a `fill` width,
 * `maxWidth: fill`, a scroll view, a paragraph, a spacer in a row, a divider in a column, and a
 * stack with any such child in its flow (not an overlay), a row with columns (`minColumnWidth`);
 * unless a node other than a block has a width in points (a frame that wide).
 */
function finish(node, parentAxis) {
  if (node.type !== 'block' && node.width !== null) {
    node.greedy = node.width === 'fill';
    return node;
  }
  switch (node.type) {
    case 'block': node.greedy = node.fillsWidth || node.width === 'fill'; break;
    case 'text': case 'scroll': node.greedy = true; break;
    case 'spacer': node.greedy = parentAxis === 'horizontal'; break;
    case 'divider': node.greedy = parentAxis !== 'horizontal'; break;
    default: node.greedy = node.fillsWidth || (node.axis === 'horizontal' && node.minColumnWidth !== null) || node.children.some((child) => child.greedy && !child.overlay);
  }
  return node;
}
