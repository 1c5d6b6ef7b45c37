"""Alethkar Poker's own steps of the hand flow, and its round as a flow of them.

The source's eight steps: the buy-in into the bag (1), the engine's deal of seven cards
(2), the secret bet (3), the discard of two (4), the show and count (5) and the payout
by hand value with the middle carried over (6 to 8, the round's settle). Nothing here is
bet into a pot: the chips move between each seat's stack and bag and the middle, so the
state runs on :class:`~cardtable.engine.flow.SeatedFlowState`, the runner without a chip
ledger.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine.flow import InTurn, Step
from cardtable.engine.flow.reader import load_flow
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.words import figure, plural
from cardtable.games.alethkar_poker.payout import payout_lines, settle
from cardtable.games.alethkar_poker.rules import BagBet, CountedHand, DiscardTwo, RoundResult
from cardtable.games.alethkar_poker.values import best_split

if TYPE_CHECKING:
    from cardtable.games.alethkar_poker.state import AlethkarState

__all__ = ["BuyIn", "SecretBet", "DiscardStep", "Show", "Payout", "FLOW"]


@dataclass(frozen=True)
class BuyIn(Step):
    """Step 1: every player puts the buy-in from the stack into the bag (when the stack
    is short, chips already in the bag stand for the rest)."""

    NAME: ClassVar[str] = "buy-in"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Move the buy-ins; the line names the round and the dealer."""
        game: AlethkarState = state
        buy_in = game.settings.buy_in
        for seat in game.players():
            moved = min(buy_in, game.stacks[seat])
            game.stacks[seat] -= moved
            game.bags[seat] += moved
        events.append(Event(CHANCE, f"{game.round_title} {game.round_no}: {game.names[game.dealer]} deals; "
                                    f"everyone buys in {figure(buy_in)} into their bag"))


@dataclass(frozen=True)
class SecretBet(InTurn):
    """Step 3: from the dealer's left, each player alone moves chips from the stack into
    the bag (:class:`BagBet`) and says "check"."""

    phase: ClassVar[str] = "bet"

    NAME: ClassVar[str] = "secret bet"

    def opening(self, state: Any, first: int) -> str:
        """The first player left of the dealer bets first."""
        return (f"The secret bet, from {state.names[first]}: each player alone puts chips in their bag, "
                "then checks")

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """A spread of amounts from 0 to the whole stack."""
        stack: int = state.stacks[seat]
        amounts = sorted({a for a in (0, 1, 2, 3, 5, 8, stack // 4, stack // 2, stack) if 0 <= a <= stack})
        return [BagBet(seat=seat, amount=a) for a in amounts]

    def why_not(self, state: Any, action: Action) -> str | None:
        """A whole number of chips the stack holds."""
        if not isinstance(action, BagBet):
            return "now is the secret bet: put chips in your bag (or none) and check"
        amount = action.amount
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            return "the bet is a whole number of chips, 0 or more"
        if amount > state.stacks[action.seat]:
            return f"you have only {plural(state.stacks[action.seat], 'chip')} in your stack"
        return None

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Into the bag; everybody reads "checks", the player alone reads how much."""
        game: AlethkarState = state
        assert isinstance(action, BagBet)
        seat = action.seat
        game.stacks[seat] -= action.amount
        game.bags[seat] += action.amount
        game.checked[seat] = True
        who = game.names[seat]
        added = f"puts {figure(action.amount)} in their bag" if action.amount else "adds nothing to their bag"
        events.append(Event(seat, f"{who} checks", {
            seat: f"{who} {added} and checks (bag {figure(game.bags[seat])}, stack {figure(game.stacks[seat])})"}))
        self.pass_turn(game, seat)


@dataclass(frozen=True)
class DiscardStep(InTurn):
    """Step 4: from the dealer's left, each player discards exactly two cards face down
    (:class:`DiscardTwo`); nobody draws."""

    phase: ClassVar[str] = "discard"

    NAME: ClassVar[str] = "discard two"

    def opening(self, state: Any, first: int) -> str:
        """The first player left of the dealer discards first."""
        return f"Everyone has checked. Each player discards two cards, from {state.names[first]}"

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every pair of the hand's cards."""
        hand: list[int] = state.hands[seat]
        return [DiscardTwo(seat=seat, cards=(hand[i], hand[j]))
                for i in range(len(hand)) for j in range(i + 1, len(hand))]

    def why_not(self, state: Any, action: Action) -> str | None:
        """Exactly two cards of the hand."""
        if not isinstance(action, DiscardTwo):
            return "now is the discard: discard exactly two cards"
        cards = action.cards
        if not isinstance(cards, tuple) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a discard names the cards by their deck indices"
        if len(cards) != 2:
            return f"discard exactly two cards, not {len(cards)}"
        game: AlethkarState = state
        return game._why_not_held(action.seat, cards)

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """The two cards go face down to the discards."""
        game: AlethkarState = state
        assert isinstance(action, DiscardTwo)
        seat = action.seat
        for card in action.cards:
            game.hands[seat].remove(card)
            game.discards.append(card)
        game.discarded[seat] = True
        events.append(Event(seat, f"{game.names[seat]} discards two cards",
                            {seat: f"{game.names[seat]} discards {game._names_of(action.cards)}"}))
        self.pass_turn(game, seat)


@dataclass(frozen=True)
class Show(Step):
    """Step 5: every hand is shown, from the dealer's left, and counted
    (:func:`~cardtable.games.alethkar_poker.values.best_split`), its cards put in
    counting order; the counts go to the :class:`Payout`."""

    NAME: ClassVar[str] = "show"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Show and count every hand."""
        game: AlethkarState = state
        counted: dict[int, CountedHand] = {}
        for seat in game.players():
            split = best_split([game.deck[c] for c in game.hands[seat]],
                               ace_low_straight=game.settings.ace_low_straight)
            counted[seat] = CountedHand(tuple((c.name, tuple(card.index for card in c.cards), c.value)
                                              for c in split.combinations), split.value)
            game.hands[seat] = [card.index for card in split.cards]
            game.shown[seat] = True
            parts = " + ".join(f"{name} {value}" if value >= 0 else f"{name} ({value})"
                               for name, _, value in counted[seat].combinations)
            events.append(Event(seat, f"{game.names[seat]} shows {game._names_of(game.hands[seat])}: "
                                      f"{parts} = {counted[seat].value}"))
        game.shown_values = counted


@dataclass(frozen=True)
class Payout(Step):
    """Steps 6 to 8, the round's settle: the top players' bags set the cap, the others
    pay, the middle is shared by hand value
    (:func:`~cardtable.games.alethkar_poker.payout.settle`); then the next round, or the
    end of the match when at most one player can still buy in (that player takes what is
    left in the middle)."""

    NAME: ClassVar[str] = "payout"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Pay on the hands shown."""
        game: AlethkarState = state
        players = game.players()
        counted: dict[int, CountedHand] = game.shown_values
        done = settle({s: counted[s].value for s in players}, bags={s: game.bags[s] for s in players},
                      carried_in=game.middle, order=players)
        for seat in players:
            game.bags[seat] = done.bags[seat]
            game.stacks[seat] += done.to_stack[seat]
        game.middle = done.payout.carry_out
        for line in payout_lines(done.payout, game.name_of):
            events.append(Event(CHANCE, line))
        game.shown_values = {}
        game.out = [game.holdings(s) < game.settings.buy_in for s in range(game.seats)]
        game.results = RoundResult(game.round_no, counted, done.payout,
                                   tuple(game.holdings(s) - game.round_start[s] for s in range(game.seats)))
        alive = [s for s in range(game.seats) if not game.out[s]]
        if len(alive) > 1:
            game.enter("reveal")
            return
        game.enter("game_over")
        if not alive:
            events.append(Event(CHANCE, "Nobody can buy in any more: the match is over"))
            return
        last = alive[0]
        text = f"{game.names[last]} is the last player who can buy in: the match is over"
        if game.middle:
            goes = "goes" if game.middle == 1 else "go"
            text += f"; the {plural(game.middle, 'chip')} left in the middle {goes} to {game.names[last]}"
            game.stacks[last] += game.middle
            game.middle = 0
        events.append(Event(last, text))


FLOW = load_flow(__package__, hooks={
    "buy-in": BuyIn(), "secret bet": SecretBet(), "discard two": DiscardStep(), "show": Show(), "settle": Payout()
})
"""A round of Alethkar Poker, step by step (run by
:class:`~cardtable.engine.flow.SeatedFlowState`)."""
