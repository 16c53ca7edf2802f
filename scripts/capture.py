"""scripts/capture's work (see there): the page in headless Chromium, captureScreen loaded into it
from capture.js in this tree, bundled with its modules as the server serves it
(scripts/embed-files-tool --bundle), as a module from a blob: URL (the page's Content Security Policy
bypassed for it), the file written as JSON."""
import argparse
import json
import os
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAPTURE = os.path.join(ROOT, "Sources", "SkeletonAPI", "Web", "capture.js")

SCRIPT = """
const [source, selector, options, waitMs] = arguments;
const done = arguments[arguments.length - 1];
(async () => {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const root = document.querySelector(selector);
  if (!root) throw new Error(`no element matches ${selector}`);
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const { captureScreen } = await import(url);
  return captureScreen(root, options);
})().then((file) => done({ file }), (error) => done({ error: String(error && error.message || error) }));
"""


def served(path):
    """The bytes the server serves for the web module at `path`: its bundle (EmbedFilesTool --bundle)."""
    tool = os.path.join(ROOT, "scripts", "embed-files-tool")
    return subprocess.run([tool, "--bundle", path], stdout=subprocess.PIPE, text=True, check=True).stdout


def main():
    parser = argparse.ArgumentParser(prog="scripts/capture", description="Capture a page's skeleton as a screen file.")
    parser.add_argument("url")
    parser.add_argument("selector", help="CSS selector of the element to capture, e.g. main")
    parser.add_argument("--id", required=True, help="the screen id (/layouts/ID)")
    parser.add_argument("--out", help="where to write the file (default ID.json)")
    parser.add_argument("--title", default=None)
    parser.add_argument("--width", type=int, default=390, help="the viewport width in CSS px (default 390)")
    parser.add_argument("--wait-ms", type=int, default=0, help="wait this long after load before capturing")
    parser.add_argument("--schema", default="http://127.0.0.1:8080/schema/screen.json", help="the file's $schema")
    arguments = parser.parse_args()

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)
    try:
        driver.set_script_timeout(60)
        driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": arguments.width, "height": 2000, "deviceScaleFactor": 1, "mobile": True})
        driver.get(arguments.url)
        source = served(CAPTURE)
        capture_options = {"id": arguments.id, "schema": arguments.schema, "source": "captured by scripts/capture"}
        if arguments.title:
            capture_options["title"] = arguments.title
        result = driver.execute_async_script(SCRIPT, source, arguments.selector, capture_options, arguments.wait_ms)
    finally:
        driver.quit()
    if "error" in result:
        print(f"scripts/capture: {result['error']}", file=sys.stderr)
        return 1
    out = arguments.out or f"{arguments.id}.json"
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(result["file"], handle, indent=2)
        handle.write("\n")
    layout = result["file"]["layouts"][0]
    print(f"scripts/capture: wrote {out}: {len(layout['elements'])} elements ({', '.join(e['id'] for e in layout['elements'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
