"""Seat helpers the games' states share: hands by seat, card names, standings, the
turn check, and (for games played from a :class:`~cardtable.engine.chips.HandChips`
ledger) stacks, pots and the order of play from the dealer's left.

Each game's state derives from :class:`SeatedState` (or :class:`ChipSeatedState`) and
keeps only what its own rules say.
"""

from __future__ import annotations

import random
import re
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from operator import attrgetter
from typing import Any, ClassVar, Self

from cardtable.engine.cards import Deck
from cardtable.engine.chips import HandChips, Pot, seats_from_left_of
from cardtable.engine.game import CHANCE, Action, Event, GameState
from cardtable.engine.words import figure

__all__ = ["SeatedState", "ChipSeatedState"]

_SEAT_WORD = re.compile(r"\bSeat (\d+)\b")
_COPY_NUMBER = re.compile(r" #\d+$")


class SeatedState(GameState):
    """A game of named seats, each holding cards of one deck by index
    (``hands[seat]``), ranked by what each seat holds (:meth:`holding`).

    Who acts follows the phase (:attr:`CHANCE_PHASES`, :attr:`TURNS`), and
    :meth:`why_illegal` checks what every game checks first (the match is over, chance's
    moves, chance to act, the seat's turn) before the game's own :meth:`_why_not_move`.
    """

    deck: Deck
    names: tuple[str, ...]
    hands: list[list[int]]
    dealer: int
    round_no: int
    """The round being played, from 1 (0 before the first deal)."""
    phase: Enum
    """Where the round is; its ``GAME_OVER`` member ends the match."""

    CHANCE_PHASES: ClassVar[frozenset[Enum]] = frozenset()
    """The phases in which chance acts (shuffles, deals, rolls)."""
    TURNS: ClassVar[Mapping[Enum, str]] = {}
    """The phases in which a seat acts, each with the attribute (a dotted path) that
    names the seat; in any other phase nobody acts."""
    CHANCE_MOVES: ClassVar[tuple[type[Action], ...]] = ()
    """Chance's actions, checked by :meth:`_why_not_chance` whatever the phase."""
    OVER: ClassVar[str] = "the match is over"
    """Why nothing is legal once the match is over."""
    _turn_getters: ClassVar[dict[Enum, Callable[[SeatedState], int | None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._turn_getters = {phase: attrgetter(path) for phase, path in cls.TURNS.items()}

    @property
    def to_act(self) -> int | None:
        """The seat to act, :data:`CHANCE`, or None when the match is over."""
        phase = self.phase
        if phase in self.CHANCE_PHASES:
            return CHANCE
        seat = self._turn_getters.get(phase)
        return None if seat is None else seat(self)

    def why_illegal(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, otherwise the reason in words."""
        if self.phase.name == "GAME_OVER":
            return self.OVER
        if isinstance(action, self.CHANCE_MOVES):
            return self._why_not_chance(action)
        to_act = self.to_act
        if to_act == CHANCE:
            return self._chance_first()
        if (wrong := self._why_not_turn(action.seat, to_act)) is not None:
            return wrong
        return self._why_not_move(action)

    def _why_not_chance(self, action: Action) -> str | None:
        """Why chance's ``action`` is not legal now (None: it is)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance moves")

    def _chance_first(self) -> str:
        """Why no seat may act while chance is to act (by default: the dealer's shuffle
        between rounds)."""
        return ("the round is over: the dealer shuffles for the next one"
                if self.phase.name == "REVEAL" else "the dealer must shuffle first")

    def _why_not_shuffle(self, action: Action, cards: Sequence[int], wrong_order: str) -> str | None:
        """Why chance's shuffle ``action`` is not legal now: chance is not to act, the
        shuffle is not chance's, or its ``order`` does not hold each of ``cards`` once
        (``wrong_order`` says so)."""
        if self.to_act != CHANCE:
            return "only the dealer shuffles, between rounds"
        if action.seat != CHANCE:
            return "the shuffle is chance's action (seat CHANCE)"
        order = getattr(action, "order", None)
        if not isinstance(order, tuple) or sorted(order) != list(cards):
            return wrong_order
        return None

    def _why_not_move(self, action: Action) -> str | None:
        """Why a seat's ``action``, on its turn, is not legal in this phase (None: it is)."""
        raise NotImplementedError(f"{type(self).__name__} does not check its moves")

    @property
    def round_number(self) -> int:
        """The round (or hand) being played, from 1 (0 before the first deal): ``round_no``."""
        return self.round_no

    @abstractmethod
    def holding(self, seat: int) -> int:
        """What ``seat`` holds now, in the game's unit (what :meth:`standings` ranks by)."""

    def standings(self) -> list[tuple[str, int]]:
        """``(name, holding)`` of every seat, most first (ties in seat order). Chips in
        a pot or a bid belong to nobody yet and are not counted."""
        order = sorted(range(self.seats), key=lambda s: (-self.holding(s), s))
        return [(self.names[s], self.holding(s)) for s in order]

    def hand_of(self, seat: int) -> list[int]:
        """The deck indices of ``seat``'s cards (empty when not in the hand)."""
        return list(self.hands[seat])

    def card_name(self, card: int) -> str:
        """The card's name as the log writes it: its deck's code ("AS", "Gula 3 of Fire")
        without the copy number that tells apart two cards of one face ("Infinity", not
        "Infinity #2"): a player sees no such number on the card."""
        return _COPY_NUMBER.sub("", self.deck[card].code)

    def _why_not_turn(self, seat: object, to_act: int | None) -> str | None:
        """Why ``seat`` may not act now when ``to_act`` is to act: no such seat, or
        another's turn; None when it is ``seat``'s turn."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            return f"there is no seat {seat!r} at this table"
        assert to_act is not None
        if seat != to_act:
            return f"it is {self.names[to_act]}'s turn, not {self.names[seat]}'s"
        return None

    def _why_not_held(self, seat: int, cards: tuple[int, ...]) -> str | None:
        """Why ``cards`` (deck indices) are not cards of ``seat``'s hand to play: one
        named twice, or one not in the hand; None when they are."""
        if len(set(cards)) != len(cards):
            return "a card is named twice"
        stray = [c for c in cards if c not in self.hands[seat]]
        if stray:
            what = self.card_name(stray[0]) if 0 <= stray[0] < len(self.deck) else repr(stray[0])
            return f"{what} is not in {self.names[seat]}'s hand"
        return None

    def _deal_each(self, players: Sequence[int], count: int, stock: list[int], words: str) -> Event:
        """Deal ``count`` cards to each of ``players``, one at a time round the table, from
        the top of ``stock``; the event saying so (``words``: "five cards"), in which
        each player reads their own cards, by name as every line names them."""
        for _ in range(count):
            for seat in players:
                self.hands[seat].append(stock.pop(0))
        public = f"{self.names[self.dealer]} deals {words} to each of {len(players)} players"
        return Event(CHANCE, public, {s: f"{public}; {self.names[s]} gets {self._names_of(self.hands[s])}"
                                     for s in players})

    def _clear_round(self) -> None:
        """Forget what the last round left (hands, bets, results): each game's own."""
        raise NotImplementedError(f"{type(self).__name__} does not clear a round")

    def _new_round(self, next_dealer: Callable[[int], int]) -> None:
        """Start the next round: after the first, the deal passes to ``next_dealer(dealer)``;
        the round number goes up and :meth:`_clear_round` clears the last one."""
        if self.round_no > 0:
            self.dealer = next_dealer(self.dealer)
        self.round_no += 1
        self._clear_round()

    def _shuffled(self, cards: Iterable[int]) -> tuple[int, ...]:
        """``cards`` in an order drawn from the state's generator (chance's shuffle)."""
        order = list(cards)
        self.rng.shuffle(order)
        return tuple(order)

    def _names_of(self, cards: Sequence[int]) -> str:
        """The cards' names, comma-separated."""
        return ", ".join(self.card_name(c) for c in cards)

    def _logged(self, events: list[Event]) -> Event:
        """The last of ``events``, for :meth:`apply` to log, the others logged now (one
        action may bring several events: the deal after the last bet, a showdown)."""
        self.log.extend(events[:-1])
        return events[-1]

    def _rename(self, reason: str | None) -> str | None:
        """Betting's messages call seats "Seat 3": use the players' names."""
        if reason is None:
            return None
        return _SEAT_WORD.sub(lambda m: self.names[int(m.group(1)) - 1], reason)


class ChipSeatedState(SeatedState):
    """A :class:`SeatedState` whose seats play from one :class:`HandChips` ledger
    (``chips``, the stacks between hands) with a ``dealer``."""

    chips: HandChips
    settings: Any
    total_chips: int

    @classmethod
    def _seated(cls, settings: Any, deck: Deck, names: Sequence[str], rng: random.Random, dealer: int,
                stacks: Sequence[int], phase: Enum) -> Self:
        """A new match (for :meth:`new`, once the table is checked): its settings, deck,
        players and dealer, ``stacks`` in the ledger, and its first ``phase``."""
        state = cls(seats=len(names), rng=rng)
        state.settings, state.deck, state.names = settings, deck, tuple(names)
        state.dealer = dealer
        state.chips = HandChips(list(stacks))
        state.total_chips = sum(stacks)
        state.phase = phase
        return state

    @property
    def stacks(self) -> list[int]:
        """Each seat's chips behind (not in a pot or a bid)."""
        return list(self.chips.stacks)

    def holding(self, seat: int) -> int:
        """``seat``'s chips behind: what :meth:`standings` ranks by."""
        return self.chips.stacks[seat]

    def pots(self) -> list[Pot]:
        """The main pot and side pots of this hand as they stand (bets of the running
        round included, an uncalled bet not)."""
        if self.chips.pot_total == 0 or not self.chips.players_in:
            return []
        return self.chips.pots()

    def _fresh_ledger(self, in_hand: list[bool] | None = None, *, dead: int = 0) -> list[int]:
        """Start a new hand's ledger from the stacks behind, with every seat that has
        chips in the hand (or those ``in_hand`` says) and ``dead`` chips already in the
        middle; return the stacks at its start."""
        stacks = list(self.chips.stacks)
        self.chips = HandChips(stacks, in_hand=[s > 0 for s in stacks] if in_hand is None else in_hand, dead=dead)
        return stacks

    def _antes(self, players: Sequence[int], ante: int, title: str) -> Event:
        """Each of ``players`` antes ``ante`` (a seat short of it puts in what it has);
        the line saying so, after ``title`` ("Round 3")."""
        short = [self.names[s] for s in players if self.chips.post(s, ante, live=False) < ante]
        text = f"{title}: {self.names[self.dealer]} deals; everyone antes {figure(ante)}"
        if short:
            text += f" ({', '.join(short)} all-in)"
        return Event(CHANCE, text)

    def _return_uncalled(self, uncalled: tuple[int | None, int], events: list[Event]) -> None:
        """Say so in ``events`` when ``uncalled`` (a seat and an amount, from the ledger)
        gave a seat back chips nobody called."""
        seat, amount = uncalled
        if seat is not None and amount:
            events.append(Event(seat, f"{figure(amount)} uncalled returned to {self.names[seat]}"))

    def players_from_left(self) -> list[int]:
        """The seats in the hand, from the dealer's left (the dealer last)."""
        return [s for s in seats_from_left_of(self.dealer, self.seats) if self.chips.in_hand[s]]

    def next_with_chips(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` with chips behind."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.chips.stacks[candidate] > 0:
                return candidate
        raise RuntimeError("nobody has chips")
