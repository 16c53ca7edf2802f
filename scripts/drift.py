"""scripts/drift's work (see there): the page in headless Chromium, drift.js (and the capture.js it
imports, bundled as the server serves it: capture.py's `served`) loaded into it from this tree as
modules from blob: URLs (the page's Content Security Policy bypassed for them), measureDrift run
once every wrapper's reveal has ended, the table printed."""
import argparse
import os
import sys

from capture import served
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "Sources", "SkeletonAPI", "Web")

SCRIPT = """
const [capture, drift, timeoutMs] = arguments;
const done = arguments[arguments.length - 1];
(async () => {
  const blob = (source) => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const captureURL = blob(capture);
  const { measureDrift } = await import(blob(drift.replaceAll("from './capture.js'", `from '${captureURL}'`)));
  // The elements to measure: each wrapper's in place, each slotted one of a screen drawn whole.
  const wrappers = () => [...new Set([...document.querySelectorAll('skeleton-element')].map((wrapper) => wrapper.getAttribute('name'))
    .concat([...document.querySelectorAll('skeleton-screen > [slot]')].map((content) => content.slot)))];
  const started = performance.now();
  let measured = measureDrift(document);
  while (measured.length < wrappers().length && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    measured = measureDrift(document);
  }
  const seen = new Set(measured.map((detail) => detail.element));
  return { measured, missing: wrappers().filter((name) => !seen.has(name)) };
})().then((result) => done(result), (error) => done({ error: String(error && error.message || error) }));
"""


def main():
    parser = argparse.ArgumentParser(prog="scripts/drift", description="Measure how true a page's skeletons still are (measureDrift).")
    parser.add_argument("url")
    parser.add_argument("--threshold", type=float, default=0.9, help="the least score that passes (default 0.9)")
    parser.add_argument("--width", type=int, default=390, help="the viewport width in CSS px (default 390)")
    parser.add_argument("--timeout-ms", type=int, default=15000, help="how long to wait for every element's reveal (default 15000)")
    arguments = parser.parse_args()

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")), options=options)
    try:
        driver.set_script_timeout(arguments.timeout_ms / 1000 + 30)
        driver.execute_cdp_cmd("Page.setBypassCSP", {"enabled": True})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": arguments.width, "height": 2000, "deviceScaleFactor": 1, "mobile": True})
        driver.get(arguments.url)
        sources = [served(os.path.join(WEB, name)) for name in ("capture.js", "drift.js")]
        result = driver.execute_async_script(SCRIPT, *sources, arguments.timeout_ms)
    finally:
        driver.quit()
    if "error" in result:
        print(f"scripts/drift: {result['error']}", file=sys.stderr)
        return 2
    if not result["measured"] and not result["missing"]:
        print("scripts/drift: the page has no <skeleton-element> and no content slotted into a <skeleton-screen>", file=sys.stderr)
        return 2
    print(f"{'element':<32} {'width':>8} {'score':>7} {'skeleton':>9} {'content':>9}")
    failed = False
    for detail in result["measured"]:
        low = detail["score"] < arguments.threshold
        failed |= low
        print(f"{detail['element']:<32} {detail['width']:>8.2f} {detail['score']:>7.4f} {detail['skeletonHeight']:>9.2f} "
              f"{detail['contentHeight']:>9.2f}{'  under ' + str(arguments.threshold) if low else ''}")
    for name in result["missing"]:
        failed = True
        print(f"{name:<32} {'-':>8} {'-':>7} {'-':>9} {'-':>9}  not revealed within {arguments.timeout_ms} ms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
