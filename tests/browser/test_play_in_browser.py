"""Lesson 04 in a real browser: JupyterLab and Voila in Debian's headless Chromium.

The tests share the session's JupyterLab and Voila servers (``conftest.py``),
which serve a copy of ``notebooks/04-play-pioneers.ipynb`` (so the checkout
stays clean); each drives it with Playwright and saves a screenshot to the
artifacts folder. They need ``/usr/bin/chromium`` (``apt-get install chromium``; never
``playwright install``); without it they are skipped, except in CI
(``tests/conftest.py``).

What is checked: the board renders as a plotly widget with drawn SVG points
(not a text fallback), a legal-action button round-trips through the kernel
and changes the board and the log, a click on a city of the board moves the
stagecoach there, and after the human's turn the bots play theirs (with the
app's visible delay) until the human decides again.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .conftest import (
    LESSON_04,
    SLOW,
    check_page,
    click_when_drawn,
    open_in_lab,
    open_in_voila,
)

pytestmark = pytest.mark.browser

if os.environ.get("CI"):  # in CI a missing package is an error, never a skip
    import playwright.sync_api as playwright
else:
    playwright = pytest.importorskip(
        "playwright.sync_api", reason="needs the playwright package (the [test] extra)"
    )
expect = playwright.expect

NOTEBOOK = LESSON_04


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
    # skip optional tile effects ("blue to use/add") until Blue buys or joins;
    # each Skip is found and clicked in one page step (a title read first, then
    # a click, could act on buttons the kernel has redrawn in between)
    for _ in range(6):
        before = title.text_content()
        done = "blue to (buy|join)"
        if click_when_drawn(app, ["Skip"], ".gtitle", done, timeout=120_000) is None:
            break
        expect(title).not_to_have_text(before, timeout=60_000)
    expect(title).to_contain_text(re.compile("blue to (buy|join)"), timeout=120_000)
    expect(log).to_contain_text("Red's turn: income", timeout=60_000)
    page.screenshot(path=str(shot), full_page=True)
    assert not errors, errors


def test_lesson_04_in_jupyterlab(lab, browser, artifacts):
    page = open_in_lab(browser, lab, NOTEBOOK.name, width=1400)
    page.set_viewport_size({"width": 1400, "height": 1600})
    check_game(page, artifacts / "lesson-04-lab.png")
    check_page(page)
    page.close()


def test_lesson_04_as_a_voila_app(voila, browser, artifacts):
    page = open_in_voila(browser, voila, NOTEBOOK.name)
    page.set_viewport_size({"width": 1300, "height": 1600})
    check_game(page, artifacts / "lesson-04-voila.png")
    check_page(page)
    page.close()
