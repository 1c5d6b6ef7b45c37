"""Invariant checks of a Sabacc game, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well):

* :func:`chip_problems` - credits are never made or lost: the stacks, the hand pot
  (a carried-over pot included) and the sabacc pot add up to the game's total; no
  stack is negative.
* :func:`card_problems` - every card is in exactly one place: the deck, a hand, the
  drawn card, or out of play; every player in the hand holds at least two cards.
* :func:`view_problems` - no seat's view (nor a spectator's) holds a card, a drawn
  card or a running total that seat may not see, and every view is JSON-safe.
* :func:`log_problems` - no public log line names a hidden card; no private line
  names a card in another seat's hidden hand.
* :func:`liveness_problems` - the game is over, or chance is to act, or the seat to
  act has at least one legal action (and every listed action is legal).
* :func:`round_trip_problems` - the state survives a JSON round trip unchanged.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable

from cardtable.engine import checks as shared
from cardtable.games.sabacc.rules import Phase
from cardtable.games.sabacc.state import SabaccState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards"]

_NAME_PATTERNS: dict[int, re.Pattern[str]] = {}


def _card_pattern(state: SabaccState) -> re.Pattern[str]:
    """A pattern matching any card code of the state's deck (longest first)."""
    pattern = _NAME_PATTERNS.get(id(state.deck))
    if pattern is None:
        codes = sorted((c.code for c in state.deck), key=len, reverse=True)
        pattern = re.compile(r"(?<![\w#])(?:" + "|".join(re.escape(c) for c in codes) + r")(?![\w#])")
        _NAME_PATTERNS[id(state.deck)] = pattern
    return pattern


def chip_problems(state: SabaccState) -> list[str]:
    """Credits conserved, none negative."""
    total = sum(state.chips.stacks) + state.chips.pot_total + state.sabacc_pot
    problems = []
    if total != state.total_credits:
        problems.append(f"credits: {total} on the table, the game has {state.total_credits} "
                        f"(stacks {state.chips.stacks}, hand pot {state.chips.pot_total}, "
                        f"sabacc pot {state.sabacc_pot})")
    if any(s < 0 for s in state.chips.stacks) or state.sabacc_pot < 0 or state.chips.dead < 0:
        problems.append(f"credits: a negative amount {state.chips.stacks}, {state.sabacc_pot}")
    return problems


def card_problems(state: SabaccState) -> list[str]:
    """Every card in exactly one place (once the first hand has started)."""
    if state.hand_no == 0:
        return []
    places: Counter[int] = Counter()
    for pile in (state.deck_order, *state.hands, state.dropped):
        places.update(pile)
    if state.drawn is not None:
        places[state.drawn] += 1
    cards = set(range(len(state.deck)))
    problems = []
    twice = sorted(c for c, n in places.items() if n > 1)
    missing = sorted(cards - set(places))
    if twice:
        problems.append(f"cards in two places: {twice}")
    if missing:
        problems.append(f"cards nowhere: {missing}")
    if state.phase not in (Phase.REVEAL, Phase.GAME_OVER, Phase.SHUFFLE):
        for seat in state.players_in():
            if len(state.hands[seat]) < 2:
                problems.append(f"seat {seat} is in the hand with {len(state.hands[seat])} cards")
        for seat in range(state.seats):
            if state.folded[seat] and state.hands[seat]:
                problems.append(f"seat {seat} folded but holds cards")
    return problems


def public_cards(state: SabaccState) -> set[int]:
    """Cards everyone may see now: the hands shown at the call."""
    return {c for seat in range(state.seats) if state.shown[seat] for c in state.hands[seat]}


def view_problems(state: SabaccState, seats: Iterable[int | None] | None = None) -> list[str]:
    """Views hold nothing their seat may not see, and are JSON-safe."""
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
        if view["drawn"] is not None and seat != state.turn:
            problems.append(f"view({seat}) shows the card {state.names[state.turn or 0]} drew")
        if view["total"] is not None and (seat is None or not state.hands[seat]):
            problems.append(f"view({seat}) shows a total it has no hand for")
        if set(view) & {"deck_order", "dropped", "deck"}:
            problems.append(f"view({seat}) holds the deck or the cards out of play")
    return problems


def log_problems(state: SabaccState, start: int = 0) -> list[str]:
    """Log lines from ``start`` on name no hidden card (checked against the state now:
    call it after every action)."""
    problems: list[str] = []
    pattern = _card_pattern(state)
    public = public_cards(state)
    for event in state.log[start:]:
        for name in pattern.findall(event.public):
            if state.deck.find(name).index not in public:
                problems.append(f"public log line names a hidden card: {event.public!r}")
        for seat, text in event.private.items():
            for name in pattern.findall(text):
                card = state.deck.find(name).index
                others = [s for s in range(state.seats) if s != seat and card in state.hands[s]
                          and not state.shown[s]]
                if others:
                    problems.append(f"seat {seat}'s private line names seat {others[0]}'s card: {text!r}")
    return problems


def liveness_problems(state: SabaccState) -> list[str]:
    """The match is over, or somebody is asked to act and can (see :mod:`.checks`)."""
    return shared.liveness_problems(state, chance=True)


def round_trip(state: SabaccState) -> tuple[SabaccState, list[str]]:
    """The state through JSON text and back, and what changed on the way (see :mod:`.checks`)."""
    return shared.round_trip(state)


def round_trip_problems(state: SabaccState) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return shared.round_trip_problems(state)


def all_problems(state: SabaccState, *, log_start: int = 0,
                 views: bool | Iterable[int | None] = True) -> list[str]:
    """Every check but the JSON round trip, in one list."""
    problems = chip_problems(state) + card_problems(state) + log_problems(state, log_start)
    problems += liveness_problems(state)
    if views is True:
        problems += view_problems(state)
    elif views:
        problems += view_problems(state, views)
    return problems
