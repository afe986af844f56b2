"""One JupyterLab and one Voila server per test session, and the pages' checks.

The servers run in a temporary folder holding copies of the notebooks the
browser tests open (``notebooks/04-play-pioneers.ipynb`` and ``apps.ipynb``, a
notebook made here that shows every app of every game in ``toolkit.GAMES``), so
the checkout stays clean. They are started on first use and stopped at the end
of the session. Screenshots go to ``$BROWSER_ARTIFACTS`` (default: a
``browser-artifacts`` folder in pytest's temporary directory), never into the
repository.

Every page check fails on an error in the page (a JavaScript error, "Error
displaying widget", a traceback in an output, an app's error message), on a
board wider than the space it is shown in (cut off), on a label missing from
the drawn SVG (a point whose text the figure has but the page does not show),
and on a note (annotation) drawn as an empty box.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
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
SLOW = 180_000  # ms: a busy 2-core machine starts kernels slowly
LESSON_04 = ROOT / "notebooks" / "04-play-pioneers.ipynb"
APPS = "apps.ipynb"
#: The labextensions the project ships (installed into share/jupyter/labextensions
#: by pyproject's shared-data): Voila finds them there in an installed project;
#: the tests' Voila, run from the checkout, is given this folder.
LABEXTENSIONS = ROOT / "toolkit" / "widgets" / "labextensions"


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


# ----- the notebook of every app ------------------------------------------------------


def apps_notebook() -> nbformat.NotebookNode:
    """Every app of every game, each in a box with the class ``t-<game>-<app>``."""
    import toolkit

    cells = [
        nbformat.v4.new_markdown_cell("# Every app of every game (browser tests)"),
        nbformat.v4.new_code_cell(
            "from toolkit.core import make_game, part, play, random_agent, "
            "replay_states\n"
            "from toolkit.widgets import PlayApp, Quiz, ReplayApp\n\n\n"
            "def game_for(name):\n"
            "    game = make_game(name, 2)\n"
            "    if 'max_turns' in game.defaults:\n"
            "        game = make_game(name, 2, max_turns=30)\n"
            "    return game\n\n\n"
            "def tagged(app, name, kind):\n"
            "    app.add_class(f't-{name}-{kind}')\n"
            "    return app"
        ),
    ]
    for name in sorted(toolkit.GAMES):
        cells += [
            nbformat.v4.new_markdown_cell(f"## {name}"),
            nbformat.v4.new_code_cell(
                f"game = game_for({name!r})\n"
                "_, record = play(game, [random_agent] * 2, seed=4)\n"
                "states = list(replay_states(record, game))\n"
                "view = part(game, 'view')\n"
                f"tagged(PlayApp(game, seats=['human', 'greedy'], seed=3, "
                f"bot_delay=0), {name!r}, 'play')"
            ),
            nbformat.v4.new_code_cell(f"tagged(ReplayApp(record), {name!r}, 'replay')"),
            nbformat.v4.new_code_cell(
                f"tagged(Quiz('How much is 2 + 3 ({name})?', 5, hint='Add them.'), "
                f"{name!r}, 'quiz')"
            ),
            nbformat.v4.new_code_cell(
                "if hasattr(view, 'RouteExplorer'):\n"
                "    mid = next(s for s in states[len(states) // 3 :]"
                " if game.to_move(s) is not None and game.to_move(s) >= 0)\n"
                f"    display(tagged(view.RouteExplorer(game, mid), {name!r}, "
                "'routes'))"
            ),
            nbformat.v4.new_code_cell(
                "if hasattr(view, 'PositionEditor'):\n"
                f"    display(tagged(view.PositionEditor(game), {name!r}, 'editor'))"
            ),
        ]
    cells.append(nbformat.v4.new_code_cell("print('all apps shown')"))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    return nb


# ----- servers and browser ----------------------------------------------------------


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    """The folder the servers serve, and their private Jupyter environment."""
    base = tmp_path_factory.mktemp("served")
    nbdir, jdir = base / "nb", base / "jupyter"
    nbdir.mkdir()
    shutil.copy(LESSON_04, nbdir / LESSON_04.name)
    nbformat.write(apps_notebook(), nbdir / APPS)
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
        PYTHONPATH=os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
        ),
    )
    return nbdir, env


@pytest.fixture(scope="session")
def lab(served):
    """Base URL of a JupyterLab server for the session."""
    nbdir, env = served
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
        # the project's labextensions, as an installed project has them
        f"--LabApp.extra_labextensions_path=['{LABEXTENSIONS}']",
    ]
    server = Server(cmd, nbdir, env, f"http://127.0.0.1:{port}/api/status")
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture(scope="session")
def voila(served):
    """Base URL of a Voila server for the session (any notebook of the folder)."""
    nbdir, env = served
    port = free_port()
    # Voila has no /api/status and rejects --allow-root (it does not need it).
    cmd = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.root_dir={nbdir}",
        # the project's labextensions, as an installed project has them (the
        # page fix that keeps Voila from losing widgets, issue 18)
        f"--VoilaConfiguration.extra_labextensions_path=['{LABEXTENSIONS}']",
    ]
    server = Server(cmd, nbdir, env, f"http://127.0.0.1:{port}/voila/static/")
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture(scope="session")
def browser(chromium_executable):
    import playwright.sync_api as playwright

    with playwright.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=chromium_executable, args=CHROMIUM_ARGS, headless=True
        )
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory):
    """Where screenshots go (not the repository): $BROWSER_ARTIFACTS or a tmp dir."""
    env = os.environ.get("BROWSER_ARTIFACTS")
    path = Path(env) if env else tmp_path_factory.mktemp("browser-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def open_in_lab(browser, lab: str, name: str, width: int = 1400):
    """A page with notebook ``name`` open in Lab (file browser open) and run."""
    page = browser.new_page(viewport={"width": width, "height": 1000})
    watch(page)
    page.goto(f"{lab}/lab/tree/{name}?reset")
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
    return page


def open_in_voila(browser, voila: str, name: str, width: int = 1300):
    """A page with notebook ``name`` rendered by Voila, its widgets restored.

    Fails unless the project's page fix (``@frontier-toolkit/widget-restore``)
    runs in the page: it keeps outputs waiting for their widget models while
    Voila restores them (else a busy machine shows "Error displaying widget:
    model not found", issue 18)."""
    page = browser.new_page(viewport={"width": width, "height": 1000})
    watch(page)
    page.goto(f"{voila}/voila/render/{name}", timeout=SLOW)
    # Voila sets window.jupyterapp once it has started rendering the outputs
    page.wait_for_function("() => !!window.jupyterapp", timeout=SLOW)
    assert page.evaluate(VOILA_FIX_ACTIVE), "the widget-restore labextension is off"
    return page


#: Whether the page's widget manager waits for its models (our labextension).
VOILA_FIX_ACTIVE = (
    "() => !!(window.jupyterapp.widgetManager || {}).__frontierWaitsForModels"
)


def watch(page) -> None:
    """Collect the page's JavaScript errors in ``page.errors``."""
    page.errors = []
    page.console = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on(
        "console",
        lambda m: (
            page.console.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning")
            else None
        ),
    )


#: Per plotly figure in ``root``: how wide it is against the space it is shown
#: in, and, per trace that shows text, how many points have a text in the figure
#: data and how many text elements with that text are drawn.
_FIGURE_REPORT = """(root) => {
  const out = [];
  for (const gd of root.querySelectorAll('.js-plotly-plot')) {
    const box = gd.getBoundingClientRect();
    let host = gd.parentElement;
    while (host && host.clientWidth >= box.width - 1 && host !== root
           && !host.classList.contains('jp-OutputArea-output')
           && !host.classList.contains('jp-RenderedHTMLCommon')) host = host.parentElement;
    const room = host ? host.getBoundingClientRect() : box;
    const traces = [];
    (gd.data || []).forEach((tr, i) => {
      if (!tr.mode || !tr.mode.includes('text') || !Array.isArray(tr.text)) return;
      if (tr.visible === false) return;
      const want = tr.text.filter(t => t !== null && String(t).trim() !== '').length;
      const layer = gd.querySelectorAll('.scatterlayer .trace')[i];
      traces.push({name: tr.name, want: want, uid: tr.uid});
    });
    const drawn = {};
    for (const g of gd.querySelectorAll('.scatterlayer .trace')) {
      const d = g.__data__ && g.__data__[0] && g.__data__[0].trace;
      if (!d) continue;
      drawn[d.uid] = Array.from(g.querySelectorAll('.textpoint text'))
        .filter(t => t.textContent.trim() !== '').length;
    }
    // annotations with a text in the layout but drawn without one (an empty
    // box: MathJax typesetting a text with two "$" signs, issue 18)
    const blank = [];
    ((gd._fullLayout || {}).annotations || []).forEach((a, i) => {
      if (!a.visible || !a.text || !String(a.text).trim()) return;
      // the box drawn around the text: only its padding when the text is lost
      const bg = gd.querySelector(`.annotation[data-index="${i}"] rect.bg`);
      const inner = bg ? Number(bg.getAttribute('width')) - 2 * (a.borderpad || 0)
        - 2 * (a.borderwidth || 0) : 0;
      if (inner < 3) blank.push(a.text);
    });
    out.push({
      blankNotes: blank,
      title: (gd.querySelector('.gtitle') || {}).textContent || '',
      width: box.width, right: box.right, roomRight: room.right,
      scroll: gd.scrollWidth - gd.clientWidth,
      traces: traces.map(t => ({...t, drawn: drawn[t.uid] ?? null})),
    });
  }
  return out;
}"""


#: Each output showing "Error displaying widget", with the heading above it.
_BROKEN_WIDGETS = """() => {
  const out = []; let heading = '';
  for (const el of document.querySelectorAll('h1, h2, h3, .jp-OutputArea-output')) {
    if (/^H[123]$/.test(el.tagName)) { heading = el.textContent.trim(); continue; }
    if (el.textContent.includes('Error displaying widget'))
      out.push(`under "${heading}": ${el.textContent.trim().slice(0, 120)}`);
  }
  return out;
}"""


#: Find and click, in one step on the page, the first enabled button of ``app``
#: whose label starts with one of ``labels`` (in that order; ``"*"`` takes any
#: enabled button of the app's ``.frontier-actions``), waiting for the kernel
#: to draw it; or stop without a click as soon as the text of ``app``'s element
#: ``title`` matches ``done``. The kernel redraws an app's buttons after each
#: answer (and a bot's moves in between), so a button found by one Playwright
#: call (a count, a text read) may be gone by the next one, which then waits
#: 30 s for it: searching and clicking in one page step cannot be overtaken.
#: Returns the label clicked, ``null`` when ``done`` matched, ``"timeout"``.
_CLICK_WHEN_DRAWN = """(app, [labels, title, done, ms]) => new Promise((finish) => {
  const doneRe = done === null ? null : new RegExp(done);
  const heading = () => app.querySelector(title) || document.querySelector(title);
  const attempt = () => {
    const head = heading();
    if (doneRe && head && doneRe.test(head.textContent)) return [true, null];
    const buttons = Array.from(app.querySelectorAll('button')).filter((b) => !b.disabled);
    for (const label of labels) {
      const b = label === '*'
        ? buttons.find((b) => b.closest('.frontier-actions'))
        : buttons.find((b) => b.innerText.replace(/^\\s+/, '').startsWith(label));
      if (b) { b.click(); return [true, label]; }
    }
    return [false, null];
  };
  let [ok, out] = attempt();
  if (ok) return finish(out);
  const seen = new MutationObserver(() => {
    [ok, out] = attempt();
    if (ok) { seen.disconnect(); clearTimeout(timer); finish(out); }
  });
  const timer = setTimeout(() => { seen.disconnect(); finish('timeout'); }, ms);
  seen.observe(app.ownerDocument.body, {subtree: true, childList: true,
                                        characterData: true, attributes: true});
})"""


def click_when_drawn(
    app,
    labels: list[str],
    title: str = "h3",
    done: str | None = None,
    timeout: float = 60_000,
) -> str | None:
    """Click the first drawn, enabled button of ``app`` labelled ``labels[i]``
    (in one page step), or return None once ``title``'s text matches ``done``."""
    out = app.evaluate(_CLICK_WHEN_DRAWN, [labels, title, done, timeout])
    assert out != "timeout", (
        f"no button {labels} drawn and no title matching {done!r} in "
        f"{timeout / 1000:.0f} s"
    )
    return out


def check_page(page, root=None) -> list[dict]:
    """Fail on an error in the page, a cut-off board or a missing label."""
    root = root or page.locator("body")
    assert not page.errors, page.errors
    broken = page.evaluate(_BROKEN_WIDGETS)
    assert not broken, f"{broken}; console: {getattr(page, 'console', [])[-6:]}"
    assert root.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
    assert root.locator(".frontier-error").count() == 0, root.locator(
        ".frontier-error"
    ).first.inner_text()
    report = root.evaluate(_FIGURE_REPORT)
    for fig in report:
        assert fig["right"] <= fig["roomRight"] + 1, f"cut-off figure: {fig}"
        assert not fig["blankNotes"], f"{fig['title']}: notes drawn empty: {fig}"
        for tr in fig["traces"]:
            if tr["drawn"] is None:  # no points drawn at all (an empty trace)
                assert tr["want"] == 0, f"{fig['title']}: {tr}"
                continue
            assert tr["drawn"] == tr["want"], f"missing labels in {fig['title']}: {tr}"
    return report
