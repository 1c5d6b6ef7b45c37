"""The end of a Sabacc hand: the call, bomb-outs, the sudden demise and the pots.

:func:`call_hand` runs when the hand is called (or everyone else folded):

1. An uncalled bet goes back to its bettor. Every hand still in is shown.
2. Each hand that bombs out (over 23, under -23, or 0) pays the hand pot's amount
   into the sabacc pot (all its credits when it has less). A bomb-out wins nothing.
3. The best hand takes the hand pot: a special hand first (Idiot's Array, then Pure
   Sabacc), then the highest absolute total. A special hand takes the sabacc pot too.
4. A tie at the top is settled by a sudden demise (:func:`deal_demise`, chance's
   next action): each tied player is dealt one card; a hand that does not bomb out
   beats one that does, then the higher absolute total; when all bomb out, the
   total closest to 23 wins. Bombing out in the demise costs no penalty. A tie that
   survives splits the pots (odd credits to the first tied seat left of the dealer).
5. When every hand bombs out, nobody wins the hand pot: it stays for the next hand.

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
from cardtable.games.sabacc.rules import Phase

if TYPE_CHECKING:  # pragma: no cover
    from cardtable.games.sabacc.state import SabaccState

__all__ = ["call_hand", "deal_demise"]

_LOST = (-1, 0)
"""The demise part of the key of a hand that was not in the sudden demise."""


def call_hand(state: SabaccState, events: list[Event], *, by_folds: bool = False) -> None:
    """Call the hand: show, charge bomb-outs, then settle or start a sudden demise."""
    state.turn = None
    state.drawn = None
    players = state.players_in()
    chips = state.chips
    if by_folds:
        winner = players[0]
        settlement = chips.settle(None, dealer_seat=state.dealer)
        amount = settlement.won.get(winner, 0)
        _finish(state, events, hand_pot={"amount": amount, "winners": [winner],
                                         "shares": {str(winner): amount}},
                uncalled=settlement.uncalled, showdown=False)
        events.append(Event(winner, f"{state.names[winner]} wins the hand pot of {figure(amount)} "
                                    "(everyone else folded)"))
        _end(state, events)
        return
    seat, amount = chips.return_uncalled()
    if seat is not None and amount:
        events.append(Event(seat, f"{figure(amount)} uncalled returned to {state.names[seat]}"))
    state.uncalled = [seat, amount]
    for seat in players:
        hand = state.hand_value(seat)
        state.call_hands[seat] = hand
        state.shown[seat] = True
        events.append(Event(seat, f"{state.names[seat]} shows "
                                  f"{state._names_of(state.hands[seat])}: {hand.label}"))
    pot = chips.pot_total
    state.penalties = {}
    for seat in players:
        if state.call_hands[seat].bomb_out:
            paid = min(pot, chips.stacks[seat])
            chips.stacks[seat] -= paid
            state.sabacc_pot += paid
            state.penalties[seat] = paid
            events.append(Event(seat, f"{state.names[seat]} bombs out and pays {figure(paid)} "
                                      "into the sabacc pot"))
    contenders = [s for s in players if not state.call_hands[s].bomb_out]
    if not contenders:
        carried = chips.pot_total
        chips.dead = carried
        chips.contributed = [0] * chips.seats
        chips.round_bets = [0] * chips.seats
        events.append(Event(CHANCE, f"Everyone bombed out: the hand pot of {figure(carried)} "
                                    "stays for the next hand"))
        _finish(state, events, hand_pot=None, uncalled=state.uncalled, showdown=True, carried=carried)
        _end(state, events)
        return
    best = max(state.call_hands[s].key for s in contenders)  # type: ignore[type-var]
    top = [s for s in contenders if state.call_hands[s].key == best]
    if len(top) > 1:
        state.demise_seats = top
        state.phase = Phase.DEMISE
        names = ", ".join(state.names[s] for s in top)
        labels = " and ".join(dict.fromkeys(state.call_hands[s].label for s in top))
        events.append(Event(CHANCE, f"A tie between {names} ({labels}): sudden demise!"))
        return
    _settle(state, events, top)


def deal_demise(state: SabaccState, events: list[Event]) -> None:
    """Deal each tied player one card face up, then settle the pots."""
    parts = []
    for seat in state.demise_seats:
        card = state.deck_order.pop(0)
        state.hands[seat].append(card)
        state.demise_cards[seat] = card
        parts.append(f"{state.names[seat]} gets {state.card_name(card)} {state.hand_note(seat)}")
    events.append(Event(CHANCE, "Sudden demise: " + "; ".join(parts)))
    _settle(state, events, list(state.demise_seats))


def _settle(state: SabaccState, events: list[Event], top: list[int]) -> None:
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
    _finish(state, events, hand_pot=hand_pot, uncalled=state.uncalled, showdown=True,
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


def _finish(state: SabaccState, events: list[Event], *, hand_pot: dict[str, Any] | None,
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
        "net": [state.chips.stacks[s] - state.hand_start_stacks[s] for s in range(state.seats)],
        "uncalled": list(uncalled) if uncalled is not None else [None, 0],
    }


def _end(state: SabaccState, events: list[Event]) -> None:
    """After the pots: who is out, and whether the game is over."""
    state.phase = Phase.REVEAL
    state.turn = None
    state.out = [stack == 0 for stack in state.chips.stacks]
    alive = [s for s in range(state.seats) if not state.out[s]]
    if len(alive) > 1:
        return
    state.phase = Phase.GAME_OVER
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
            state.results["net"] = [state.chips.stacks[s] - state.hand_start_stacks[s]
                                    for s in range(state.seats)]
    else:
        events.append(Event(CHANCE, "Nobody has credits left: the game is over"))

