"""Lesson 04 in a real browser: JupyterLab and Voila in Debian's headless Chromium.

Each test starts its own server on a free localhost port, in a temporary folder
holding a copy of ``notebooks/04-play-pioneers.ipynb`` (so the checkout stays
clean), drives it with Playwright and saves a screenshot under pytest's tmp
dir. They need ``/usr/bin/chromium`` (``apt-get install chromium``; never
``playwright install``); without it they are skipped, except in CI
(``tests/conftest.py``).

What is checked: the board renders as a plotly widget with drawn SVG points
(not a text fallback), a legal-action button round-trips through the kernel
and changes the board and the log, a click on a city of the board moves the
stagecoach there, and after the human's turn the bots play theirs (with the
app's visible delay) until the human decides again.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

if os.environ.get("CI"):  # in CI a missing package is an error, never a skip
    import playwright.sync_api as playwright
else:
    playwright = pytest.importorskip(
        "playwright.sync_api", reason="needs the playwright package (the [test] extra)"
    )
expect = playwright.expect

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "04-play-pioneers.ipynb"
BIN = Path(sys.executable).parent
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SLOW = 180_000  # ms: a busy 2-core CI machine starts kernels slowly


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(
    url: str, proc: subprocess.Popen, log: Path, timeout: float = 120
) -> None:
    """Wait until the server answers at all (any HTTP status means it is up)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if proc.poll() is not None:
            raise RuntimeError(
                f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
            )
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.25)
    raise TimeoutError(
        f"no answer from {url} after {timeout} s:\n{log.read_text()[-3000:]}"
    )


@pytest.fixture
def workdir(tmp_path):
    """A folder with the lesson, and private Jupyter config, runtime and settings."""
    nbdir, jdir = tmp_path / "nb", tmp_path / "jupyter"
    nbdir.mkdir()
    shutil.copy(NOTEBOOK, nbdir / NOTEBOOK.name)
    # JupyterLab 4 asks about news in a toast that covers part of the page: say no.
    settings = jdir / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(jdir / "config"),
        JUPYTER_RUNTIME_DIR=str(jdir / "runtime"),
        JUPYTERLAB_WORKSPACES_DIR=str(jdir / "workspaces"),
        JUPYTERLAB_SETTINGS_DIR=str(jdir / "settings"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    return nbdir, env


class Server:
    """A server process started in ``cwd``; stopped (and its output kept) on exit."""

    def __init__(self, cmd: list[str], cwd: Path, env: dict, probe: str) -> None:
        self.log = cwd.parent / f"{Path(cmd[0]).name}.log"
        self._out = self.log.open("w")
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=self._out, stderr=subprocess.STDOUT
        )
        try:
            wait_http(probe, self.proc, self.log)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()


@pytest.fixture
def browser(chromium_executable):
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=chromium_executable, args=CHROMIUM_ARGS, headless=True
        )
        yield b
        b.close()


def check_game(page, shot: Path) -> None:
    """The board is drawn plotly SVG; a button and a board click reach the kernel."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    app = page.locator(".widget-vbox", has=page.locator(".frontier-log")).first
    board = page.locator(".js-plotly-plot").first
    expect(board).to_be_visible(timeout=SLOW)
    title = board.locator(".gtitle")
    expect(title).to_contain_text("blue to buy", timeout=SLOW)
    # real SVG: 45 cities, their labels and the pioneers on the start city
    points = board.locator(".scatterlayer .point").count()
    assert points >= 45, f"only {points} plotly points drawn"
    assert page.locator("text=Error displaying widget").count() == 0
    log = page.locator(".frontier-log").first
    expect(log).to_contain_text("P-INC-1")
    log_before = log.inner_text()

    page.locator("button:has-text('End purchases')").first.click()
    expect(title).to_contain_text("blue to move the stagecoach", timeout=60_000)
    expect(log).to_contain_text("ends the purchase phase (P-BUY-5)", timeout=60_000)
    assert log.inner_text() != log_before
    expect(app.locator(".frontier-message")).to_contain_text("P-BUY-5")

    # Click a target city on the board itself: plotly sends the click to Python.
    move = page.locator("button:has-text('Move to ')").first
    expect(move).to_be_visible(timeout=60_000)
    target = move.inner_text().split("Move to ", 1)[1].split()[0]
    x, y = page.evaluate(
        """([target]) => {
            const gd = document.querySelector('.js-plotly-plot');
            const cities = gd.data.find(t => t.name === 'cities');
            const i = cities.customdata.indexOf(target);
            const fl = gd._fullLayout, box = gd.getBoundingClientRect();
            return [box.left + fl._size.l + fl.xaxis.d2p(cities.x[i]),
                    box.top + fl._size.t + fl.yaxis.d2p(cities.y[i])];
        }""",
        [target],
    )
    page.mouse.move(x - 3, y - 3)
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    expect(title).to_contain_text("blue to settle", timeout=60_000)
    expect(log).to_contain_text(f"→ {target}", timeout=60_000)

    # Settle; then the bots play their turns, one visible step at a time, until
    # Blue decides again (a new turn, or an offer to join a bot's city).
    page.locator("button:has-text('Settle ')").first.click()
    expect(title).not_to_contain_text("blue to settle", timeout=60_000)
    if re.search("blue to (use|add)", title.text_content()):
        page.locator("button:has-text('Skip')").first.click()  # optional tile effect
    expect(title).to_contain_text(re.compile("blue to (buy|join)"), timeout=120_000)
    expect(log).to_contain_text("Red's turn: income", timeout=60_000)
    page.screenshot(path=str(shot), full_page=True)
    assert not errors, errors


def test_lesson_04_in_jupyterlab(workdir, browser, tmp_path):
    nbdir, env = workdir
    port = free_port()
    cmd = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--IdentityProvider.token=",
        "--allow-root",  # no login page; CI runs as root
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp, to run all cells
        f"--ServerApp.root_dir={nbdir}",
    ]
    server = Server(cmd, nbdir, env, f"http://127.0.0.1:{port}/api/status")
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1600})
        page.goto(f"http://127.0.0.1:{port}/lab/tree/{NOTEBOOK.name}?reset")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=SLOW)
        page.wait_for_function(
            "window.jupyterapp && window.jupyterapp.shell.currentWidget", timeout=SLOW
        )
        page.evaluate("""async () => {
            const nb = window.jupyterapp.shell.currentWidget;
            await nb.context.ready;
            await nb.sessionContext.ready;
            await window.jupyterapp.commands.execute('notebook:run-all-cells');
        }""")
        check_game(page, tmp_path / "lab.png")
    finally:
        server.stop()
    print(f"screenshot: {tmp_path / 'lab.png'}")


def test_lesson_04_as_a_voila_app(workdir, browser, tmp_path):
    nbdir, env = workdir
    port = free_port()
    # Voila has no /api/status and rejects --allow-root (it does not need it).
    cmd = [
        str(BIN / "voila"),
        NOTEBOOK.name,
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    server = Server(cmd, nbdir, env, f"http://127.0.0.1:{port}/voila/static/")
    try:
        page = browser.new_page(viewport={"width": 1300, "height": 1600})
        page.goto(f"http://127.0.0.1:{port}/", timeout=SLOW)
        check_game(page, tmp_path / "voila.png")
    finally:
        server.stop()
    print(f"screenshot: {tmp_path / 'voila.png'}")
