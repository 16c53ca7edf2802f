import '/renderer.js';

// The preview of one screen: a phone per theme, the controls, and the loading timeline. Every
// value from the URL is checked against its allowed set before use and shown only as text.
const $ = (selector) => document.querySelector(selector);
const form = $('#controls');
const phones = $('#phones');
const rows = $('#rows');
const notes = $('#notes');
const MAX_SEED = 2 ** 53 - 1;
/** The widths the preview lays a screen out at: a small phone's to a desktop's. */
const WIDTHS = { min: 320, max: 1440, phone: 390 };
/** From this width on the screen is framed as a window, not a phone. */
const WIDE = 600;
const screenId = decodeURIComponent(location.pathname.slice(location.pathname.lastIndexOf('/') + 1));
const query = new URLSearchParams(location.search);
let run = 0;
let cursorFrame = 0;

function note(message) {
  const line = document.createElement('li');
  line.textContent = message;
  notes.append(line);
  notes.hidden = false;
}

function fill(select, values, labels = {}) {
  select.replaceChildren(...values.map((value) => {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = labels[value] ?? value;
    return option;
  }));
}

async function json(path) {
  const response = await fetch(path, { cache: 'no-store' });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error((body && typeof body.detail === 'string') ? body.detail : `${path}: ${response.status}`);
  return body;
}

/** A query value if it is one of `allowed`, else the fallback (and a note saying what was ignored). */
function choice(name, allowed, fallback) {
  const value = query.get(name);
  if (value === null) return fallback;
  if (allowed.includes(value)) return value;
  note(`Ignored ${name}=${JSON.stringify(value.slice(0, 80))}: not one of ${allowed.join(', ')}.`);
  return fallback;
}

function numeric(name, valid, fallback) {
  const value = query.get(name);
  if (value === null) return fallback;
  if (/^\d{1,16}(\.\d{1,3})?$/.test(value) && valid(Number(value))) return value;
  note(`Ignored ${name}=${JSON.stringify(value.slice(0, 80))}: out of range.`);
  return fallback;
}

function settings() {
  const data = new FormData(form);
  return Object.fromEntries(['variant', 'width', 'theme', 'motion', 'direction', 'scenario', 'seed', 'speed'].map((name) => [name, String(data.get(name))]));
}

function phone(theme, options) {
  const figure = document.createElement('figure');
  figure.className = Number(options.width) >= WIDE ? 'phone wide' : 'phone';
  figure.dataset.theme = theme;
  const frame = document.createElement('div');
  frame.className = 'frame';
  const screen = document.createElement('skeleton-screen');
  screen.setAttribute('src', `/layouts/${encodeURIComponent(screenId)}`);
  screen.setAttribute('variant', options.variant);
  screen.setAttribute('theme', theme);
  screen.style.setProperty('--width', `${options.width}px`);
  screen.setAttribute('motion', options.motion);
  screen.setAttribute('direction', options.direction);
  screen.setAttribute('session', options.session);
  screen.setAttribute('speed', options.speed);
  frame.append(screen);
  const caption = document.createElement('figcaption');
  caption.textContent = `${options.variant} · ${options.width} pt · ${theme} · ${options.motion} motion · ${options.direction} · `;
  // What this phone shows, laid out by the server at its width: the frames and a still image.
  const laidOut = new URLSearchParams({ width: options.width, variant: options.variant, theme, motion: options.motion, direction: options.direction });
  for (const [name, path] of [['frames', 'frames'], ['snapshot', 'snapshot.svg']]) {
    const link = document.createElement('a');
    link.className = `${name}-link`;
    link.href = `/layouts/${encodeURIComponent(screenId)}/${path}?${laidOut}`;
    link.textContent = name;
    caption.append(link, name === 'frames' ? ' · ' : '');
  }
  figure.append(frame, caption);
  return figure;
}

/** Starts one session and shows it in every phone, and its schedule in the timeline. */
async function replay() {
  const current = ++run;
  cancelAnimationFrame(cursorFrame);
  const options = settings();
  history.replaceState(null, '', `${location.pathname}?${new URLSearchParams(options)}`);
  const schedule = new URLSearchParams({ screen: screenId, variant: options.variant, scenario: options.scenario, seed: options.seed });
  let state;
  let timeline;
  let drift;
  // The session starts when the server reads the request: just after it was sent.
  const startedAt = performance.now();
  try {
    [state, timeline, drift] = await Promise.all([
      json(`/loading-state?${schedule}&speed=${encodeURIComponent(options.speed)}`),
      json(`/loading-state/timeline?${schedule}`),
      json('/drift'),
    ]);
  } catch (error) {
    note(error.message);
    return;
  }
  if (current !== run) return;
  const themes = options.theme === 'both' ? ['light', 'dark'] : [options.theme];
  phones.replaceChildren(...themes.map((theme) => phone(theme, { ...options, session: state.session })));
  drawTimeline(timeline, Number(options.speed), startedAt, current, driftByElement(drift));
}

/** This screen's drift reports (`GET /drift`, this replica's) by element id. */
function driftByElement(summary) {
  const entries = Array.isArray(summary?.elements) ? summary.elements : [];
  return new Map(entries.filter((entry) => entry.screen === screenId).map((entry) => [entry.element, entry]));
}

const STATE_LABELS = { loading: 'loading', ready: 'ready', failed: 'failed' };

function drawTimeline(timeline, speed, startedAt, current, drift) {
  const elements = Array.isArray(timeline.elements) ? timeline.elements : [];
  const times = elements.flatMap((element) => [element.readyAtMs, element.failedAtMs, element.revealAtMs]).filter((value) => typeof value === 'number');
  const span = Math.max(500, ...times) * 1.1;
  const percent = (ms) => `${Math.min(100, (ms / span) * 100)}%`;
  $('#timeline-summary').textContent = `${timeline.scenario}, seed ${timeline.seed}, at speed ${speed}: ${Math.round(span)} ms shown`;
  const live = new Map();
  rows.replaceChildren(...elements.map((element) => {
    const row = document.createElement('div');
    row.className = 'row';
    row.dataset.element = element.id;
    row.dataset.state = 'loading';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = element.id;
    const reported = drift.get(element.id);
    if (reported) {
      // The skeleton's fidelity to its content as reported (POST /drift): the median score.
      row.dataset.drift = String(reported.median);
      name.textContent = `${element.id} · drift ${reported.median}`;
      name.title = `median ${reported.median}, p10 ${reported.p10} over ${reported.reports} reports`;
    }
    const track = document.createElement('span');
    track.className = 'track';
    const settledAt = element.status === 'failed' ? element.failedAtMs : element.readyAtMs;
    const segment = (kind, from, to, title) => {
      const bar = document.createElement('span');
      bar.className = `segment ${kind}`;
      bar.style.left = percent(from);
      bar.style.width = percent(Math.max(0, to - from));
      bar.title = title;
      track.append(bar);
    };
    segment('loading', 0, settledAt, `loading until ${settledAt} ms`);
    if (element.revealAtMs > settledAt) segment('waiting', settledAt, element.revealAtMs, `ready at ${settledAt} ms, shown at ${element.revealAtMs} ms (minimum display)`);
    segment(element.status, element.revealAtMs, span, `${element.status} from ${element.revealAtMs} ms${element.error ? `: ${element.error.message}` : ''}`);
    const seen = document.createElement('span');
    seen.className = 'seen';
    seen.hidden = true;
    track.append(seen);
    const status = document.createElement('span');
    status.className = 'status';
    status.textContent = `${STATE_LABELS.loading}; ${element.status} at ${element.revealAtMs} ms`;
    row.append(name, track, status);
    live.set(element.id, { row, seen, status, element });
    return row;
  }));
  const cursor = document.createElement('span');
  cursor.className = 'cursor';
  $('#axis').replaceChildren(cursor);
  $('#axis-end').textContent = `${Math.round(span)} ms`;
  // The first phone reports what it shows; its reveals are marked on the rows as they happen.
  const reporter = phones.querySelector('skeleton-screen');
  reporter?.addEventListener('skeleton-state', (event) => {
    if (current !== run) return;
    const entry = live.get(event.detail.id);
    if (!entry) return;
    const virtualMs = Math.round((performance.now() - startedAt) * speed);
    entry.row.dataset.state = event.detail.state;
    entry.seen.hidden = false;
    entry.seen.style.left = percent(virtualMs);
    entry.status.textContent = `${STATE_LABELS[event.detail.state] ?? event.detail.state}, shown at ${virtualMs} ms (scheduled ${entry.element.revealAtMs} ms)`;
  });
  const tick = () => {
    if (current !== run) return;
    const virtualMs = (performance.now() - startedAt) * speed;
    const at = percent(virtualMs);
    cursor.style.left = at;
    for (const row of rows.children) row.style.setProperty('--cursor', at);
    if (virtualMs < span) cursorFrame = requestAnimationFrame(tick);
  };
  tick();
}

async function start() {
  document.title = `${screenId} · skeleton-server preview`;
  $('#screen-name').textContent = screenId;
  $('#layout-link').href = `/layouts/${encodeURIComponent(screenId)}`;
  let screens = [screenId];
  let variants = ['default'];
  let scenarios = ['typical', 'instant', 'slow', 'timeout', 'error'];
  let defaultWidth = WIDTHS.phone;
  try {
    const [index, known, layout] = await Promise.all([json('/layouts'), json('/scenarios'), json(`/layouts/${encodeURIComponent(screenId)}`).catch(() => null)]);
    // A screen captured from a page starts at the width it was captured at.
    if (Number.isInteger(layout?.captureWidth)) defaultWidth = Math.min(WIDTHS.max, Math.max(WIDTHS.min, layout.captureWidth));
    screens = index.screens.map((screen) => String(screen.id));
    const shown = index.screens.find((screen) => screen.id === screenId);
    if (shown && Array.isArray(shown.variants)) variants = shown.variants.map(String);
    scenarios = known.scenarios.map((scenario) => String(scenario.id));
  } catch (error) {
    note(`Could not read the screens and scenarios: ${error.message}`);
  }
  fill(form.elements.screen, screens);
  form.elements.screen.value = screenId;
  fill(form.elements.scenario, scenarios);
  fill(form.elements.variant, variants);
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced' : 'full';
  form.elements.variant.value = choice('variant', variants, 'default');
  form.elements.width.value = numeric('width', (value) => Number.isInteger(value) && value >= WIDTHS.min && value <= WIDTHS.max, String(defaultWidth));
  form.elements.theme.value = choice('theme', ['both', 'light', 'dark'], 'both');
  form.elements.motion.value = choice('motion', ['full', 'reduced'], reduced);
  form.elements.direction.value = choice('direction', ['ltr', 'rtl'], 'ltr');
  form.elements.scenario.value = choice('scenario', scenarios, 'typical');
  form.elements.seed.value = numeric('seed', (value) => Number.isInteger(value) && value <= MAX_SEED, '0');
  form.elements.speed.value = numeric('speed', (value) => value >= 0.1 && value <= 100, '1');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = form.elements.screen.value;
    if (chosen !== screenId && screens.includes(chosen)) {
      const { variant, ...options } = settings(); // another screen has its own variants
      location.assign(`/preview/${encodeURIComponent(chosen)}?${new URLSearchParams(options)}`);
      return;
    }
    notes.replaceChildren();
    notes.hidden = true;
    replay();
  });
  form.addEventListener('change', (event) => {
    if (!['seed', 'speed', 'width'].includes(event.target.name)) form.requestSubmit();
  });
  await replay();
  document.body.dataset.ready = 'true';
}

start();