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


def test_the_comm_opens_with_the_figures_data_and_layout(monkeypatch):
    """The first message holds the traces: no later update must fill them in.

    (plotly's own widget opens empty and sends ``_widget_data`` after; a view
    drawn in between stayed an empty figure in JupyterLab's browser test.)"""
    import comm
    import ipywidgets

    opened, sent = [], []
    make = comm.create_comm

    def record_open(**args):
        opened.append(args)
        return make(**args)

    def record_send(self, msg, buffers=None):
        sent.append((self, msg))

    monkeypatch.setattr(comm, "create_comm", record_open)
    monkeypatch.setattr(ipywidgets.Widget, "_send", record_send)
    fig = FigureWidget(
        go.Figure(go.Scatter(x=[1, 2], y=[3, 4]), layout=dict(height=360))
    )
    mine = [a for a in opened if a["data"]["state"].get("_model_name") == "AnyModel"]
    assert len(mine) == 1
    state = mine[0]["data"]["state"]
    assert len(state["_widget_data"]) == 1
    assert state["_widget_data"][0]["type"] == "scatter"
    assert state["_widget_layout"]["height"] == 360
    assert not [
        m
        for w, m in sent
        if w is fig and {"_widget_data", "_widget_layout"} & set(m.get("state", {}))
    ]
    # and later edits still go out as plotly's messages
    fig.layout.height = 400
    assert [m for w, m in sent if w is fig]
