"""The theme: player colours stay apart for colour-blind readers, and pair with shapes."""

from __future__ import annotations

import itertools

from toolkit.viz import theme as T

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(hex_colour):
    c = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]


def _lab(rgb):
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _simulate(hex_colour, matrix):
    lin = _linear(hex_colour)
    return [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin)))) for row in matrix]


def test_player_colours_stay_apart_under_colour_vision_deficiencies():
    for name, matrix in {"normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)), **CVD}.items():
        labs = [_lab(_simulate(c, matrix)) for c in T.PLAYER_COLOURS]
        for (i, a), (j, b) in itertools.combinations(enumerate(labs), 2):
            delta_e = sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5
            # ΔE > 15 is a clearly visible difference; the shapes add the rest
            assert delta_e > 15, (
                f"{name}: seats {i} and {j} too close (ΔE {delta_e:.1f})"
            )


def test_every_player_has_its_own_shape_and_dash():
    assert len(set(T.PLAYER_SYMBOLS)) == len(T.PLAYER_COLOURS) == 4
    assert len(set(T.PLAYER_DASHES)) == 4
    assert [T.player_name(s) for s in range(4)] == ["blue", "red", "green", "yellow"]


def test_tiles_have_colour_code_and_name():
    from toolkit.pioneers import TILE_TYPES
    from toolkit.pioneers.board import SHORT
    from toolkit.pioneers.view import style as S

    assert set(S.TILE_STYLE) == set(TILE_TYPES)
    assert S.TILE_SHORT == SHORT
    assert len({c for c, _ in S.TILE_STYLE.values()}) == 7
    assert S.tile_colour(None) == S.EMPTY_CITY and S.tile_name(None) == "no tile"


def test_template_is_registered():
    import plotly.io as pio

    tpl = T.template()
    assert pio.templates[T.TEMPLATE_NAME].to_plotly_json() == tpl.to_plotly_json()
    assert list(tpl.layout.colorway) == list(T.PLAYER_COLOURS)
    assert T.rgba("#0072B2", 0.5) == "rgba(0,114,178,0.5)"


def test_importing_viz_is_cheap():
    import subprocess
    import sys

    code = "import sys, toolkit.viz; print('plotly' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "False"
