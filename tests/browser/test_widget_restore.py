"""The Voila page fix the project ships (issue 18), without a browser.

``toolkit/widgets/labextensions/@frontier-toolkit/widget-restore`` is a
hand-written JupyterLab/Voila federated extension: in a Voila page it makes the
widget manager's ``get_model`` wait for a model while the restore from the
kernel runs (ipywidgets 8.1.9 gives up after 2 s of wall time and checks its
deadline before its last look: jupyter-widgets/ipywidgets#4026). These tests
check that the project installs it where Voila and JupyterLab look for it, and
run its ``get_model`` under Node.js against a stand-in widget manager (skipped
where ``node`` is missing). The browser tests check it runs in the real pages
(``conftest.open_in_voila``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tomllib

import pytest

from .conftest import LABEXTENSIONS, ROOT

EXTENSION = LABEXTENSIONS / "@frontier-toolkit" / "widget-restore"


def test_installed_where_jupyter_finds_labextensions():
    """pyproject's shared-data puts the folder into share/jupyter/labextensions
    (also for an editable install: make venv, Binder's ``-e .[lab]``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    source = LABEXTENSIONS.relative_to(ROOT).as_posix()
    assert wheel["shared-data"][source] == "share/jupyter/labextensions"
    meta = json.loads((EXTENSION / "package.json").read_text())
    assert meta["name"] == "@frontier-toolkit/widget-restore"
    assert (EXTENSION / meta["jupyterlab"]["_build"]["load"]).is_file()
    assert meta["jupyterlab"]["_build"]["extension"] == "./extension"


#: Loads the remoteEntry like Voila does (init, get, factory), activates the
#: plugin on a stand-in Voila app and runs the cases; prints one JSON line.
_NODE = r"""
const vm = require('vm'), fs = require('fs');
vm.runInThisContext(fs.readFileSync(process.argv[1], 'utf8'));
const container = _JUPYTERLAB['@frontier-toolkit/widget-restore'];
const block = (ms) => { const s = Date.now(); while (Date.now() - s < ms) {} };
const later = (ms, f) => setTimeout(f, ms);
(async () => {
  await container.init({});
  const plugin = (await container.get('./extension'))().default[0];
  plugin.activate({});  // JupyterLab: no Voila widget manager, nothing to do
  let give;
  plugin.activate({widgetManagerPromise: {promise: new Promise((r) => give = r)}});
  const manager = {
    _models: {known: Promise.resolve('K')}, _kernelRestoreInProgress: true,
    restoredStatus: false,
    register_model(id, p) { this._models[id] = p; },
    get_model() { throw new Error('the original get_model ran'); },
  };
  give(manager);
  await new Promise((r) => setTimeout(r, 0));
  const t0 = Date.now();
  const outcome = (p) => p.then(
    async (m) => ({ok: await m, after: Date.now() - t0}),
    (e) => ({error: String(e.message), after: Date.now() - t0}));
  const cases = {
    known: outcome(manager.get_model('known')),
    // registered 2.6 s into a restore that is still running
    during_restore: outcome(manager.get_model('late')),
    // registered at the end of a 2.4 s long task after the restore ended
    after_long_task: outcome(manager.get_model('blocked')),
    // never registered
    missing: outcome(manager.get_model('missing')),
  };
  later(2600, () => manager.register_model('late', Promise.resolve('L')));
  later(3000, () => {
    manager._kernelRestoreInProgress = false; manager.restoredStatus = true;
  });
  later(3100, () => { block(2400); manager.register_model('blocked', Promise.resolve('B')); });
  const out = {};
  for (const [k, p] of Object.entries(cases)) out[k] = await p;
  console.log(JSON.stringify(out));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_get_model_waits_for_the_restore_and_looks_before_giving_up():
    entry = (
        EXTENSION
        / json.loads((EXTENSION / "package.json").read_text())["jupyterlab"]["_build"][
            "load"
        ]
    )
    run = subprocess.run(
        ["node", "-e", _NODE, str(entry)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = json.loads(run.stdout)
    assert out["known"] == {"ok": "K", "after": out["known"]["after"]}
    assert out["known"]["after"] < 100
    # ipywidgets 8.1.9 gives up on these after 2 s: here they arrive
    assert out["during_restore"]["ok"] == "L"
    assert 2500 <= out["during_restore"]["after"] < 2900
    assert out["after_long_task"]["ok"] == "B"
    # a model that never comes still fails, 2 s after the restore ended (here
    # later: the long task holds the timer back)
    assert out["missing"]["error"] == "widget model not found"
    assert out["missing"]["after"] >= 5000
