"""The end of a Sabacc hand: paying the hand pot and the sabacc pot.

The hand flow (:mod:`cardtable.games.sabacc.steps`) calls the hand: an uncalled bet goes
back to its bettor, every hand still in is shown, and each hand that bombs out (over 23,
under -23, or 0) pays the hand pot's amount into the sabacc pot and wins nothing. A tie
at the top is settled by a sudden demise: each tied player is dealt one card; a hand that
does not bomb out beats one that does, then the higher absolute total; when all bomb
out, the total closest to 23 wins. Bombing out in the demise costs no penalty. Then the
functions here pay:

* :func:`settle_folded`: everyone else folded, the last player takes the hand pot.
* :func:`settle_called`: the best hand takes the hand pot (a special hand first: Idiot's
  Array, then Pure Sabacc; then the highest absolute total), a special hand the sabacc
  pot too. A tie that survives splits the pots (odd credits to the first tied seat left
  of the dealer).
* :func:`carry_hand_pot`: every hand bombed out; nobody wins the hand pot, it stays for
  the next hand.

``state.results`` then holds plain data: ``hand_no``, ``showdown``, ``hands``
(seat -> the hand at the call, as :meth:`SabaccHand.to_json`), ``cards``, ``bombed``
(seat -> penalty paid), ``demise`` (seat -> card and new hand), ``hand_pot`` and
``sabacc_pot`` (``amount``, ``winners``, ``shares``; ``sabacc_pot`` None when
nobody won it), ``carried``, ``winners``, ``net`` (each seat's credits now minus at
the hand's start) and ``uncalled``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.chips import Pot, split_pot
from cardtable.engine.game import CHANCE, Event
from cardtable.engine.words import figure
from cardtable.games.sabacc.hands import SPECIAL_NAMES, demise_key

if TYPE_CHECKING:  # pragma: no cover
    from cardtable.games.sabacc.state import SabaccState

__all__ = ["best_at_call", "settle_folded", "settle_called", "carry_hand_pot"]

_LOST = (-1, 0)
"""The demise part of the key of a hand that was not in the sudden demise."""


def best_at_call(state: SabaccState) -> list[int]:
    """The seats whose hands at the call are the best of those that did not bomb out,
    from the dealer's left (empty when every hand bombed out)."""
    contenders = [s for s, hand in state.call_hands.items() if not hand.bomb_out]
    if not contenders:
        return []
    best = max(state.call_hands[s].key for s in contenders)  # type: ignore[type-var]
    return [s for s in contenders if state.call_hands[s].key == best]


def settle_folded(state: SabaccState, events: list[Event]) -> None:
    """Everyone else folded: the last player takes the hand pot (the uncalled bet back)."""
    state.turn = None
    state.drawn = None
    winner = state.players_in()[0]
    settlement = state.chips.settle(None, dealer_seat=state.dealer)
    amount = settlement.won.get(winner, 0)
    _finish(state, hand_pot={"amount": amount, "winners": [winner], "shares": {str(winner): amount}},
            uncalled=settlement.uncalled, showdown=False)
    events.append(Event(winner, f"{state.names[winner]} wins the hand pot of {figure(amount)} "
                                "(everyone else folded)"))
    _end(state, events)


def carry_hand_pot(state: SabaccState, events: list[Event]) -> None:
    """Every hand bombed out: the hand pot stays for the next hand."""
    chips = state.chips
    carried = chips.pot_total
    chips.dead = carried
    chips.contributed = [0] * chips.seats
    chips.round_bets = [0] * chips.seats
    events.append(Event(CHANCE, f"Everyone bombed out: the hand pot of {figure(carried)} "
                                "stays for the next hand"))
    _finish(state, hand_pot=None, uncalled=state.uncalled, showdown=True, carried=carried)
    _end(state, events)


def settle_called(state: SabaccState, events: list[Event], top: list[int]) -> None:
    """Pay the hand pot to the best hand (``top``: the best at the call, or the players
    of the sudden demise) and the sabacc pot to a special hand."""
    chips = state.chips
    strength: dict[int, tuple[Any, ...]] = {}
    for seat, hand in state.call_hands.items():
        if hand.bomb_out:
            chips.fold(seat)  # the ledger only: a bomb-out is eligible for no pot
            continue
        extra = demise_key(state.hand_value(seat)) if seat in state.demise_cards else _LOST
        strength[seat] = (hand.key, extra)
    amount = chips.pot_total
    settlement = chips.settle(strength, dealer_seat=state.dealer)
    main = settlement.awards[0] if settlement.awards else None
    hand_winners: list[int] = list(main.winners) if main else []
    hand_pot: dict[str, Any] = {"amount": amount, "winners": hand_winners,
                                "shares": {str(s): c for s, c in settlement.won.items()}}
    special = state.call_hands[top[0]].special
    sabacc: dict[str, Any] | None = None
    if special is not None and state.sabacc_pot:
        award = split_pot(Pot(state.sabacc_pot, tuple(top)), strength, dealer_seat=state.dealer,
                          seats=state.seats)
        for seat, won in award.shares.items():
            chips.stacks[seat] += won
        sabacc = {"amount": state.sabacc_pot, "winners": list(award.winners),
                  "shares": {str(s): c for s, c in award.shares.items()}}
        state.sabacc_pot = 0
    _finish(state, hand_pot=hand_pot, uncalled=state.uncalled, showdown=True,
            sabacc=sabacc)
    for seat in hand_winners:
        how = state.call_hands[seat].label
        if seat in state.demise_cards:
            how += f", then {state.hand_value(seat).label} in the sudden demise"
        share = settlement.won.get(seat, 0)
        split = " (split)" if len(hand_winners) > 1 else ""
        events.append(Event(seat, f"{state.names[seat]} wins {figure(share)} from the hand pot{split} "
                                  f"with {how}"))
    if sabacc is not None and special is not None:  # a sabacc pot is only paid for a special hand
        for seat in sabacc["winners"]:
            events.append(Event(seat, f"{SPECIAL_NAMES[special]}! {state.names[seat]} takes "
                                      f"{figure(sabacc['shares'][str(seat)])} from the sabacc pot"))
    _end(state, events)


def _finish(state: SabaccState, *, hand_pot: dict[str, Any] | None,
            uncalled: Any, showdown: bool, sabacc: dict[str, Any] | None = None,
            carried: int = 0) -> None:
    """Write ``state.results`` for the hand just settled."""
    winners = set(hand_pot["winners"] if hand_pot else []) | set(sabacc["winners"] if sabacc else [])
    state.results = {
        "hand_no": state.hand_no, "showdown": showdown,
        "hands": {str(s): h.to_json() for s, h in state.call_hands.items()},
        "cards": {str(s): list(state.hands[s]) for s in state.call_hands},
        "bombed": {str(s): paid for s, paid in state.penalties.items()},
        "demise": {str(s): {"card": c, "hand": state.hand_value(s).to_json()}
                   for s, c in state.demise_cards.items()},
        "hand_pot": hand_pot, "sabacc_pot": sabacc, "carried": carried,
        "winners": sorted(winners),
        "net": [state.chips.stacks[s] - state.round_start_stacks[s] for s in range(state.seats)],
        "uncalled": list(uncalled) if uncalled is not None else [None, 0],
    }


def _end(state: SabaccState, events: list[Event]) -> None:
    """After the pots: who is out, and whether the game is over."""
    state.enter("reveal")
    state.turn = None
    state.out = [stack == 0 for stack in state.chips.stacks]
    alive = [s for s in range(state.seats) if not state.out[s]]
    if len(alive) > 1:
        return
    state.enter("game_over")
    if alive:
        last = alive[0]
        left = state.sabacc_pot + state.chips.pot_total
        state.chips.stacks[last] += left
        state.sabacc_pot = 0
        state.chips.dead = 0
        state.chips.contributed = [0] * state.seats
        state.chips.round_bets = [0] * state.seats
        text = f"{state.names[last]} is the last player with credits: the game is over"
        if left:
            text += f" ({figure(left)} left in the pots goes to {state.names[last]})"
        events.append(Event(last, text))
        if state.results is not None:
            state.results["net"] = [state.chips.stacks[s] - state.round_start_stacks[s]
                                    for s in range(state.seats)]
    else:
        events.append(Event(CHANCE, "Nobody has credits left: the game is over"))

