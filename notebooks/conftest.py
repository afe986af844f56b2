"""Each lesson's time, reported at the end of ``pytest --nbmake notebooks``.

A lesson should run headless in under 60 s. Times on a shared machine depend on
its load, so this reports (it never fails a run): every lesson's wall time and
the load average, with lessons over 60 s marked. The CPU time of the lesson's
kernel is not visible from here; compare lessons measured in one run.
"""

from __future__ import annotations

import os

import pytest

LIMIT = 60.0  # seconds: the project's budget for one lesson, headless
_TIMES: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and report.nodeid.endswith(".ipynb"):
        _TIMES[report.nodeid.rsplit("/", 1)[-1]] = report.duration


def pytest_terminal_summary(terminalreporter) -> None:
    if not _TIMES:
        return
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    tr = terminalreporter
    tr.write_sep("-", f"lesson times (load average {load} on {os.cpu_count()} cores)")
    for name, secs in sorted(_TIMES.items()):
        mark = "  over 60 s" if secs > LIMIT else ""
        tr.write_line(f"{secs:7.1f} s  {name}{mark}")
