"""Which cards make a hand at a poker table written in a variant file: the best five a
hand's hole cards and the board make under an evaluator (to ring at the showdown), and
the high and low a hand's cards make so far (the "Your hand" line)."""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Any

from cardtable.engine.named_evaluators import lookup

__all__ = ["LOW_RING", "best_cards", "hand_words"]


LOW_RING = (90, 170, 255)
"""The ring round the cards of a winning low (the high hand's is the theme's gold)."""


def best_cards(deck: Any, name: str, hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...]:
    """The five cards (deck indices) of ``hole`` and ``board`` that make the best hand the
    evaluator ``name`` finds (exactly its hole and board counts, where it has them); ()
    when they make none, or the evaluator's hands are not five cards."""
    evaluator = lookup(name)
    if evaluator.fewest > 5 or (evaluator.most is not None and evaluator.most < 5):
        return ()
    best = evaluator.value([deck[c] for c in hole], [deck[c] for c in board])
    if best is None:
        return ()
    if evaluator.hole:
        splits = ((h, b) for h in combinations(hole, evaluator.hole) for b in combinations(board, evaluator.board))
    else:
        splits = ((tuple(c for c in five if c in hole), tuple(c for c in five if c not in hole))
                  for five in combinations(hole + board, min(5, len(hole + board))))
    for mine, shared in splits:
        made = evaluator.value([deck[c] for c in mine], [deck[c] for c in shared])
        if made is not None and made.key == best.key:
            return mine + shared
    return ()


@functools.lru_cache(maxsize=256)
def hand_words(deck: Any, high: str, low: str, cards: tuple[int, ...],
                board: tuple[int, ...]) -> tuple[str | None, str | None]:
    """The high and low labels of ``cards`` with ``board`` (None: too few cards, or no low)."""
    hole = [deck[c] for c in cards]
    shared = [deck[c] for c in board]
    out: list[str | None] = []
    for name in (high, low):
        evaluator = lookup(name) if name else None
        if evaluator is None:
            out.append(None)
            continue
        count = len(hole) + len(shared)
        enough = (len(hole) >= evaluator.hole and len(shared) >= evaluator.board) if evaluator.hole \
            else evaluator.fewest <= count and (evaluator.most is None or count <= evaluator.most)
        value = evaluator.value(hole, shared) if enough else None
        out.append(value.label if value is not None else None)
    if out[0] is None:
        return None, None
    return out[0], out[1]
