"""The state of a game written in a variant file: a match of hands on the flow its file
declares (the board, up cards, the bring-in and the high-low settle of
:class:`~cardtable.engine.flow.streets.BoardFlowState`, and the draw).

Each declared game gets its own subclass of :class:`DeclaredState` (:func:`state_class`),
holding its flow and its :class:`~cardtable.games.definition.GameDefinition`; the code is
the same for all of them. Cards are deck indices. The deal passes left to the next seat
with chips; a seat with no chips is out; the match ends when one seat has every chip.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar

from cardtable.engine import fields
from cardtable.engine.betting import BettingRound, BettingRules
from cardtable.engine.cards import Deck
from cardtable.engine.chips import HandChips
from cardtable.engine.flow.actions import Discard
from cardtable.engine.flow.state import street_field
from cardtable.engine.flow.steps import Antes, Blinds, Draw, HandFlow
from cardtable.engine.flow.streets import BoardFlowState, BoardShowdown, BringIn
from cardtable.engine.game import CHANCE, Action, Event, TrustedInRollouts, seat_table
from cardtable.engine.named_evaluators import NamedEvaluator
from cardtable.engine.poker_hands import HandValue, pairs_of
from cardtable.engine.showdown import ShowdownResult
from cardtable.games.definition import GameDefinition
from cardtable.yaml_games.rules import MOST_DOUBLINGS, FlowSettings, Phase, RoundResult

__all__ = ["DeclaredState", "state_class"]


class DeclaredState(TrustedInRollouts, BoardFlowState):
    """A match of a game written in a variant file (2 to 8 seats), its hands run on
    :attr:`FLOW`. Build one with :meth:`new` (through the game's definition)."""

    GAME: ClassVar[GameDefinition]
    """The game this class plays (set by :func:`state_class`'s caller)."""
    STAKE_KEYS: ClassVar[tuple[str, ...]] = ("min_bet", "big_bet")
    """The settings that double when the stakes rise: the forced bets the flow names and
    the bets (set by :func:`state_class`)."""
    RESULT = RoundResult

    settings: FlowSettings
    phase: Phase
    round_no: int
    """The hand being played (1 from the first shuffle on)."""
    total_chips: int
    results: RoundResult | None

    @classmethod
    def read_settings(cls, values: Mapping[str, Any]) -> FlowSettings:
        """The game's settings from a variant's ``settings`` (ValueError naming every problem)."""
        return FlowSettings.read(cls.GAME, values)

    @classmethod
    def new(cls, settings: FlowSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> DeclaredState:
        """A match about to start: chance's shuffle is the first action. ValueError for a
        table the game cannot seat or a deck whose cards the poker hands cannot read."""
        names, stacks = seat_table(cls.GAME, names, stacks, settings.starting_chips, dealer)
        if deck.id not in cls.GAME.decks:
            raise ValueError(f"{cls.GAME.name} is played with {', '.join(cls.GAME.decks)}, not {deck.name}")
        if any(evaluator.standard for evaluator in cls.evaluators()):
            pairs = pairs_of(list(deck))  # ValueError for a card that is no standard card
            if len(set(pairs)) != len(pairs):
                raise ValueError(f"{deck.name} holds a card twice: a poker hand cannot be valued")
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.SHUFFLE)
        state._start_match(stacks)
        return state

    @property
    def stakes(self) -> FlowSettings:
        """This hand's settings: the table's, the forced bets and the bets doubled once
        every ``stakes_double_every`` hands when the table sets that."""
        times = self.doublings()
        cached = self.__dict__.get("_stakes")
        if cached is None or cached[0] != times or cached[1] is not self.settings:
            cached = self.__dict__["_stakes"] = (times, self.settings, self.settings.doubled(times, self.STAKE_KEYS))
        stakes: FlowSettings = cached[2]
        return stakes

    def doublings(self) -> int:
        """How many times the stakes have doubled by this hand (0 when they never rise)."""
        every = self.settings.values.get("stakes_double_every") or 0
        return (max(self.round_no, 1) - 1) // every if every else 0

    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """A new hand; when the stakes double with it, a line says so and to what."""
        super()._start_hand(action, events)
        every = self.settings.values.get("stakes_double_every") or 0
        if every and self.round_no > 1 and (self.round_no - 1) % every == 0 and self.doublings() <= MOST_DOUBLINGS:
            stakes = self.stakes
            amounts = ", ".join(f"{key.replace('_', ' ')} {stakes.values[key]:,}" for key in self.STAKE_KEYS
                                if isinstance(stakes.values.get(key), int))
            events.append(Event(CHANCE, f"The stakes double, as every {every} hands: {amounts}"))

    @classmethod
    def evaluators(cls) -> list[NamedEvaluator]:
        """The evaluators the flow's showdown names, the high's first."""
        return next((step.evaluators() for step in cls.FLOW.steps if isinstance(step, BoardShowdown)), [])

    def playing_cards(self) -> Sequence[int]:
        """The deck indices a hand is dealt from: every card the showdown's evaluators play
        (a game valued by Shenja Ivali's leaves the Ivali wilds out)."""
        evaluators = [e for e in self.evaluators() if not e.standard]
        if not evaluators:
            return super().playing_cards()
        deck = self.deck
        known = _PLAYING.get(id(deck))
        if known is None or known[0] is not deck or known[1] is not type(self):
            cards = tuple(card.index for card in deck if all(e.plays(card) for e in evaluators))
            known = _PLAYING[id(deck)] = (deck, type(self), cards)
        return known[2]

    def _clear_round(self) -> None:
        super()._clear_round()
        self.thrown: list[list[int]] = [[] for _ in range(self.seats)]
        """Each seat's own discards this hand (it knows them; nobody else does)."""

    def _apply(self, action: Action) -> Event:
        """Also: a discard is kept among the seat's own (``thrown``)."""
        event = super()._apply(action)
        if isinstance(action, Discard):
            self.thrown[action.seat].extend(action.cards)
        return event

    def seat_copy(self, seat: int, rng: random.Random) -> DeclaredState:
        """:meth:`GameState.seat_copy <cardtable.engine.game.GameState.seat_copy>`, with only
        ``seat``'s own discards kept (the others' are its secrets)."""
        made = super().seat_copy(seat, rng)
        assert isinstance(made, DeclaredState)
        made.thrown = [list(cards) if s == seat else [] for s, cards in enumerate(made.thrown)]
        return made

    def draw_limit(self, seat: int) -> int:
        """The most cards ``seat`` may discard now (0 in a game with no draw)."""
        if not any(isinstance(step, Draw) for step in self.steps):
            return 0
        return super().draw_limit(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data: its own
        cards, every up card, the board and the hands shown at the showdown; every other
        card ``None``."""
        hands = [[card if s == seat or self.shown[s] or card in self.up[s] else None for card in cards]
                 for s, cards in enumerate(self.hands)]
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "stacks": self.stacks,
            "out": list(self.out), "in_hand": self.in_hand, "hands": hands,
            "up": [list(cards) for cards in self.up], "board": list(self.board),
            "deck_count": len(self.deck_order), "discard_count": len(self.discards) + len(self.pending),
            "drawn": list(self.drawn), "betting_round": self.betting_round,
            "round_bets": list(self.chips.round_bets), "contributed": list(self.chips.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "pot_total": self.chips.pot_total,
            "draw_limit": self.draw_limit(seat) if seat is not None else None,
            "options": self.options_json(seat),
            "results": self.results.to_json() if self.results is not None else None,
        }

    def __deepcopy__(self, memo: dict[int, Any]) -> DeclaredState:
        """A deep copy made attribute by attribute (:func:`_copied`): the strong level copies
        the state for every rollout, and ``copy.deepcopy``'s walk of every list and ledger was
        a third of a heads-up decision's time."""
        cls = type(self)
        new = cls.__new__(cls)
        memo[id(self)] = new
        new.__dict__.update({key: _copied(value, memo) for key, value in self.__dict__.items()})
        return new

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """The cards ``seat`` cannot see: other players' unshown cards dealt face down, the
        stock, the burned cards and the face-down discards (its own discards waiting for a
        reshuffle it knows)."""
        slots: list[tuple[Any, Any]] = []
        for owner, hand in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                up = self.up[owner]
                slots += [(hand, i) for i, card in enumerate(hand) if card not in up]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        slots += [(self.burned, i) for i in range(len(self.burned))]
        slots += [(self.discards, i) for i in range(len(self.discards))]
        if self.draw_turn != seat:
            slots += [(self.pending, i) for i in range(len(self.pending))]
        return slots


_PLAYING: dict[int, tuple[Deck, type, tuple[int, ...]]] = {}
"""A deck's playing cards for the game that last asked (by the deck's id)."""


_SCALARS = (int, str, bool, float, type(None))
_MISSING = object()


def _scalars(values: Any) -> bool:
    return all(type(v) in _SCALARS for v in values)


def _copied(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of one of a declared state's attributes (``memo`` as ``copy.deepcopy``
    keeps it): numbers, text, enums, hand values, the settings and a hand's result as they are
    (frozen: they never change), lists
    and dicts of those and lists of such lists copied by slicing, a generator by its state, the
    chip ledger and the betting round by their attributes (the round's ledger is the copy's own), anything else
    by ``copy.deepcopy``."""
    kind = type(value)
    if kind in _SCALARS or isinstance(value, (Enum, HandValue, FlowSettings, ShowdownResult)):
        return value  # never changed once made: the settings and a settled hand's result are frozen
    found = memo.get(id(value), _MISSING)
    if found is not _MISSING:
        return found
    if kind is list:
        if _scalars(value):
            return value[:]
        if all(type(v) is list and _scalars(v) for v in value):
            return [v[:] for v in value]
    elif kind is tuple and _scalars(value):
        return value
    elif kind is dict and _scalars(value.keys()) and all(type(v) in _SCALARS or isinstance(v, HandValue)
                                                         for v in value.values()):
        return dict(value)
    elif kind is random.Random:
        twin = random.Random()
        twin.setstate(value.getstate())  # deepcopy walks its 625-number state one by one
        memo[id(value)] = twin
        return twin
    elif kind is HandChips or kind is BettingRound:
        new = object.__new__(kind)
        memo[id(value)] = new
        for key, item in value.__dict__.items():
            if type(item) is list and _scalars(item):
                item = item[:]
            elif not (type(item) in _SCALARS or isinstance(item, BettingRules)):
                item = _copied(item, memo)
            new.__dict__[key] = item
        return new
    return copy.deepcopy(value, memo)


def _no_up_cards(data: Mapping[str, Any]) -> list[list[int]]:
    """Every seat's up cards (or own discards) in a save from before they were recorded: none."""
    return [[] for _ in data["names"]]


def _json_fields(cls: type[DeclaredState], flow: HandFlow) -> tuple[str | fields.JsonField, ...]:
    """What a save of ``cls`` holds (a Five-Card Draw save from before it was written in
    YAML has no board, burned or up cards: none)."""
    return (
        *fields.header(FlowSettings, Phase, load=cls.read_settings), "round_no", "dealer", "total_chips",
        fields.listed("round_start_stacks"), fields.listed("out"), *fields.SHARED_LEDGER, "betting_round",
        fields.listed("deck_order"), fields.nested_lists("hands"), fields.listed("discards"),
        fields.listed("pending"), "owed", fields.listed("drawn"), "draw_turn",
        fields.optional_json("results", RoundResult), fields.listed("shown"), street_field(flow),
        fields.listed("board", missing=lambda data: []), fields.listed("burned", missing=lambda data: []),
        fields.JsonField("up", fields._lists, fields._lists, missing=_no_up_cards),
        fields.JsonField("bring_in_seat", missing=lambda data: None),
        fields.JsonField("thrown", fields._lists, fields._lists, missing=_no_up_cards))


def state_class(game_id: str, flow: HandFlow) -> type[DeclaredState]:
    """The state class of the declared game ``game_id``, playing ``flow`` (its ``GAME`` is
    set once the definition is made)."""
    name = "".join(part.capitalize() for part in game_id.split("_")) + "State"
    cls: type[DeclaredState] = type(name, (DeclaredState,), {
        "FLOW": flow, "__module__": __name__, "__qualname__": name,
        "__doc__": f"A match of the declared game {game_id}."})
    cls.JSON_FIELDS = _json_fields(cls, flow)
    cls.STAKE_KEYS = _stake_keys(flow)
    return cls


def _stake_keys(flow: HandFlow) -> tuple[str, ...]:
    """The settings the flow's forced bets name (an ante, the blinds, the bring-in), then
    the bets."""
    named: list[str] = []
    for step in flow.steps:
        if isinstance(step, Antes | BringIn) and isinstance(step.amount, str):
            named.append(step.amount)
        elif isinstance(step, Blinds):
            named += [v for v in (step.small, step.big) if isinstance(v, str)]
    return (*dict.fromkeys(named), "min_bet", "big_bet")
