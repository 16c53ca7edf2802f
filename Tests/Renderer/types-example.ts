// Uses every member of Sources/SkeletonAPI/Web/renderer.d.ts, as a page would: scripts/js-check
// compiles it with `tsc --noEmit --strict`, so that a declaration that no longer fits its use fails.
import {
  CAPTURE_LIMITS, CaptureError, captureScreen, loadLayout, readLayout, renderSkeleton,
  SkeletonElementElement, SkeletonScreenElement,
} from '../../Sources/SkeletonAPI/Web/renderer.js';
import type {
  CaptureOptions, LoadedLayout, RenderOptions, SkeletonController, SkeletonError, SkeletonLayout,
  SkeletonLayoutElement, SkeletonState,
} from '../../Sources/SkeletonAPI/Web/renderer.js';

export async function example(container: HTMLElement): Promise<void> {
  const loaded: LoadedLayout = await loadLayout(new URL('http://localhost:8080/layouts/home'));
  const again: boolean = (await loadLayout('http://localhost:8080/layouts/home')).revalidated;
  const options: RenderOptions = {
    base: 'http://localhost:8080', session: undefined, scenario: 'typical', seed: 3, speed: '10', variant: 'fullscreen',
    transport: 'auto', motion: 'reduced', host: container, timeoutMs: 5000,
  };
  const view: SkeletonController = renderSkeleton(loaded.document, container, options);
  const layout: SkeletonLayout = view.layout;
  const first: SkeletonLayoutElement | undefined = layout.elements.get('accountsCarousel');
  const facts: (string | number | boolean | unknown)[] = [
    layout.screen, layout.title, layout.theme, layout.motion, layout.direction, layout.minimumDisplayMs, layout.showDelayMs,
    layout.timeoutMs, layout.maxConcurrentShimmers, first?.id, first?.label, first?.hasContent, first?.content, view.root, view.session,
    loaded.etag, again, readLayout(loaded.document).screen,
  ];
  console.log(facts);
  view.reveal('accountsCarousel');
  const error: SkeletonError = { code: 'offline', message: 'No connection', retryable: true };
  view.fail('categories', error);
  view.retry('categories');
  view.retry();
  view.destroy();

  const screen: SkeletonScreenElement = document.createElement('skeleton-screen');
  screen.setAttribute('src', 'http://localhost:8080/layouts/home');
  screen.addEventListener('skeleton-render', (event) => console.log(event.detail.screen, event.detail.etag));
  screen.addEventListener('skeleton-session', (event) => console.log(event.detail.session));
  screen.addEventListener('skeleton-state', (event) => {
    const state: SkeletonState = event.detail.state;
    console.log(event.detail.id, state, event.detail.atMs, event.detail.error?.code);
  });
  screen.addEventListener('skeleton-retry', (event) => {
    console.log(event.detail.element, event.detail.error?.message);
    event.preventDefault();
  });
  screen.addEventListener('skeleton-complete', (event) => console.log(event.detail.session));
  screen.reveal('accountsCarousel');
  screen.fail('categories', { code: 'offline' });
  screen.retry('categories');
  screen.retry();
  console.log(screen.controller?.session, SkeletonScreenElement.observedAttributes);

  const wrapper: SkeletonElementElement = document.createElement('skeleton-element');
  wrapper.setAttribute('name', 'categories');
  screen.append(wrapper);
  wrapper.addEventListener('skeleton-retry', (event) => console.log(event.detail.element));
  wrapper.reveal();
  wrapper.fail({ code: 'offline', message: 'No connection', retryable: false });
  wrapper.retry();
  console.log(SkeletonElementElement.observedAttributes);

  const capture: CaptureOptions = { id: 'mine', title: 'Mine', source: 'a page', preset: 'movies', stage: 'content', schema: '/schema/screen.json' };
  try {
    console.log(captureScreen(container, capture), CAPTURE_LIMITS.maxExpandedNodes, CAPTURE_LIMITS.maxNodeDepth, CAPTURE_LIMITS.maxChildren,
      CAPTURE_LIMITS.maxRepeat, CAPTURE_LIMITS.maxElements, CAPTURE_LIMITS.maxStages, CAPTURE_LIMITS.maxLines, CAPTURE_LIMITS.maxSize);
  } catch (problem) {
    if (problem instanceof CaptureError) console.log(problem.limit, problem.message);
  }
}
