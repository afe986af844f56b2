"""What every app shares: a message line and handlers that never leave a mess.

Every widget callback in this package goes through :func:`guarded`: an
:class:`~toolkit.core.IllegalAction` becomes a "Why not?" message naming the
rule, any other exception a short message saying the game is unchanged. The
handlers themselves only commit new positions after all checks passed (see
:class:`~toolkit.widgets.session.Session`), so a message is all that remains of
a failed click.
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as W

from toolkit.core import IllegalAction

from .words import explain, rules_html

__all__ = ["App", "guarded"]

log = logging.getLogger("toolkit.widgets")
F = TypeVar("F", bound=Callable[..., Any])

STYLES = {
    "info": "background:#f4f1e8;border-left:4px solid #9a8563",
    "ok": "background:#eef6ec;border-left:4px solid #3c8a3c",
    "why": "background:#fff4e0;border-left:4px solid #d58a00",
    "error": "background:#fde9e7;border-left:4px solid #c0392b",
}


class App(W.VBox):
    """A VBox with a message line (``self.message``) and the game it shows."""

    def __init__(self, game: Any, **kwargs: Any) -> None:
        self.game = game
        self.message = W.HTML(layout=W.Layout(width="100%"))
        self.message_kind = "info"
        self.message_text = ""
        super().__init__(**kwargs)

    def say(self, text: str, kind: str = "info", rule: str | None = None) -> None:
        """Show ``text`` in the message line (``kind``: info, ok, why or error).

        Rule IDs in the text (and ``rule``) open their sentence from the game's
        rules table when the message is clicked.
        """
        self.message_text, self.message_kind = text, kind
        style = STYLES.get(kind, STYLES["info"])
        self.message.value = (
            f'<div class="frontier-message frontier-{kind}" '
            f'style="{style};padding:4px 8px;margin:2px 0">'
            f"{rules_html(self.game, text, rule)}</div>"
            if text
            else ""
        )

    def why_not(self, error: IllegalAction) -> None:
        """Show why a click was illegal: the rule ID, the engine's sentence, the rule."""
        self.say(
            f"Why not? {explain(self.game, error)}", "why", getattr(error, "rule", None)
        )

    def failed(self, error: BaseException) -> None:
        """Show an unexpected error; the position shown is the last good one."""
        log.warning(
            "widget callback failed:\n%s",
            "".join(
                traceback.format_exception(type(error), error, error.__traceback__)
            ),
        )
        self.say(
            f"Something went wrong ({type(error).__name__}: {error}). Nothing was "
            "changed by the failed step: the game stays at its last legal position.",
            "error",
        )


def guarded(method: F) -> F:
    """Wrap an :class:`App` callback: explain illegal actions, catch every error.

    The wrapped method returns whatever the method returned, or None when it
    raised; it never raises itself (a widget callback that raises only prints
    a traceback into a log nobody sees).
    """

    @functools.wraps(method)
    def wrapper(self: App, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except IllegalAction as exc:
            self.why_not(exc)
        except Exception as exc:
            self.failed(exc)
        finally:
            try:
                self.refresh()
            except Exception as exc:  # a drawing bug must not hide the message
                self.failed(exc)
        return None

    return wrapper  # type: ignore[return-value]
