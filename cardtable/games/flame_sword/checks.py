"""Invariant checks of a Flame Sword match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well):

* :func:`chip_problems` - stacks plus every chip in the middle (bets, blinds, dead
  blinds) add up to the match's total; no stack is negative.
* :func:`card_problems` - every card of the 12,000 is in exactly one place: a hand,
  the grid, the folded (mucked) cards or the stock; the hands have the right sizes.
* :func:`view_problems` - no view holds a card its seat may not see (another
  player's hole cards before they are shown, a face-down grid card), and every view
  is JSON-safe.
* :func:`log_problems` - no public log line names a card that is hidden now, and no
  private line names another seat's hidden card. A Called Shot names cards in
  public without saying where they are, so called cards are not checked.
* :func:`liveness_problems` - the match is over, or chance is to act, or the seat to
  act has a legal action (and every listed action is legal).
* :func:`round_trip` - the state survives a JSON round trip unchanged and plays on.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable

from cardtable.engine import checks as shared
from cardtable.games.flame_sword.rules import GRID_CELLS, HOLE_CARDS, UNDERDOG_EXTRA, Phase
from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards"]


def chip_problems(state: FlameSwordState) -> list[str]:
    """Chips conserved, none negative."""
    total = sum(state.chips.stacks) + state.chips.pot_total
    problems = []
    if total != state.total_chips:
        problems.append(f"chips: {total} on the table, the match has {state.total_chips} "
                        f"(stacks {state.chips.stacks}, middle {state.chips.pot_total})")
    if any(s < 0 for s in state.chips.stacks):
        problems.append(f"chips: a negative stack {state.chips.stacks}")
    return problems


def card_problems(state: FlameSwordState) -> list[str]:
    """Every card in exactly one place; hands of the right size while a hand is played."""
    places: Counter[int] = Counter()
    for pile in (*state.hands, state.grid, state.mucked):
        places.update(pile)
    problems = []
    twice = sorted(c for c, n in places.items() if n > 1)
    stray = sorted(c for c in places if not 0 <= c < len(state.deck))
    if twice:
        problems.append(f"cards in two places: {twice}")
    if stray:
        problems.append(f"cards that are not in the deck: {stray}")
    if sum(places.values()) + state.stock_count != len(state.deck):
        problems.append(f"cards: {sum(places.values())} out and {state.stock_count} in the stock "
                        f"make no {len(state.deck)}")
    if state.grid and len(state.grid) != GRID_CELLS:
        problems.append(f"the grid has {len(state.grid)} cards")
    if state.phase in (Phase.BET, Phase.FLIP):
        for seat in range(state.seats):
            size = len(state.hands[seat])
            want = HOLE_CARDS + (UNDERDOG_EXTRA if seat == state.underdog else 0)
            if state.chips.in_hand[seat] and size != want:
                problems.append(f"seat {seat} is in the hand with {size} cards, not {want}")
            if not state.chips.in_hand[seat] and size:
                problems.append(f"seat {seat} is out of the hand but holds {size} cards")
    return problems


def public_cards(state: FlameSwordState) -> set[int]:
    """Cards everyone may see now: the face-up grid and every hand shown."""
    cards = {c for c, up in zip(state.grid, state.face_up) if up}
    for seat in range(state.seats):
        if state.shown[seat]:
            cards.update(state.hands[seat])
    return cards


def view_problems(state: FlameSwordState, seats: Iterable[int | None] | None = None) -> list[str]:
    """Views hold no card their seat may not see, and are JSON-safe."""
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
        hidden_grid = [c for c in view["grid"] if c is not None and c not in public]
        if hidden_grid:
            problems.append(f"view({seat}) shows face-down grid cards {hidden_grid}")
        if set(view) & {"deck_order", "mucked", "stock", "deck"}:
            problems.append(f"view({seat}) holds hidden piles")
    return problems


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def log_problems(state: FlameSwordState, start: int = 0) -> list[str]:
    """Log lines from ``start`` on name no hidden card (checked against the state now:
    call it after every action)."""
    problems: list[str] = []
    public = public_cards(state)
    called = {c for shot in state.called if shot for c in shot}
    hidden_from_all = [c for c in (*state.grid, *state.mucked) if c not in public and c not in called]
    held = {s: [c for c in state.hands[s] if c not in public and c not in called] for s in range(state.seats)}
    for event in state.log[start:]:
        texts = [(None, event.public)] + list(event.private.items())
        for reader, text in texts:
            if " of " not in text:
                continue
            secret = hidden_from_all + [c for s, cards in held.items() if s != reader for c in cards]
            for card in secret:
                if _mentions(text, state.card_name(card)):
                    who = "public" if reader is None else f"seat {reader}'s private"
                    problems.append(f"{who} log line names a hidden card ({state.card_name(card)}): {text!r}")
    return problems


def liveness_problems(state: FlameSwordState) -> list[str]:
    """The match is over, or somebody is asked to act and can (see :mod:`.checks`)."""
    return shared.liveness_problems(state, most=6)


def round_trip(state: FlameSwordState) -> tuple[FlameSwordState, list[str]]:
    """The state through JSON text and back, and what changed on the way (see :mod:`.checks`)."""
    return shared.round_trip(state)


def round_trip_problems(state: FlameSwordState) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return shared.round_trip_problems(state)


def all_problems(state: FlameSwordState, *, log_start: int = 0,
                 views: bool | Iterable[int | None] = True) -> list[str]:
    """Every check but the JSON round trip, in one list."""
    problems = chip_problems(state) + card_problems(state) + log_problems(state, log_start)
    problems += liveness_problems(state)
    if views is True:
        problems += view_problems(state)
    elif views:
        problems += view_problems(state, views)
    return problems
