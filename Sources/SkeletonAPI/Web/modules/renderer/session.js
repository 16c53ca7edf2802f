// A loading session followed by Server-Sent Events or polling, and a load's served schedule.

import { list, number, oneOf, own, text } from './values.js';

/**
 * Follows one simulated load (docs/spec.md §5): started from `screen` (and scenario, seed, speed) or an
 * existing `session` token, by Server-Sent Events, falling back to polling with `pollAfterMs`.
 */
export class LoadingSession {
  constructor(view, parameters) {
    this.view = view;
    this.parameters = parameters;
    this.base = view.options.base;
    this.token = text(parameters.session, 2000) ?? null;
    // The session's speed (1 unless given): it turns the served virtual times into real ones.
    this.speed = number(Number(parameters.speed ?? 1), 0.1, 100, 1);
    this.source = null;
    this.timer = null;
    /** How long to wait before the next poll: the last `pollAfterMs` served. */
    this.pollAfterMs = 1000;
    this.stopped = false;
  }

  url(path, query) {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
    return url;
  }

  async start() {
    try {
      if (!this.token) {
        const { scenario, seed, speed, variant } = this.parameters;
        const state = await this.fetchState(this.url('/loading-state', { screen: this.view.layout.screen, scenario, seed, speed, variant }));
        if (this.stopped) return;
        this.token = text(own(state, 'session'), 2000) ?? null;
        this.view.emit('skeleton-session', { session: this.token });
        this.apply(state);
        if (!this.token || own(state, 'complete') === true) return;
      }
      const transport = this.view.options.transport;
      if (transport !== 'poll' && typeof EventSource === 'function') this.listen();
      else this.poll();
    } catch {
      this.failAll();
    }
  }

  async fetchState(url) {
    const response = await fetch(url, { cache: 'no-store' });
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(text(own(body, 'detail')) ?? `the loading service answered ${response.status}`);
    return body;
  }

  listen() {
    const source = new EventSource(this.url(`/loading-state/${encodeURIComponent(this.token)}/events`, {}));
    this.source = source;
    let heard = false;
    const read = (handler) => (event) => {
      heard = true;
      let data = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      handler(data);
    };
    source.addEventListener('snapshot', read((state) => this.apply(state)));
    // An element event is sent when its change happens: its own time is "now" in the session.
    source.addEventListener('element', read((element) => this.applyElement(element, own(element, own(element, 'status') === 'failed' ? 'failedAtMs' : 'readyAtMs'))));
    source.addEventListener('complete', read(() => this.finish()));
    source.addEventListener('error', () => {
      // A stream that never opened, or that the server refused, falls back to polling; a
      // dropped one reconnects by itself with Last-Event-ID.
      if (this.stopped) return;
      if (!heard || source.readyState === EventSource.CLOSED) {
        source.close();
        this.source = null;
        this.poll();
      }
    });
  }

  async poll() {
    if (this.stopped) return;
    try {
      const state = await this.fetchState(this.url(`/loading-state/${encodeURIComponent(this.token)}`, {}));
      if (this.stopped) return;
      this.apply(state);
      const after = own(state, 'pollAfterMs');
      if (own(state, 'complete') === true || typeof after !== 'number') return this.finish();
      this.pollAfterMs = number(after, 10, 60000, 100);
    } catch {
      // As a stream reconnects: asked again, until the elements' deadlines (or the view) stop the session.
    }
    if (!this.stopped) this.timer = setTimeout(() => this.poll(), this.pollAfterMs);
  }

  apply(state) {
    for (const element of list(own(state, 'elements'))) this.applyElement(element, own(state, 'elapsedMs'));
    if (own(state, 'complete') === true) this.finish();
  }

  /** `nowMs`: the session's virtual time when this state was true; `revealAtMs` is waited for from it, at the session's speed. */
  applyElement(element, nowMs) {
    const id = text(own(element, 'id'));
    const status = own(element, 'status');
    const slot = this.view.slots.get(id);
    if (id === undefined || this.stopped || slot?.retried || slot?.declared) return;
    const revealAt = number(own(element, 'revealAtMs'), 0, 8.64e7, 0);
    const waitMs = Math.max(0, revealAt - number(nowMs, 0, 8.64e7, revealAt)) / this.speed;
    if (status === 'ready') this.view.settle(id, 'ready', null, waitMs);
    else if (status === 'failed') this.view.settle(id, 'failed', readError(own(element, 'error'), this.view.strings), waitMs);
  }

  /** The session could not be started: every element fails, `unreachable`. */
  failAll() {
    for (const slot of this.view.slots.values()) if (!slot.declared) this.view.settle(slot.id, 'failed', this.unreachable());
  }

  unreachable() {
    return { code: 'unreachable', message: this.view.strings.unreachable, retryable: true };
  }

  /** The session is complete: nothing more to hear (the view sends `skeleton-complete` once its elements have settled). */
  finish() {
    this.stop();
  }

  /**
   * Asks for a retried element's data again in this session, and settles it: data, ready; a
   * retryable failure with `retryAfterMs` (asked within 1000 virtual ms of the failure), asked
   * again that much later; any other answer, failed.
   */
  async reload(id) {
    const url = this.url(`/loading-state/${encodeURIComponent(this.token)}/data/${encodeURIComponent(id)}`, {});
    for (let attempt = 0; ; attempt++) {
      let body = null;
      try {
        const response = await fetch(url, { cache: 'no-store' });
        if (response.ok) return this.view.settle(id, 'ready');
        body = await response.json().catch(() => null);
      } catch {
        return this.view.settle(id, 'failed', this.unreachable());
      }
      const after = own(body, 'retryAfterMs');
      if (attempt < 3 && own(body, 'retryable') === true && typeof after === 'number') {
        await new Promise((resolve) => setTimeout(resolve, number(after, 0, 60000, 1000)));
        if (this.view.destroyed || this.view.slots.get(id)?.state !== 'loading') return;
      } else return this.view.settle(id, 'failed', readError(body, this.view.strings));
    }
  }

  stop() {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    clearTimeout(this.timer);
  }
}

/**
 * The served schedule of one load (`GET /loading-state/timeline` for `query`: screen, scenario,
 * seed, variant): each settled element's `{state, revealAtMs, error}` by id.
 */
export async function loadSchedule(base, query, strings) {
  const url = new URL(`${base}/loading-state/timeline`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  const response = await fetch(url, { cache: 'no-store' });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(text(own(body, 'detail')) ?? `GET ${url.pathname} answered ${response.status}`);
  const schedule = new Map();
  for (const element of list(own(body, 'elements'))) {
    const id = text(own(element, 'id'));
    const state = oneOf(own(element, 'status'), ['ready', 'failed'], null);
    if (id === undefined || state === null) continue;
    schedule.set(id, { state, revealAtMs: number(own(element, 'revealAtMs'), 0, 8.64e7, 0), error: state === 'failed' ? readError(own(element, 'error'), strings) : null });
  }
  return schedule;
}

export function readError(raw, strings) {
  return { code: text(own(raw, 'code'), 100) ?? 'error', message: text(own(raw, 'message')) ?? strings.errorMessage, retryable: own(raw, 'retryable') !== false };
}
