"""Makes docs/capture.png, the before/after picture of docs/web.md: Tests/Browser/capture-pages/list.html
in headless Chromium, and the renderer's drawing of the screen captureScreen made of it, side by side.
   .venv/bin/python docs/capture-picture.py   (after swift build)"""
import functools, http.server, io, json, os, subprocess, sys, threading, tempfile, time
sys.path.insert(0, "Tests/Browser")
from conftest import RunningServer
from page import run
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from PIL import Image

class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory="Tests/Browser/capture-pages"))
threading.Thread(target=httpd.serve_forever, daemon=True).start()
pages = f"http://127.0.0.1:{httpd.server_address[1]}"
o = webdriver.ChromeOptions(); o.binary_location = "/usr/bin/chromium"
for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,1500", "--force-device-scale-factor=1", "--hide-scrollbars"):
    o.add_argument(a)
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
server = RunningServer()
d.get(pages + "/list.html")
file = run(d, "const { captureScreen } = await import(arguments[0] + '/renderer.js'); return captureScreen(document.querySelector('#app'), { id: 'messages', title: 'Messages' });", server.url)
before = Image.open(io.BytesIO(d.find_element("css selector", "#app").screenshot_as_png))
tmp = tempfile.mkdtemp(); open(os.path.join(tmp, "messages.json"), "w").write(json.dumps(file))
served = RunningServer(["--layouts", tmp])
d.get(served.url + "/renderer.js")
run(d, """
const sk = await import('/renderer.js');
document.body.replaceChildren(); document.body.style.margin = '0';
const { document: layout } = await sk.loadLayout('/layouts/messages?motion=reduced');
const box = document.createElement('div'); box.id = 'box'; box.style.cssText = 'width: 390px; height: ' + arguments[0] + 'px; position: relative';
document.body.append(box); sk.renderSkeleton(layout, box, {});
await new Promise((r) => setTimeout(r, 300));
""", before.height)
after = Image.open(io.BytesIO(d.find_element("css selector", "#box").screenshot_as_png))
gap = 24
out = Image.new("RGB", (before.width + after.width + gap, max(before.height, after.height)), "white")
out.paste(before, (0, 0)); out.paste(after, (before.width + gap, 0))
out.save("docs/capture.png", optimize=True)
print(out.size, os.path.getsize("docs/capture.png"))
served.stop(); server.stop(); d.quit(); httpd.shutdown()
