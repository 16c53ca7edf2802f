// skeleton-server web renderer (GET /renderer.js): one ES module, no dependencies.
//
//   <script type="module" src="https://skeletons.example/renderer.js"></script>
//   <skeleton-screen src="https://skeletons.example/layouts/home" theme="dark" scenario="typical"></skeleton-screen>
//
//   import { renderSkeleton } from 'https://skeletons.example/renderer.js';
//   const view = renderSkeleton(layoutDocument, container, { session: token, base: 'https://skeletons.example' });
//
// It draws a layout document (docs/spec.md §3) as nested flex boxes at the served sizes, animates the
// served shimmer with the Web Animations API (one animation per shimmer group, its phase taken
// from the wall clock so that every element and every tab is in step), follows a loading session
// (Server-Sent Events, else polling) and plays the served transition from each element's skeleton
// to its content. Every value from a document or a URL is set as text, as an attribute value, or
// as a number or colour validated here: nothing is ever parsed as markup.
//
// Its source is the ES modules under modules/renderer/ (one purpose each, docs/web.md "The module
// tree"); the server serves this file bundled with them into one module (EmbedFilesTool).

import { SkeletonScreenElement } from './modules/renderer/skeleton-screen.js';
import { SkeletonElementElement } from './modules/renderer/skeleton-element.js';

export { readLayout } from './modules/renderer/layout.js';
export { renderSkeleton, loadLayout } from './modules/renderer/api.js';
export { SkeletonScreenElement } from './modules/renderer/skeleton-screen.js';
export { SkeletonElementElement } from './modules/renderer/skeleton-element.js';
export { captureScreen, pickAndCapture, CaptureError, CAPTURE_LIMITS } from './capture.js';
export { measureDrift, driftScore } from './drift.js';

if (typeof customElements !== 'undefined' && !customElements.get('skeleton-screen')) {
  customElements.define('skeleton-screen', SkeletonScreenElement);
  customElements.define('skeleton-element', SkeletonElementElement);
}
