// A view's theming, error boxes, descriptions, in-place wrappers and events (the second part of SkeletonView: view.js).

import { div } from './dom.js';
import { readError } from './session.js';
import { format, subjectOf } from './strings.js';
import { own, px, rgba, text } from './values.js';
import { ViewBuilding } from './view-building.js';

/** A view's colours, error state, accessible descriptions and wrappers drawn in place; SkeletonView (view.js) is the whole view. */
export class ViewParts extends ViewBuilding {

  /**
   * A served colour as CSS: the palette's `base` and `highlight` (and the error state's two
   * colours, `error` and `error-background`) are the page's custom property when it sets one,
   * `--skeleton-NAME-THEME` then `--skeleton-NAME`, else the served colour (docs/web.md, "Styling").
   */
  themed(color, name = null) {
    const css = typeof color === 'string' ? color : rgba(color);
    const same = (served) => served && served.r === color.r && served.g === color.g && served.b === color.b && served.a === color.a;
    const property = name ?? ['base', 'highlight'].find((key) => same(this.layout.palette.get(key)));
    return property ? `var(--skeleton-${property}-${this.layout.theme}, var(--skeleton-${property}, ${css}))` : css;
  }

  buildError(slot) {
    const box = this.replacement(slot, 'error');
    box.setAttribute('part', 'error');
    Object.assign(box.style, {
      display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '8px', padding: '12px',
      borderRadius: px(slot.node.cornerRadius || 12), border: `1px solid ${this.themed('rgba(255, 59, 48, 0.6)', 'error')}`,
      backgroundColor: this.themed('rgba(255, 59, 48, 0.08)', 'error-background'),
      font: '13px/1.3 system-ui, -apple-system, sans-serif', textAlign: 'center',
      // Never clipped by its own size: at least as wide as its longest word and its button.
      minWidth: 'min-content',
    });
    const title = div('error-title');
    title.setAttribute('part', 'error-title');
    title.style.fontWeight = '600';
    title.textContent = format(this.strings.errorTitle, { label: subjectOf(slot.info.label) });
    const message = div('error-message');
    message.setAttribute('part', 'error-message');
    message.textContent = text(own(slot.error, 'message')) ?? this.strings.errorMessage;
    box.append(title, message);
    if (own(slot.error, 'retryable') !== false) {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.dataset.sk = 'retry';
      retry.setAttribute('part', 'retry');
      retry.textContent = this.strings.retry;
      retry.style.font = 'inherit';
      retry.addEventListener('click', () => this.retry(slot.id, { focus: true }));
      box.append(retry);
    }
    return box;
  }

  describe(slot) {
    if (slot.wrapper) return this.describeInPlace(slot);
    const element = slot.element;
    element.dataset.state = slot.state;
    // Until its reveal the app's content is hidden (no slot shows it), inert and unannounced;
    // it stays in the page, so that the app can fill it in while the skeleton shows.
    for (const child of this.slotted(slot.id)) {
      child.inert = slot.state !== 'ready';
      if (slot.state === 'ready') child.removeAttribute('aria-hidden');
      else child.setAttribute('aria-hidden', 'true');
    }
    element.setAttribute('role', 'group');
    if (slot.state === 'loading') {
      element.setAttribute('aria-busy', 'true');
      element.setAttribute('aria-label', slot.info.label);
    } else {
      element.setAttribute('aria-busy', 'false');
      element.removeAttribute('aria-label');
    }
  }

  /**
   * Until its reveal the wrapper's own content stays in the layout (its box keeps its size) but
   * hidden and inert, under the skeleton; the wrapper is a busy group named by the element.
   */
  describeInPlace(slot) {
    const { content, overlay, internals, cover } = slot.wrapper;
    const loading = slot.state !== 'ready';
    // The skeleton is not announced; an error state (its Retry button) is, and is never clipped
    // to a wrapper smaller than it (it then overlaps what follows, above it).
    overlay.toggleAttribute('aria-hidden', slot.state === 'loading');
    overlay.style.overflow = slot.state === 'failed' ? 'visible' : '';
    content.inert = loading;
    content.style.visibility = loading ? 'hidden' : '';
    if (loading) cover(true);
    internals.role = 'group';
    internals.ariaBusy = String(slot.state === 'loading');
    internals.ariaLabel = slot.state === 'loading' ? slot.info.label : null;
  }

  /** In place: draws element `parts.name`'s skeleton over its wrapper's content until its reveal; false when the layout has no such element. */
  attach(parts) {
    const slot = this.slots.get(parts.name);
    if (slot && slot.wrapper === parts) return true;
    if (!slot || (slot.wrapper && slot.wrapper !== parts)) {
      const known = [...this.slots.keys()].join(', ');
      console.warn(slot
        ? `<skeleton-element name="${parts.name}">: another wrapper shows ${parts.name} already; this one shows its content`
        : `<skeleton-element name="${parts.name}">: the layout of ${this.layout.screen} has no element ${parts.name}; its elements are ${known}`);
      return false;
    }
    slot.wrapper = parts;
    slot.element = parts.overlay;
    parts.overlay.style.direction = this.layout.direction;
    if (this.shown) slot.shownAt = performance.now();
    if (parts.declared) this.adopt(slot, parts.declared);
    this.arm(slot);
    slot.group = slot.shimmers ? this.group(parts.overlay) : null;
    slot.view = this.buildView(slot);
    parts.overlay.replaceChildren(...(slot.view ? [slot.view] : []));
    this.describe(slot);
    if (!slot.view) parts.cover(false);
    this.refresh();
    if (parts.frozenAt !== null && this.frozenAt === null) this.freezeAlone(slot, parts);
    return true;
  }

  /** A wrapper joining with a declared state: its element takes it at once, with no transition (nothing of it was drawn yet). */
  adopt(slot, declared) {
    slot.declared = true;
    clearTimeout(slot.timer);
    slot.timer = null;
    const error = declared.state === 'failed' ? readError(declared.error, this.strings) : null;
    if (slot.state === declared.state && slot.error?.message === error?.message) return;
    slot.state = declared.state;
    slot.error = error;
    this.completed = false;
    this.emit('skeleton-state', { id: slot.id, state: slot.state, atMs: Math.round(performance.now() - this.startedAt), error: error ?? undefined });
    this.settled();
  }

  /**
   * In place: what a wrapper's `loading` and `error` declare, applied to its element: `loading`
   * shows its skeleton again (from any state, a pending reveal cancelled), `ready` reveals it with
   * the served transition (also once failed), `failed` shows its error state.
   */
  declare(parts) {
    const slot = this.slots.get(parts.name);
    if (this.destroyed || !slot || slot.wrapper !== parts) return;
    if (parts.frozenAt !== null) return this.freezeAlone(slot, parts);
    if (!parts.declared) return;
    slot.declared = true;
    const { state } = parts.declared;
    if (state === 'ready') return this.reveal(slot.id);
    clearTimeout(slot.timer);
    slot.timer = null;
    if (state === 'loading') {
      if (slot.state === 'loading') return;
      slot.shownAt = performance.now();
      this.completed = false;
      this.change(slot, 'loading', null, false);
      return this.arm(slot);
    }
    const error = readError(parts.declared.error, this.strings);
    if (slot.state === 'loading') return this.settle(slot.id, 'failed', error);
    if (slot.state === 'failed' && slot.error?.message === error.message) return;
    this.completed = false;
    this.change(slot, 'failed', error, false);
  }

  /** In place: the wrapper left the page; its element keeps its state for a wrapper of the same name. */
  detach(parts) {
    const slot = this.slots.get(parts.name);
    if (!slot || slot.wrapper !== parts) return;
    parts.release();
    slot.wrapper = null;
    slot.element = null;
    slot.view = null;
    this.refresh();
  }

  announce(message) {
    const line = div('announcement');
    line.textContent = message;
    this.live.append(line);
    while (this.live.childElementCount > 20) this.live.firstElementChild.remove();
  }

  emit(type, detail) {
    this.container.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }

}
