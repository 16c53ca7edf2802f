// A view's loading states: settling, revealing with the served transition, freezing an instant (the third part of SkeletonView: view.js).

import { loadSchedule, readError } from './session.js';
import { format, subjectOf } from './strings.js';
import { ViewParts } from './view-parts.js';
import { recordSkeleton, revealEnded } from '../../drift.js';

/** Schedules each element's reveal or failure and plays its transition; SkeletonView (view.js) is the whole view. */
export class ViewStates extends ViewParts {

  /**
   * An element's data arrived (`ready`) or failed: shown `waitMs` from now (the session's
   * `revealAtMs`, in real time), and not before its skeleton has been up `minimumDisplayMs` of
   * real time, whatever the session's speed.
   */
  settle(id, state, error = null, waitMs = 0) {
    const slot = this.slots.get(id);
    if (this.destroyed || !slot || slot.state !== 'loading' || slot.timer !== null) return;
    const now = performance.now();
    const skeletonSeen = this.shown;
    const due = skeletonSeen ? Math.max(now + waitMs, slot.shownAt + this.layout.minimumDisplayMs) : now;
    slot.timer = setTimeout(() => {
      slot.timer = null;
      this.change(slot, state, error, skeletonSeen && this.shown);
    }, due - now);
  }

  change(slot, state, error, animated) {
    if (!slot.element && !this.options.inPlace) return;
    const old = slot.view;
    // The skeleton's shapes as drawn, read before the reveal changes anything: what the content's drift is measured against.
    const contents = slot.wrapper ? [slot.wrapper.element] : this.slotted(slot.id);
    if (state === 'ready' && slot.state === 'loading' && old && contents.length > 0 && !this.drifted.has(slot.id)) {
      recordSkeleton(slot.wrapper?.element ?? slot.element, old, { screen: this.layout.screen, version: this.layout.version, element: slot.id, contents });
    }
    slot.state = state;
    slot.error = error;
    if (state !== 'loading') this.arm(slot);
    if (!slot.element) {
      this.emit('skeleton-state', { id: slot.id, state, atMs: Math.round(performance.now() - this.startedAt), error: state === 'failed' ? error : undefined });
      return this.settled();
    }
    // In place, a revealed element's new face is the wrapper's own content.
    const next = this.buildView(slot);
    slot.view = next;
    if (next) slot.element.append(next);
    this.describe(slot);
    const entering = next ? [next] : [...slot.wrapper.element.children];
    const finished = () => {
      if (slot.wrapper && slot.state === 'ready') slot.wrapper.cover(false);
      if (slot.state === 'ready') this.drift(slot);
    };
    if (animated && old && old.isConnected) {
      this.fading += 1;
      this.crossFade(old, entering, () => {
        finished();
        this.fading -= 1;
        this.settled();
      });
    } else {
      old?.remove();
      finished();
    }
    this.refresh();
    const label = subjectOf(slot.info.label);
    if (state === 'ready') this.announce(format(this.strings.loaded, { label }));
    else if (state === 'failed') this.announce(format(this.strings.failed, { label }));
    this.emit('skeleton-state', { id: slot.id, state, atMs: Math.round(performance.now() - this.startedAt), error: state === 'failed' ? error : undefined });
    this.settled();
  }

  /**
   * Once per element per load, when its reveal has ended and its content was recorded:
   * `skeleton-drift` from its wrapper in place, else from the container (drift.js).
   */
  drift(slot) {
    if (this.drifted.has(slot.id) || !slot.element) return;
    const detail = revealEnded(slot.wrapper?.element ?? slot.element);
    if (!detail) return;
    this.drifted.add(slot.id);
    const event = new CustomEvent('skeleton-drift', { bubbles: true, composed: true, detail });
    if (slot.wrapper) slot.wrapper.element.dispatchEvent(event);
    else this.container.dispatchEvent(event);
  }

  /**
   * Once no element loads, the sessions are closed (no stream reconnects, no poll is made); once
   * no transition plays either, `skeleton-complete` is sent: once, and once more after a retry settles.
   */
  settled() {
    if (this.completed || this.destroyed) return;
    for (const slot of this.slots.values()) if (slot.state === 'loading') return;
    for (const session of this.sessions) session.stop();
    if (this.fading > 0) return;
    this.completed = true;
    this.emit('skeleton-complete', { session: this.token });
  }

  /** The token of the session followed (the last one started), or null. */
  get token() {
    let token = null;
    for (const session of this.sessions) token = session.token ?? token;
    return token;
  }

  /**
   * The served transition from `old` (then removed, and `finished` called once every part of it
   * has ended) to each of `entering`. The face leaving is inert while it fades: what it shows is
   * shown again in the face entering (an element inside it, failed, is one Retry button, not two).
   */
  crossFade(old, entering, finished) {
    const transition = this.layout.transition;
    const reduced = this.reducedMotion;
    const exitScale = reduced ? 1 : transition.exit.scale;
    const enterScale = reduced ? 1 : transition.enter.scale;
    old.inert = true;
    for (const group of this.groups) if (old.contains(group.element)) group.exiting = true;
    const timing = { duration: transition.durationMs, easing: transition.easing };
    const out = old.animate([{ opacity: 1, transform: 'scale(1)' }, { opacity: transition.exit.opacity, transform: `scale(${exitScale})` }], { ...timing, fill: 'forwards' });
    const ins = entering.map((next) => next.animate([{ opacity: transition.enter.opacity, transform: `scale(${enterScale})` }, { opacity: 1, transform: 'scale(1)' }], timing));
    if (this.frozenMoment !== null) {
      for (const animation of [out, ...ins]) {
        animation.pause();
        animation.currentTime = this.frozenMoment;
        this.held.push(animation);
      }
    }
    const done = () => {
      out.cancel();
      old.remove();
      finished();
      this.refresh();
      this.relayout();
    };
    // Done when every part has ended (or was cancelled): the way out and each way in, which end in the same frame
    // but settle their promises one after another.
    Promise.allSettled([out, ...ins].map((animation) => animation.finished)).then(done);
  }

  /** Starts, stops or stills each shimmer group: animated ones up to `maxConcurrentShimmers`, in document order. */
  refresh() {
    const shimmer = this.layout.shimmer;
    let budget = this.layout.maxConcurrentShimmers;
    this.groups = this.groups.filter((group) => {
      if (group.isLive) return true;
      this.resizes?.unobserve(group.element);
      group.dispose();
      return false;
    });
    for (const group of this.groups) {
      let mode;
      if (shimmer.kind === 'none') mode = 'plain';
      else if (shimmer.kind === 'static') mode = 'still';
      else if (this.reducedMotion || !this.canAnimate) mode = 'plain';
      else if (group.exiting) mode = group.mode ?? 'animated';
      else if (budget > 0) {
        budget -= 1;
        mode = 'animated';
      } else mode = 'plain';
      group.setMode(mode);
    }
  }

  relayout() {
    for (const group of this.groups) group.layout();
  }

  show() {
    this.shown = true;
    const now = performance.now();
    for (const slot of this.slots.values()) {
      if (slot.state === 'loading' && slot.view) {
        slot.view.style.visibility = '';
        slot.shownAt = now;
        this.arm(slot);
      }
    }
  }

  /**
   * Frozen: each element in its state at `frozenAt` by `schedule` (`loadSchedule`), its
   * transition paused at its moment when the instant falls in it; an element the schedule does
   * not settle by its deadline (`timeoutMs` after the skeleton showed) fails with `timeout` then, as it would live.
   */
  freeze(schedule) {
    for (const slot of this.slots.values()) this.freezeSlot(slot, schedule, this.frozenAt);
  }

  /** Element `slot` as it is at instant `at` by `schedule`: its state, and its reveal held at its moment (see `freeze`). */
  freezeSlot(slot, schedule, at) {
    const timeoutMs = this.options.timeoutMs ?? this.layout.timeoutMs;
    const error = { code: 'timeout', message: format(this.strings.timeout, { ms: Math.round(timeoutMs) }), retryable: true };
    const deadline = { state: 'failed', revealAtMs: this.layout.showDelayMs + timeoutMs, error };
    const served = schedule.get(slot.id);
    const planned = served && served.revealAtMs <= deadline.revealAtMs ? served : deadline;
    if (!(planned.revealAtMs <= at)) return;
    this.frozenMoment = at - planned.revealAtMs;
    this.change(slot, planned.state, planned.error, planned.revealAtMs >= this.layout.showDelayMs && this.frozenMoment < this.layout.transition.durationMs);
    this.frozenMoment = null;
  }

  /**
   * In place: a wrapper's `at` freezes its element alone at that instant of the load followed
   * (its controller's `scenario`, `seed` and `variant`), as a frozen screen draws it; the session
   * no longer drives it. Its shimmer is held at that instant's phase.
   */
  async freezeAlone(slot, parts) {
    const at = parts.frozenAt;
    this.schedule ??= loadSchedule(this.options.base, { screen: this.layout.screen, scenario: this.options.scenario, seed: this.options.seed, variant: this.options.variant }, this.strings);
    let schedule;
    try {
      schedule = await this.schedule;
    } catch (error) {
      return console.warn(`<skeleton-element name="${parts.name}" at="${at}">: ${error.message}`);
    }
    if (this.destroyed || slot.wrapper !== parts || parts.frozenAt !== at) return;
    slot.declared = true;
    slot.frozenAt = at;
    clearTimeout(slot.timer);
    slot.timer = null;
    clearTimeout(slot.deadline);
    slot.deadline = null;
    // The transitions held for a former instant let go: the page's content shown as it is, a skeleton going out removed.
    this.held = this.held.filter((animation) => {
      const target = animation.effect?.target;
      const going = target && parts.overlay.contains(target) && target !== slot.view;
      if (!target || (!going && !parts.element.contains(target))) return true;
      animation.cancel();
      if (going) target.remove();
      return false;
    });
    if (slot.state !== 'loading') this.change(slot, 'loading', null, false);
    this.freezeSlot(slot, schedule, at);
    // Its shimmer groups (the wrapper's own, and those in its skeleton) started again, held at the instant.
    for (const group of this.groups) {
      if (group !== slot.group && !parts.overlay.contains(group.element)) continue;
      group.frozenAt = at;
      group.stop();
      group.mode = null;
    }
    this.refresh();
  }

  /** The app's reveal: as a session's, and also of an element that failed or timed out (its data came late). */
  reveal(id) {
    const slot = this.known(id);
    if (slot?.state !== 'failed' || this.destroyed) return this.settle(id, 'ready');
    this.completed = false;
    this.change(slot, 'ready', null, this.shown);
  }

  /** The app's failure of element `id`: `error` is `{code, message, retryable}`. */
  fail(id, error) {
    if (this.known(id)) this.settle(id, 'failed', readError(error, this.strings));
  }

  /** Element `id`'s slot; an id the layout has no element for is warned about, once. */
  known(id) {
    const slot = this.slots.get(id);
    if (!slot && !this.unknown.has(id)) {
      this.unknown.add(id);
      console.warn(`skeleton: the layout of ${this.layout.screen} has no element ${id}; its elements are ${[...this.slots.keys()].join(', ')}`);
    }
    return slot;
  }

}
