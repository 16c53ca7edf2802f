// The public functions: renderSkeleton and loadLayout.

import { readLayout } from './layout.js';
import { CARRIED, FROZEN, IN_PLACE, views } from './symbols.js';
import { number, oneOf, own, text } from './values.js';
import { SkeletonView } from './view.js';

/**
 * Renders `layoutDocument` (a parsed layout document) into `container`, replacing its children.
 * Options: `base` (the service's URL, for loading sessions; default this page's origin),
 * `session` (a token to follow; with `speed`, the speed it was started at, which times its
 * reveals), or `scenario`/`seed`/`speed` (start a session for the screen),
 * `variant` (the screen's variant, passed to the session it starts), `transport` (`auto`, `sse`
 * or `poll`), `motion` (`reduced` stills the shimmer), `host` (an
 * element whose children with `slot="ID"` are the app's content for element ID, shown through
 * `<slot>`s: `container` then lies in the host's shadow root), `timeoutMs` (instead of the
 * layout's `animation.timeoutMs`: an element still loading that long after its skeleton showed,
 * in the session's time, fails with code `timeout`), `strings` (texts instead of `STRINGS`).
 * With none of session, scenario, seed and speed, no session is followed: the app calls
 * `reveal` and `fail` itself.
 * Returns a controller: `reveal(id)`, `fail(id, error)`, `retry(id)`, `destroy()`, `root`,
 * `layout`, `session`. The container receives `skeleton-session`, `skeleton-state`,
 * `skeleton-retry` and `skeleton-complete` events (docs/web.md).
 */
export function renderSkeleton(layoutDocument, container, options = {}) {
  const layout = readLayout(layoutDocument);
  const settings = {
    base: text(options.base, 2000) ?? (typeof location !== 'undefined' ? location.origin : ''),
    session: text(options.session, 2000),
    scenario: text(options.scenario, 40),
    seed: options.seed === undefined ? undefined : text(String(options.seed), 20),
    speed: options.speed === undefined ? undefined : text(String(options.speed), 20),
    variant: text(options.variant, 100),
    transport: oneOf(options.transport, ['auto', 'sse', 'poll'], 'auto'),
    motion: oneOf(options.motion, ['full', 'reduced'], undefined),
    host: options.host instanceof Element ? options.host : null,
    timeoutMs: options.timeoutMs == null ? undefined : number(Number(options.timeoutMs), 1, 8.64e7, undefined),
    strings: options.strings,
    inPlace: options[IN_PLACE] === true,
    carried: options[CARRIED] instanceof Map ? options[CARRIED] : null,
    frozenAt: typeof options[FROZEN] === 'number' ? options[FROZEN] : null,
  };
  settings.base = settings.base.replace(/\/+$/, '');
  settings.follows = settings.frozenAt === null && Boolean(settings.session || settings.scenario !== undefined || settings.seed !== undefined || settings.speed !== undefined);
  const view = new SkeletonView(layout, container, settings);
  if (settings.follows) {
    view.follow({ session: settings.session, scenario: settings.scenario, seed: settings.seed, speed: settings.speed, variant: settings.variant });
  }
  const controller = {
    root: view.root,
    layout,
    reveal: (id) => view.reveal(String(id)),
    fail: (id, error) => view.fail(String(id), error),
    retry: (id) => view.retry(id),
    destroy: () => view.destroy(),
    get session() {
      return view.token;
    },
  };
  views.set(controller, view);
  return controller;
}

const layoutCache = new Map();

/**
 * Fetches a layout document, revalidating with its ETag (the service exposes ETag to other
 * origins): a second fetch of the same URL costs a 304. Resolves to {document, etag, revalidated};
 * `signal` (an `AbortSignal`) aborts it.
 */
export async function loadLayout(url, { signal } = {}) {
  const address = new URL(url, typeof document !== 'undefined' ? document.baseURI : undefined);
  if (address.protocol !== 'http:' && address.protocol !== 'https:') throw new TypeError('a layout URL is http or https');
  const key = address.href;
  const cached = layoutCache.get(key);
  const response = await fetch(address, { cache: 'no-store', headers: cached ? { 'If-None-Match': cached.etag } : {}, signal });
  if (response.status === 304 && cached) return { document: cached.document, etag: cached.etag, revalidated: true };
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(text(own(body, 'detail')) ?? `GET ${address.pathname} answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  const etag = response.headers.get('ETag');
  if (etag) layoutCache.set(key, { document: body, etag });
  return { document: body, etag, revalidated: false };
}
