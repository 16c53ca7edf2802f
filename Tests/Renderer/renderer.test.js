// Unit tests of the web renderer's pure functions (node --test): colour parsing, the spring
// sampled into linear(), the shimmer's sweep at a phase, and the layout of one node, each imported
// from its module (Sources/SkeletonAPI/Web/modules/renderer/).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { springCurve } from '../../Sources/SkeletonAPI/Web/modules/renderer/curves.js';
import { overlaid, place, stretchable, wrap, wrappedRow } from '../../Sources/SkeletonAPI/Web/modules/renderer/dom.js';
import { readLayout } from '../../Sources/SkeletonAPI/Web/modules/renderer/layout.js';
import { shimmerImage, sweepGeometry } from '../../Sources/SkeletonAPI/Web/modules/renderer/shimmer.js';
import { findNode } from '../../Sources/SkeletonAPI/Web/modules/renderer/slot.js';
import { parseColor } from '../../Sources/SkeletonAPI/Web/modules/renderer/values.js';
import { beside } from '../../Sources/SkeletonAPI/Web/modules/shared/wrapping.js';

// What a browser has and node has not: CSS.supports, for the spring's linear() easing.
globalThis.CSS ??= { supports: (property, value) => property === 'animation-timing-function' && value.startsWith('linear(') };

test('parseColor reads #RRGGBB and #RRGGBBAA, and nothing else', () => {
  assert.deepEqual(parseColor('#FF8000'), { r: 255, g: 128, b: 0, a: 1 });
  assert.deepEqual(parseColor('#78788033'), { r: 120, g: 120, b: 128, a: 0x33 / 255 });
  assert.deepEqual(parseColor('#ffffff80'), { r: 255, g: 255, b: 255, a: 128 / 255 });
  for (const bad of ['red', '#FFF', '#12345', '#1234567', '#GGGGGG', ' #FFFFFF', '#FFFFFF ', 'url(#a)', 42, null, undefined, {}]) {
    assert.equal(parseColor(bad), null, String(bad));
  }
});

test('springCurve samples SwiftUI’s spring into linear(): 41 points from 0 to 1, timed to settle within 0.1 %', () => {
  const { easing, durationMs } = springCurve(400, 0.825);
  const samples = easing.slice('linear('.length, -1).split(', ').map(Number);
  assert.equal(samples.length, 41);
  assert.equal(samples[0], 0);
  assert.equal(samples[40], 1);
  assert.ok(Math.max(...samples) > 1, 'an under-damped spring overshoots');
  assert.ok(durationMs > 400 && durationMs < 1000, `settles in ${durationMs} ms`);
  // The undamped period is the response: a stiffer spring (shorter response) settles sooner.
  assert.ok(springCurve(200, 0.825).durationMs < durationMs);
});

test('springCurve: a critically and an over-damped spring never overshoot', () => {
  for (const damping of [1, 1.5]) {
    const samples = springCurve(400, damping).easing.slice('linear('.length, -1).split(', ').map(Number);
    for (let i = 1; i < samples.length; i++) assert.ok(samples[i] >= samples[i - 1] && samples[i] <= 1, `damping ${damping} at ${i}`);
  }
});

const sweep = {
  kind: 'gradient',
  stops: [{ color: parseColor('#00000000'), location: 0 }, { color: parseColor('#FFFFFF80'), location: 0.5 }, { color: parseColor('#00000000'), location: 1 }],
  start: { from: { x: -0.5, y: 0.5 }, to: { x: 1.5, y: 0.5 } },
  end: { from: { x: 0.5, y: 0.5 }, to: { x: 2.5, y: 0.5 } },
};

test('sweepGeometry: the served sweep crosses a 100 x 50 box left to right as its phase goes from 0 to 1', () => {
  assert.deepEqual(sweepGeometry(sweep, 0, 100, 50), { angle: 90, offsets: [-50, 0, 50] });
  assert.deepEqual(sweepGeometry(sweep, 0.5, 100, 50), { angle: 90, offsets: [50, 100, 150] });
  assert.deepEqual(sweepGeometry(sweep, 1, 100, 50), { angle: 90, offsets: [150, 200, 250] });
});

test('shimmerImage: each stop moves linearly with --sk-phase, from its offset at phase 0 to its offset at phase 1', () => {
  const image = shimmerImage(sweep, 'ltr', 100, 50);
  assert.equal(image, 'linear-gradient(90deg, '
    + 'rgba(0, 0, 0, 0) calc(-50px + 200px * var(--sk-phase)), '
    + 'rgba(255, 255, 255, 0.502) calc(0px + 200px * var(--sk-phase)), '
    + 'rgba(0, 0, 0, 0) calc(50px + 200px * var(--sk-phase)))');
  const still = shimmerImage({ kind: 'static', stops: sweep.stops, opacity: { from: 1, to: 1 } }, 'rtl', 100, 50);
  assert.ok(still.startsWith('linear-gradient(270deg, '), 'a static shimmer paints trailing to leading in rtl');
});

const documentWith = (root) => ({ palette: { base: '#78788033', card: '#FFFFFFFF' }, elements: [{ id: 'rows' }], root });

test('readLayout: one node read as the renderer lays it out (repeats expanded, ids suffixed, fill and greedy decided)', () => {
  const layout = readLayout(documentWith({
    type: 'stack', axis: 'vertical', spacing: 12, alignment: 'leading', padding: { top: 16, leading: 16, bottom: 16, trailing: 16 }, children: [
      { type: 'repeat', count: 2, child: { type: 'block', id: 'rows', width: 'fill', height: 20, cornerRadius: 4, fill: 'card' } },
      { type: 'block', width: 50, height: 50, shape: 'circle' },
      { type: 'unknown' },
    ],
  }));
  const root = layout.root;
  assert.equal(root.type, 'stack');
  assert.equal(root.spacing, 12);
  assert.deepEqual(root.padding, { top: 16, leading: 16, bottom: 16, trailing: 16 });
  assert.deepEqual(root.children.map((child) => child.id), ['rows[0]', 'rows[1]', undefined]);
  assert.deepEqual(root.children.map((child) => child.greedy), [true, true, false]);
  assert.deepEqual(root.children[0].fill, { r: 255, g: 255, b: 255, a: 1 });
  assert.equal(root.children[2].shape, 'circle');
  assert.equal(root.greedy, true, 'a stack with a greedy child is greedy');
});

test('readLayout: a block width in format 2 (tagged, with an unknown kind falling back) and format 1', () => {
  const widths = [{ kind: 'points', points: 120 }, { kind: 'fill' }, { kind: 'fraction', fraction: 0.5, points: 80 }, { kind: 'fraction' }, 64, 'fill', { kind: 'points', points: 1e9 }];
  const read = widths.map((width) => readLayout(documentWith({ type: 'block', width, height: 10 })).root.width);
  assert.deepEqual(read, [120, 'fill', 80, 'fill', 64, 'fill', 10000]);
});

test('readLayout: hostile sizes are clamped and a deep tree is cut at the depth limit', () => {
  const layout = readLayout(documentWith({ type: 'block', width: 1e9, height: -5 }));
  assert.equal(layout.root.width, 10000);
  assert.equal(layout.root.height, 0);
  let deep = { type: 'spacer' };
  for (let i = 0; i < 100; i++) deep = { type: 'stack', children: [deep] };
  let depth = 0;
  for (let node = readLayout(documentWith(deep)).root; node && node.children; node = node.children[0]) depth++;
  assert.ok(depth <= 49, `depth ${depth}`);
});

test('place: a greedy node stretches across a column and shares a row; a spacer takes what is left', () => {
  const styled = (node, axis) => {
    const element = { style: {} };
    place(element, node, axis);
    return element.style;
  };
  assert.deepEqual(styled({ type: 'block', greedy: true, grow: 1 }, 'vertical'), { flex: '0 0 auto', alignSelf: 'stretch' });
  assert.deepEqual(styled({ type: 'block', greedy: true, grow: 1 }, 'horizontal'), { flex: '1 1 0px', minWidth: '0' });
  assert.deepEqual(styled({ type: 'block', greedy: false, grow: 1 }, 'horizontal'), { flex: '0 0 auto' });
  assert.deepEqual(styled({ type: 'spacer', greedy: true, width: null, grow: 1 }, 'vertical'), { flex: '1 1 0px', minWidth: '0', minHeight: '0' });
});

test('place: a fill width shares a row by its grow; a points width is a frame that wide', () => {
  const styled = (node, axis) => {
    const element = { style: {} };
    place(element, node, axis);
    return element.style;
  };
  assert.deepEqual(styled({ type: 'stack', greedy: true, width: 'fill', grow: 2 }, 'horizontal'), { flex: '2 1 0px', minWidth: '0' });
  assert.deepEqual(styled({ type: 'stack', greedy: true, width: 'fill', grow: 2 }, 'vertical'), { flex: '0 0 auto', alignSelf: 'stretch' });
  assert.deepEqual(styled({ type: 'spacer', greedy: true, width: 'fill', grow: 3 }, 'horizontal'), { flex: '3 1 0px', minWidth: '0', minHeight: '0' });
  assert.deepEqual(styled({ type: 'text', greedy: false, width: 200, grow: 1 }, 'horizontal'), { flex: '0 0 auto', width: '200px' });
  // Said on the element itself, for an element's slot, which holds the padded box without its padding.
  const padded = { type: 'stack', greedy: true, width: 'fill', grow: 1.02, padding: { top: 0, leading: 16, bottom: 0, trailing: 16 } };
  assert.deepEqual(styled(padded, 'horizontal'), { flex: '1.02 1 32px', minWidth: '32px' }, 'its padding and a share of what the paddings leave');
  assert.deepEqual(styled(padded, 'vertical'), { flex: '0 0 auto', minWidth: '32px', alignSelf: 'stretch' }, 'stretched, never narrower than its padding');
  const layout = readLayout(documentWith({ type: 'stack', axis: 'horizontal', children: [
    { type: 'stack', width: { kind: 'points', points: 200 }, children: [] },
    { type: 'stack', width: { kind: 'fill', grow: 2 }, children: [] },
    { type: 'text', lines: 1, lineHeight: 10, width: { kind: 'fill' } },
  ] }));
  assert.deepEqual(layout.root.children.map((node) => [node.width, node.grow, node.greedy]), [[200, 1, false], ['fill', 2, true], ['fill', 1, true]]);
});

test('wrap: a measured paragraph has the lines its text takes at a width, clamped to maxLines', () => {
  const paragraph = { lines: 2, lastLineFraction: 0.5, measure: 500, maxLines: 100, slack: 0 };
  assert.deepEqual(wrap(paragraph, 1000), { lines: 1, lastLineFraction: 0.5, first: 0 });
  assert.deepEqual(wrap(paragraph, 500), { lines: 1, lastLineFraction: 1, first: 0 });
  assert.deepEqual(wrap(paragraph, 200), { lines: 3, lastLineFraction: 0.5, first: 0 });
  assert.deepEqual(wrap({ ...paragraph, maxLines: 2 }, 200), { lines: 2, lastLineFraction: 1, first: 0 });
  assert.deepEqual(wrap({ ...paragraph, measure: 401 }, 200), { lines: 3, lastLineFraction: 0.05, first: 0 });
  assert.deepEqual(wrap({ ...paragraph, measure: null }, 200), { lines: 2, lastLineFraction: 0.5, first: 0 });
});

test('wrap: a measured paragraph wrapping into its own lines (two or more) keeps its captured last line', () => {
  // Captured at 628 in lines of 573 and 167: its text 740 on one line.
  const paragraph = { lines: 2, lastLineFraction: 0.27, measure: 740, maxLines: 4, slack: 0 };
  assert.deepEqual(wrap(paragraph, 628), { lines: 2, lastLineFraction: 0.27, first: 0 }, 'not what is left of the measure, 112 / 628');
  assert.deepEqual(wrap(paragraph, 700), { lines: 2, lastLineFraction: 0.27, first: 0 });
  assert.deepEqual(wrap(paragraph, 768), { lines: 1, lastLineFraction: 740 / 768, first: 0 });
  assert.deepEqual(wrap(paragraph, 300), { lines: 3, lastLineFraction: 140 / 300, first: 0 });
  assert.deepEqual(wrap({ ...paragraph, lines: 1, lastLineFraction: 0.5 }, 800), { lines: 1, lastLineFraction: 740 / 800, first: 0 }, 'one line is the measure long');
  assert.deepEqual(wrap({ ...paragraph, lines: 4 }, 150), { lines: 4, lastLineFraction: 1, first: 0 }, 'clamped');
});

test('wrap: a float narrows the lines beside it (the server\'s Wrapping), or pushes them below it where none fits beside it', () => {
  // Lines 20 apart (10 + 10); a float 40 + 10 wide reaching 50 down: the first three lines (0, 20, 40 < 50) are 50 shorter.
  const paragraph = { lines: 5, lastLineFraction: 0.5, measure: 500, maxLines: 100, slack: 0, lineHeight: 10, lineSpacing: 10, float: { width: 40, height: 44, trailing: 10, bottom: 6, top: 0 } };
  assert.deepEqual(beside(paragraph.float, 10, 10), { lines: 3, indent: 50 });
  assert.deepEqual(wrap(paragraph, 150), { lines: 5, lastLineFraction: 0.5, first: 0 }, '3 x 100 + 2 x 150 = 600 >= 500: its own five lines');
  assert.deepEqual(wrap(paragraph, 200), { lines: 4, lastLineFraction: 50 / 200, first: 0 }, '3 x 150 = 450, then 50 of a full line');
  assert.deepEqual(wrap({ ...paragraph, measure: 200 }, 200), { lines: 2, lastLineFraction: 50 / 150, first: 0 }, 'the last line beside the float: a fraction of its own width');
  assert.deepEqual(wrap({ ...paragraph, measure: 200 }, 50), { lines: 4, lastLineFraction: 1, first: 3 }, 'nothing fits beside it: the lines start below it');
  assert.deepEqual(wrap({ ...paragraph, float: null }, 200), { lines: 3, lastLineFraction: 0.5, first: 0 }, 'without a float, as before');
  const read = readLayout(documentWith({ type: 'stack', children: [
    { type: 'text', lines: 2, lineHeight: 10, float: { width: 40, height: 44, trailing: 10, bottom: 6 } },
    { type: 'text', lines: 2, lineHeight: 10, float: { width: 40, height: 40, trailing: 10, bottom: 6, top: 4 } },
    { type: 'text', lines: 2, lineHeight: 10, float: [40, 44] },
  ] }));
  assert.deepEqual(read.root.children.map((node) => node.float), [{ width: 40, height: 44, trailing: 10, bottom: 6, top: 0 }, { width: 40, height: 40, trailing: 10, bottom: 6, top: 4 }, null], 'read as given (top 0 when absent); not an object: none');
  assert.deepEqual(beside(read.root.children[1].float, 10, 10), { lines: 3, indent: 50 }, 'its top margin counts in its reach: 4 + 40 + 6 = 50');
});

test('wrap: each wrapped line holds its width less the slack, the last its whole width (the server\'s Wrapping)', () => {
  // Worked by hand as Tests/LayoutsTests/SlackLayoutTests.swift: 900 at 300 with 30 is 870 / 270, 4 lines, the last 90 / 300.
  const paragraph = { lines: 9, lastLineFraction: 0.9, measure: 900, maxLines: 100, slack: 30, float: null };
  assert.deepEqual(wrap(paragraph, 300), { lines: 4, lastLineFraction: 0.3, first: 0 });
  assert.deepEqual(wrap({ ...paragraph, slack: 0 }, 300), { lines: 3, lastLineFraction: 1, first: 0 });
  assert.deepEqual(wrap({ ...paragraph, measure: 500, slack: 400 }, 200), { lines: 4, lastLineFraction: 1, first: 0 }, 'at most half the width');
  assert.deepEqual(wrap({ ...paragraph, measure: 570 }, 300), { lines: 2, lastLineFraction: 1, first: 0 }, '270 + 300');
  const float = { width: 50, height: 20, trailing: 10, bottom: 0, top: 0 };
  assert.deepEqual(wrap({ ...paragraph, measure: 700, slack: 20, lineHeight: 10, lineSpacing: 10, float }, 300), { lines: 3, lastLineFraction: 200 / 300, first: 0 }, '220 beside the float, 280, then 200 of 300');
  const read = readLayout(documentWith({ type: 'stack', children: [
    { type: 'text', lines: 2, lineHeight: 10, measure: 900, slack: 31.5 },
    { type: 'text', lines: 2, lineHeight: 10, measure: 900, slack: 'wide' },
  ] }));
  assert.deepEqual(read.root.children.map((node) => node.slack), [31.5, 0], 'read as given; not a number: none');
});

test('wrap: with words, each line holds the words that fit (the server\'s Wrapping.lines(words:))', () => {
  // Worked by hand as Tests/LayoutsTests/WordsLayoutTests.swift: 50, 60 and 70, 5 apart.
  const words = { widths: [[50], [60], [70]], space: 5 };
  const paragraph = { lines: 9, lastLineFraction: 0.9, measure: 190, maxLines: 100, slack: 0, words, float: null };
  assert.deepEqual(wrap(paragraph, 120), { lines: 2, lastLineFraction: 70 / 120, first: 0 }, '50 + 5 + 60, then 70');
  assert.deepEqual(wrap(paragraph, 114.9), { lines: 3, lastLineFraction: 70 / 114.9, first: 0 }, 'the 60 goes down too');
  assert.deepEqual(wrap(paragraph, 40), { lines: 3, lastLineFraction: 1, first: 0 }, 'a word alone always fits');
  assert.deepEqual(wrap({ ...paragraph, maxLines: 2 }, 114.9), { lines: 2, lastLineFraction: 1, first: 0 }, 'clamped');
  const hyphenated = { ...paragraph, words: { widths: [[30], [40, 50]], space: 5 } };
  assert.deepEqual(wrap(hyphenated, 80), { lines: 2, lastLineFraction: 50 / 80, first: 0 }, 'a word breaks after its piece (30 + 5 + 40), no space inside it');
  assert.deepEqual(wrap(hyphenated, 130), { lines: 1, lastLineFraction: 125 / 130, first: 0 }, '30 + 5 + 40 + 50');
  const float = { width: 50, height: 20, trailing: 10, bottom: 0, top: 0 };
  const beside = { ...paragraph, words: { widths: [[50], [60], [70], [40]], space: 5 }, lineHeight: 10, lineSpacing: 10, float };
  assert.deepEqual(wrap(beside, 180), { lines: 2, lastLineFraction: 115 / 180, first: 0 }, '120 beside the float, then 70 and 40');
  const read = readLayout(documentWith({ type: 'stack', children: [
    { type: 'text', lines: 2, lineHeight: 10, measure: 900, words: { widths: [[40], ['x'], [-3], [5, 'y'], 7], space: 4 } },
    { type: 'text', lines: 2, lineHeight: 10, measure: 900, words: { widths: [], space: 4 } },
    { type: 'text', lines: 2, lineHeight: 10, measure: 900, words: [40] },
  ] }));
  assert.deepEqual(read.root.children.map((node) => node.words), [{ widths: [[40], [0], [0], [5, 0], 7], space: 4 }, null, null], 'a piece not a number or below 0 is 0 (a bare size one piece); no widths or not an object: none');
});

test('findNode: an element\'s node in the read tree (a copy of a repeat by its suffixed id), with whether an ancestor shimmers', () => {
  const layout = readLayout(documentWith({
    type: 'stack', shimmer: true, children: [
      { type: 'block', id: 'header', width: 10, height: 10 },
      { type: 'scroll', child: { type: 'stack', children: [{ type: 'repeat', count: 3, child: { type: 'block', id: 'card', width: 20, height: 20 } }] } },
    ],
  }));
  assert.equal(findNode(layout.root, 'header').node.width, 10);
  assert.equal(findNode(layout.root, 'header').shimmers, true);
  assert.equal(findNode(layout.root, 'card[2]').node.id, 'card[2]');
  assert.equal(findNode(layout.root, 'card'), null);
  assert.equal(findNode(readLayout(documentWith({ type: 'block', id: 'alone', width: 1, height: 1 })).root, 'alone').shimmers, false);
});

test('readLayout: animation.timeoutMs read as served, clamped, and Infinity (no timeout) when absent', () => {
  const read = (animation) => readLayout({ screen: 's', root: { type: 'spacer' }, animation }).timeoutMs;
  assert.equal(read({ timeoutMs: 10000 }), 10000);
  assert.equal(read({ timeoutMs: 0 }), 1);
  assert.equal(read({ timeoutMs: 1e12 }), 8.64e7);
  assert.equal(read({ timeoutMs: 'soon' }), Infinity);
  assert.equal(read({}), Infinity);
  assert.equal(read(undefined), Infinity);
});

test('readLayout: aspectRatio on a block and a stack is a ratio above 0 (at most 100), anything else none', () => {
  const ratios = [1.7778, 2, 250, 0, -1, '16/9', null].map((aspectRatio) => readLayout(documentWith({ type: 'block', height: 90, aspectRatio })).root.aspectRatio);
  assert.deepEqual(ratios, [1.7778, 2, 100, null, null, null, null]);
  assert.equal(readLayout(documentWith({ type: 'stack', aspectRatio: 3, children: [] })).root.aspectRatio, 3);
  assert.equal(readLayout(documentWith({ type: 'block', height: 90 })).root.aspectRatio, null);
});

test('wrap: read on a stack as true only (a block has none)', () => {
  const read = [true, false, 'yes', 1, undefined].map((wrap) => readLayout(documentWith({ type: 'stack', axis: 'horizontal', wrap, children: [] })).root.wrap);
  assert.deepEqual(read, [true, false, false, false, false]);
  assert.equal(readLayout(documentWith({ type: 'block', height: 9, wrap: true })).root.wrap, undefined, 'a block has no wrap');
});

test('overlay: one offset per axis read (top or bottom, leading or trailing), placed as absolute logical insets', () => {
  const read = (overlay) => readLayout(documentWith({ type: 'block', height: 9, overlay })).root.overlay;
  assert.deepEqual(read({ bottom: -4, trailing: 6 }), { top: null, bottom: -4, leading: null, trailing: 6, center: null, offsetFraction: 0 });
  assert.deepEqual(read({ top: 1, bottom: 2, leading: 3, trailing: 4 }), { top: 1, bottom: null, leading: 3, trailing: null, center: null, offsetFraction: 0 }, 'both: the first edge');
  assert.deepEqual(read({ top: 'x' }), { top: 0, bottom: null, leading: 0, trailing: null, center: null, offsetFraction: 0 }, 'neither: 0 from top and leading');
  assert.equal(read(undefined), null);
  assert.equal(read(true), null);
  const styled = (node) => overlaid({ style: { alignSelf: 'stretch' } }, node).style;
  assert.deepEqual(styled({ greedy: false, overlay: { top: 10, bottom: null, leading: null, trailing: -3 } }),
    { alignSelf: 'auto', position: 'absolute', top: '10px', insetInlineEnd: '-3px' });
  assert.deepEqual(styled({ greedy: true, overlay: { top: null, bottom: 8, leading: 16, trailing: null } }),
    { alignSelf: 'auto', position: 'absolute', bottom: '8px', insetInlineStart: '16px', width: 'calc(100% - 16px)' });
});

test('overlay center: read as a number within the length limit, else none; placed from 50% and moved back half the width, mirrored in rtl', () => {
  const read = (center) => readLayout(documentWith({ type: 'block', height: 9, overlay: { top: -13, leading: 91.5, center } })).root.overlay;
  assert.deepEqual([0, -24.5, 30, 20000, '50%', null, undefined].map((center) => read(center).center), [0, -24.5, 30, 10000, null, null, null]);
  assert.equal(read(12).leading, 91.5, 'the leading offset is still read');
  const styled = (node, direction) => overlaid({ style: { alignSelf: 'stretch' } }, node, direction).style;
  const badge = { greedy: false, overlay: { top: -13, bottom: null, leading: 91.5, trailing: null, center: 12 } };
  assert.deepEqual(styled(badge, 'ltr'), { alignSelf: 'auto', position: 'absolute', top: '-13px', left: 'calc(50% + 12px)', transform: 'translateX(-50%)' });
  assert.deepEqual(styled(badge, 'rtl'), { alignSelf: 'auto', position: 'absolute', top: '-13px', left: 'calc(50% + -12px)', transform: 'translateX(-50%)' });
  const bar = { greedy: true, overlay: { top: null, bottom: 0, leading: 60, trailing: null, center: 0 } };
  assert.equal(styled(bar, 'ltr').width, 'calc(100% - 60px)', 'a greedy one as wide as from its leading offset');
});

test('overlay offsetFraction: read from -1 to 1, else 0; a percentage added to the horizontal inset and to a greedy one\'s offset, nothing with center', () => {
  const read = (offsetFraction) => readLayout(documentWith({ type: 'block', height: 9, overlay: { top: 0, leading: -6, offsetFraction } })).root.overlay;
  assert.deepEqual([0.35, -0.5, 1, 2, -3, '35%', null, undefined].map((fraction) => read(fraction).offsetFraction), [0.35, -0.5, 1, 1, -1, 0, 0, 0]);
  assert.equal(read(0.35).leading, -6, 'the points are still read');
  const styled = (node) => overlaid({ style: { alignSelf: 'stretch' } }, node, 'rtl').style;
  const knob = { greedy: false, overlay: { top: -3, bottom: null, leading: -6, trailing: null, center: null, offsetFraction: 0.35 } };
  assert.deepEqual(styled(knob), { alignSelf: 'auto', position: 'absolute', top: '-3px', insetInlineStart: 'calc(35% + -6px)' }, 'logical, so mirrored by the browser');
  const marker = { greedy: false, overlay: { top: null, bottom: 0, leading: null, trailing: 0, center: null, offsetFraction: 0.2 } };
  assert.deepEqual(styled(marker), { alignSelf: 'auto', position: 'absolute', bottom: '0px', insetInlineEnd: 'calc(20% + 0px)' });
  const bar = { greedy: true, overlay: { top: 0, bottom: null, leading: 10, trailing: null, center: null, offsetFraction: 0.25 } };
  assert.deepEqual(styled(bar), { alignSelf: 'auto', position: 'absolute', top: '0px', insetInlineStart: 'calc(25% + 10px)', width: 'calc(100% - (25% + 10px))' });
  const centred = { greedy: true, overlay: { top: 0, bottom: null, leading: 60, trailing: null, center: 0, offsetFraction: 0.25 } };
  assert.deepEqual(styled(centred), { alignSelf: 'auto', position: 'absolute', top: '0px', left: 'calc(50% + 0px)', transform: 'translateX(-50%)', width: 'calc(100% - 60px)' }, 'center places it');
});

test('stretch on a block: read as true only; a stretched block has its height as a minimum, its framed shape fills its frame in a row', () => {
  const read = (stretch) => readLayout(documentWith({ type: 'block', height: 9, stretch })).root.stretch;
  assert.deepEqual([true, false, 'yes', 1, undefined].map(read), [true, false, false, false, false]);
  const shape = (node, framed, inRow) => {
    const style = { height: '40px', removeProperty(name) { delete this[name]; } };
    stretchable({ style }, node, framed, inRow);
    return Object.fromEntries(Object.entries(style).filter(([, value]) => typeof value === 'string'));
  };
  assert.deepEqual(shape({ height: 40, aspectRatio: null }, false, true), { minHeight: '40px' });
  assert.deepEqual(shape({ height: 40, aspectRatio: null }, true, true), { minHeight: '40px', alignSelf: 'stretch' });
  assert.deepEqual(shape({ height: 40, aspectRatio: null }, true, false), { minHeight: '40px' }, 'outside a row its frame centres it');
  assert.deepEqual(shape({ height: 30, aspectRatio: 1 }, false, true), { height: '40px' }, 'an aspect ratio gives its own height (followRatio takes the height off)');
});

test('minColumnWidth: read on a stack as a size above 0, autoFit only with it, and such a row greedy', () => {
  const read = (raw) => readLayout(documentWith({ type: 'stack', axis: 'horizontal', children: [], ...raw })).root;
  assert.deepEqual([180, 0, -5, '180', undefined].map((minColumnWidth) => read({ minColumnWidth }).minColumnWidth), [180, null, null, null, null]);
  assert.deepEqual([true, 'yes', undefined].map((autoFit) => read({ minColumnWidth: 90, autoFit }).autoFit), [true, false, false]);
  assert.equal(read({ autoFit: true }).autoFit, false, 'autoFit without minColumnWidth is nothing');
  assert.equal(read({ minColumnWidth: 90 }).greedy, true, 'a row on columns takes the width it is offered');
  assert.equal(read({}).greedy, false);
  assert.equal(readLayout(documentWith({ type: 'block', height: 9, minColumnWidth: 90 })).root.minColumnWidth, undefined, 'a block has none');
});

test('rowSpacing: read on a stack as a number down to minus the length limit (the view draws below 0 as 0), anything else none', () => {
  const read = (raw) => readLayout(documentWith({ type: 'stack', axis: 'horizontal', wrap: true, spacing: 8, children: [], ...raw })).root;
  assert.deepEqual([24, 0, -6, -20000, 20000, '24', null, undefined].map((rowSpacing) => read({ rowSpacing }).rowSpacing), [24, 0, -6, -10000, 10000, null, null, null]);
  assert.equal(read({ rowSpacing: 24 }).spacing, 8, 'spacing stays the gap between children on a line');
  assert.equal(read({ minColumnWidth: 90, rowSpacing: 4 }).rowSpacing, 4);
  assert.equal(readLayout(documentWith({ type: 'block', height: 9, rowSpacing: 24 })).root.rowSpacing, undefined, 'a block has none');
});

test('lineAlignment: read on a stack as leading, center or trailing, anything else leading; a wrapping row\'s justify-content, nothing on another stack', () => {
  const read = (raw) => readLayout(documentWith({ type: 'stack', axis: 'horizontal', wrap: true, spacing: 8, children: [], ...raw })).root;
  assert.deepEqual(['leading', 'center', 'trailing', 'top', 'middle', 1, null, undefined].map((lineAlignment) => read({ lineAlignment }).lineAlignment), ['leading', 'center', 'trailing', 'leading', 'leading', 'leading', 'leading', 'leading']);
  assert.equal(readLayout(documentWith({ type: 'block', height: 9, lineAlignment: 'center' })).root.lineAlignment, undefined, 'a block has none');
  assert.deepEqual(wrappedRow(read({ lineAlignment: 'center' })), { flexWrap: 'wrap', alignContent: 'flex-start', justifyContent: 'center' });
  assert.deepEqual(wrappedRow(read({ lineAlignment: 'trailing' })).justifyContent, 'flex-end');
  assert.deepEqual(wrappedRow(read({})).justifyContent, 'flex-start', 'absent: leading');
  assert.deepEqual(wrappedRow(read({ wrap: false, lineAlignment: 'center' })), {}, 'a row that does not wrap');
  assert.deepEqual(wrappedRow(read({ axis: 'vertical', lineAlignment: 'center' })), {}, 'a column');
});

test('maxFillWidth: read on a stack, scroll, block or text as a size above 0 up to the length limit, else none; placed as max-width, a column\'s child at the column\'s alignment', () => {
  const read = (raw) => readLayout(documentWith({ type: 'block', height: 9, ...raw })).root;
  assert.deepEqual([640, 0.5, 0, -40, 20000, '640px', null, undefined].map((maxFillWidth) => read({ maxFillWidth }).maxFillWidth), [640, 0.5, null, null, 10000, null, null, null]);
  for (const type of ['stack', 'scroll', 'text']) assert.equal(readLayout(documentWith({ type, lines: 1, lineHeight: 9, children: [], maxFillWidth: 300 })).root.maxFillWidth, 300, type);
  const row = readLayout(documentWith({ type: 'stack', axis: 'horizontal', children: [{ type: 'spacer', maxFillWidth: 300 }, { type: 'divider', maxFillWidth: 300 }] })).root;
  assert.deepEqual(row.children.map((child) => child.maxFillWidth), [undefined, undefined], 'a spacer and a divider have none');
  const styled = (node, axis, alignment) => {
    const element = { style: {} };
    place(element, node, axis, true, alignment);
    return element.style;
  };
  const limited = { type: 'stack', greedy: true, width: null, grow: 1, maxFillWidth: 640 };
  assert.deepEqual(styled(limited, 'vertical', 'center'), { flex: '0 0 auto', maxWidth: '640px', alignSelf: 'center', width: '100%' }, 'CSS\'s stretch would put it at the start');
  assert.deepEqual(styled(limited, 'vertical', 'trailing'), { flex: '0 0 auto', maxWidth: '640px', alignSelf: 'flex-end', width: '100%' });
  assert.deepEqual(styled(limited, 'horizontal', 'top'), { flex: '1 1 0px', maxWidth: '640px', minWidth: '0' }, 'a row\'s flex items freeze at their max-width');
  assert.deepEqual(styled({ ...limited, greedy: false }, 'vertical', 'center'), { flex: '0 0 auto' }, 'not greedy: no limit');
});

test('maxFillFraction: read on a stack, scroll, block or text as a fraction above 0 up to 1, else none; placed as max-width N% (min() with maxFillWidth), a column\'s child at the column\'s alignment', () => {
  const read = (raw) => readLayout(documentWith({ type: 'block', height: 9, ...raw })).root;
  assert.deepEqual([0.7, 1, 0.005, 0, -0.5, 1.5, '70%', null, undefined].map((maxFillFraction) => read({ maxFillFraction }).maxFillFraction), [0.7, 1, 0.005, null, null, 1, null, null, null]);
  for (const type of ['stack', 'scroll', 'text']) assert.equal(readLayout(documentWith({ type, lines: 1, lineHeight: 9, children: [], maxFillFraction: 0.7 })).root.maxFillFraction, 0.7, type);
  const row = readLayout(documentWith({ type: 'stack', axis: 'horizontal', children: [{ type: 'spacer', maxFillFraction: 0.5 }, { type: 'divider', maxFillFraction: 0.5 }] })).root;
  assert.deepEqual(row.children.map((child) => child.maxFillFraction), [undefined, undefined], 'a spacer and a divider have none');
  const styled = (node, axis, alignment) => {
    const element = { style: {} };
    place(element, node, axis, true, alignment);
    return element.style;
  };
  const bubble = { type: 'block', greedy: true, width: 'fill', grow: 1, maxFillWidth: null, maxFillFraction: 0.7 };
  assert.deepEqual(styled(bubble, 'vertical', 'leading'), { flex: '0 0 auto', maxWidth: '70%', alignSelf: 'flex-start', width: '100%' });
  assert.deepEqual(styled(bubble, 'vertical', 'trailing'), { flex: '0 0 auto', maxWidth: '70%', alignSelf: 'flex-end', width: '100%' }, 'CSS\'s stretch would put it at the start');
  assert.deepEqual(styled(bubble, 'horizontal', 'top'), { flex: '1 1 0px', maxWidth: '70%', minWidth: '0' }, 'a row\'s flex items freeze at their max-width');
  assert.deepEqual(styled({ ...bubble, maxFillWidth: 200 }, 'vertical', 'center'), { flex: '0 0 auto', maxWidth: 'min(200px, 70%)', alignSelf: 'center', width: '100%' }, 'the smaller of both');
  assert.deepEqual(styled({ ...bubble, maxFillFraction: 1 / 3 }, 'root').maxWidth, '33.333%');
  assert.deepEqual(styled({ ...bubble, greedy: false }, 'vertical', 'center'), { flex: '0 0 auto' }, 'not greedy: no limit');
});

test('stretch: read on a stack as true only (on a block too, since 3.11), and placed as align-self stretch in a row alone', () => {
  const read = [true, false, 'yes', 1, undefined].map((stretch) => readLayout(documentWith({ type: 'stack', axis: 'horizontal', children: [{ type: 'stack', stretch, children: [] }] })).root.children[0].stretch);
  assert.deepEqual(read, [true, false, false, false, false]);
  assert.equal(readLayout(documentWith({ type: 'text', lines: 1, lineHeight: 9, stretch: true })).root.stretch, undefined, 'a paragraph has no stretch');
  const styled = (node, axis) => {
    const element = { style: {} };
    place(element, node, axis);
    return element.style;
  };
  assert.deepEqual(styled({ type: 'stack', stretch: true, greedy: false, width: null, grow: 1 }, 'horizontal'), { flex: '0 0 auto', alignSelf: 'stretch' });
  assert.deepEqual(styled({ type: 'stack', stretch: true, greedy: false, width: null, grow: 1 }, 'vertical'), { flex: '0 0 auto' });
  assert.deepEqual(styled({ type: 'stack', stretch: true, greedy: false, width: 120, grow: 1 }, 'horizontal'), { flex: '0 0 auto', alignSelf: 'stretch', width: '120px' });
});

test('spacing: read down to minus the length limit (children overlapping), a number only', () => {
  const read = [-10, -20000, 12, 'x', undefined].map((spacing) => readLayout(documentWith({ type: 'stack', spacing, children: [] })).root.spacing);
  assert.deepEqual(read, [-10, -10000, 12, 0, 0]);
});
