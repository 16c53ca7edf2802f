import HTTPServer
import Layouts

/// The page of `GET /preview/{screen}` (SPEC §2): a phone frame (390 pt) per theme, the controls,
/// and a live timeline of the session the phones follow, drawn by `/renderer.js`. The same bytes
/// for every screen (its script reads the screen from the path), self-contained but for the
/// renderer, and served under a Content-Security-Policy that allows exactly its own inline style
/// and script (by hash) and same-origin requests.
enum PreviewPage {
    static let bytes: [UInt8] = Array(html.utf8)

    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self' \(hashSource(script)); style-src 'self' \(hashSource(style)); img-src 'self' data:; "
        + "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// For the 404 page: nothing but its own style.
    static let problemContentSecurityPolicy = "default-src 'none'; style-src \(hashSource(problemStyle)); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The 404 problem as a readable page: its title and detail, and a link to each known screen.
    /// Every value is escaped: the detail quotes the path the client sent.
    static func problemPage(_ problem: Problem, screens: [String]) -> [UInt8] {
        var page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(problem.status.code) \(escaped(problem.title))</title>\n"
        page += "<style>\(problemStyle)</style>\n</head>\n<body>\n<main>\n"
        page += "<h1>\(problem.status.code) \(escaped(problem.title))</h1>\n<p id=\"detail\">\(escaped(problem.detail))</p>\n"
        page += "<p>Preview one of the known screens:</p>\n<ul id=\"screens\">\n"
        for screen in screens { page += "<li><a href=\"/preview/\(escaped(screen))\">\(escaped(screen))</a></li>\n" }
        page += "</ul>\n<p><a href=\"/\">service index</a></p>\n</main>\n</body>\n</html>\n"
        return Array(page.utf8)
    }

    /// Text for an HTML element or a quoted attribute value (HTML §13.1.2.6 and §13.1.4).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A CSP hash source (CSP3 §2.3.1): `'sha256-<base64 of the SHA-256 of the UTF-8 text>'`.
    static func hashSource(_ text: String) -> String {
        "'sha256-" + base64(SHA256.hash(Array(text.utf8))) + "'"
    }

    /// RFC 4648 §4 base64, padded.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = 0
            for offset in 0..<3 { group = group << 8 | (offset < count ? Int(bytes[index + offset]) : 0) }
            for sextet in 0..<4 { out.append(sextet <= count ? alphabet[(group >> (18 - 6 * sextet)) & 63] : UInt8(ascii: "=")) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let problemStyle = "body{margin:0;padding:40px 24px;font:16px/1.5 system-ui,-apple-system,sans-serif;background:#f5f5f7;color:#1c1c1e}main{max-width:640px;margin:auto}h1{font-size:24px}#detail{padding:12px 16px;border-radius:8px;background:#fff;border:1px solid #d1d1d6;overflow-wrap:anywhere}a{color:#007aff}"

    private static let html = pageHead + "\n<style>" + style + "</style>\n</head>\n" + pageBody + "\n<script type=\"module\">" + script + "</script>\n</body>\n</html>\n"

    private static let pageHead = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>skeleton-server preview</title>
<link rel="icon" href="data:,">
"""#

    private static let pageBody = #"""
<body>
<header>
<h1>Preview: <span id="screen-name"></span> <small>skeleton-server</small></h1>
<nav><a href="/">service index</a><a href="/layouts">screens</a><a id="layout-link" href="/layouts">this layout document</a><a href="/renderer.js">renderer.js</a></nav>
</header>
<form id="controls" autocomplete="off">
<label>Screen <select name="screen"></select></label>
<label>Theme <select name="theme"><option value="both">light and dark</option><option value="light">light</option><option value="dark">dark</option></select></label>
<label>Motion <select name="motion"><option value="full">full</option><option value="reduced">reduced</option></select></label>
<label>Direction <select name="direction"><option value="ltr">left to right</option><option value="rtl">right to left</option></select></label>
<label>Scenario <select name="scenario"></select></label>
<label>Seed <input name="seed" type="number" min="0" step="1" value="0" required></label>
<label>Speed <input name="speed" type="number" min="0.1" max="100" step="0.1" value="1" required></label>
<button type="submit" id="replay">Replay</button>
</form>
<ul id="notes" role="status" hidden></ul>
<main id="phones"></main>
<section id="timeline" aria-labelledby="timeline-title">
<h2 id="timeline-title">Timeline <small id="timeline-summary"></small></h2>
<div class="axis-row"><span>0 ms</span><span id="axis"></span><span id="axis-end"></span></div>
<div id="rows"></div>
<p class="legend"><span class="key-loading">loading</span><span class="key-waiting">ready, held for the minimum display</span><span class="key-ready">content shown</span><span class="key-failed">error shown</span><span class="key-seen">shown in the phone (live)</span><span class="key-now">now</span></p>
</section>
"""#

    private static let style = #"""

:root { color-scheme: light dark; --ink: #1c1c1e; --muted: #6e6e73; --line: #d1d1d6; --page: #f5f5f7; --panel: #ffffff; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
@media (prefers-color-scheme: dark) { :root { --ink: #f2f2f7; --muted: #98989d; --line: #3a3a3c; --page: #111113; --panel: #1c1c1e; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 20px 24px 40px; background: var(--page); color: var(--ink); }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 24px; }
h1 { font-size: 20px; margin: 0; }
h1 small, h2 small { color: var(--muted); font-weight: normal; font-size: 13px; }
nav a { color: inherit; margin-right: 12px; }
#controls { display: flex; flex-wrap: wrap; align-items: end; gap: 10px 16px; margin: 16px 0; padding: 12px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 12px; }
#controls label { display: flex; flex-direction: column; gap: 4px; font-size: 12px; color: var(--muted); }
#controls select, #controls input { font: inherit; color: var(--ink); background: var(--page); border: 1px solid var(--line); border-radius: 8px; padding: 5px 8px; min-width: 90px; }
#controls input[name=seed] { width: 110px; }
#controls input[name=speed] { width: 80px; }
#controls button { font: inherit; font-weight: 600; padding: 7px 18px; border-radius: 8px; border: 0; background: #007aff; color: #fff; cursor: pointer; }
#notes { margin: 0 0 16px; padding: 8px 16px 8px 32px; border: 1px solid #ff9f0a; border-radius: 8px; background: rgba(255, 159, 10, 0.1); }
#phones { display: flex; flex-wrap: wrap; gap: 32px; align-items: flex-start; }
.phone { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 8px; }
.phone .frame { width: 414px; height: 868px; padding: 12px; border-radius: 56px; background: #1c1c1e; box-shadow: 0 0 0 2px #3a3a3c, 0 12px 32px rgba(0, 0, 0, 0.25); }
.phone skeleton-screen { display: block; width: 390px; height: 844px; border-radius: 44px; overflow: hidden; }
.phone[data-theme=light] skeleton-screen { background: #ffffff; }
.phone[data-theme=dark] skeleton-screen { background: #000000; }
.phone figcaption { color: var(--muted); font-size: 12px; }
#timeline { margin-top: 28px; padding: 12px 16px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 12px; max-width: 1100px; }
#timeline h2 { font-size: 16px; margin: 0 0 10px; }
.row, .axis-row { display: grid; grid-template-columns: 150px 1fr 300px; gap: 12px; align-items: center; min-height: 26px; }
.row .name { font-family: ui-monospace, Menlo, monospace; font-size: 12px; overflow: hidden; text-overflow: ellipsis; }
.track, #axis { position: relative; height: 14px; border-radius: 4px; background: rgba(120, 120, 128, 0.12); overflow: hidden; }
#axis { height: 4px; overflow: visible; }
.segment { position: absolute; top: 0; bottom: 0; }
.segment.loading { background: repeating-linear-gradient(135deg, rgba(120, 120, 128, 0.45) 0 6px, rgba(120, 120, 128, 0.25) 6px 12px); }
.segment.waiting { background: rgba(255, 204, 0, 0.55); }
.segment.ready { background: rgba(52, 199, 89, 0.75); }
.segment.failed { background: rgba(255, 59, 48, 0.75); }
.seen { position: absolute; top: -2px; bottom: -2px; width: 3px; margin-left: -1px; background: var(--ink); }
.track::after { content: ""; position: absolute; top: 0; bottom: 0; left: var(--cursor, 0); width: 2px; background: #007aff; }
.cursor { position: absolute; top: -4px; width: 2px; height: 12px; background: #007aff; }
.row .status { font-size: 12px; color: var(--muted); }
.row[data-state=ready] .status { color: #248a3d; }
.row[data-state=failed] .status { color: #d70015; }
.axis-row { color: var(--muted); font-size: 11px; }
.legend { display: flex; flex-wrap: wrap; gap: 16px; margin: 12px 0 0; color: var(--muted); font-size: 12px; }
.legend span::before { content: ""; display: inline-block; width: 12px; height: 10px; margin-right: 6px; border-radius: 2px; vertical-align: -1px; }
.legend .key-loading::before { background: rgba(120, 120, 128, 0.45); }
.legend .key-waiting::before { background: rgba(255, 204, 0, 0.55); }
.legend .key-ready::before { background: rgba(52, 199, 89, 0.75); }
.legend .key-failed::before { background: rgba(255, 59, 48, 0.75); }
.legend .key-seen::before { width: 3px; background: var(--ink); }
.legend .key-now::before { width: 2px; background: #007aff; }
"""#

    private static let script = #"""
import '/renderer.js';

// The preview of one screen: a phone per theme, the controls, and the loading timeline. Every
// value from the URL is checked against its allowed set before use and shown only as text.
const $ = (selector) => document.querySelector(selector);
const form = $('#controls');
const phones = $('#phones');
const rows = $('#rows');
const notes = $('#notes');
const MAX_SEED = 2 ** 53 - 1;
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
  return Object.fromEntries(['theme', 'motion', 'direction', 'scenario', 'seed', 'speed'].map((name) => [name, String(data.get(name))]));
}

function phone(theme, options) {
  const figure = document.createElement('figure');
  figure.className = 'phone';
  figure.dataset.theme = theme;
  const frame = document.createElement('div');
  frame.className = 'frame';
  const screen = document.createElement('skeleton-screen');
  screen.setAttribute('src', `/layouts/${encodeURIComponent(screenId)}`);
  screen.setAttribute('theme', theme);
  screen.setAttribute('motion', options.motion);
  screen.setAttribute('direction', options.direction);
  screen.setAttribute('session', options.session);
  screen.setAttribute('speed', options.speed);
  frame.append(screen);
  const caption = document.createElement('figcaption');
  caption.textContent = `${theme} · ${options.motion} motion · ${options.direction}`;
  figure.append(frame, caption);
  return figure;
}

/** Starts one session and shows it in every phone, and its schedule in the timeline. */
async function replay() {
  const current = ++run;
  cancelAnimationFrame(cursorFrame);
  const options = settings();
  const shared = new URLSearchParams({ theme: options.theme, motion: options.motion, direction: options.direction, scenario: options.scenario, seed: options.seed, speed: options.speed });
  history.replaceState(null, '', `${location.pathname}?${shared}`);
  const schedule = new URLSearchParams({ screen: screenId, scenario: options.scenario, seed: options.seed });
  let state;
  let timeline;
  // The session starts when the server reads the request: just after it was sent.
  const startedAt = performance.now();
  try {
    [state, timeline] = await Promise.all([
      json(`/loading-state?${schedule}&speed=${encodeURIComponent(options.speed)}`),
      json(`/loading-state/timeline?${schedule}`),
    ]);
  } catch (error) {
    note(error.message);
    return;
  }
  if (current !== run) return;
  const themes = options.theme === 'both' ? ['light', 'dark'] : [options.theme];
  phones.replaceChildren(...themes.map((theme) => phone(theme, { ...options, session: state.session })));
  drawTimeline(timeline, Number(options.speed), startedAt, current);
}

const STATE_LABELS = { loading: 'loading', ready: 'ready', failed: 'failed' };

function drawTimeline(timeline, speed, startedAt, current) {
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
  let scenarios = ['typical', 'instant', 'slow', 'timeout', 'error'];
  try {
    const [index, known] = await Promise.all([json('/layouts'), json('/scenarios')]);
    screens = index.screens.map((screen) => String(screen.id));
    scenarios = known.scenarios.map((scenario) => String(scenario.id));
  } catch (error) {
    note(`Could not read the screens and scenarios: ${error.message}`);
  }
  fill(form.elements.screen, screens);
  form.elements.screen.value = screenId;
  fill(form.elements.scenario, scenarios);
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'reduced' : 'full';
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
      const options = settings();
      location.assign(`/preview/${encodeURIComponent(chosen)}?${new URLSearchParams(options)}`);
      return;
    }
    notes.replaceChildren();
    notes.hidden = true;
    replay();
  });
  form.addEventListener('change', (event) => {
    if (event.target.name !== 'seed' && event.target.name !== 'speed') form.requestSubmit();
  });
  await replay();
  document.body.dataset.ready = 'true';
}

start();
"""#
}
