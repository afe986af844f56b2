"""The gallery renders real PNGs in a browser (kaleido or Debian's Chromium)."""

from __future__ import annotations

import pytest

from toolkit.viz import gallery, render

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_png_reader_on_a_known_image(tmp_path):
    import struct
    import zlib

    # a 3x2 RGB image: red, green, blue / red, black, black ("none" and "sub" filters)
    rows = (
        b"\x00"
        + bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])
        + b"\x01"
        + bytes([255, 0, 0, 1, 0, 0, 0, 0, 0])
    )

    def chunk(kind, data):
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data))
        )

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 2, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )
    path = tmp_path / "t.png"
    path.write_bytes(png)
    assert render.png_info(path) == {"width": 3, "height": 2, "colours": 4}


def test_gallery_images_exist_and_are_not_blank(tmp_path):
    if render.engine() is None:
        pytest.skip(
            "no browser for static images: apt-get install chromium (or pip install "
            "kaleido); CI installs chromium"
        )
    paths = gallery.build(tmp_path, seed=gallery.DEFAULT_SEED)
    assert sorted(p.name for p in paths) == sorted(gallery.images())
    for path in paths:
        assert path.exists(), path
        assert path.stat().st_size > 20_000, f"{path.name} is suspiciously small"
        info = render.png_info(path)
        assert info["width"] >= 700 and info["height"] >= 400, (path.name, info)
        # a blank or failed render has a handful of colours; a drawn board has thousands
        assert info["colours"] > 200, (path.name, info)
