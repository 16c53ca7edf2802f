// Uses every member of Sources/SkeletonAPI/Web/renderer.d.ts, as a page would, imported by the
// module's URL: scripts/js-check compiles it with `tsc -p Tests/Renderer` (tsconfig.json: `--strict`,
// the default library, the URL mapped to the declarations by `paths`), so that a declaration that
// no longer fits its use fails.
import {
  CAPTURE_LIMITS, CaptureError, captureScreen, driftScore, loadLayout, measureDrift, pickAndCapture, readLayout, renderSkeleton,
  SkeletonElementElement, SkeletonScreenElement,
} from 'http://localhost:8080/renderer.js';
import type {
  CaptureOptions, DriftRect, DriftShape, LoadedLayout, RenderOptions, SkeletonController, SkeletonElements, SkeletonError, SkeletonLayout,
  SkeletonDriftDetail, SkeletonLayoutElement, SkeletonState, SkeletonStrings, SkeletonElementAttributes, SkeletonScreenAttributes,
  SkeletonIntrinsicElements,
} from 'http://localhost:8080/renderer.js';

export async function example(container: HTMLElement): Promise<void> {
  const loaded: LoadedLayout = await loadLayout(new URL('http://localhost:8080/layouts/home'), { signal: new AbortController().signal });
  const again: boolean = (await loadLayout('http://localhost:8080/layouts/home')).revalidated;
  const options: RenderOptions = {
    base: 'http://localhost:8080', session: undefined, scenario: 'typical', seed: 3, speed: '10', variant: 'fullscreen',
    transport: 'auto', motion: 'reduced', host: container, timeoutMs: 5000, strings: { retry: 'Réessayer' },
  };
  const view: SkeletonController = renderSkeleton(loaded.document, container, options);
  const layout: SkeletonLayout = view.layout;
  const elements: SkeletonElements = layout.elements;
  const first: SkeletonLayoutElement | undefined = elements.get('accountsCarousel');
  elements.forEach((element, id) => console.log(id, element.label, elements.has(id), elements.size));
  const facts: (string | number | boolean | unknown)[] = [
    layout.screen, layout.version, layout.title, layout.theme, layout.motion, layout.direction, layout.minimumDisplayMs, layout.showDelayMs,
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
  screen.addEventListener('skeleton-layout-timeout', (event) => console.log(event.detail.src, event.detail.timeoutMs));
  screen.addEventListener('skeleton-drift', (event) => {
    const drift: SkeletonDriftDetail = event.detail;
    const first: DriftShape | undefined = drift.shapes[0];
    console.log(drift.screen, drift.version, drift.element, drift.width, drift.score, drift.skeletonHeight, drift.contentHeight, first?.skeleton, first?.content, first?.iou);
  });
  for (const drift of measureDrift(document)) console.log(drift.element, drift.score < 0.9);
  const bar: DriftRect = { x: 0, y: 0, width: 100, height: 12 };
  const scored = driftScore([bar], [bar], 12, 12);
  console.log(scored.score, scored.shapes.length);
  const strings: SkeletonStrings = screen.strings;
  screen.strings = { loaded: '{label} chargé' };
  console.log(strings.loaded, strings.failed, strings.errorTitle, strings.errorMessage, strings.retry, strings.timeout,
    strings.unreachable, strings.problem, strings.layoutTimeout);
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
  const failed: SkeletonError | null = wrapper.error;
  wrapper.loading = true;
  wrapper.error = 'No connection';
  wrapper.error = { code: 'offline', retryable: false };
  wrapper.error = null;
  console.log(wrapper.loading, failed?.code);
  const asReact: JSX.IntrinsicElements['skeleton-element'] = { name: 'categories', loading: false, error: null, children: [] };
  const asFramework: SkeletonIntrinsicElements['skeleton-screen'] = { src: '/layouts/home', 'timeout-ms': 5000, mode: 'manual', at: 1207 };
  const attributes: SkeletonElementAttributes = asReact;
  const screenAttributes: SkeletonScreenAttributes = asFramework;
  console.log(attributes.name, screenAttributes.src);
  console.log(SkeletonElementElement.observedAttributes);

  const capture: CaptureOptions = { id: 'mine', title: 'Mine', source: 'a page', preset: 'movies', stage: 'content', schema: '/schema/screen.json' };
  try {
    console.log(captureScreen(container, capture), CAPTURE_LIMITS.maxExpandedNodes, CAPTURE_LIMITS.maxNodeDepth, CAPTURE_LIMITS.maxChildren,
      CAPTURE_LIMITS.maxRepeat, CAPTURE_LIMITS.maxElements, CAPTURE_LIMITS.maxStages, CAPTURE_LIMITS.maxLines, CAPTURE_LIMITS.maxSize);
  } catch (problem) {
    if (problem instanceof CaptureError) console.log(problem.limit, problem.message);
  }
  const picked: Record<string, unknown> | null = await pickAndCapture(capture);
  console.log(picked?.id);
}
