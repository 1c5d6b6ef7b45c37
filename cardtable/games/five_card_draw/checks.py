"""Invariant checks of a Five-Card Draw match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well): chips are
conserved and never negative; every card is in exactly one place (the stock, a
hand, the discards, or the drawing player's discards waiting for a reshuffle);
no view or log line shows a card its reader may not see; somebody can always act;
the state survives a JSON round trip (:func:`round_trip`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.five_card_draw.rules import HAND_SIZE, Phase
from cardtable.games.five_card_draw.state import DrawState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "CARD_CODE"]

CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
"""A card's code as the log writes it ("AS", "10H")."""


def chip_problems(state: DrawState) -> list[str]:
    """Chips conserved, none negative."""
    total = sum(state.chips.stacks) + state.chips.pot_total
    problems = []
    if total != state.total_chips:
        problems.append(f"chips: {total} on the table, the match has {state.total_chips}")
    if any(s < 0 for s in state.chips.stacks):
        problems.append(f"chips: a negative stack {state.chips.stacks}")
    return problems


def card_problems(state: DrawState) -> list[str]:
    """Every card in exactly one place; hands of the right size while a hand runs."""
    if state.round_no == 0:
        return []
    places: Counter[int] = Counter()
    for pile in (state.deck_order, *state.hands, state.discards, state.pending):
        places.update(pile)
    problems = []
    twice = sorted(c for c, n in places.items() if n > 1)
    missing = sorted(set(range(len(state.deck))) - set(places))
    if twice:
        problems.append(f"cards in two places: {twice}")
    if missing:
        problems.append(f"cards nowhere: {missing}")
    if state.phase in (Phase.BET, Phase.DRAW):
        for seat in range(state.seats):
            size = len(state.hands[seat])
            if state.chips.in_hand[seat] and size != HAND_SIZE:
                problems.append(f"seat {seat} is in the hand with {size} cards")
            if not state.chips.in_hand[seat] and size:
                problems.append(f"seat {seat} is out of the hand but holds {size} cards")
    return problems


def _visible(state: DrawState, seat: int | None) -> set[int]:
    cards = {c for s in range(state.seats) if state.shown[s] for c in state.hands[s]}
    if seat is not None:
        cards |= set(state.hands[seat])
    return cards


def view_problems(state: DrawState, seats: Iterable[int | None] | None = None) -> list[str]:
    """Views hold no card their seat may not see, count every hand right, and are JSON-safe."""
    problems = []
    for seat in [None, *range(state.seats)] if seats is None else seats:
        view = state.view(seat)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            problems.append(f"view({seat}) is not JSON-safe: {exc}")
        visible = _visible(state, seat)
        for owner, cards in enumerate(view["hands"]):
            leaked = [c for c in cards if c is not None and c not in visible]
            if leaked:
                problems.append(f"view({seat}) shows seat {owner}'s hidden cards {leaked}")
            if len(cards) != len(state.hands[owner]):
                problems.append(f"view({seat}) miscounts seat {owner}'s hand")
        if set(view) & {"deck_order", "discards", "pending"}:
            problems.append(f"view({seat}) holds the stock or the discards")
    return problems


def log_problems(state: DrawState, start: int = 0) -> list[str]:
    """Log lines from ``start`` on: public lines name only shown cards; a private line
    names no card in another seat's hidden hand."""
    problems: list[str] = []
    codes = {state.card_name(c): c for c in range(len(state.deck))}
    public = _visible(state, None)
    for event in state.log[start:]:
        for code in CARD_CODE.findall(event.public):
            if codes[code] not in public:
                problems.append(f"public log line names a hidden card: {event.public!r}")
        for seat, text in event.private.items():
            for code in CARD_CODE.findall(text):
                card = codes[code]
                others = [s for s in range(state.seats)
                          if s != seat and card in state.hands[s] and not state.shown[s]]
                if others:
                    problems.append(f"seat {seat}'s private line names seat {others[0]}'s card: {text!r}")
    return problems


def liveness_problems(state: DrawState) -> list[str]:
    """The match is over, or somebody is asked to act and can (chance's own action checked)."""
    return shared.liveness_problems(state, chance=True)


def round_trip(state: DrawState) -> tuple[DrawState, list[str]]:
    """The state through JSON text and back, and what changed on the way."""
    return shared.round_trip(state)


def round_trip_problems(state: DrawState) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return shared.round_trip_problems(state)


def all_problems(state: DrawState, *, log_start: int = 0, views: bool | Iterable[int | None] = True) -> list[str]:
    """Every check but the JSON round trip, in one list (``views``: True, False or seats)."""
    problems = chip_problems(state) + card_problems(state) + log_problems(state, log_start)
    problems += liveness_problems(state)
    if views is True:
        problems += view_problems(state)
    elif views:
        problems += view_problems(state, views)
    return problems


def problems_of(state: Any) -> list[str]:
    """All checks and the round trip (for tests)."""
    return all_problems(state) + round_trip_problems(state)
