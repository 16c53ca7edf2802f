"""Helpers that drive the renderer in the browser. A harness page is any document of the server's
origin with nothing in it: /renderer.js shown as text, its body emptied. Scripts run as async
functions; a rejected promise fails the test with its stack."""
import functools
import http.server
import json
import threading

SETUP = r"""
window.sk = await import('/renderer.js');
document.body.replaceChildren();
document.body.style.margin = '0';
window.__hostile = window.__hostile || 0;
/** Renders `path` (a layout URL) into a fresh 390 x 844 box with renderSkeleton; records its events. */
window.mount = async (path, options = {}, size = [390, 844]) => {
  const { document: layout } = await sk.loadLayout(path);
  return mountDocument(layout, options, size);
};
window.mountDocument = (layout, options = {}, size = [390, 844]) => {
  const box = document.createElement('div');
  box.style.width = `${size[0]}px`;
  box.style.height = `${size[1]}px`;
  box.style.position = 'relative';
  document.body.append(box);
  box.events = [];
  box.sessions = [];
  box.complete = 0;
  box.addEventListener('skeleton-state', (event) => box.events.push({ ...event.detail, at: performance.now() - box.mountedAt }));
  box.addEventListener('skeleton-session', (event) => box.sessions.push(event.detail.session));
  box.addEventListener('skeleton-complete', () => { box.complete += 1; });
  box.mountedAt = performance.now();
  box.view = sk.renderSkeleton(layout, box, options);
  return box;
};
/** Resolves with predicate()'s value once it is truthy, checked every frame; rejects after `ms`. */
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
window.nextFrames = (count = 2) => new Promise((resolve) => {
  const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
  step(count);
});
window.rect = (element) => { const r = element.getBoundingClientRect(); return { x: r.left, y: r.top, width: r.width, height: r.height }; };
window.radii = (element) => {
  const style = getComputedStyle(element);
  return [style.borderTopLeftRadius, style.borderTopRightRadius, style.borderBottomRightRadius, style.borderBottomLeftRadius];
};
"""


def run(driver, body, *args):
    """Runs `body` as the body of an async function (arguments[0..] are `args`); returns its value."""
    script = ("const done = arguments[arguments.length - 1];"
              "(async () => {" + body + "})().then(done, (error) => done({ __error: String(error && error.stack || error) }));")
    result = driver.execute_async_script(script, *args)
    if isinstance(result, dict) and "__error" in result:
        raise AssertionError(result["__error"])
    return result


def harness(driver, server):
    """Opens an empty page of the server's origin with the renderer imported and the helpers above."""
    driver.get(server.url + "/renderer.js")
    run(driver, SETUP)


def fetch_json(driver, path):
    return run(driver, "const r = await fetch(arguments[0]); return await r.json();", path)


def js(value):
    return json.dumps(value)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def served_directory(directory):
    """Serves `directory`'s files on a loopback port the kernel chose (pages of an origin other
    than the server's); yields their base URL, for a fixture, and stops after."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=directory))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
