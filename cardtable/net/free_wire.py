"""The free table on the wire: what each player is shown of the piles, and the
operations they send, checked against the host's table.

What travels (inside the ordinary ``state`` and ``action`` messages of
:mod:`cardtable.net.protocol`, whose schemas are unchanged):

* A pile is ``[pid, x, y, z, owner, cards]``; a pile gone is ``[pid]``. ``cards`` runs
  bottom to top; an int ``c >= 0`` is a card the viewer may see (card ``c`` of the
  deck) and ``-k`` stands for ``k`` backs in a row. A viewer sees a card on the felt
  only when it lies face up, and the cards of their own hand; every other card (face
  down, or in someone else's hand) is sent only as part of a count of backs, so its
  identity never reaches the viewer's connection. Faces need not travel: on the felt a
  card is face up exactly when it is shown, and a hand lies face down.
* The ``state`` message's ``view`` is ``{"free": 1, "deck": id, "full": bool,
  "piles": [...], "more": bool}``: a whole table (``full``, after a join or a
  reconnect) or the piles changed since the last one sent, in pieces of at most
  :data:`PIECE_PILES` piles so that no message passes the protocol's size limit (the
  receiver applies the pieces together when ``more`` is false). A move sends two or
  three piles; only a step that touches thousands of piles (a spread of the Infinite
  Deck) costs thousands, about 40 bytes each.
* An ``action`` message's ``action`` is one operation (:data:`OPERATIONS`), e.g.
  ``{"kind": "move", "pile": 7, "size": 3, "count": 1, "x": 120, "y": 40, "onto": null}``.
  ``size`` is how many cards the sender saw in the pile: when the pile has changed
  since (someone else took the card first) the host refuses the operation, so two
  grabs of one card are settled in the order they arrive.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from cardtable.engine.piles import Pile
from cardtable.engine.table import Table

__all__ = ["OPERATIONS", "PIECE_PILES", "FAR", "wire_pile", "table_pieces", "changed_piles", "check_operation",
           "apply_operation", "read_pile", "Refused"]

PIECE_PILES = 1000
"""Piles per ``state`` message: about 40 bytes each, well inside the 64 KiB limit."""
FAR = 1_000_000.0
"""The farthest a pile may be put from the origin, in world units."""
_MOST_CARDS = 100_000
OPERATIONS: dict[str, dict[str, tuple[str, bool]]] = {
    "move": {"pile": ("pile", True), "size": ("int", True), "count": ("count?", False), "x": ("num", True),
             "y": ("num", True), "onto": ("pile?", False)},
    "flip": {"pile": ("pile", True), "size": ("int", True)},
    "shuffle": {"pile": ("pile", True), "size": ("int", True)},
    "deal": {"pile": ("pile", True), "size": ("int", True), "count": ("count", True),
             "face_up": ("bool", False)},
    "take": {"pile": ("pile", True), "size": ("int", True), "count": ("count?", False)},
    "play": {"pile": ("pile", True), "size": ("int", True), "index": ("int", True), "x": ("num", True),
             "y": ("num", True), "onto": ("pile?", False), "face_up": ("bool", False)},
}
"""The operations a joined player may send, by ``kind``: field -> (form, required).
``take`` puts cards of a pile on the felt into the sender's own hand; ``play`` puts a
card of the sender's own hand on the felt."""


class Refused(ValueError):
    """An operation the host does not apply; ``str()`` is the reason sent back."""


def _visible(pile: Pile, viewer: int | None) -> Iterator[int | None]:
    if pile.owner is not None:
        shown = pile.owner == viewer
        return (c if shown else None for c in pile.cards)
    return (c if up else None for c, up in zip(pile.cards, pile.faces))


def wire_pile(pid: int, pile: Pile | None, viewer: int | None) -> list[Any]:
    """Pile ``pid`` as ``viewer`` is shown it (``[pid]`` when it is gone)."""
    if pile is None:
        return [pid]
    cards: list[int] = []
    for card in _visible(pile, viewer):
        if card is not None:
            cards.append(card)
        elif cards and cards[-1] < 0:
            cards[-1] -= 1
        else:
            cards.append(-1)
    return [pid, pile.x, pile.y, pile.z, pile.owner, cards]


def table_pieces(table: Table, pids: list[int] | None, viewer: int | None) -> Iterator[dict[str, Any]]:
    """The ``view`` payloads for ``viewer``: the whole table (``pids`` None) or piles
    ``pids``, :data:`PIECE_PILES` at a time (always at least one payload)."""
    ids = sorted(table.piles) if pids is None else pids
    piles = table.piles
    for start in range(0, max(1, len(ids)), PIECE_PILES):
        part = ids[start:start + PIECE_PILES]
        yield {"free": 1, "deck": table.deck.id, "full": pids is None,
               "piles": [wire_pile(pid, piles.get(pid), viewer) for pid in part],
               "more": start + PIECE_PILES < len(ids)}


def changed_piles(shown: dict[int, Pile], table: Table) -> list[int]:
    """The pile ids whose pile differs from ``shown`` (the table as last sent), and
    ``shown`` brought up to date. Piles are immutable and replaced on every change, so
    an identity test per pile finds them (about a millisecond for 12,000 piles)."""
    piles = table.piles
    changed = [pid for pid, pile in piles.items() if shown.get(pid) is not pile]
    changed += [pid for pid in shown if pid not in piles]
    for pid in changed:
        pile = piles.get(pid)
        if pile is None:
            shown.pop(pid, None)
        else:
            shown[pid] = pile
    return sorted(changed)


def _form(value: Any, form: str) -> bool:
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if form in ("pile", "int", "count"):
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 2**31
    if form.endswith("?"):
        return value is None or _form(value, form[:-1])
    if form == "num":
        return number and math.isfinite(value) and abs(value) <= FAR
    if form == "bool":
        return isinstance(value, bool)
    return False


def check_operation(op: Any) -> dict[str, Any]:
    """``op`` when it is an operation of the right form (known kind, exactly its fields,
    each of its form); else :class:`Refused` saying why. Needs no table: the host's
    network thread runs it on arrival."""
    if not isinstance(op, dict):
        raise Refused("an operation is a JSON object")
    kind = op.get("kind")
    if not isinstance(kind, str) or kind not in OPERATIONS:
        raise Refused(f"unknown operation {str(kind)[:40]!r} (the free table takes {', '.join(OPERATIONS)})")
    fields = OPERATIONS[kind]
    extra = set(op) - set(fields) - {"kind"}
    if extra:
        raise Refused(f"unknown fields in {kind}: {', '.join(sorted(map(str, extra)))[:80]}")
    for name, (form, required) in fields.items():
        if name not in op:
            if required:
                raise Refused(f"{kind} needs {name!r}")
            continue
        if not _form(op[name], form):
            raise Refused(f"{kind}.{name} is not a {form.rstrip('?')}" + (" or null" if form.endswith("?") else ""))
    return dict(op)


def _pile(table: Table, pid: int, size: int) -> Pile:
    pile = table.piles.get(pid)
    if pile is None:
        raise Refused(f"pile {pid} is not on the table (someone else took it first?)")
    if len(pile.cards) != size:
        raise Refused(f"pile {pid} has {len(pile.cards)} cards, not {size}: it changed before your move arrived "
                      "(someone else was first)")
    return pile


def _felt(table: Table, op: dict[str, Any]) -> Pile:
    pile = _pile(table, op["pile"], op["size"])
    if pile.owner is not None:
        raise Refused(f"pile {op['pile']} is a player's hand")
    return pile


def _count(op: dict[str, Any], pile: Pile, *, required: bool = False) -> int | None:
    count = op.get("count")
    if count is None and not required:
        return None
    if count is None or not 1 <= count <= len(pile.cards):
        raise Refused(f"count must be 1 to {len(pile.cards)}, not {count}")
    return int(count)


def _onto(table: Table, op: dict[str, Any], pid: int) -> int | None:
    onto = op.get("onto")
    if onto is None:
        return None
    target = table.piles.get(onto)
    if target is None:
        raise Refused(f"pile {onto} to put the cards on is not on the table")
    if target.owner is not None:
        raise Refused(f"pile {onto} is a player's hand")
    if onto == pid:
        return None
    return int(onto)


def apply_operation(table: Table, seat: int, op: dict[str, Any]) -> str:
    """Apply ``op`` (already :func:`check_operation`-ed) for ``seat`` to the host's
    table, as one undoable step; its label, or :class:`Refused` saying why when it does
    not apply to the table as it is now (the table unchanged)."""
    kind = op["kind"]
    pid = op["pile"]
    if kind == "play":
        pile = _pile(table, pid, op["size"])
        if pile.owner != seat:
            raise Refused(f"pile {pid} is not your hand")
        index = op["index"]
        if not 0 <= index < len(pile.cards):
            raise Refused(f"your hand has {len(pile.cards)} cards: no card {index}")
        onto = _onto(table, op, pid)
        table.play_from_hand(pid, index, op["x"], op["y"], onto=onto, face_up=op.get("face_up", True))
        return kind
    pile = _felt(table, op)
    if kind == "move":
        count = _count(op, pile)
        onto = _onto(table, op, pid)
        table.move(pid, count, op["x"], op["y"], onto=onto)
    elif kind == "flip":
        table.flip(pid)
    elif kind == "shuffle":
        table.shuffle(pid)
    elif kind == "deal":
        table.deal(pid, _count(op, pile, required=True) or 1, face_up=op.get("face_up", False))
    elif kind == "take":
        table.to_hand(pid, seat, _count(op, pile))
    return str(kind)


def read_pile(data: Any) -> tuple[int, Pile | None, list[int | None]]:
    """A wire pile as ``(pid, pile, cards)``: the pile with each back as card ``-1``
    (a window fills them in), ``cards`` the shown card or None per place; ValueError
    when it is malformed (a host's message is checked as a client's is)."""
    if not isinstance(data, list) or not data or not isinstance(data[0], int) or isinstance(data[0], bool):
        raise ValueError("a pile is a list starting with its id")
    pid = data[0]
    if len(data) == 1:
        return pid, None, []
    if len(data) != 6:
        raise ValueError("a pile is [pid, x, y, z, owner, cards]")
    _pid, x, y, z, owner, runs = data
    if not (_form(x, "num") and _form(y, "num") and _form(z, "int") and (owner is None or _form(owner, "int"))
            and isinstance(runs, list)):
        raise ValueError(f"pile {pid} is malformed")
    cards: list[int | None] = []
    for run in runs:
        if not isinstance(run, int) or isinstance(run, bool) or len(cards) - min(run, 0) > _MOST_CARDS:
            raise ValueError(f"pile {pid} has a malformed card")
        cards.extend([None] * -run if run < 0 else [run])
    if not cards:
        raise ValueError(f"pile {pid} holds no card")
    faces = tuple(c is not None and owner is None for c in cards)
    return pid, Pile(float(x), float(y), int(z), tuple(-1 if c is None else c for c in cards), faces, owner), cards
