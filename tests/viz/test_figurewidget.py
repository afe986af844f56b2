"""toolkit.viz.FigureWidget: plotly's front-end sent once per kernel, not per figure.

The browser side (the figures draw and follow Python's updates in Voila and
JupyterLab, with no "[anywidget] Failed to initialize model." in the page) is
checked by tests/browser; here, what the kernel sends.
"""

from __future__ import annotations

from pathlib import Path

import plotly
import plotly.graph_objects as go
import pytest

pytest.importorskip("anywidget")

from toolkit.viz.figurewidget import FigureWidget, plotly_code


def test_every_figure_shares_one_copy_of_plotlys_widget_code():
    a = FigureWidget(data=[go.Scatter(x=[1, 2], y=[3, 4])])
    b = FigureWidget(go.Figure(go.Bar(y=[1])))
    assert isinstance(a, go.FigureWidget)
    sa, sb = a.get_state(), b.get_state()
    # the module each figure carries is small; plotly's 5 MB bundle is not in it
    assert len(sa["_esm"]) < 10_000 and len(go.FigureWidget()._esm) > 1_000_000
    assert sa["_code"] == sb["_code"] == f"IPY_MODEL_{plotly_code().model_id}"
    bundle = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
    assert plotly_code().code == bundle.read_bytes()


def test_a_closed_code_holder_is_made_again():
    first = plotly_code()
    first.close()
    second = plotly_code()
    assert second is not first and second.comm is not None
    assert FigureWidget().get_state()["_code"] == f"IPY_MODEL_{second.model_id}"
