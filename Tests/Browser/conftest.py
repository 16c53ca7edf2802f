"""Fixtures for the browser suite: the built skeleton-server on a kernel-chosen port, and one
headless Chromium driven by Selenium (Debian's chromium and chromium-driver, installed by
scripts/browser-install). Screenshots go to .build/screenshots/, printed at the end of the run."""
import os
import sys

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import launcher  # noqa: E402  (Tests/launcher.py: the one server launcher of the Python suites)
from launcher import BINARY, ROOT  # noqa: E402, F401  (imported from here by the test files)

SCREENSHOTS = os.path.join(ROOT, ".build", "screenshots")
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")


class RunningServer(launcher.RunningServer):
    """A skeleton-server process started by the shared launcher (`Tests/launcher.py`), its flags
    given as one list, as the browser tests pass them."""

    def __init__(self, arguments=()):
        super().__init__(*arguments)


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
