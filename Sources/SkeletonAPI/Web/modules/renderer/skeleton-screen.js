// The `<skeleton-screen>` custom element.

import { loadLayout, renderSkeleton } from './api.js';
import { div } from './dom.js';
import { LAYOUT_TIMEOUT_MS, pageTheme, serviceBase } from './page.js';
import { loadSchedule } from './session.js';
import { STRINGS, format, readStrings } from './strings.js';
import { ATTACH, CARRIED, DECLARE, DETACH, FROZEN, IN_PLACE, views } from './symbols.js';
import { number, own, text } from './values.js';
import { reportLearned } from '../../drift.js';

/**
 * `<skeleton-screen src="/layouts/home" theme="dark" motion="reduced" direction="rtl"
 *   session="TOKEN" speed="10" | scenario="typical" seed="3" speed="10" | mode="manual"
 *   transport="auto|sse|poll" timeout-ms="10000">`.
 * A layout not arrived within `timeout-ms` (10,000 ms without it) is given up: its fetch aborted,
 * the page's content shown, `skeleton-layout-timeout` sent. Without `theme` it follows what the page shows (`pageTheme`); without `motion`, the browser's
 * `prefers-reduced-motion`: live, drawn again (each element in its state, the same session
 * followed) when either changes. It draws into an open shadow root. Its children with `slot="ID"` are
 * the app's real content for element ID: hidden and inert while the element loads, shown through
 * the served transition at its reveal. In `mode="manual"` (or with no session attribute) the app
 * reveals elements itself: `reveal(id)`, `fail(id, error)`, callable before the layout has loaded.
 * With `<skeleton-element>`s inside it, it draws no screen: it is `display: contents`, its
 * children are the page, laid out by the page's CSS, and each wrapper shows its element's
 * skeleton over its own content until the element's reveal (one session and one shimmer phase
 * for all of them). Wrappers added or removed later are picked up. Once an element's reveal has
 * ended, its wrapper (else, for slotted content, the screen) sends `skeleton-drift` (drift.js);
 * with `report-drift`, each is also sent to the service's `POST /drift` (drift.js's
 * `reportLearned`: with the captured subtree when the service learns).
 */
export class SkeletonScreenElement extends HTMLElement {
  static observedAttributes = ['src', 'theme', 'motion', 'direction', 'variant', 'session', 'scenario', 'seed', 'speed', 'transport', 'mode', 'timeout-ms', 'at'];

  #container;
  #view = null;
  /** Reveals and failures asked for before the layout was drawn, in order. */
  #pending = [];
  #generation = 0;
  #queued = false;
  #sheet = null;
  /** The `<skeleton-element>`s whose controller this is. */
  #wrappers = new Set();
  #inPlace = false;
  /** The theme and motion the page asked for when the screen was drawn, and what tells of a change. */
  #drawnFor = null;
  #watchers = null;
  /** The session and element states to keep when the screen is drawn again for the page's preferences. */
  #carry = null;
  /** Aborts the layout's fetch under way. */
  #abort = null;
  #strings = STRINGS;
  /** Where `report-drift` sends each measurement: `POST /drift` of the service of `src`. */
  #driftURL = null;

  constructor() {
    super();
    this.addEventListener('skeleton-drift', (event) => {
      if (this.hasAttribute('report-drift') && this.#driftURL) reportLearned(this.#driftURL, event.detail);
    });
    const root = this.attachShadow({ mode: 'open' });
    try {
      this.#sheet = new CSSStyleSheet();
      root.adoptedStyleSheets = [this.#sheet];
    } catch {
      // Without constructable style sheets the host keeps the page's styling.
    }
    this.#container = document.createElement('div');
    root.append(this.#container);
    this.#drawWhole();
  }

  /** Drawing a screen, the host is a clipped block and its container fills it. */
  #drawWhole() {
    this.#inPlace = false;
    this.#sheet?.replaceSync(':host { display: block; position: relative; overflow: hidden; }');
    Object.assign(this.#container.style, { display: '', width: '100%', height: '100%', position: 'relative' });
  }

  /**
   * In place, host and container are `display: contents`: they make no box, so that the page's
   * own boxes are laid out by the page's CSS exactly as without them (grid and flex items of the
   * page's containers, margins collapsing, percentages of the page's boxes), and nothing of
   * theirs is painted. Until a view is drawn the container shows the page (a default slot), so
   * that it shows before the layout has arrived; a screen drawn whole before is taken down.
   */
  #drawInPlace() {
    if (!this.#inPlace) {
      this.#view?.destroy();
      this.#view = null;
      this.#inPlace = true;
      this.#sheet?.replaceSync(':host { display: contents; }');
      Object.assign(this.#container.style, { display: 'contents', width: '', height: '', position: '' });
    }
    if (!this.#view) this.#container.replaceChildren(document.createElement('slot'));
  }

  /** A wrapper whose closest `<skeleton-screen>` this is joined the page: drawn in place (the screen drawn again in place if it was drawn whole). */
  [ATTACH](parts) {
    this.#wrappers.add(parts);
    if (this.#inPlace && this.#view) {
      if (!views.get(this.#view).attach(parts)) parts.release();
    } else if (this.isConnected && this.getAttribute('src')) {
      // Hidden (not yet covered) until the layout arrives, then drawn in place.
      parts.content.inert = true;
      parts.content.style.visibility = 'hidden';
      this.#queue();
    }
  }

  [DETACH](parts) {
    this.#wrappers.delete(parts);
    if (this.#view) views.get(this.#view).detach(parts);
  }

  /** A wrapper's `loading` or `error` changed: applied now if it is drawn (else when it is attached). */
  [DECLARE](parts) {
    if (this.#inPlace && this.#view) views.get(this.#view).declare(parts);
  }

  connectedCallback() {
    this.#watch();
    this.#queue();
  }

  disconnectedCallback() {
    this.#generation += 1;
    this.#abort?.abort();
    this.#view?.destroy();
    this.#view = null;
    for (const stop of this.#watchers ?? []) stop();
    this.#watchers = null;
  }

  attributeChangedCallback() {
    this.#carry = null;
    if (this.isConnected) this.#queue();
  }

  /** What the page prefers where no attribute says: `{theme, motion}` (see the class's comment). */
  #preferences() {
    return {
      theme: this.getAttribute('theme') ?? pageTheme(this),
      motion: this.getAttribute('motion') ?? (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced' : 'full'),
    };
  }

  /** Follows the browser's preferences and what the page shows (its root's and body's attributes, its head's style sheets). */
  #watch() {
    if (this.#watchers || typeof matchMedia !== 'function') return;
    const changed = () => {
      const now = this.#preferences();
      if (!this.#drawnFor || (now.theme === this.#drawnFor.theme && now.motion === this.#drawnFor.motion)) return;
      const view = this.#view && views.get(this.#view);
      if (view && !this.#carry) {
        const states = new Map([...view.slots.values()].map((slot) => [slot.id, { state: slot.state, error: slot.error, retried: slot.retried }]));
        this.#carry = { session: view.token, states };
      }
      this.#drawnFor = now;
      this.#queue();
    };
    const queries = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)'].map((query) => matchMedia(query));
    for (const query of queries) query.addEventListener('change', changed);
    const observer = typeof MutationObserver === 'function' ? new MutationObserver(changed) : null;
    observer?.observe(document.documentElement, { attributes: true });
    if (document.body) observer?.observe(document.body, { attributes: true });
    if (document.head) observer?.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true });
    this.#watchers = [() => observer?.disconnect(), ...queries.map((query) => () => query.removeEventListener('change', changed))];
  }

  /** The current controller (see `renderSkeleton`), or null before the layout has loaded. */
  get controller() {
    return this.#view;
  }

  /** The texts it shows and announces (`STRINGS`); set an object of some of them to replace those. */
  get strings() {
    return this.#strings;
  }

  set strings(value) {
    this.#strings = readStrings(value);
    if (this.#view) views.get(this.#view).strings = this.#strings;
  }

  /** Retries failed element `id` (every failed element without `id`): see `skeleton-retry` in docs/web.md. */
  retry(id) {
    this.#view?.retry(id);
  }

  /** Shows element `id`'s content (its slotted children, if any) as a session's reveal would. */
  reveal(id) {
    if (this.#view) this.#view.reveal(id);
    else this.#pending.push((view) => view.reveal(id));
  }

  /** Shows element `id`'s error state: `error` is `{code, message, retryable}`. */
  fail(id, error) {
    if (this.#view) this.#view.fail(id, error);
    else this.#pending.push((view) => view.fail(id, error));
  }

  #queue() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (this.isConnected) this.#load();
    });
  }

  async #load() {
    const generation = ++this.#generation;
    const source = this.getAttribute('src');
    // Decided before the layout arrives (wrappers not yet defined counted by their tag), so that the page never moves.
    const inPlace = this.#wrappers.size > 0 || this.querySelector('skeleton-element') !== null;
    if (inPlace) this.#drawInPlace();
    else if (this.#inPlace) this.#drawWhole();
    if (!source) return;
    let address;
    try {
      address = new URL(source, document.baseURI);
    } catch {
      return this.#showProblem('the src attribute is not a URL');
    }
    const preferences = this.#preferences();
    this.#drawnFor = preferences;
    for (const [name, value] of [['theme', preferences.theme], ['motion', preferences.motion], ['direction', this.getAttribute('direction')], ['variant', this.getAttribute('variant')]]) {
      if (value !== null) address.searchParams.set(name, value);
    }
    // A layout that has not arrived within `timeout-ms` (real time) is given up: its fetch aborted.
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    const timeoutMs = number(Number(this.getAttribute('timeout-ms') ?? LAYOUT_TIMEOUT_MS), 1, 8.64e7, LAYOUT_TIMEOUT_MS);
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let loaded;
    try {
      loaded = await loadLayout(address, { signal: abort.signal });
    } catch (error) {
      if (generation !== this.#generation) return;
      if (abort.signal.aborted) {
        this.#showProblem(format(this.#strings.layoutTimeout, { ms: Math.round(timeoutMs) }));
        this.dispatchEvent(new CustomEvent('skeleton-layout-timeout', { bubbles: true, composed: true, detail: { src: source, timeoutMs } }));
      } else this.#showProblem(error.message);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (generation !== this.#generation) return;
    const frozen = this.getAttribute('at');
    let schedule = null;
    if (frozen !== null) {
      if (!/^\d{1,8}$/.test(frozen) || Number(frozen) > 8.64e7) return this.#showProblem(`the at attribute is a whole number of ms from 0 to 86400000; got "${frozen.slice(0, 40)}"`);
      try {
        schedule = await loadSchedule(serviceBase(address), { screen: text(own(loaded.document, 'screen'), 100), scenario: this.getAttribute('scenario'), seed: this.getAttribute('seed'), variant: this.getAttribute('variant') }, this.#strings);
      } catch (error) {
        if (generation === this.#generation) this.#showProblem(error.message);
        return;
      }
      if (generation !== this.#generation) return;
    }
    this.#view?.destroy();
    const manual = this.getAttribute('mode') === 'manual';
    const attribute = (name) => (manual ? undefined : this.getAttribute(name) ?? undefined);
    const carry = this.#carry;
    this.#carry = null;
    this.#driftURL = `${serviceBase(address)}/drift`;
    this.#view = renderSkeleton(loaded.document, this.#container, {
      base: serviceBase(address),
      session: carry?.session ?? attribute('session'),
      scenario: attribute('scenario'),
      seed: attribute('seed'),
      speed: attribute('speed'),
      variant: attribute('variant'),
      transport: this.getAttribute('transport') ?? undefined,
      host: this.#inPlace ? null : this,
      timeoutMs: this.getAttribute('timeout-ms') ?? undefined,
      strings: this.#strings,
      [IN_PLACE]: this.#inPlace,
      [CARRIED]: carry?.states,
      [FROZEN]: schedule ? Number(frozen) : undefined,
    });
    if (this.#inPlace) for (const parts of this.#wrappers) if (!views.get(this.#view).attach(parts)) parts.release();
    if (schedule) views.get(this.#view).freeze(schedule);
    for (const apply of this.#pending.splice(0)) apply(this.#view);
    this.dispatchEvent(new CustomEvent('skeleton-render', { bubbles: true, composed: true, detail: { screen: loaded.document.screen, etag: loaded.etag } }));
  }

  #showProblem(message) {
    this.#view?.destroy();
    this.#view = null;
    const problem = div('problem');
    problem.setAttribute('role', 'alert');
    problem.style.padding = '16px';
    problem.style.font = '14px/1.4 system-ui, sans-serif';
    problem.textContent = format(this.#strings.problem, { message });
    // In place the page stays as it is, its wrappers showing their content.
    if (this.#inPlace) {
      for (const parts of this.#wrappers) parts.release();
      console.warn(problem.textContent);
      this.#container.replaceChildren(document.createElement('slot'));
    } else this.#container.replaceChildren(problem);
  }
}
