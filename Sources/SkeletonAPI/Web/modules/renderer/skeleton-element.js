// The `<skeleton-element>` custom element: the page's own content for one element, drawn in place.

import { div } from './dom.js';
import { STRINGS } from './strings.js';
import { ATTACH, DECLARE, DETACH } from './symbols.js';

/**
 * `<skeleton-element name="ELEMENT-ID">`: the page's own content for one element of the layout of
 * its closest `<skeleton-screen>`, which controls it. Defined, it is a block, or a grid of one
 * column as a flex or grid item so that its content stretches with it (the page's CSS may say otherwise); without JavaScript, an unknown element showing its content. While its element
 * loads, the content keeps its place and size in the layout but is hidden and inert, and the
 * element's node is drawn over it, at the wrapper's width, clipped to its padding box; at the
 * reveal the served transition plays to the content, and then nothing of the renderer is left in
 * the wrapper's box. A name the layout has no element for shows the content (and warns).
 * Declarative: once `loading` or `error` has been set (attribute or property), the element's
 * state is what they say, whatever its controller's session does: `error` failed, else `loading`
 * loading, else ready (`loading="false"` is false, as React 18 writes `loading={false}`).
 */
export class SkeletonElementElement extends HTMLElement {
  static observedAttributes = ['name', 'loading', 'error', 'at'];

  #parts;
  #controller = null;
  /** Whether `loading` or `error` was ever set: the element is then declarative. */
  #declarative = false;
  /** The `error` property's value, `{code, message, retryable}`, or null (the attribute then says). */
  #error = null;

  constructor() {
    super();
    const internals = this.attachInternals();
    const root = this.attachShadow({ mode: 'open' });
    try {
      const sheet = new CSSStyleSheet();
      // Positioned only while covered, so that the page's own positioned boxes are placed as ever once revealed.
      sheet.replaceSync(`:host { display: block; }
:host(:state(covered)) { position: relative; }
:host(:state(item)) { display: grid; grid-template-columns: minmax(0, 1fr); }
[data-sk="overlay"] { display: none; }
:host(:state(covered)) [data-sk="overlay"] { display: grid; grid-template-columns: minmax(0, 1fr); align-items: start; position: absolute; inset: 0; overflow: hidden; }`);
      root.adoptedStyleSheets = [sheet];
    } catch {
      // Without constructable style sheets the wrapper shows its content only.
    }
    const content = document.createElement('slot');
    const overlay = div('overlay');
    overlay.setAttribute('aria-hidden', 'true');
    root.append(content, overlay);
    const cover = (on) => {
      try {
        if (on) internals.states.add('covered');
        else internals.states.delete('covered');
      } catch {
        // Without custom states the overlay stays undrawn.
      }
    };
    this.#parts = {
      element: this, content, overlay, internals, cover, name: '',
      /** What `loading` and `error` declare, `{state, error}`, or null while neither was ever set. */
      declared: null,
      /** The instant its `at` freezes it at, or null. */
      frozenAt: null,
      /** Shows the content as it is, with nothing drawn over it. */
      release: () => {
        content.inert = false;
        content.style.visibility = '';
        overlay.replaceChildren();
        cover(false);
        internals.role = null;
        internals.ariaBusy = null;
        internals.ariaLabel = null;
      },
    };
    // A property a framework set before the element was defined is an own property hiding the class's: set through it.
    for (const name of ['loading', 'error']) {
      if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
      const value = this[name];
      delete this[name];
      this[name] = value;
    }
  }

  connectedCallback() {
    this.#parts.name = this.getAttribute('name') ?? '';
    this.#passStretchOn();
    this.#controller = this.parentElement?.closest('skeleton-screen') ?? null;
    this.#controller?.[ATTACH]?.(this.#parts);
  }

  disconnectedCallback() {
    this.#controller?.[DETACH]?.(this.#parts);
    this.#controller = null;
  }

  attributeChangedCallback(name) {
    if (name === 'at') return this.#freeze();
    if (name !== 'name') return this.#declare();
    if (!this.#controller) return;
    this.disconnectedCallback();
    this.connectedCallback();
  }

  /** Whether the element loads: the `loading` attribute present and not `"false"`; setting it sets or removes the attribute. */
  get loading() {
    return this.hasAttribute('loading') && this.getAttribute('loading') !== 'false';
  }

  set loading(value) {
    this.#declarative = true;
    this.toggleAttribute('loading', Boolean(value));
    this.#declare();
  }

  /**
   * Why the element failed, `{code, message, retryable}`, or null: the property's value, else the
   * `error` attribute's text as the message. A string is a message; null, undefined, false or ''
   * removes both ('' is how Preact writes null to a property).
   */
  get error() {
    if (this.#error) return this.#error;
    const message = this.getAttribute('error');
    return message === null || message === 'false' ? null : { code: 'error', message: message || STRINGS.errorMessage, retryable: true };
  }

  set error(value) {
    this.#declarative = true;
    this.#error = value === null || value === undefined || value === false || value === '' ? null : typeof value === 'object' ? value : { code: 'error', message: String(value), retryable: true };
    if (!this.#error) this.removeAttribute('error');
    this.#declare();
  }

  /** Tells the controller what `loading` and `error` declare (kept in the parts for a controller not yet drawn). */
  #declare() {
    if (this.hasAttribute('loading') || this.hasAttribute('error')) this.#declarative = true;
    if (!this.#declarative) return;
    const error = this.error;
    this.#parts.declared = { state: error ? 'failed' : this.loading ? 'loading' : 'ready', error };
    this.#controller?.[DECLARE]?.(this.#parts);
  }

  /** `at`: this element alone frozen at that instant of its controller's load (a whole number of ms from 0 to 86,400,000; another value is warned about and ignored). */
  #freeze() {
    const at = this.getAttribute('at');
    const valid = at !== null && /^\d{1,8}$/.test(at) && Number(at) <= 8.64e7;
    if (at !== null && !valid) console.warn(`<skeleton-element name="${this.getAttribute('name')}">: the at attribute is a whole number of ms from 0 to 86400000; got "${at.slice(0, 40)}"`);
    if (!valid) return;
    this.#parts.frozenAt = Number(at);
    this.#controller?.[DECLARE]?.(this.#parts);
  }

  /**
   * As a flex or grid item (its parent's box, through `display: contents`, lays out flex or grid)
   * the wrapper is a grid of one column, so that its content fills the box the row stretches it
   * to, as the content alone would be stretched (state `item`); elsewhere a block. A parent not
   * laid out yet (a controller's children before its shadow root slots them have no style) is
   * looked at again at the next frame, before it is painted.
   */
  #passStretchOn(again = true) {
    let parent = this.parentElement;
    while (parent && getComputedStyle(parent).display === 'contents') parent = parent.parentElement;
    const display = parent ? getComputedStyle(parent).display : 'block';
    if (display === '' && again) requestAnimationFrame(() => this.isConnected && this.#passStretchOn(false));
    try {
      if (/flex|grid/.test(display)) this.#parts.internals.states.add('item');
      else this.#parts.internals.states.delete('item');
    } catch {
      // Without custom states the wrapper stays a block.
    }
  }

  /** Reveals this element, as its controller's `reveal(name)`. */
  reveal() {
    this.#controller?.reveal(this.getAttribute('name'));
  }

  /** Shows this element's error state, as its controller's `fail(name, error)`. */
  fail(error) {
    this.#controller?.fail(this.getAttribute('name'), error);
  }

  /** Retries this element if it failed, as its controller's `retry(name)`. */
  retry() {
    this.#controller?.retry(this.getAttribute('name'));
  }
}
