"""What the app says aloud: a screen reader's voice where there is one, and a log of every line.

:class:`Speech` is the one door: :meth:`Speech.say` puts a line in :attr:`Speech.log` (a
bounded list in memory, which the tests read) and hands it to the screen reader through
the optional ``accessible_output2`` package (``pip install cardtable[speech]``), imported
only when speech is first wanted. Without that package, or with no screen reader or speech
engine running, speech is silent and nothing else changes.

Speech is on, off, or (the default, ``None``) on when a screen reader is found. No pygame
here: the tables decide what to say (:mod:`cardtable.ui.table_speech`).

>>> speech = Speech(True, output=None)
>>> speech.say("Your turn")
>>> speech.log[-1]
'Your turn'
>>> Speech(False, output=None).say("nothing") is None
True
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections import deque
from typing import Any

__all__ = ["LOG_LINES", "Speech", "screen_reader"]

LOG_LINES = 500
"""How many spoken lines the log keeps (the oldest go first)."""

_log = logging.getLogger(__name__)
_UNSET: Any = object()


def _auto_output() -> Any:
    """accessible_output2's ``Auto`` output, or None when the package is missing or fails.

    The package prints a line to standard output for each engine it does not find; that is
    kept off the console.
    """
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            from accessible_output2.outputs.auto import Auto  # type: ignore[import-untyped,import-not-found,unused-ignore]
            return Auto()
    except Exception as exc:  # noqa: BLE001 - no speech is never an error: the app goes on silent
        _log.info("no speech output: %s", exc)
        return None


def screen_reader(output: Any) -> bool:
    """True when ``output`` (an ``Auto``) has a screen reader running (NVDA, JAWS, VoiceOver...):
    an active output that is not the system's own voice."""
    try:
        return any(o.is_active() and not o.is_system_output() for o in output.outputs)
    except Exception:  # noqa: BLE001 - a broken engine is no screen reader
        return False


class Speech:
    """Says lines aloud when on, and keeps the last :data:`LOG_LINES` of them.

    ``mode``: True (on), False (off) or None (on when a screen reader is found).
    ``output``: what speaks (anything with ``speak(text, interrupt=...)``; None: silent);
    by default accessible_output2's, made when speech is first wanted.
    """

    def __init__(self, mode: bool | None, *, output: Any = _UNSET) -> None:
        self.mode = mode
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self._output = output
        self._found: bool | None = None  # a screen reader, once looked for

    @property
    def output(self) -> Any:
        """The voice, made on first use (None: silent)."""
        if self._output is _UNSET:
            self._output = _auto_output()
        return self._output

    @property
    def on(self) -> bool:
        """True when lines are said (and logged)."""
        if self.mode is not None:
            return self.mode
        if self._found is None:
            self._found = self.output is not None and screen_reader(self.output)
        return self._found

    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Say ``text`` (after what is being said, or cutting it off when ``interrupt``)."""
        text = " ".join(text.split())
        if not text or not self.on:
            return
        self.log.append(text)
        output = self.output
        if output is None:
            return
        try:
            output.speak(text, interrupt=interrupt)
        except Exception as exc:  # noqa: BLE001 - a voice that fails once is dropped: the game goes on
            _log.warning("speech failed, going on silent: %s", exc)
            self._output = None
