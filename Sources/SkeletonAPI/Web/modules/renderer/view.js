// The view: a layout drawn into a container, its elements' states, and the loading session it follows.

import { LoadingSession } from './session.js';
import { ViewStates } from './view-states.js';

/** A drawn layout: builds it (ViewBuilding), draws its states (ViewParts, ViewStates) and follows a session or the app. */
export class SkeletonView extends ViewStates {

  follow(parameters) {
    const session = new LoadingSession(this, parameters);
    this.sessions.add(session);
    session.start();
    return session;
  }

  /**
   * Retries failed element `id` (every failed element, each on its own, without `id`): a
   * cancelable `skeleton-retry` ({element, error}) is sent from its wrapper in place, else from the
   * container (it bubbles and is composed). The element shows its skeleton again; unless the event
   * was canceled, its data is asked for again in the session followed, which settles it; otherwise
   * (canceled, or no session) the app's `reveal`/`fail` does. No other element and no session
   * is touched. `focus`: the element's region takes the focus (its Retry button goes away).
   */
  retry(id, { focus = false } = {}) {
    const slots = id === undefined ? [...this.slots.values()] : [this.known(String(id))];
    for (const slot of slots) {
      if (!slot || slot.state !== 'failed') continue;
      const target = slot.wrapper?.element ?? this.container;
      const event = new CustomEvent('skeleton-retry', { bubbles: true, composed: true, cancelable: true, detail: { element: slot.id, error: slot.error } });
      const region = slot.wrapper?.element ?? slot.element;
      if (focus && region) focusRegion(region);
      slot.retried = true;
      slot.shownAt = performance.now();
      this.completed = false;
      this.change(slot, 'loading', null, false);
      this.arm(slot);
      const session = [...this.sessions].reverse().find((candidate) => candidate.token);
      if (target.dispatchEvent(event) && session && !slot.declared) session.reload(slot.id);
    }
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.showTimer);
    for (const session of this.sessions) session.stop();
    this.sessions.clear();
    for (const slot of this.slots.values()) {
      clearTimeout(slot.timer);
      clearTimeout(slot.deadline);
      slot.wrapper?.release();
    }
    for (const group of this.groups) group.dispose();
    this.groups = [];
    for (const animation of this.held) animation.cancel();
    this.resizes?.disconnect();
    this.wraps?.disconnect();
    this.hostChanges?.disconnect();
    this.motionQuery?.removeEventListener('change', this.onMotionChange);
    this.root.remove();
    this.live.remove();
  }
}

/**
 * Focuses an element's region (its Retry button is going away), focusable for that moment only: a
 * `tabindex` left on a `<skeleton-element>`, a shadow host, would drop its content from the Tab order.
 */
function focusRegion(region) {
  if (!region.hasAttribute('tabindex')) {
    region.tabIndex = -1;
    region.addEventListener('blur', () => region.removeAttribute('tabindex'), { once: true });
  }
  region.focus({ preventScroll: true });
}
