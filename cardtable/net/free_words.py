"""What a player did at a hosted free table, in words every seat may hear.

The host puts these lines in the ``log`` of the ``state`` message that carries the change,
so a joined player's screen reader says what the others did (and the host's says what the
joined players did). They name who acted and what kind of move it was, and how many cards
(every seat sees a pile's size), never which cards: a card shown face up is on everyone's
screen already, and one face down or in a hand must stay unnamed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["op_words", "step_words", "heard_lines", "MOST_LINES", "MOST_CHARS"]

MOST_LINES = 8
"""Lines a joined player takes from one message at most (a hostile host's flood is cut)."""
MOST_CHARS = 160
"""Characters of one line a joined player speaks at most."""

_STEPS = {"move": "moved a pile", "flip": "flipped a pile", "shuffle": "shuffled a pile",
          "deal": "dealt a row", "deal to players": "dealt to every hand", "play from hand": "played a card",
          "take into hand": "took cards into their hand"}


def _cards(count: Any) -> str:
    return "a card" if count == 1 else f"{count} cards"


def op_words(op: Mapping[str, Any]) -> str:
    """A joined player's checked operation (:data:`~cardtable.net.free_wire.OPERATIONS`) as
    what they did, without the actor's name.

    >>> op_words({"kind": "move", "pile": 3, "size": 5, "count": 2, "x": 0, "y": 0})
    'moved 2 cards'
    >>> op_words({"kind": "play", "pile": 3, "size": 5, "index": 0, "x": 0, "y": 0, "face_up": True})
    'played a card from their hand face up'
    """
    kind = op["kind"]
    if kind == "move":
        count = op.get("count")
        return "moved a pile" if count is None or count == op.get("size") else f"moved {_cards(count)}"
    if kind == "deal":
        return f"dealt {_cards(op['count'])}" + (" face up" if op.get("face_up") else "")
    if kind == "take":
        count = op.get("count")
        return f"took {'the pile' if count is None else _cards(count)} into their hand"
    if kind == "play":
        return "played a card from their hand" + (" face up" if op.get("face_up") else "")
    return _STEPS.get(kind, str(kind))


def step_words(label: str, how: str = "") -> str:
    """A step the host took on its own table (its history's ``label``), ``how`` being
    ``"undid"``, ``"redid"`` or ``""`` for a step done.

    >>> step_words("flip"), step_words("spread", "undid")
    ('flipped a pile', 'undid spread')
    """
    if how:
        return f"{how} {label}"
    return _STEPS.get(label, label)


def heard_lines(log: Any) -> list[str]:
    """The lines of a ``state`` message's ``log`` a joined player speaks: strings only, at
    most :data:`MOST_LINES` of :data:`MOST_CHARS` characters (whatever else a host sent is
    dropped, never an error).

    >>> heard_lines(["Ann flipped a pile", 3, None, "x" * 500])[1][-3:], heard_lines("no")
    ('xxx', [])
    """
    if not isinstance(log, list):
        return []
    return [line[:MOST_CHARS] for line in log if isinstance(line, str) and line.strip()][:MOST_LINES]
