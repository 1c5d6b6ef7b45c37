"""The steps of a Five-Card Draw hand that follow by themselves: the antes and the
deal, the draw and its reshuffle, moving from round to round, the showdown and the
pay-out. :class:`~cardtable.games.five_card_draw.state.DrawState` calls these from
``_apply``; each appends the :class:`~cardtable.engine.game.Event` lines it causes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.betting import BettingRound
from cardtable.engine.game import CHANCE, Event
from cardtable.games.five_card_draw.hands import HandValue, evaluate
from cardtable.games.five_card_draw.rules import BETTING_ROUND_NAMES, HAND_SIZE, Discard, Phase, PotResult, RoundResult

if TYPE_CHECKING:
    from cardtable.games.five_card_draw.state import DrawState

__all__ = ["start_round", "discard", "reshuffle", "advance", "names_of"]


def names_of(state: DrawState, cards: Sequence[int]) -> str:
    """The cards' codes, comma-separated."""
    return ", ".join(state.card_name(c) for c in cards)


def start_round(state: DrawState, order: Sequence[int], events: list[Event]) -> None:
    """A new hand: the deal passes left (after the first), antes, five cards each."""
    if state.round_no == 0 and state.chips.stacks[state.dealer] == 0:
        state.dealer = state.next_with_chips(state.dealer)  # the first dealer has no chips
    state._new_round(state.next_with_chips)
    state.round_start_stacks = state._fresh_ledger()
    state.deck_order = list(order)
    players = state.players_from_left()
    events.append(state._antes(players, state.settings.ante, f"Hand {state.round_no}"))
    events.append(state._deal_each(players, HAND_SIZE, state.deck_order, "five cards"))
    _start_betting(state, 0, events)


def discard(state: DrawState, action: Discard, events: list[Event]) -> None:
    """Exchange the cards; when the stock runs short, wait for chance's reshuffle."""
    seat = action.seat
    hand = state.hands[seat]
    who = state.names[seat]
    state.drawn[seat] = len(action.cards)
    if not action.cards:
        events.append(Event(seat, f"{who} stands pat"))
        state.draw_turn = _next_to_draw(state, seat)
        return
    for card in action.cards:
        hand.remove(card)
    count = len(action.cards)
    ace = " (keeping an ace)" if count > state.settings.max_draw else ""
    words = "a card" if count == 1 else f"{count} cards"
    public = f"{who} discards {words} and draws {count}{ace}"
    taken = state.deck_order[:count]
    del state.deck_order[:count]
    hand.extend(taken)
    mine = f"{who} discards {names_of(state, action.cards)}"
    if len(taken) < count:
        state.pending = list(action.cards)
        state.owed = count - len(taken)
        state.phase = Phase.RESHUFFLE
        if taken:
            mine += f" and draws {names_of(state, taken)}"
        events.append(Event(seat, public, {seat: mine}))
        events.append(Event(CHANCE, f"The stock runs out after {len(taken)} card"
                                    f"{'s' if len(taken) != 1 else ''}: the dealer shuffles the "
                                    f"{len(state.discards)} discards into a new stock"))
        return
    state.discards.extend(action.cards)
    events.append(Event(seat, public, {seat: f"{mine} and draws {names_of(state, taken)}"}))
    state.draw_turn = _next_to_draw(state, seat)


def reshuffle(state: DrawState, order: Sequence[int], events: list[Event]) -> None:
    """The discards become the new stock; the drawing player gets the cards owed."""
    seat = state.draw_turn
    assert seat is not None
    state.deck_order = list(order)
    state.discards = list(state.pending)
    state.pending = []
    taken = state.deck_order[:state.owed]
    del state.deck_order[:state.owed]
    state.owed = 0
    state.hands[seat].extend(taken)
    state.phase = Phase.DRAW
    events.append(Event(CHANCE, f"{state.names[seat]} draws the rest from the new stock",
                        {seat: f"{state.names[seat]} draws {names_of(state, taken)} from the new stock"}))
    state.draw_turn = _next_to_draw(state, seat)


def _next_to_draw(state: DrawState, seat: int) -> int | None:
    players = state.players_from_left()
    later = players[players.index(seat) + 1:]
    return later[0] if later else None


def _start_betting(state: DrawState, number: int, events: list[Event]) -> None:
    state.phase = Phase.BET
    state.betting_round = number
    state.betting = BettingRound(rules=state.settings.betting, chips=state.chips,
                                 first_to_act=(state.dealer + 1) % state.seats, big_bet=number >= 1)
    if state.betting.to_act is not None:
        events.append(Event(CHANCE, f"Betting {BETTING_ROUND_NAMES[number]}: "
                                    f"{state.names[state.betting.to_act]} is first"))


def advance(state: DrawState, events: list[Event]) -> None:
    """Carry on through every step that needs nobody's decision."""
    while True:
        if state.phase == Phase.BET:
            betting = state.betting
            assert betting is not None
            if betting.hand_over:
                _settle(state, None, {}, events)
                return
            if betting.to_act is not None:
                return
            state._return_uncalled(state.chips.end_round(), events)
            state.betting = None
            if state.betting_round == 0:
                state.phase = Phase.DRAW
                state.betting_round = None
                first = state.players_from_left()[0]
                state.draw_turn = first
                limit = state.settings.max_draw
                extra = " (one more keeping an ace)" if state.settings.ace_bonus and limit < 4 else ""
                events.append(Event(CHANCE, f"The draw: discard 0 to {limit} cards{extra}, "
                                            f"from {state.names[first]}"))
            else:
                _showdown(state, events)
                return
        elif state.phase == Phase.DRAW and state.draw_turn is None:
            _start_betting(state, 1, events)
        else:
            return


def _showdown(state: DrawState, events: list[Event]) -> None:
    values: dict[int, HandValue] = {}
    for seat in state.players_from_left():
        values[seat] = evaluate([state.deck[c] for c in state.hands[seat]])
        state.shown[seat] = True
        events.append(Event(seat, f"{state.names[seat]} shows {names_of(state, state.hands[seat])}: "
                                  f"{values[seat].label}"))
    _settle(state, {seat: v.key for seat, v in values.items()}, values, events)


def _settle(state: DrawState, keys: Mapping[int, Any] | None, values: Mapping[int, HandValue],
            events: list[Event]) -> None:
    state.betting = None
    state.betting_round = None
    settlement = state.chips.settle(keys, dealer_seat=state.dealer)
    state._return_uncalled(settlement.uncalled, events)
    pots = PotResult.of_awards(settlement.awards)
    for pot in pots:
        how = f" with {values[pot.winners[0]].label}" if values else " (everyone else folded)"
        events.append(Event(pot.winners[0], pot.announce(state.names, how)))
    state.results = RoundResult(
        round_no=state.round_no, showdown=keys is not None, hands=dict(values),
        cards={s: tuple(state.hands[s]) for s in values}, pots=tuple(pots), won=dict(settlement.won),
        net=tuple(state.chips.stacks[s] - state.round_start_stacks[s] for s in range(state.seats)),
        uncalled=settlement.uncalled)
    state.out = [stack == 0 for stack in state.chips.stacks]
    alive = [s for s in range(state.seats) if not state.out[s]]
    if len(alive) == 1:
        state.phase = Phase.GAME_OVER
        events.append(Event(alive[0], f"{state.names[alive[0]]} has all the chips: the match is over"))
    else:
        state.phase = Phase.REVEAL
