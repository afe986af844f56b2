"""Load the apps page in Voila again and again and count the loads that lose a widget.

Not a test (pytest does not collect it): the measurement behind issue 18's
"Error displaying widget: model not found" in Voila, with and without the
project's page fix (the ``@frontier-toolkit/widget-restore`` labextension in
``toolkit/widgets/labextensions``, see its ``remoteEntry`` for why). Two Voila
servers serve the same page, one with the fix and one without, and the loads
alternate between them, so both see the same machine. ``--busy K`` starts K
busy Python loops (``nice``d) to load the machine like a busy classroom server,
and stops them at the end. Each line prints the load average.

    PYTHONPATH=$PWD python -m tests.browser.voila_restore_loads --loads 8 --busy 8

``--logic`` instead runs, under Node.js, the ``get_model`` Voila runs today
(taken from the installed ``@jupyter-widgets/jupyterlab-manager`` bundle) and
the fixed one on the traced case: the kernel's states arrive 1.5 s after an
output asked for its model, and handling them is one 1.9 s task that
registers the model at its start.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from tests.browser.conftest import (
    _BROKEN_WIDGETS,
    APPS,
    BIN,
    CHROMIUM_ARGS,
    LABEXTENSIONS,
    Server,
    apps_notebook,
    free_port,
)

#: Outputs still waiting for their widget ("Loading widget...").
_LOADING = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .filter(el => el.textContent.trim() === 'Loading widget...').length"""


def voila_server(nbdir: Path, env: dict, fixed: bool) -> tuple[Server, str]:
    port = free_port()
    cmd = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.root_dir={nbdir}",
    ]
    if fixed:
        cmd.append(f"--VoilaConfiguration.extra_labextensions_path=['{LABEXTENSIONS}']")
    return Server(cmd, nbdir, env, f"http://127.0.0.1:{port}/voila/static/"), (
        f"http://127.0.0.1:{port}"
    )


def one_load(browser, url: str, throttle: float = 1) -> dict:
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    if throttle != 1:  # a slower computer: Chromium runs the page's JS slower
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    start = time.monotonic()
    try:
        page.goto(f"{url}/voila/render/{APPS}", timeout=300_000)
        # Voila sets window.jupyterapp once it has started rendering the outputs
        page.wait_for_function("() => !!window.jupyterapp", timeout=300_000)
        # until every output has its widget or has given up (or 60 s)
        deadline = time.monotonic() + 60
        while page.evaluate(_LOADING) and time.monotonic() < deadline:
            time.sleep(0.5)
        broken = page.evaluate(_BROKEN_WIDGETS)
        return {
            "seconds": round(time.monotonic() - start, 1),
            "broken": len(broken),
            "loading": page.evaluate(_LOADING),
            "patched": page.evaluate(
                "() => !!(window.jupyterapp.widgetManager || {})"
                ".__frontierWaitsForModels"
            ),
            "load": round(os.getloadavg()[0], 1),
            "throttle": throttle,
            "first": broken[:1],
        }
    finally:
        page.close()


#: The traced case, for the get_model of ipywidgets (``UPSTREAM``: the text of
#: the method) and for the fixed one (the labextension on a stand-in manager).
_LOGIC = r"""
const fs = require('fs'), vm = require('vm');
const [upstreamSrc, entry] = process.argv.slice(1);
const block = (ms) => { const s = Date.now(); while (Date.now() - s < ms) {} };
const traced = (manager, name) => {
  const t0 = Date.now();
  const done = manager.get_model('x').then(() => 'found', (e) => e.message)
    .then((r) => console.log(`${name}: ${r} after ${Date.now() - t0} ms`));
  setTimeout(() => {
    manager._models.x = Promise.resolve('X'); block(1900);
  }, 1500);
  return done;
};
(async () => {
  const Upstream = eval('(class { ' + fs.readFileSync(upstreamSrc, 'utf8') + ' })');
  const before = new Upstream(); before._models = {};
  await traced(before, 'ipywidgets 8.1.9 get_model');
  vm.runInThisContext(fs.readFileSync(entry, 'utf8'));
  const c = _JUPYTERLAB['@frontier-toolkit/widget-restore'];
  const plugin = (await c.get('./extension'))().default[0];
  const after = {_models: {}, register_model(id, p) { this._models[id] = p; }};
  plugin.activate({widgetManagerPromise: {promise: Promise.resolve(after)}});
  await new Promise((r) => setTimeout(r, 0));
  await traced(after, 'with @frontier-toolkit/widget-restore');
})();
"""


def logic() -> None:
    """Run the traced case under Node.js, before and after the fix."""
    import re

    bundles = Path(sys.prefix, "share/jupyter/labextensions/@jupyter-widgets")
    method = None
    for js in sorted(bundles.glob("jupyterlab-manager/static/*.js")):
        found = re.search(r"async get_model\(e\)\{.*?\}return t\}", js.read_text())
        if found:
            method = found.group(0)
            break
    assert method, f"no get_model in {bundles}"
    meta = LABEXTENSIONS / "@frontier-toolkit" / "widget-restore"
    entry = (
        meta
        / json.loads((meta / "package.json").read_text())["jupyterlab"]["_build"][
            "load"
        ]
    )
    with tempfile.NamedTemporaryFile("w", suffix=".js") as f:
        f.write(method)
        f.flush()
        subprocess.run(["node", "-e", _LOGIC, f.name, str(entry)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=8, help="loads per server")
    parser.add_argument("--busy", type=int, default=0, help="busy loops to start")
    parser.add_argument("--nice", type=int, default=10, help="their nice level")
    parser.add_argument(
        "--throttle",
        default="1",
        help="CPU slow-down rates of the page, taken in turn per load (e.g. 1,2,3)",
    )
    parser.add_argument("--logic", action="store_true", help="see the module doc")
    parser.add_argument("--only", choices=["fixed", "unfixed"], default=None)
    args = parser.parse_args()
    if args.logic:
        logic()
        return

    import playwright.sync_api as playwright

    # stopped by its pid (kill PID): still stop the busy loops and the servers
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))

    base = Path(tempfile.mkdtemp(prefix="voila-restore-"))
    notebook = apps_notebook()
    root = Path(__file__).resolve().parents[2]
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONPATH=os.pathsep.join(
            p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p
        ),
    )
    kinds = ["unfixed", "fixed"] if args.only is None else [args.only]
    servers, busy = {}, []
    try:
        for kind in kinds:
            nbdir = base / kind / "nb"
            nbdir.mkdir(parents=True)
            nbformat.write(notebook, nbdir / APPS)
            servers[kind] = voila_server(nbdir, env, fixed=kind == "fixed")
        for _ in range(args.busy):
            busy.append(
                subprocess.Popen(
                    [sys.executable, "-c", "while True: pass"],
                    preexec_fn=lambda: os.nice(args.nice),
                )
            )
        print("busy loops (pids):", [p.pid for p in busy], flush=True)
        counts = {kind: [] for kind in kinds}
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True
            )
            rates = [float(r) for r in args.throttle.split(",")]
            for i in range(args.loads):
                for kind in kinds:
                    rate = rates[i % len(rates)]
                    result = one_load(browser, servers[kind][1], rate)
                    counts[kind].append(result)
                    print(i + 1, kind, result, flush=True)
            browser.close()
        for kind in kinds:
            rows = counts[kind]
            loads = [r["load"] for r in rows]
            print(
                f"{kind}: {sum(r['broken'] > 0 for r in rows)} of {len(rows)} loads "
                f"broken (load average {min(loads)}-{max(loads)})"
            )
    finally:
        for proc in busy:
            proc.kill()
            proc.wait()
        for server, _ in servers.values():
            server.stop()


if __name__ == "__main__":
    main()
