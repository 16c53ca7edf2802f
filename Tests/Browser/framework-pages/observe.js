// What every framework page records for Tests/Browser/test_frameworks.py: the layout shifts
// (PerformanceObserver), the renderer's events, and each wrapper's face.
window.shifts = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) shifts.push(entry.value); })
  .observe({ type: 'layout-shift', buffered: true });
window.events = [];
for (const type of ['skeleton-state', 'skeleton-retry']) document.addEventListener(type, (event) => events.push({ type, ...event.detail }));
/** A wrapper's face: `loading`/`failed` (drawn over its content), `ready` (its content shown), or `gone`. */
window.face = (id) => {
  const wrapper = document.getElementById(id);
  if (!wrapper) return 'gone';
  const drawn = wrapper.shadowRoot?.querySelector('[data-sk="overlay"] > [data-face]:last-child');
  const content = wrapper.firstElementChild;
  if (drawn) return getComputedStyle(content).visibility === 'hidden' || drawn.dataset.face === 'failed' ? drawn.dataset.face : 'revealing';
  return getComputedStyle(content).visibility === 'visible' && !wrapper.matches(':state(covered)') ? 'ready' : 'hidden';
};
window.frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
window.until = (predicate, ms = 15000, what = 'condition') => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    const value = predicate();
    if (value) return resolve(value);
    if (performance.now() - started > ms) return reject(new Error(`timed out waiting for ${what}`));
    requestAnimationFrame(check);
  };
  check();
});
