// skeleton-server capture (GET /capture.js, re-exported by /renderer.js): turns the live DOM of a
// page into a screen file (the format `skeleton-server validate` and `--layouts` take) whose
// skeleton reproduces the page's geometry, in CSS px taken as points.
//
//   import { captureScreen } from 'https://skeletons.example/renderer.js';
//   const file = captureScreen(document.querySelector('main'), { id: 'orders', title: 'Orders' });
//
// Media, form controls, buttons, elements with a background image, painted leaves and painting
// ::before/::after become blocks; text becomes `text` nodes with the browser's line count; boxes
// laid out in rows and columns (flex, grid, block flow) become stacks with the measured spacing
// and padding; runs of equal siblings become repeats; painted boxes keep a background and radius.
// The page's intent is kept by measuring the root at a second width (80% of its own, the root's
// inline style restored exactly after): a size that follows the root's width is fluid
// (`width: fill`, with `grow` for shares such as `fr` tracks), one that does not is fixed
// (`width: points`; so is a flex item only squeezed narrower, no wider at 150%);
// `space-between`/`-around`/`-evenly` and auto margins become spacers; text
// records `measure` (its width on one line), `maxLines` (its clamp) and `slack` (what a wrapped
// line leaves at its end): paragraphs are measured at a wider width too (150%), and they wrap into
// the browser's line count at the captured width always and at the 80% and 150% ones where a
// measure and a slack do all three, else as few lines wrong there as they can (wrappingFor), and
// its `words` (their widths and the space between) where breaking them greedily gives the
// browser's lines at all three; small painted leaves (badges, pills, progress bars) become
// blocks of their shape; `captureWidth` is the root's width.
// `data-skeleton-element="ID"` (and `data-skeleton-stage`) marks the screen's loading elements, as
// does a `<skeleton-element name="ID">` wrapping a page in place (boxes of `display: contents`,
// such as its `<skeleton-screen>`, are looked through to their children),
// `data-skeleton-ignore` skips a subtree, `data-skeleton-block` draws a subtree as one block.
// The file holds geometry only: no text, URL or attribute value of the page but the marked ids
// and stages. Limits are the server's (ScreenFileLimits): past them, an Error naming the limit.
//
// Its source is the ES modules under modules/capture/ (one purpose each, docs/web.md "The module
// tree"); the server serves this file bundled with them into one module (EmbedFilesTool).

export { CAPTURE_LIMITS, CaptureError } from './modules/capture/limits.js';
export { captureScreen, pickAndCapture } from './modules/capture/capture-screen.js';
export { Capture } from './modules/capture/stacks.js';
export { colorOf } from './modules/capture/paint.js';
