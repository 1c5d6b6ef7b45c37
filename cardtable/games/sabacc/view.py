"""Sabacc's typed seat view: the shared chip view, the deck and the dropped cards as
zones, the drawn card and the sudden-demise card as the seat's own zones, and the game's
own part (:class:`SabaccParts`: the turn, the die, the two pots, the viewer's total)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.view import GameExtra, Phase, PotResult, SeatView, Showdown, ShownHand, Zone, phase_words
from cardtable.games.sabacc.hands import SabaccHand
from cardtable.games.sabacc.rules import Phase as SabaccPhase
from cardtable.games.sabacc.state import SabaccState
from cardtable.games.seat_views import chip_view, counted, plain_key, seat_pairs

PHASE_WORDS = {SabaccPhase.SHUFFLE: "Shuffling", SabaccPhase.BET: "Betting", SabaccPhase.ROLL: "The die",
               SabaccPhase.SHIFT: "The shift", SabaccPhase.DRAW: "Drawing", SabaccPhase.DECIDE: "Keep or drop",
               SabaccPhase.DEMISE: "Sudden demise", SabaccPhase.REVEAL: "The call", SabaccPhase.GAME_OVER: "Game over"}
"""Each phase in words."""


class SabaccParts(GameExtra, kind="sabacc"):
    """What only Sabacc shows: whose turn of the hand it is, whether a drawn card waits,
    the viewer's running total and its words (None for a spectator or an empty hand),
    the hand pot and the Sabacc pot, the bet to match, who called, each seat's turns
    taken, the die's last colour, the seats in the sudden demise, and at the call the
    seats that bombed out, each sudden-demise player's hand before the demise
    (``(seat, label)``: the showdown shows the hand that counted) and the chips carried
    over when everyone bombed out."""

    turn: int | None = None
    drawing: bool = False
    total: int | None = None
    label: str | None = None
    hand_pot: int = 0
    sabacc_pot: int = 0
    current_bet: int = 0
    caller: int | None = None
    turns_taken: tuple[int, ...] = ()
    die: str | None = None
    demise_seats: tuple[int, ...] = ()
    bombed: tuple[int, ...] = ()
    demise_from: tuple[tuple[int, str], ...] = ()
    carried: int = 0


def _hand_key(hand: Mapping[str, Any]) -> str:
    """A shown Sabacc hand's stable key: its special hand, "bomb_out", or its total."""
    if hand.get("special"):
        return str(hand["special"])
    return "bomb_out" if hand.get("bomb_out") else f"total_{int(hand['total']):+d}"


def _pot(name: str, pot: Mapping[str, Any] | None) -> tuple[PotResult, ...]:
    if pot is None:
        return ()
    return (PotResult(name=name, amount=int(pot["amount"]), winners=tuple(pot.get("winners", ())),
                      shares=seat_pairs(pot.get("shares"))),)


def showdown(results: Mapping[str, Any]) -> Showdown:
    """A settled Sabacc hand as the view's showdown."""
    cards = results.get("cards", {})
    shown = []
    for s, data in sorted(results.get("hands", {}).items(), key=lambda item: int(item[0])):
        demise = results.get("demise", {}).get(s)
        hand = SabaccHand.from_json(demise["hand"] if demise else data)  # a sudden demise decides by its hand
        shown.append(ShownHand(seat=int(s), key=plain_key(hand.key or ()), label=hand.label, kind=_hand_key(data),
                               cards=tuple(cards.get(s, ()))))
    hands = tuple(shown)
    return Showdown(round=int(results["hand_no"]), showdown=bool(results.get("showdown")), hands=hands,
                    pots=_pot("hand pot", results.get("hand_pot")) + _pot("sabacc pot", results.get("sabacc_pot")),
                    winners=tuple(results.get("winners", ())), net=tuple(results.get("net", ())))


def seat_view(state: SabaccState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    phase = Phase(id=state.phase.value, words=PHASE_WORDS.get(state.phase, phase_words(state.phase.value)))
    own = state.hand_value(seat) if seat is not None and state.hands[seat] else None
    seat_zones: list[tuple[Zone, ...]] = []
    for s in range(state.seats):
        own_zones: list[Zone] = []
        if state.drawn is not None and s == state.turn:
            own_zones.append(Zone(id="drawn", cards=(state.drawn if seat == s else None,)))
        if s in state.demise_cards:
            own_zones.append(Zone(id="demise", cards=(state.demise_cards[s],)))
        seat_zones.append(tuple(own_zones))
    results = state.results
    extra = SabaccParts(turn=state.turn, drawing=state.drawn is not None, total=own.total if own else None,
                        label=own.label if own else None, hand_pot=state.hand_pot(), sabacc_pot=state.sabacc_pot,
                        current_bet=max(state.chips.round_bets, default=0), caller=state.caller,
                        turns_taken=tuple(state.turns_taken), die=state.die, demise_seats=tuple(state.demise_seats),
                        bombed=tuple(sorted(int(s) for s in results.get("bombed", {}))) if results else (),
                        demise_from=tuple(sorted((int(s), str(results["hands"][s]["label"]))
                                                 for s in results.get("demise", {}) if s in results["hands"]))
                        if results else (),
                        carried=int(results.get("carried", 0)) if results else 0)
    piles = (counted("deck", len(state.deck_order)), counted("dropped", len(state.dropped)))
    # a seat is "in" unless it folded this hand (or is out): what the table says of it
    return chip_view(state, seat, game="sabacc", phase=phase, shown=state.shown, out=state.out,
                     in_hand=[not f for f in state.folded], round_no=state.hand_no, zones=piles, seat_zones=seat_zones,
                     pots=False, options=options, showdown=showdown(results) if results is not None else None,
                     extra=extra)
