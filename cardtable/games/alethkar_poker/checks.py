"""Invariant checks of an Alethkar Poker match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well):

* :func:`chip_problems` - no chip made or lost: stacks, bags and the middle add up
  to the match's total; nothing negative; during a round every player's bag holds
  at least the buy-in.
* :func:`card_problems` - every card in exactly one place (deck, a hand, the
  discards) and hands of the right size for the phase.
* :func:`view_problems` - no view holds another seat's hidden card, stack or bag,
  and every view is JSON-safe.
* :func:`log_problems` - no public log line names a hidden card, and no line for
  another seat (nor the public one) tells a bag's or a stack's contents.
* :func:`liveness_problems` - shared by every game (:mod:`cardtable.engine.checks`).
* :func:`round_trip` - the state survives JSON unchanged, and play goes on.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable

from cardtable.engine import checks as shared
from cardtable.engine.checks import liveness_problems
from cardtable.games.alethkar_poker.rules import Phase
from cardtable.games.alethkar_poker.state import AlethkarState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards", "CARD_CODE"]

CARD_CODE = re.compile(r"\b(?:[2-9]|10|[JQKA])[CDHS]\b")
"""A card's code as the log writes it ("AS", "10H")."""

_SECRET_WORDS = re.compile(r"\b(?:bag|stack) \d+")
"""How a private line tells a bag's or a stack's contents ("bag 9, stack 30")."""


def chip_problems(state: AlethkarState) -> list[str]:
    """Chips conserved (stacks + bags + middle), none negative."""
    total = sum(state.stacks) + sum(state.bags) + state.middle
    problems = []
    if total != state.total_chips:
        problems.append(f"chips: {total} on the table, the match has {state.total_chips} "
                        f"(stacks {state.stacks}, bags {state.bags}, middle {state.middle})")
    if any(s < 0 for s in state.stacks) or any(b < 0 for b in state.bags) or state.middle < 0:
        problems.append(f"chips: something negative: stacks {state.stacks}, bags {state.bags}, "
                        f"middle {state.middle}")
    if state.phase in (Phase.BET, Phase.DISCARD):
        short = [s for s in state.players() if state.bags[s] < state.settings.buy_in]
        if short:
            problems.append(f"chips: seats {short} play with less than the buy-in in their bag")
    return problems


def card_problems(state: AlethkarState) -> list[str]:
    """Every card in exactly one place (once the first round has started)."""
    if state.round_no == 0:
        return []
    places: Counter[int] = Counter()
    for pile in (state.deck_order, *state.hands, state.discards):
        places.update(pile)
    cards = set(range(len(state.deck)))
    problems = []
    twice = sorted(c for c, n in places.items() if n > 1)
    missing = sorted(cards - set(places))
    if twice:
        problems.append(f"cards in two places: {twice}")
    if missing:
        problems.append(f"cards nowhere: {missing}")
    for seat in range(state.seats):
        size = len(state.hands[seat])
        if not state.in_round[seat]:
            expected: tuple[int, ...] = (0,)
        elif state.phase == Phase.BET:
            expected = (7,)
        elif state.phase == Phase.DISCARD:
            expected = (5,) if state.discarded[seat] else (7,)
        else:
            expected = (5,)
        if size not in expected:
            problems.append(f"seat {seat} holds {size} cards in phase {state.phase}")
    return problems


def public_cards(state: AlethkarState) -> set[int]:
    """Cards everyone may see now: the hands shown in step 5."""
    return {c for s in range(state.seats) if state.shown[s] for c in state.hands[s]}


def view_problems(state: AlethkarState, seats: Iterable[int | None] | None = None) -> list[str]:
    """Views hold no card, stack or bag their seat may not see, and are JSON-safe."""
    problems = []
    public = public_cards(state)
    for seat in [None, *range(state.seats)] if seats is None else seats:
        view = state.view(seat)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            problems.append(f"view({seat}) is not JSON-safe: {exc}")
        visible = public | (set(state.hands[seat]) if seat is not None else set())
        for owner, cards in enumerate(view["hands"]):
            leaked = [c for c in cards if c is not None and c not in visible]
            if leaked:
                problems.append(f"view({seat}) shows seat {owner}'s hidden cards {leaked}")
            if len(cards) != len(state.hands[owner]):
                problems.append(f"view({seat}) miscounts seat {owner}'s hand")
        for key in ("stacks", "bags"):
            shown = [s for s, v in enumerate(view[key]) if v is not None and s != seat]
            if shown:
                problems.append(f"view({seat}) shows the {key} of seats {shown}")
        if set(view) & {"deck_order", "discards", "deck"}:
            problems.append(f"view({seat}) holds the deck or the discards")
    return problems


def log_problems(state: AlethkarState, start: int = 0) -> list[str]:
    """Log lines from ``start`` on keep every secret (checked against the state now:
    call it after every action)."""
    problems: list[str] = []
    public = public_cards(state)
    for event in state.log[start:]:
        for code in CARD_CODE.findall(event.public):
            if state.deck.find(code).index not in public:
                problems.append(f"public log line names a hidden card: {event.public!r}")
        if _SECRET_WORDS.search(event.public):
            problems.append(f"public log line tells a bag or a stack: {event.public!r}")
        for seat, text in event.private.items():
            for code in CARD_CODE.findall(text):
                card = state.deck.find(code).index
                others = [s for s in range(state.seats) if s != seat and card in state.hands[s]
                          and not state.shown[s]]
                if others:
                    problems.append(f"seat {seat}'s private line names seat {others[0]}'s card: {text!r}")
    return problems


def round_trip(state: AlethkarState) -> tuple[AlethkarState, list[str]]:
    """The state through JSON text and back, and what changed on the way (see :mod:`.checks`)."""
    return shared.round_trip(state)


def round_trip_problems(state: AlethkarState) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return shared.round_trip_problems(state)


def all_problems(state: AlethkarState, *, log_start: int = 0,
                 views: bool | Iterable[int | None] = True) -> list[str]:
    """Every check but the JSON round trip, in one list."""
    problems = chip_problems(state) + card_problems(state) + log_problems(state, log_start)
    problems += liveness_problems(state)
    if views is True:
        problems += view_problems(state)
    elif views:
        problems += view_problems(state, views)
    return problems
