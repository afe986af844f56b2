"""Fixtures for the Pioneer Days rule tests (helpers: toolkit.pioneer_days.scenarios)."""

from __future__ import annotations

import pytest

from toolkit.pioneer_days import PioneerDays


@pytest.fixture
def game2():
    return PioneerDays(players=2)


@pytest.fixture
def game3():
    return PioneerDays(players=3)
