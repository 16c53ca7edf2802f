// The public functions: captureScreen (a page's DOM as a screen file) and pickAndCapture (the bookmarklet's).

import { CAPTURE_LIMITS, CaptureError, SCREEN_ID, round, size } from './limits.js';
import { captureWidth, heightFloor, otherWidths } from './nodes.js';
import { backdropOf, screenColor } from './paint.js';
import { Capture } from './stacks.js';
import { cellRoom, tableColumns } from './table-columns.js';

/**
 * The screen file of the page under `root`. Options: `id` (default `captured`), `title`,
 * `source`, `preset` (`finance`, `chat` or `movies`: the shimmer and transition), `schema` (the
 * `$schema` URL; default `/schema/screen.json` of the server this module came from), `stage` (the stage of
 * elements marked without one; default `content`).
 */
export function captureScreen(root, options = {}) {
  if (!(root instanceof Element)) throw new CaptureError('root is not an element');
  const id = options.id ?? 'captured';
  if (!SCREEN_ID.test(id)) throw new CaptureError(`id '${String(id).slice(0, 80)}' is not a screen id (${SCREEN_ID.source})`);
  const box = root.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) throw new CaptureError(`the root has no size (${round(box.width)} x ${round(box.height)}): capture an element that is laid out`);
  const columns = tableColumns(root);
  const capture = new Capture(getComputedStyle(root).direction === 'rtl', options.stage ?? 'content', { ...otherWidths(root, box), columns, room: cellRoom(columns) }, root);
  const screen = screenColor(root, box);
  const inFlow = capture.container(root, box, 0, screen ?? backdropOf(root), true);
  const tree = inFlow && capture.attachOverlays(root, inFlow);
  if (!tree) throw new CaptureError('nothing under the root draws: no media, text or painted box');
  if (screen) tree.background = 'screen';
  // (At least as tall as its min-height: a page of `min-height: 100vh`.)
  if (heightFloor(getComputedStyle(root)) !== null) tree.minHeight = size(heightFloor(getComputedStyle(root)));
  tree.shimmer = true;
  delete tree.maxWidth;
  if (capture.elements.length === 0) {
    tree.id = 'content';
    capture.elements.push({ id: 'content', stage: capture.defaultStage, accessibilityLabel: 'Loading content' });
    capture.stages.add(capture.defaultStage);
  }
  const stages = [...capture.stages];
  if (stages.length > CAPTURE_LIMITS.maxStages) throw new CaptureError(`more than ${CAPTURE_LIMITS.maxStages} stages (maxStages)`, 'stageCount');
  return {
    $schema: options.schema ?? new URL('/schema/screen.json', import.meta.url).href,
    id,
    title: String(options.title ?? 'Captured screen').slice(0, 4096),
    source: String(options.source ?? 'captured from a page with captureScreen').slice(0, 4096),
    assumptions: ['captured from a page by captureScreen: its geometry in CSS px taken as points; text lengths and colours are not the page\'s',
      ...(capture.wrapped ? [`rows that wrap (flex-wrap) are drawn as they wrapped at the captured width, ${captureWidth(box)} pt`] : [])],
    captureWidth: captureWidth(box),
    animation: { preset: ['finance', 'chat', 'movies'].includes(options.preset) ? options.preset : 'finance' },
    stages: stages.map((stage, index) => ({ id: stage, title: `${stage} ready`, readyMs: { min: 300 * (index + 1), max: 300 * (index + 1) + 600 } })),
    layouts: [{ variant: 'default', elements: capture.elements, root: tree }],
  };
}

/**
 * What the bookmarklet of `GET /capture` runs on the user's page: the element under the pointer
 * is outlined, a click captures it (`captureScreen(element, options)`) and downloads the file as
 * `ID.json`, Escape cancels. Resolves with the file, or null when cancelled. Nothing of the page
 * changes: the outline is one element of its own, removed (with the listeners) before the capture.
 */
export function pickAndCapture(options = {}) {
  return new Promise((resolve, reject) => {
    const outline = document.createElement('div');
    outline.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;display:none;box-sizing:border-box;border:2px solid #007aff;background:rgba(0,122,255,0.12)';
    document.documentElement.append(outline);
    const over = (event) => {
      const r = event.target.getBoundingClientRect();
      Object.assign(outline.style, { display: 'block', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    };
    const stop = (event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const click = (event) => {
      stop(event);
      finish();
      try {
        const file = captureScreen(event.target, options);
        download(file);
        resolve(file);
      } catch (error) {
        reject(error);
      }
    };
    const key = (event) => {
      if (event.key !== 'Escape') return;
      stop(event);
      finish();
      resolve(null);
    };
    const listeners = { mouseover: over, click, keydown: key, mousedown: stop, pointerdown: stop };
    const finish = () => {
      for (const [type, listener] of Object.entries(listeners)) document.removeEventListener(type, listener, true);
      outline.remove();
    };
    for (const [type, listener] of Object.entries(listeners)) document.addEventListener(type, listener, true);
  });
}

/** Saves `file` as `ID.json` through a link to a blob URL that is never added to the page. */
function download(file) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  link.download = `${file.id}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}
