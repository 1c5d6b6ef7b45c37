"""Invariant checks of a Shenja Ivali match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well):

* :func:`chip_problems` - chips are never made or lost: stacks, the hand's pots, the
  chips held by the auction and the auction pot add up to the match's total; no
  stack is negative.
* :func:`card_problems` - every playing card is in exactly one place: the deck, a
  hand, the flop line on the table, or the discards.
* :func:`view_problems` - no seat's view (nor a spectator's) holds a card that seat
  may not see, and every view is JSON-safe.
* :func:`log_problems` - no public log line names a hidden card; no private line
  names a card in another seat's hidden hand.
* :func:`liveness_problems` - the match is over, or chance is to act, or the seat to
  act has at least one legal action (and every listed action is legal).
* :func:`round_trip_problems` - the state survives a JSON round trip unchanged.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.shenja_ivali.rules import Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState, playing_cards

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards", "CARD_NAME"]

CARD_NAME = re.compile(r"\b(?:Earth|Irath|Omec|Libera|Gula) [1-5] of (?:Earth|Fire|Air|Water)\b")
"""A regular Ivali card's name as the log writes it."""


def chip_problems(state: ShenjaIvaliState) -> list[str]:
    """Chips conserved, none negative."""
    held = state.auction.held if state.auction is not None else 0
    total = sum(state.chips.stacks) + state.chips.pot_total + state.auction_pot + held
    problems = []
    if total != state.total_chips:
        problems.append(f"chips: {total} on the table, the match has {state.total_chips} "
                        f"(stacks {state.chips.stacks}, pots {state.chips.pot_total}, "
                        f"auction pot {state.auction_pot}, bids {held})")
    if any(s < 0 for s in state.chips.stacks):
        problems.append(f"chips: a negative stack {state.chips.stacks}")
    if state.auction is not None and any(b < 0 for b in state.auction.bids):
        problems.append(f"chips: a negative bid {state.auction.bids}")
    return problems


def _table_cards(state: ShenjaIvaliState) -> list[int]:
    return [c for i, c in enumerate(state.flop)
            if i >= len(state.flop_takers) or state.flop_takers[i] is None]


def card_problems(state: ShenjaIvaliState) -> list[str]:
    """Every playing card in exactly one place (once the first round has started)."""
    if state.round_no == 0:
        return []
    places: Counter[int] = Counter()
    for pile in (state.deck_order, *state.hands, _table_cards(state), state.discards):
        places.update(pile)
    cards = set(playing_cards(state.deck))
    problems = []
    twice = sorted(c for c, n in places.items() if n > 1)
    missing = sorted(cards - set(places))
    stray = sorted(set(places) - cards)
    if twice:
        problems.append(f"cards in two places: {twice}")
    if missing:
        problems.append(f"cards nowhere: {missing}")
    if stray:
        problems.append(f"cards that are not playing cards: {stray}")
    for i, taker in enumerate(state.flop_takers):
        card = state.flop[i]
        if taker is not None and card not in state.hands[taker] and card not in state.discards:
            problems.append(f"flop card {card} went to seat {taker} but is not there")
    if state.phase in (Phase.BET, Phase.DRAW, Phase.AUCTION):
        for seat in range(state.seats):
            size = len(state.hands[seat])
            if state.chips.in_hand[seat] and size not in (4, 5):
                problems.append(f"seat {seat} is in the hand with {size} cards")
            if not state.chips.in_hand[seat] and size:
                problems.append(f"seat {seat} is out of the hand but holds {size} cards")
    return problems


def public_cards(state: ShenjaIvaliState) -> set[int]:
    """Cards everyone may see now: the flop line and every hand shown at the reveal."""
    cards = set(state.flop)
    for seat in range(state.seats):
        if state.shown[seat]:
            cards.update(state.hands[seat])
    return cards


def _cards_in(value: Any) -> list[int]:
    return [v for v in value if v is not None]


def view_problems(state: ShenjaIvaliState, seats: Iterable[int | None] | None = None) -> list[str]:
    """Views hold no card their seat may not see, and are JSON-safe.

    ``seats``: whose views to check (default every seat and a spectator, ``None``).
    """
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
            leaked = [c for c in _cards_in(cards) if c not in visible]
            if leaked:
                problems.append(f"view({seat}) shows seat {owner}'s hidden cards {leaked}")
            if len(cards) != len(state.hands[owner]):
                problems.append(f"view({seat}) miscounts seat {owner}'s hand")
        if set(view) & {"deck_order", "discards", "deck"}:
            problems.append(f"view({seat}) holds the deck or the discards")
    return problems


def log_problems(state: ShenjaIvaliState, start: int = 0) -> list[str]:
    """Log lines from ``start`` on name no hidden card (checked against the state now:
    call it after every action)."""
    problems: list[str] = []
    events = state.log[start:]
    if not any(CARD_NAME.search(e.public) or e.private for e in events):
        return problems
    names = {state.card_name(c): c for c in playing_cards(state.deck)}
    public = public_cards(state)
    for event in events:
        for name in CARD_NAME.findall(event.public):
            if names[name] not in public:
                problems.append(f"public log line names a hidden card: {event.public!r}")
        for seat, text in event.private.items():
            for name in CARD_NAME.findall(text):
                card = names[name]
                others = [s for s in range(state.seats) if s != seat and card in state.hands[s]
                          and not state.shown[s]]
                if others:
                    problems.append(f"seat {seat}'s private line names seat {others[0]}'s card: {text!r}")
    return problems


def liveness_problems(state: ShenjaIvaliState) -> list[str]:
    """The match is over, or somebody is asked to act and can (see :mod:`.checks`)."""
    return shared.liveness_problems(state)


def round_trip(state: ShenjaIvaliState) -> tuple[ShenjaIvaliState, list[str]]:
    """The state through JSON text and back, and what changed on the way (see :mod:`.checks`)."""
    return shared.round_trip(state)


def round_trip_problems(state: ShenjaIvaliState) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return shared.round_trip_problems(state)


def all_problems(state: ShenjaIvaliState, *, log_start: int = 0,
                 views: bool | Iterable[int | None] = True) -> list[str]:
    """Every check but the JSON round trip (the costly one), in one list.

    ``views``: True checks every seat's view, False none, or the seats to check.
    """
    problems = chip_problems(state) + card_problems(state) + log_problems(state, log_start)
    problems += liveness_problems(state)
    if views is True:
        problems += view_problems(state)
    elif views:
        problems += view_problems(state, views)
    return problems
