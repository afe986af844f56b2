"""A plotly ``FigureWidget`` that loads plotly's front-end once per page.

plotly (>= 6) builds ``go.FigureWidget`` on anywidget and sends its whole
front-end (plotly.js with the widget's model and view, about 5 MB of
JavaScript) as the module of *every* figure. anywidget gives a module 2 s to
load; past that the figure's model fails ("[anywidget] Failed to initialize
model." in the page) and every later update from Python is dropped, so the
board stops following the game. One evaluation of those 5 MB took 8-10 s in
headless Chromium on this project's busy 2-core machine, and a Voila page with
a dozen figures evaluated it a dozen times.

:class:`FigureWidget` is ``go.FigureWidget`` with a small module
(``figurewidget.js``) that is ready at once: it takes plotly's code from one
shared widget per kernel (:func:`plotly_code`, sent to the page once, as binary),
evaluates it once per page, and replays the updates that arrived meanwhile.
Everything else (traces, ``batch_update``, ``on_click``) is plotly's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets
import plotly.graph_objects as go
import traitlets

__all__ = ["FigureWidget", "PlotlyCode", "plotly_code"]


class PlotlyCode(ipywidgets.Widget):
    """Holds plotly's widget front-end code for the page (one per kernel)."""

    # ipywidgets' base model ("WidgetModel" of @jupyter-widgets/base), no view
    code = traitlets.Bytes().tag(sync=True)


_CODE: PlotlyCode | None = None


def plotly_code() -> PlotlyCode:
    """The kernel's :class:`PlotlyCode` (made on first use, again if closed)."""
    global _CODE
    if _CODE is None or _CODE.comm is None:
        import plotly

        bundle = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
        _CODE = PlotlyCode(code=bundle.read_bytes())
    return _CODE


class FigureWidget(go.FigureWidget):
    """``go.FigureWidget`` whose front-end loads once per page (see the module)."""

    _esm = Path(__file__).with_name("figurewidget.js")
    _code = traitlets.Instance(PlotlyCode).tag(
        sync=True, **ipywidgets.widget_serialization
    )

    @traitlets.default("_code")
    def _default_code(self) -> Any:
        return plotly_code()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # plotly opens the widget's comm (in ipywidgets' constructor) with empty
        # ``_widget_data`` and ``_widget_layout`` and sends them in updates after
        # it; a view drawn between the two showed an empty figure that never
        # filled (plotly's view reads them once, when it draws). Here the comm
        # opens once the figure is complete, so its first message holds it all.
        self._complete = False
        super().__init__(*args, **kwargs)
        self._complete = True
        self.open()

    def open(self) -> None:
        """Open the comm, but not before the figure's data and layout are set."""
        if getattr(self, "_complete", True):
            super().open()
