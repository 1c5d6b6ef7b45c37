"""The Saves screen's "Hands" button: a save's finished hands written as a hand-history
file beside the saves (``saves/hands/<save's name>.phhs``; see
:mod:`cardtable.hand_history` and ``docs/hand-histories.md``), and where, or why not, said
in a toast."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from cardtable import games, paths
from cardtable.saves import SaveFile

__all__ = ["hands_folder", "why_no_hands", "write_hands"]

_log = logging.getLogger(__name__)


def hands_folder() -> Path:
    """Where the hand histories go: ``saves_dir()/"hands"``."""
    return paths.saves_dir() / "hands"


def why_no_hands(save: SaveFile | None) -> str | None:
    """Why the save's hands cannot be written, as far as the list knows without replaying
    it (a broken save, a game without rules, nothing dealt yet); None when they may be."""
    if save is None:
        return "There is no save to write the hands of"
    if not save.ok:
        return save.error.reason if save.error else "This save cannot be read"
    game = games.find(str((save.envelope or {}).get("game")))
    if game is None or not game.has_rules:
        return f"{game.name if game else 'This game'} keeps no hands: it has no rules"
    if not save.summary.get("round"):
        return "No hand has been dealt yet"
    if not save.summary.get("finished") and not save.summary.get("imported"):
        return "The match is still being played: its hands are written once it is over (they show every card)"
    return None


def write_hands(app, save: SaveFile) -> Path | None:
    """Write ``save``'s finished hands to :func:`hands_folder` and toast where; None, with
    a toast saying why, when they cannot be (never an error: any save at all)."""
    from cardtable.hand_history import write_beside

    reason = why_no_hands(save)
    if reason is None:
        try:
            written, made = write_beside(str(save.path), str(hands_folder()))
        except Exception as exc:  # noqa: BLE001 - a save that cannot be written out is a reason, never a crash
            _log.warning("cannot write the hands of %s", save.path, exc_info=exc)
            reason = str(getattr(exc, "reason", exc)) or type(exc).__name__
        else:
            path = Path(written)
            count = f"{made.hands} hand{'s' if made.hands != 1 else ''}"
            shorter = [f"{count} written to {path}", f"{count} written to …{os.sep}hands{os.sep}{path.name}"]
            app.toast(next((t for t in shorter if len(app.toast_lines(t)) == 1), shorter[-1]), 5.0)
            return path
    app.toast(f"Cannot write the hands: {reason}", 5.0)
    return None
