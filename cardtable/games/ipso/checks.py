"""Invariant checks of an Ipso game, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well):

* :func:`chip_problems` - stacks plus the middle add up to the game's total; none negative.
* :func:`card_problems` - every card in exactly one place (a hand, one of the four
  piles, the buried card, the thrown-in cards, the cut cards); hands of four.
* :func:`view_problems` - no view holds a card its seat may not see; views are
  JSON-safe and never hold the face-down piles' cards.
* :func:`log_problems` - new public lines name only cards that have been face up;
  a private line names only cards its seat holds or put face down.
* :func:`liveness_problems` - the game is over, or chance acts, or the seat to act
  has a legal action (and every listed action is legal).
* :func:`round_trip` - the state survives JSON unchanged and plays on.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.ipso.rules import Phase
from cardtable.games.ipso.state import HAND_SIZE, IpsoState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "CARD_CODE"]

CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")
"""A standard card's code as the log writes it ("QS", "10H")."""


def chip_problems(state: IpsoState) -> list[str]:
    """Chips conserved, none negative."""
    total = sum(state.chips.stacks) + state.chips.pot_total
    problems = []
    if total != state.total_chips:
        problems.append(f"chips: {total} on the table, the game has {state.total_chips} "
                        f"(stacks {state.chips.stacks}, pot {state.chips.pot_total})")
    if any(s < 0 for s in state.chips.stacks):
        problems.append(f"chips: a negative stack {state.chips.stacks}")
    return problems


def card_problems(state: IpsoState) -> list[str]:
    """Every card in exactly one place once the first hand is dealt; hands of four."""
    if state.round_no == 0:
        return []
    places: Counter[int] = Counter()
    piles = (*state.hands, state.stock, state.flip, state.down_discard, state.up_discard,
             state.buried, state.mucked, [c for _, c in state.cut_cards])
    for pile in piles:
        places.update(pile)
    everything = set(range(len(state.deck)))
    problems = []
    twice = sorted(c for c, n in places.items() if n > 1)
    missing = sorted(everything - set(places))
    if twice:
        problems.append(f"cards in two places: {twice}")
    if missing:
        problems.append(f"cards nowhere: {missing}")
    if len(state.flip) > 1:
        problems.append(f"the flip pile holds {len(state.flip)} cards")
    if state.stock and not state.flip and state.phase in (Phase.BET, Phase.EXCHANGE):
        problems.append("the flip pile is empty while the stock is not")
    if state.phase in (Phase.BET, Phase.EXCHANGE):
        for seat in range(state.seats):
            size = len(state.hands[seat])
            if state.chips.in_hand[seat] and size != HAND_SIZE:
                problems.append(f"seat {seat} is in the hand with {size} cards")
            if not state.chips.in_hand[seat] and size:
                problems.append(f"seat {seat} is out of the hand but holds {size} cards")
    return problems


def public_cards(state: IpsoState) -> set[int]:
    """Cards everyone may see now: the flip pile, the face-up discards, cut cards and shown hands."""
    cards = set(state.flip) | set(state.up_discard) | {c for _, c in state.cut_cards}
    for seat in range(state.seats):
        if state.shown[seat]:
            cards.update(state.hands[seat])
    return cards


def view_problems(state: IpsoState, seats: Iterable[int | None] | None = None) -> list[str]:
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
        for key in ("stock", "down_discard", "buried", "mucked", "deck_order"):
            if key in view:
                problems.append(f"view({seat}) holds the face-down pile {key!r}")
        for card in view["flip"] + view["up_discard"]:
            if card not in public:
                problems.append(f"view({seat}) shows card {card} as face up")
    return problems


def log_problems(state: IpsoState, start: int = 0) -> list[str]:
    """Lines from ``start`` on (checked against the state now: call it after every action)."""
    problems: list[str] = []
    events = state.log[start:]
    if not any(e.private or CARD_CODE.search(e.public) for e in events):
        return problems
    by_code = {state.deck[c].code: c for c in range(len(state.deck))}
    seen = set(state.face_up_seen)
    if state.round_no == 0:  # the draw for the first dealer is face up; the cards go back
        seen |= {c for draw in state.dealer_draws for _, c in draw}
    for event in events:
        for code in CARD_CODE.findall(event.public):
            if by_code[code] not in seen:
                problems.append(f"public log line names a hidden card: {event.public!r}")
        for seat, text in event.private.items():
            for code in CARD_CODE.findall(text):
                card = by_code[code]
                own = card in state.hands[seat] or card in state.down_discard or card in seen
                if not own:
                    problems.append(f"seat {seat}'s private line names a card it may not know: {text!r}")
    return problems


def liveness_problems(state: IpsoState) -> list[str]:
    """The match is over, or somebody is asked to act and can (see :mod:`.checks`)."""
    return shared.liveness_problems(state)


def round_trip(state: IpsoState) -> tuple[IpsoState, list[str]]:
    """The state through JSON text and back, and what changed on the way (see :mod:`.checks`)."""
    return shared.round_trip(state)


def all_problems(state: IpsoState, *, log_start: int = 0,
                 views: bool | Iterable[int | None] = True) -> list[str]:
    """Every check but the JSON round trip, in one list."""
    problems = chip_problems(state) + card_problems(state) + log_problems(state, log_start)
    problems += liveness_problems(state)
    if views is True:
        problems += view_problems(state)
    elif views:
        problems += view_problems(state, views)
    return problems


def summary(state: IpsoState) -> dict[str, Any]:
    """A short description for failing tests: phase, hand, stacks."""
    return {"phase": state.phase.value, "round": state.round_no, "stacks": state.stacks}
