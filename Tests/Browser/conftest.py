"""Fixtures for the browser suite: the built skeleton-server on a kernel-chosen port, and one
headless Chromium driven by Selenium (Debian's chromium and chromium-driver, installed by
scripts/browser-install). Screenshots go to .build/screenshots/, printed at the end of the run."""
import os
import re
import signal
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SKELETON_SERVER_BIN", os.path.join(ROOT, ".build", "debug", "skeleton-server"))
SCREENSHOTS = os.path.join(ROOT, ".build", "screenshots")
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")


class RunningServer:
    """A skeleton-server process; ready once it has printed the URL it listens on."""

    def __init__(self, arguments=()):
        environment = {k: v for k, v in os.environ.items() if k not in ("HOST", "PORT")}
        self.process = subprocess.Popen([BINARY, "--port", "0", "--no-access-log", *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
        line = self.process.stdout.readline().decode()
        match = re.search(r"listening on http://[^\s]+:(\d+)", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"server did not start: {line!r} {self.process.stderr.read()!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}"

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(10)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture(scope="session")
def server():
    running = RunningServer()
    yield running
    assert running.stop() == 0


@pytest.fixture(scope="session")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1000,1500", "--force-device-scale-factor=1", "--hide-scrollbars",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_script_timeout(30)
    yield browser
    browser.quit()


@pytest.fixture
def screenshots():
    os.makedirs(SCREENSHOTS, exist_ok=True)
    return SCREENSHOTS


def pytest_terminal_summary(terminalreporter):
    if os.path.isdir(SCREENSHOTS) and os.listdir(SCREENSHOTS):
        terminalreporter.write_line(f"browser screenshots: {SCREENSHOTS}")
