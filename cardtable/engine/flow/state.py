"""The state of a match whose hands run on a declared :class:`~cardtable.engine.flow.HandFlow`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from cardtable.engine import fields
from cardtable.engine.betting import BetOptions, BettingRound
from cardtable.engine.flow.actions import Discard, Reshuffle, Shuffle
from cardtable.engine.flow.steps import Bet, Draw, HandFlow, Step
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.seats import ChipSeatedState, SeatedState
from cardtable.engine.showdown import PotResult, ShowdownResult

__all__ = ["SeatedFlowState", "FlowState", "street_field"]


def street_field(flow: HandFlow) -> fields.JsonField:
    """``street``, the index of the step the hand waits on (-1 between hands); a save from
    before it was recorded is placed by its phase and betting round."""
    return fields.JsonField("street", missing=lambda data: flow.position(data["phase"], data.get("betting_round")))


class SeatedFlowState(SeatedState):
    """A match of hands, each the steps of :attr:`FLOW`, for any seated game: the runner
    without a chip ledger (:class:`FlowState` is the runner with one).

    Between hands (``street`` -1) chance's :attr:`SHUFFLE` starts the next
    (:meth:`_start_hand`, which the game writes: who deals next, what a hand starts
    from), and the steps run from the first. A seat acts through the waiting step; the
    steps that need nobody run by themselves. The game's phase enum holds the values its
    steps wait in and "shuffle", "reveal" and "game_over". Chance's actions are the
    shuffle and those its steps declare (``Step.CHANCE_ACTIONS``). A subclass declares
    :attr:`FLOW`, :attr:`SHUFFLE`, ``new``, :meth:`players_from_left` and
    :meth:`_start_hand`; it extends :meth:`_clear_round` with its own round state. A game
    whose pay-out is its own names it by a hook ``settle`` in its flow (Alethkar Poker's
    bags and middle).
    """

    FLOW: ClassVar[HandFlow]
    """The hand, step by step."""
    SHUFFLE: ClassVar[type[Action]] = Shuffle
    """Chance's action that starts a hand (:meth:`_start_hand` reads it)."""
    OTHER_CHANCE_MOVES: ClassVar[tuple[type[Action], ...]] = ()
    """Chance's actions between hands besides :attr:`SHUFFLE` (Ipso's draw for the first
    dealer, taken by :meth:`_between_hands`); :attr:`CHANCE_MOVES` holds them all, with
    those the flow's steps declare (``Step.CHANCE_ACTIONS``)."""

    settings: Any
    """The table's settings; a step's parameter given as text names one of them."""
    street: int
    """The index in the flow of the step the hand waits on; -1 between hands."""
    out: list[bool]
    """Which seats are out of the match (skipped from then on)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.CHANCE_MOVES = cls._chance_moves()

    @classmethod
    def _chance_moves(cls) -> tuple[type[Action], ...]:
        """Chance's actions: the shuffle, those between hands, then those the flow's steps declare."""
        flow: HandFlow | None = getattr(cls, "FLOW", None)
        own = () if flow is None else tuple(dict.fromkeys(a for s in flow.playing for a in s.CHANCE_ACTIONS))
        return (cls.SHUFFLE, *cls.OTHER_CHANCE_MOVES, *own)

    def _clear_round(self) -> None:
        n = self.seats
        self.street = -1
        self.deck_order: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[int] = []
        self.shown: list[bool] = [False] * n
        self.shown_values: dict[int, Any] = {}
        """The values of the hands shown at this hand's showdown, for its settle."""
        self.blind_seats: dict[str, int] = {}
        """Who posted each blind this hand ("small", "big": :class:`~cardtable.engine.flow.Blinds`)."""

    # -- the flow -----------------------------------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        """The hand's steps as played (hooks replaced by the game's own steps)."""
        return self.FLOW.playing

    @property
    def step(self) -> Step | None:
        """The step the hand waits on (None between hands)."""
        return self.FLOW.playing[self.street] if self.street >= 0 else None

    def enter(self, phase: str) -> None:
        """Put the match in the game's phase of that value."""
        self.phase = type(self.phase)(phase)

    @property
    def stakes(self) -> Any:
        """The settings this hand is played at, which the steps read: the table's (a game
        whose stakes rise as the match goes on gives the hand's)."""
        return self.settings

    @property
    def round_title(self) -> str:
        """What the game calls a hand, capitalized ("Hand", "Round")."""
        return str(self.settings.definition().round_word).capitalize()

    def first_to_act(self, opener: str) -> int:
        """Where a betting round opened at ``opener`` (see :class:`~cardtable.engine.flow.Bet`)
        starts: the action passes on from there over seats that cannot act."""
        if opener == "dealer_left":
            return (self.dealer + 1) % self.seats
        if opener == "big_blind_left":
            return (self.big_blind_seat() + 1) % self.seats
        raise ValueError(f"{type(self).__name__} has no up cards or bring-in to open a betting round at {opener!r}")

    def big_blind_seat(self) -> int:
        """The seat that posted the big blind this hand (:class:`~cardtable.engine.flow.Blinds`
        records it; see :class:`~cardtable.engine.flow.Bet`'s ``opener``)."""
        seat = self.blind_seats.get("big")
        if seat is None:
            raise NotImplementedError(f"{type(self).__name__} posts no big blind")
        return seat

    def playing_cards(self) -> Sequence[int]:
        """The deck indices a hand is dealt from (every card of the deck)."""
        return range(len(self.deck))

    def players_from_left(self) -> list[int]:
        """The seats in the hand, from the dealer's left (the dealer last)."""
        raise NotImplementedError(f"{type(self).__name__} does not say who is in the hand")

    # -- what the players and the UI ask --------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, :data:`CHANCE`, or None when the match is over."""
        if self.phase.value == "game_over":
            return None
        street = self.street  # asked after every action of every rollout: no property on the way
        return CHANCE if street < 0 else self.FLOW.playing[street].to_act(self)

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` is out of the match (``out``): it is skipped from then on."""
        return self.out[seat]

    def legal_actions(self, seat: int) -> list[Action]:
        """Representative legal actions of ``seat`` in the waiting step (empty when it is
        not its turn); :meth:`why_illegal` is the complete test."""
        step = self.step
        if seat == CHANCE or seat != self.to_act or step is None:
            return []
        return step.legal_actions(self, seat)

    def next_from_left(self, seat: int) -> int | None:
        """The seat in the hand after ``seat``, going left from the dealer (None after the last)."""
        players = self.players_from_left()
        later = players[players.index(seat) + 1:]
        return later[0] if later else None

    # -- legality -------------------------------------------------------------------------
    def _why_not_move(self, action: Action) -> str | None:
        step = self.step
        assert step is not None
        return step.why_not(self, action)

    def _why_not_chance(self, action: Action) -> str | None:
        step = self.step
        if step is not None:
            return step.why_not_chance(self, action)
        if not isinstance(action, self.SHUFFLE):
            return f"the dealer shuffles the whole deck to start a {self.round_title.lower()}"
        cards = sorted(self.playing_cards())
        which = "every card" if len(cards) == len(self.deck) else "every playing card"
        return self._why_not_shuffle(action, cards, f"a shuffle must order {which} of the deck exactly once")

    def _chance_first(self) -> str:
        if self.phase.value == "reveal":
            return f"the {self.round_title.lower()} is over: the dealer shuffles for the next one"
        return "the dealer must shuffle first"

    def _chance_action(self) -> Action:
        step = self.step
        if step is not None:
            return step.chance_action(self)
        return self._hand_start()

    def _hand_start(self) -> Action:
        """Chance's action that starts the next hand: the playing cards shuffled."""
        shuffle = cast(type[Shuffle], self.SHUFFLE)
        return shuffle(order=self._shuffled(self.playing_cards()))

    # -- doing ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> Event:
        events: list[Event] = []
        step = self.step
        if step is None:
            if self._between_hands(action, events):
                return self._logged(events)
            self._start_hand(action, events)
            self.street = 0
            self.steps[0].begin(self, events)
        else:
            step.apply(self, action, events)
        self._advance(events)
        return self._logged(events)

    def _between_hands(self, action: Action, events: list[Event]) -> bool:
        """Take chance's ``action`` between hands when it does not start a hand (Ipso's
        draw for the first dealer) and say True; False, as here, lets it start the hand."""
        return False

    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """A new hand from chance's :attr:`SHUFFLE` (before the first step begins): the
        deal passes, the round's state is cleared, the stock is the shuffled order."""
        raise NotImplementedError(f"{type(self).__name__} does not say how a hand starts")

    def _advance(self, events: list[Event]) -> None:
        """Carry on through every step that needs nobody's decision."""
        steps = self.steps
        while self.street >= 0:
            step = steps[self.street]
            if step.folded_out(self):  # straight to the settle, with no hand shown
                self._fold_out()
                self.street = self.FLOW.settle_at
                steps[self.street].begin(self, events)
                continue
            if step.waiting(self):
                return
            step.end(self, events)
            self.street += 1
            if self.street == len(steps) or self.phase.value == "game_over":
                self.street = -1
                return
            steps[self.street].begin(self, events)

    def _fold_out(self) -> None:
        """All but one seat folded: the hand goes to its settle with no hand shown."""
        self.shown_values = {}

    def _discard_cards(self, seat: int, cards: Sequence[int]) -> None:
        """``seat``'s cards go face down to the discards (a discard, a folded hand)."""
        self.discards.extend(cards)


class FlowState(ChipSeatedState, SeatedFlowState):
    """A match of hands played from one chip ledger, each hand the steps of :attr:`FLOW`
    (the runner is :class:`SeatedFlowState`).

    A hand starts from chance's :attr:`SHUFFLE`: the deal passes left to the next seat
    with chips and every seat with chips is dealt in. The game's phase enum holds the
    values its steps wait in ("bet", "draw", "reshuffle", a hook's own) and "shuffle",
    "reveal" and "game_over". A subclass declares :attr:`FLOW`, its actions' classes where
    its saves name them by kinds of its own, :attr:`RESULT`, and ``new``; it extends
    :meth:`_clear_round` with its own round state.
    """

    DISCARD: ClassVar[type[Discard]] = Discard
    RESHUFFLE: ClassVar[type[Reshuffle]] = Reshuffle
    RESULT: ClassVar[type[ShowdownResult[Any]]]
    """What a settled hand is recorded as."""

    round_start_stacks: list[int]
    results: ShowdownResult[Any] | None

    @classmethod
    def _chance_moves(cls) -> tuple[type[Action], ...]:
        """Chance's actions: the shuffle, the draw's reshuffle, the others (see above)."""
        shuffle, *own = super()._chance_moves()
        return (shuffle, cls.RESHUFFLE, *own)

    def _start_match(self, stacks: Sequence[int]) -> None:
        """What a new match holds before its first shuffle (for ``new``)."""
        self.round_start_stacks = list(stacks)
        self.out = [False] * len(stacks)
        self.round_no = 0
        self._clear_round()

    def _clear_round(self) -> None:
        super()._clear_round()
        n = self.seats
        self.betting: BettingRound | None = None
        self.betting_round: int | None = None
        """Which betting round of the hand runs (0 the first), or None."""
        self.pending: list[int] = []
        """The drawing seat's own discards while chance reshuffles the others."""
        self.owed = 0
        """Cards still owed to the drawing seat after a reshuffle."""
        self.drawn: list[int | None] = [None] * n
        """Cards each seat exchanged this hand (None: not yet)."""
        self.draw_turn: int | None = None
        self.results = None

    def betting_number(self, step: Bet) -> int:
        """Which betting round of the hand ``step`` is (0 the first)."""
        return [s for s in self.steps if isinstance(s, Bet)].index(step)

    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in this hand (dealt in and not folded)."""
        if self.phase.value == "shuffle":
            return [False] * self.seats
        return list(self.chips.in_hand)

    def round_outcome(self) -> dict[str, Any] | None:
        """The last settled hand for the statistics (None until one settles): ``round``,
        ``winners``, ``net``, ``hands`` (labels) and ``hand_rank``."""
        return None if self.results is None else self.results.outcome()

    def betting_options(self, seat: int) -> BetOptions | None:
        """What ``seat`` may bet now, or None outside a betting round."""
        if not isinstance(self.step, Bet) or self.betting is None:
            return None
        return self.betting.legal_options(seat)

    def options_json(self, seat: int | None) -> dict[str, Any] | None:
        """``seat``'s betting options as plain data when it is to bet, else None."""
        options = self.betting_options(seat) if seat is not None and seat == self.to_act else None
        return dataclasses.asdict(options) if options is not None else None

    def draw_limit(self, seat: int) -> int:
        """The most cards ``seat`` may discard with its hand now (at the hand's draw)."""
        draw = self.step if isinstance(self.step, Draw) else next(s for s in self.steps if isinstance(s, Draw))
        return draw.limit(self, seat)

    # -- doing ------------------------------------------------------------------------------
    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """A new hand from chance's :attr:`SHUFFLE`: the deal passes left (after the first),
        a fresh ledger, the shuffled stock. A game whose hands start otherwise overrides it."""
        assert isinstance(action, Shuffle)
        if self.round_no == 0 and self.chips.stacks[self.dealer] == 0:
            self.dealer = self.next_with_chips(self.dealer)  # the first dealer has no chips
        self._new_round(self.next_with_chips)
        self.round_start_stacks = self._fresh_ledger()
        self.deck_order = list(action.order)

    def _fold_out(self) -> None:
        """All but one seat folded: no betting round runs on."""
        self.betting = None
        super()._fold_out()

    def _extra_pots(self, keys: Mapping[int, Any] | None, players: Sequence[int]) -> list[PotResult]:
        """Pots other than the ledger's that the game pays at the settle (none)."""
        return []

    def settle(self, keys: Mapping[int, Any] | None, values: Mapping[int, Any], events: list[Event]) -> None:
        """Pay the hand: ``keys`` rank the hands shown (None: all but one folded)."""
        self.betting = None
        self.betting_round = None
        players = self.chips.players_in
        settlement = self.chips.settle(keys, dealer_seat=self.dealer)
        self._return_uncalled(settlement.uncalled, events)
        pots = PotResult.of_awards(settlement.awards) + self._extra_pots(keys, players)
        for pot in pots:
            how = f" with {values[pot.winners[0]].label}" if values else " (everyone else folded)"
            events.append(Event(pot.winners[0], pot.announce(self.names, how)))
        self._hand_paid(pots, values, keys is not None, settlement.uncalled, events)

    def _hand_paid(self, pots: Sequence[PotResult], values: Mapping[int, Any], showdown: bool,
                   uncalled: tuple[int | None, int], events: list[Event]) -> None:
        """Record the paid hand (:attr:`RESULT`), who is out, and the next hand or the end."""
        won: dict[int, int] = {}
        for pot in pots:
            for winner, chips in pot.shares.items():
                won[winner] = won.get(winner, 0) + chips
        self.results = self.RESULT(
            round_no=self.round_no, showdown=showdown, hands=dict(values),
            cards={s: tuple(self.hands[s]) for s in values}, pots=tuple(pots), won=won,
            net=tuple(self.chips.stacks[s] - self.round_start_stacks[s] for s in range(self.seats)),
            uncalled=uncalled)
        self.shown_values = {}
        self.out = [stack == 0 for stack in self.chips.stacks]
        alive = [s for s in range(self.seats) if not self.out[s]]
        if len(alive) == 1:
            self.enter("game_over")
            events.append(Event(alive[0], f"{self.names[alive[0]]} has all the chips: the match is over"))
        else:
            self.enter("reveal")
