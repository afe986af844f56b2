"""Static images of figures: kaleido when it is installed, else headless Chromium.

kaleido (>= 1) drives a Chrome through choreographer and finds Debian's
``/usr/bin/chromium`` by itself. Without kaleido the figure is written as a
self-contained HTML page and Chromium takes a screenshot of it
(``chromium --headless --screenshot``): no Python package needed at all.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--mute-audio",
)


def chromium() -> str | None:
    """Path of a Chromium/Chrome binary, or None (``BROWSER_PATH`` wins)."""
    env = os.environ.get("BROWSER_PATH")
    if env and os.access(env, os.X_OK):
        return env
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def has_kaleido() -> bool:
    """Whether kaleido is importable."""
    return importlib.util.find_spec("kaleido") is not None


def engine() -> str | None:
    """The renderer :func:`write_pngs` will use: "kaleido", "chromium" or None."""
    if has_kaleido() and chromium():
        return "kaleido"
    if chromium():
        return "chromium"
    return None


def _size(fig: Any) -> tuple[int, int]:
    from .common import FIT_WIDTH

    w = fig.layout.width or FIT_WIDTH
    h = fig.layout.height or 600
    return int(w), int(h)


def write_pngs(
    figs: Sequence[Any],
    paths: Sequence[str | Path],
    scale: float = 1.0,
    method: str | None = None,
) -> str:
    """Write each figure to its PNG path; returns the method used.

    ``method`` is "kaleido", "chromium" or None (kaleido if installed).
    Raises RuntimeError when no browser is available.
    """
    method = method or engine()
    if method is None:
        raise RuntimeError(
            "no browser for static images: install Debian's chromium "
            "(apt-get install chromium) or kaleido"
        )
    paths = [Path(p) for p in paths]
    for p in paths:
        p.parent.mkdir(parents=True, exist_ok=True)
    if method == "kaleido":
        import plotly.io as pio

        sizes = [_size(f) for f in figs]
        if hasattr(pio, "write_images"):
            pio.write_images(
                list(figs),
                [str(p) for p in paths],
                width=[s[0] for s in sizes],
                height=[s[1] for s in sizes],
                scale=scale,
            )
        else:  # pragma: no cover - older plotly
            for f, p, (w, h) in zip(figs, paths, sizes):
                f.write_image(str(p), width=w, height=h, scale=scale)
        return method
    if method != "chromium":
        raise ValueError(f"method must be 'kaleido' or 'chromium', not {method!r}")
    exe = chromium()
    if exe is None:
        raise RuntimeError("Chromium not found (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="toolkit-viz-") as tmp:
        for i, (fig, path) in enumerate(zip(figs, paths)):
            w, h = _size(fig)
            html = Path(tmp) / f"fig{i}.html"
            page = fig.to_html(
                include_plotlyjs=True,
                full_html=True,
                config={"staticPlot": True, "displayModeBar": False},
            )
            page = page.replace(
                "<head>",
                "<head><style>html,body{margin:0;padding:0;background:#fff;"
                "overflow:hidden}</style>",
                1,
            )
            html.write_text(page, encoding="utf-8")
            cmd = [
                exe,
                *CHROMIUM_ARGS,
                f"--user-data-dir={tmp}/profile",
                f"--force-device-scale-factor={scale:g}",
                f"--window-size={w},{h}",
                "--virtual-time-budget=10000",
                f"--screenshot={path.resolve()}",
                html.resolve().as_uri(),
            ]
            done = subprocess.run(
                cmd,
                capture_output=True,
                text=True,
                timeout=120,
                stdin=subprocess.DEVNULL,
                check=False,
            )
            if done.returncode != 0 or not path.exists():
                raise RuntimeError(
                    f"chromium failed ({done.returncode}) on {path}:\n{done.stderr[-2000:]}"
                )
    return method


def png_info(path: str | Path) -> dict:
    """Width, height and number of distinct colours of a PNG (no Pillow needed).

    Reads 8-bit greyscale/RGB/RGBA/palette, non-interlaced PNGs, which is what
    Chromium and kaleido write. Used to check that a gallery image is not blank.
    """
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, width = 8, b"", 0
    height = depth = ctype = interlace = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        chunk = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(
                ">IIBBBBB", chunk
            )
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
        pos += 12 + length
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or interlace or channels is None:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, type {ctype})")
    raw = zlib.decompress(idat)
    stride = width * channels
    prev = bytearray(stride)
    colours: set[bytes] = set()
    pos = 0
    for _ in range(height):
        f = raw[pos]
        line = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        if f == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = prev[i]
                c = prev[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        if len(colours) < 100_000:
            colours.update(
                bytes(line[i : i + channels]) for i in range(0, stride, channels)
            )
        prev = line
    return {"width": width, "height": height, "colours": len(colours)}
