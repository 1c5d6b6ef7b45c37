"""The steps of community-card and stud games on the declared flow, and the state they
play on: the board (Hold'em, Omaha), cards dealt face up (Stud), the bring-in by the
lowest up card, betting opened by the best hand showing, and a showdown with the standard
evaluators by name, split high and low (:mod:`cardtable.engine.hilo`) when a low is named.

>>> from cardtable.engine.flow import Bet, Blinds, Deal, HandFlow, Settle
>>> flow = HandFlow((Blinds(), Deal(hole=2), Bet("before the flop", opener="big_blind_left"),
...                  Board(3, "flop"), Bet("on the flop"), BoardShowdown("high"), Settle()))
>>> flow.describe()
'blinds, deal 2 hole cards, betting before the flop, flop, betting on the flop, showdown, settle'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.engine.fast_hands import value_of
from cardtable.engine.flow.actions import Discard
from cardtable.engine.flow.state import FlowState
from cardtable.engine.flow.steps import InTurn, Step, setting
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.hilo import settle_hilo
from cardtable.engine.named_evaluators import NamedEvaluator, lookup
from cardtable.engine.poker_hands import pairs_of
from cardtable.engine.showdown import PotResult
from cardtable.engine.words import figure, plural

__all__ = ["Board", "DealUp", "BringIn", "DiscardDown", "BoardShowdown", "BoardFlowState", "showing_key"]

_SUIT_ORDER = {"Clubs": 0, "Diamonds": 1, "Hearts": 2, "Spades": 3}


def showing_key(pairs: Sequence[tuple[int, str]]) -> tuple[int, ...]:
    """How good the up cards of a stud hand look (greater is better): pairs and sets first,
    then the ranks, as a poker hand of that many cards (no straights or flushes yet).

    >>> showing_key([(13, "Spades"), (13, "Hearts")]) > showing_key([(14, "Spades"), (12, "Hearts")])
    True
    """
    counts: dict[int, int] = {}
    for rank, _ in pairs:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return (*(c for _, c in groups), *(r for r, _ in groups))


@dataclass(frozen=True)
class Board(Step):
    """``count`` cards face up in the middle, for everyone (the flop, the turn, the river),
    after ``burn`` cards off the top face down."""

    count: int
    name: str
    burn: int = 1

    def describe(self) -> str:
        """The street's name."""
        return self.name

    def begin(self, state: BoardFlowState, events: list[Event]) -> None:
        """Burn, then turn the cards up."""
        for _ in range(self.burn):
            state.burned.append(state.deck_order.pop(0))
        cards = [state.deck_order.pop(0) for _ in range(self.count)]
        state.board.extend(cards)
        events.append(Event(CHANCE, f"The {self.name}: {state._names_of(cards)}"))


@dataclass(frozen=True)
class DealUp(Step):
    """One card face up to each seat in the hand, from the dealer's left (Stud's streets)."""

    name: str

    def describe(self) -> str:
        """The street's name."""
        return self.name

    def begin(self, state: BoardFlowState, events: list[Event]) -> None:
        """Deal the up cards; every seat reads them."""
        dealt = []
        for seat in state.players_from_left():
            card = state.deck_order.pop(0)
            state.hands[seat].append(card)
            state.up[seat].append(card)
            dealt.append(f"{state.names[seat]} {state.card_name(card)}")
        events.append(Event(CHANCE, f"{self.name[0].upper()}{self.name[1:]}: {', '.join(dealt)}"))


@dataclass(frozen=True)
class BringIn(Step):
    """The seat whose up card is lowest (by rank, aces high, then by suit: clubs lowest)
    posts the bring-in, ``amount``; the betting round after it opens at ``bring_in``."""

    amount: int | str = "bring_in"
    NAME: ClassVar[str] = "bring-in"

    def begin(self, state: BoardFlowState, events: list[Event]) -> None:
        """Post the bring-in."""
        def low(seat: int) -> tuple[int, int]:
            (rank, suit), = pairs_of([state.deck[state.up[seat][-1]]])
            return rank, _SUIT_ORDER.get(suit, 0)
        seat = min(state.players_from_left(), key=low)
        amount: int = setting(state, self.amount)
        posted = state.chips.post(seat, amount)
        state.bring_in_seat = seat
        short = " (all-in)" if posted < amount else ""
        events.append(Event(seat, f"{state.names[seat]} brings it in for {figure(posted)}{short}"))


@dataclass(frozen=True)
class DiscardDown(InTurn):
    """From the dealer's left, each seat in the hand discards exactly ``count`` cards face
    down and draws none (Pineapple's discard after the flop)."""

    count: int = 1
    phase: ClassVar[str] = "discard"
    TURN: ClassVar[str] = "draw_turn"

    NAME: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"count must be at least 1, not {self.count}")

    def describe(self) -> str:
        """"discard N"."""
        return f"discard {plural(self.count, 'card')}"

    def opening(self, state: BoardFlowState, first: int) -> str:
        """How many cards each seat lets go, and who starts."""
        return f"Each player discards {plural(self.count, 'card')}, from {state.names[first]}"

    def legal_actions(self, state: BoardFlowState, seat: int) -> list[Action]:
        """Every choice of ``count`` cards of the hand."""
        return [state.DISCARD(seat=seat, cards=tuple(c)) for c in itertools.combinations(state.hands[seat], self.count)]

    def why_not(self, state: BoardFlowState, action: Action) -> str | None:
        """A discard of exactly ``count`` cards of the hand."""
        wanted = f"discard exactly {plural(self.count, 'card')}"
        if not isinstance(action, Discard):
            return f"now each player must {wanted}"
        cards = action.cards
        if not isinstance(cards, tuple) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a discard names the cards by their deck indices"
        if (wrong := state._why_not_held(action.seat, cards)) is not None:
            return wrong
        return None if len(cards) == self.count else f"you must {wanted}, not {len(cards)}"

    def apply(self, state: BoardFlowState, action: Action, events: list[Event]) -> None:
        """The cards leave the hand face down; the turn passes."""
        assert isinstance(action, Discard)
        seat = action.seat
        for card in action.cards:
            state.hands[seat].remove(card)
        state._discard_cards(seat, action.cards)
        state.drawn[seat] = len(action.cards)
        who = state.names[seat]
        events.append(Event(seat, f"{who} discards {plural(len(action.cards), 'card')}",
                            {seat: f"{who} discards {state._names_of(action.cards)}"}))
        self.pass_turn(state, seat)


@dataclass(frozen=True)
class BoardShowdown(Step):
    """Every seat still in shows, from the dealer's left; each hand is valued by the
    evaluator ``high`` (a standard one or a game's own, by name) over its cards and the board,
    and, with ``low``, by that low too: each pot is then split between the best high and the
    best qualifying low."""

    high: str = "high"
    low: str = ""
    NAME: ClassVar[str] = "showdown"

    def __post_init__(self) -> None:
        self.evaluators()  # ValueError naming the known evaluators for an unknown one

    def evaluators(self) -> list[NamedEvaluator]:
        """The evaluators named, the high's first (a standard one or a game's own:
        :func:`~cardtable.engine.named_evaluators.lookup`)."""
        return [lookup(name) for name in (self.high, self.low) if name]

    def begin(self, state: BoardFlowState, events: list[Event]) -> None:
        """Show and value every hand still in."""
        board = state.board
        lows: dict[int, Any] = {}
        values: dict[int, Any] = {}
        for seat in state.players_from_left():
            cards = state.hands[seat]
            values[seat] = value_of(self.high, cards, board, state.deck)
            state.shown[seat] = True
            words = values[seat].label
            if self.low:
                low = value_of(self.low, cards, board, state.deck)
                if low is not None:
                    lows[seat] = low
                words += f"; low: {low.label}" if low is not None else "; no low"
            events.append(Event(seat, f"{state.names[seat]} shows {state._names_of(state.hands[seat])}: {words}"))
        state.shown_values = values
        state.shown_lows = lows


class BoardFlowState(FlowState):
    """A match of a community-card or stud game on the declared flow: the board, the
    burned cards, each seat's up cards, the bring-in's seat; betting opened by the
    bring-in or the best hand showing; a high-low settle when the showdown names a low."""

    board: list[int]
    burned: list[int]
    up: list[list[int]]
    bring_in_seat: int | None

    def _clear_round(self) -> None:
        super()._clear_round()
        self.board = []
        self.burned = []
        self.up = [[] for _ in range(self.seats)]
        self.bring_in_seat = None
        self.shown_lows: dict[int, Any] = {}
        """The qualifying lows shown at this hand's showdown, by seat."""

    def _discard_cards(self, seat: int, cards: Sequence[int]) -> None:
        """Also: a folded hand's up cards are turned down with it (they are no longer up)."""
        super()._discard_cards(seat, cards)
        if self.up[seat]:
            gone = set(cards)
            self.up[seat] = [c for c in self.up[seat] if c not in gone]

    def first_to_act(self, opener: str) -> int:
        """Also ``bring_in`` (left of the bring-in) and ``best_showing`` (the best up cards,
        the first from the dealer's left among equals)."""
        if opener == "bring_in":
            assert self.bring_in_seat is not None, "a bring-in round needs a BringIn step before it"
            return (self.bring_in_seat + 1) % self.seats
        if opener == "best_showing":
            players = self.players_from_left()
            return max(players, key=lambda s: (showing_key(pairs_of([self.deck[c] for c in self.up[s]])),
                                              -players.index(s)))
        return super().first_to_act(opener)

    def settle(self, keys: Mapping[int, Any] | None, values: Mapping[int, Any], events: list[Event]) -> None:
        """With a qualifying low shown, every pot is split high and low (the odd chip to the
        high half); otherwise the usual settle."""
        if keys is None or not self.shown_lows:
            super().settle(keys, values, events)
            return
        self.betting = None
        self.betting_round = None
        lows = {seat: low.key for seat, low in self.shown_lows.items()}
        uncalled, awards = settle_hilo(self.chips, keys, lows, dealer_seat=self.dealer)
        self._return_uncalled(uncalled, events)
        pots: list[PotResult] = []
        for index, award in enumerate(awards):
            name = "main pot" if index == 0 else f"side pot {index}"
            for half, part, shown in (("high", award.high, values), ("low", award.low, self.shown_lows)):
                if part is None:
                    continue
                pot = PotResult(f"{name} ({half})" if award.low is not None else name, part.pot.amount,
                                part.pot.eligible, part.winners, dict(part.shares))
                pots.append(pot)
                events.append(Event(pot.winners[0], pot.announce(self.names, f" with {shown[pot.winners[0]].label}")))
        self.shown_lows = {}
        self._hand_paid(pots, values, True, uncalled, events)
