"""The steps of a declared hand (:class:`HandFlow`) and what each does when the hand
reaches it.

A step is a frozen record of its parameters (what a variant file can write) with the
behaviour :class:`~cardtable.engine.flow.state.FlowState` asks of it: ``begin`` does the
step's automatic work when the hand reaches it; while ``waiting`` is true the step's seats
(or chance) act through ``why_not``, ``legal_actions`` and ``apply``; ``end`` closes it.
A parameter given as text names an attribute of the game's settings ("ante" is
``settings.ante``), so one flow serves every table of the game.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from cardtable.engine.betting import BettingAction, BettingRound
from cardtable.engine.flow.actions import Discard, Reshuffle
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.words import figure, plural

if TYPE_CHECKING:
    from cardtable.engine.flow.state import FlowState, SeatedFlowState

__all__ = ["Step", "InTurn", "Antes", "Blind", "Blinds", "Deal", "Bet", "Draw", "Showdown", "Settle", "Hook",
           "HandFlow", "setting", "evaluator"]

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen")


def setting(state: SeatedFlowState, value: Any) -> Any:
    """``value``, or the setting it names when it is text ("ante": ``settings.ante``), at
    this hand's stakes."""
    return getattr(state.stakes, value) if isinstance(value, str) else value


@cache
def evaluator(path: str) -> Callable[..., Any]:
    """The hand evaluator named ``module:function`` (imported when first asked)."""
    module, _, name = path.partition(":")
    found: Callable[..., Any] | None = getattr(importlib.import_module(module), name, None)
    if not callable(found):
        raise ValueError(f"no hand evaluator {path!r}")
    return found


@dataclass(frozen=True)
class Step:
    """One step of a hand. The base does nothing and never waits: a step overrides what
    it needs. ``phase`` is the value of the game's phase while the step waits.

    ``state`` is the game's :class:`~cardtable.engine.flow.state.SeatedFlowState`; a step
    narrows it to the state it needs (the betting steps to a
    :class:`~cardtable.engine.flow.FlowState`, with its chip ledger; a game's own step to
    the game's state)."""

    phase: ClassVar[str] = ""
    CHANCE_ACTIONS: ClassVar[tuple[type[Action], ...]] = ()
    """Chance's actions while the step waits, besides the runner's shuffle and reshuffle
    (Sabacc's die): :class:`FlowState` takes them as chance's."""

    NAME: ClassVar[str] = ""
    """The step in words, as :meth:`describe` says it when it needs no parameter."""

    def describe(self) -> str:
        """The step in words, for a person reading the flow as a list: its :attr:`NAME`
        (the class's name in lower case when it has none)."""
        return self.NAME or type(self).__name__.lower()

    def waits_in(self, phase: str) -> bool:
        """True when the hand may wait on this step in the game's ``phase`` (how a save
        that did not record the flow's position is placed); a step whose turns pass
        through several phases says so."""
        return phase == self.phase

    def begin(self, state: Any, events: list[Event]) -> None:
        """The step's automatic work, when the hand reaches it."""

    def waiting(self, state: Any) -> bool:
        """True while the step needs a decision (a seat's or chance's)."""
        return False

    def folded_out(self, state: Any) -> bool:
        """True when all but one seat folded during the step: the hand is settled at once."""
        return False

    def end(self, state: Any, events: list[Event]) -> None:
        """Close the step before the next begins."""

    def to_act(self, state: Any) -> int | None:
        """The seat to act while the step waits (:data:`CHANCE` for chance)."""
        return None

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Representative legal actions of ``seat`` on its turn."""
        return []

    def why_not(self, state: Any, action: Action) -> str | None:
        """Why a seat's ``action`` on its turn is not legal now (None: it is)."""
        return f"nobody acts during the {self.describe()}"

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Perform a legal action of the step."""
        raise RuntimeError(f"the {self.describe()} takes no actions")

    def why_not_chance(self, state: Any, action: Action) -> str | None:
        """Why chance's ``action`` is not legal while the step waits (None: it is)."""
        return f"only the dealer shuffles, between {state.round_title.lower()}s"

    def chance_action(self, state: Any) -> Action:
        """Chance's action while the step waits for chance."""
        raise RuntimeError(f"chance does not act during the {self.describe()}")


@dataclass(frozen=True)
class Antes(Step):
    """Every seat with chips antes ``amount`` (a seat short of it goes all-in)."""

    amount: int | str = "ante"

    NAME: ClassVar[str] = "antes"

    def begin(self, state: FlowState, events: list[Event]) -> None:
        """Take the antes; the line names the hand and the dealer."""
        events.append(state._antes(state.players_from_left(), setting(state, self.amount),
                                   f"{state.round_title} {state.round_no}"))


class Blind(NamedTuple):
    """One forced bet :class:`Blinds` posts: its ``role`` (its key in the state's
    ``blind_seats``), its ``words`` in the log ("small blind"), the seat, the amount, and
    whether it is ``live`` (it counts toward the seat's bet in the first betting round) or
    dead money in the pot."""

    role: str
    words: str
    seat: int
    amount: int
    live: bool = True


@dataclass(frozen=True)
class Blinds(Step):
    """The first seat in the hand left of the dealer posts the ``small`` blind, the next
    one the ``big`` blind; a seat short of its blind posts what it has and is all-in.
    Heads-up, ``heads_up`` says who posts which: ``dealer_big`` (the dealer's opponent the
    small, the dealer the big) or ``dealer_small`` (Hold'em's rule: the dealer the small
    and, left of the big blind, first to act before the flop). The state's
    ``blind_seats`` records who posted which ("small", "big"): a betting round may open
    left of the big blind (:class:`Bet`'s ``opener``). A game with more forced bets
    extends :meth:`posts` (Flame Sword's last winner's blind)."""

    small: int | str = "small_blind"
    big: int | str = "blind"
    heads_up: str = "dealer_big"

    NAME: ClassVar[str] = "blinds"
    HEADS_UP: ClassVar[tuple[str, ...]] = ("dealer_big", "dealer_small")

    def __post_init__(self) -> None:
        if self.heads_up not in self.HEADS_UP:
            raise ValueError(f"heads-up the dealer posts {' or '.join(self.HEADS_UP)}, not {self.heads_up!r}")

    def posts(self, state: FlowState) -> list[Blind]:
        """The blinds of this hand, in the order they go in."""
        players = state.players_from_left()
        if len(players) == 2 and self.heads_up == "dealer_small":
            players = players[::-1]
        return [Blind("small", "small blind", players[0], setting(state, self.small)),
                Blind("big", "big blind", players[1 % len(players)], setting(state, self.big))]

    def line(self, state: FlowState, parts: Sequence[str]) -> str:
        """The log line: the hand, its dealer, and each blind as posted (``parts``)."""
        return (f"{state.round_title} {state.round_number}: {state.names[state.dealer]} deals. Blinds: "
                + "; ".join(parts))

    def begin(self, state: FlowState, events: list[Event]) -> None:
        """Post the blinds; the line names each seat, what it posted and which blind."""
        posts = self.posts(state)
        state.blind_seats = {blind.role: blind.seat for blind in posts}
        parts = []
        for blind in posts:
            posted = (state.chips.post(blind.seat, blind.amount) if blind.live
                      else state.chips.post_dead(blind.seat, blind.amount))
            short = ", all-in" if posted < blind.amount else ""
            parts.append(f"{state.names[blind.seat]} {figure(posted)} ({blind.words}{short})")
        events.append(Event(CHANCE, self.line(state, parts)))


@dataclass(frozen=True)
class Deal(Step):
    """``hole`` cards face down to each seat in the hand, one at a time from the dealer's
    left, off the top of the stock."""

    hole: int

    def describe(self) -> str:
        """"deal N hole cards"."""
        return f"deal {plural(self.hole, 'hole card')}"

    def begin(self, state: SeatedFlowState, events: list[Event]) -> None:
        """Deal; each seat reads its own cards in the line."""
        count = _NUMBER_WORDS[self.hole] if self.hole < len(_NUMBER_WORDS) else str(self.hole)
        words = "one card" if self.hole == 1 else f"{count} cards"
        events.append(state._deal_each(state.players_from_left(), self.hole, state.deck_order, words))


@dataclass(frozen=True)
class Bet(Step):
    """A betting round in the structure of the game's ``settings.betting``; ``big`` rounds
    bet the big bet (fixed limit). ``name`` is how the log calls it ("before the draw").
    ``opener``: who acts first: ``dealer_left`` (the first seat in the hand left of the
    dealer), ``big_blind_left`` (left of the big blind, before the flop in blind games),
    ``bring_in`` (left of the bring-in, which the first bet completes: Stud's third
    street) or ``best_showing`` (the best hand showing in the up cards: Stud's later
    streets); the state says which seat that is (``first_to_act``)."""

    name: str
    big: bool = False
    opener: str = "dealer_left"
    OPENERS: ClassVar[tuple[str, ...]] = ("dealer_left", "big_blind_left", "bring_in", "best_showing")
    phase: ClassVar[str] = "bet"

    def __post_init__(self) -> None:
        if self.opener not in self.OPENERS:
            raise ValueError(f"a betting round opens at {' or '.join(self.OPENERS)}, not {self.opener!r}")

    def describe(self) -> str:
        """"betting NAME"."""
        return f"betting {self.name}"

    def begin(self, state: FlowState, events: list[Event]) -> None:
        """Open the round; the line says who is first."""
        state.enter(self.phase)
        state.betting_round = state.betting_number(self)
        state.betting = BettingRound(rules=state.stakes.betting, chips=state.chips,
                                     first_to_act=state.first_to_act(self.opener), big_bet=self.big,
                                     completing=self.opener == "bring_in")
        if state.betting.to_act is not None:
            events.append(Event(CHANCE, f"Betting {self.name}: {state.names[state.betting.to_act]} is first"))

    def waiting(self, state: FlowState) -> bool:
        """While a seat still has to act."""
        return state.betting is not None and state.betting.to_act is not None

    def folded_out(self, state: FlowState) -> bool:
        """When every other seat folded."""
        return state.betting is not None and state.betting.hand_over

    def end(self, state: FlowState, events: list[Event]) -> None:
        """Return the uncalled bet; the round's bets join the pot."""
        state._return_uncalled(state.chips.end_round(), events)
        state.betting = None
        state.betting_round = None

    def to_act(self, state: FlowState) -> int | None:
        """The seat whose bet it is."""
        return state.betting.to_act if state.betting is not None else None

    def legal_actions(self, state: FlowState, seat: int) -> list[Action]:
        """The round's representative bets."""
        assert state.betting is not None
        return list(state.betting.legal_actions(seat))

    def why_not(self, state: FlowState, action: Action) -> str | None:
        """Betting's own check, in the players' names."""
        if not isinstance(action, BettingAction):
            return f"now is betting {self.name}: check, call, bet, raise, fold or all-in"
        assert state.betting is not None
        return state._rename(state.betting.why_illegal(action))

    def apply(self, state: FlowState, action: Action, events: list[Event]) -> None:
        """Bet; a folded hand goes to the discards face down."""
        assert state.betting is not None and isinstance(action, BettingAction)
        events.append(state.betting.apply(action, name=state.names[action.seat]))
        if not state.chips.in_hand[action.seat]:
            state._discard_cards(action.seat, state.hands[action.seat])
            state.hands[action.seat] = []


@dataclass(frozen=True)
class InTurn(Step):
    """A step in which the seats in the hand act one at a time, from the dealer's left: the
    seat to act is the state's attribute :attr:`TURN` (None once the last has acted). A
    subclass says what its opening line reads (:meth:`opening`), what a seat may do, and
    passes the turn on when a seat has acted (:meth:`pass_turn`)."""

    TURN: ClassVar[str] = "turn"
    """The state's attribute naming the seat to act."""

    def opening(self, state: Any, first: int) -> str | None:
        """The log's line as the step begins with ``first`` to act (None: no line)."""
        return None

    def first(self, state: Any) -> int:
        """Who acts first: the first seat in the hand left of the dealer."""
        first: int = state.players_from_left()[0]
        return first

    def begin(self, state: Any, events: list[Event]) -> None:
        """The first seat is to act; the line says so."""
        state.enter(self.phase)
        first = self.first(state)
        setattr(state, self.TURN, first)
        line = self.opening(state, first)
        if line is not None:
            events.append(Event(CHANCE, line))

    def waiting(self, state: Any) -> bool:
        """Until the last seat has acted."""
        return getattr(state, self.TURN) is not None

    def to_act(self, state: Any) -> int | None:
        """The seat whose turn it is."""
        turn: int | None = getattr(state, self.TURN)
        return turn

    def pass_turn(self, state: Any, seat: int) -> None:
        """``seat`` has acted: the next seat in the hand to its left is to act, or nobody."""
        setattr(state, self.TURN, state.next_from_left(seat))


@dataclass(frozen=True)
class Draw(InTurn):
    """From the dealer's left, each seat in the hand discards 0 to ``up_to`` cards and draws
    as many; with ``ace_bonus`` a seat keeping an ace may discard one more (at most four,
    the ace stays). ``in_place``: a new card takes the place of the one it replaces (else
    it joins the hand's end). When the stock runs out the drawing seat takes what is left
    and chance reshuffles the discards (not the drawer's own) for the rest."""

    up_to: int | str = 3
    ace_bonus: bool | str = False
    in_place: bool = False
    phase: ClassVar[str] = "draw"
    TURN: ClassVar[str] = "draw_turn"

    NAME: ClassVar[str] = "draw"

    def most(self, state: FlowState, *, has_ace: bool) -> int:
        """The most cards a seat may discard, keeping an ace or not."""
        plain: int = setting(state, self.up_to)
        if has_ace and setting(state, self.ace_bonus):
            return min(plain + 1, 4)
        return plain

    def limit(self, state: FlowState, seat: int) -> int:
        """The most cards ``seat`` may discard with its hand now."""
        return self.most(state, has_ace=any(state.deck[c].rank == "A" for c in state.hands[seat]))

    def opening(self, state: FlowState, first: int) -> str:
        """How many cards a seat may change, and who starts."""
        plain = setting(state, self.up_to)
        extra = " (one more keeping an ace)" if setting(state, self.ace_bonus) and plain < 4 else ""
        return f"The draw: discard 0 to {plural(plain, 'card')}{extra}, from {state.names[first]}"

    def to_act(self, state: FlowState) -> int | None:
        """The drawing seat, or chance while it reshuffles."""
        return CHANCE if state.phase.value == "reshuffle" else state.draw_turn

    def legal_actions(self, state: FlowState, seat: int) -> list[Action]:
        """Every discard allowed (standing pat included)."""
        actions = [state.DISCARD(seat=seat, cards=tuple(c)) for k in range(self.limit(state, seat) + 1)
                   for c in itertools.combinations(state.hands[seat], k)]
        return [a for a in actions if self.why_not_discard(state, a) is None]

    def why_not(self, state: FlowState, action: Action) -> str | None:
        """A discard of cards in the hand, within the limit."""
        if not isinstance(action, Discard):
            return (f"now is the draw: discard 0 to {plural(self.limit(state, action.seat), 'card')} "
                    "(none to stand pat)")
        return self.why_not_discard(state, action)

    def why_not_discard(self, state: FlowState, action: Discard) -> str | None:
        """Why ``action`` discards the wrong cards or too many (None: it may)."""
        cards = action.cards
        if not isinstance(cards, tuple) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a discard names the cards by their deck indices"
        if (wrong := state._why_not_held(action.seat, cards)) is not None:
            return wrong
        plain = setting(state, self.up_to)
        if len(cards) <= plain:
            return None
        kept_ace = any(state.deck[c].rank == "A" for c in state.hands[action.seat] if c not in cards)
        limit = self.most(state, has_ace=kept_ace)
        if len(cards) <= limit:
            return None
        if setting(state, self.ace_bonus) and plain < 4 and len(cards) == plain + 1:
            return f"you may discard {plain + 1} cards only when you keep an ace"
        return f"you may discard at most {plural(limit, 'card')}"

    def apply(self, state: FlowState, action: Action, events: list[Event]) -> None:
        """Exchange the cards; when the stock runs short, wait for chance's reshuffle."""
        if isinstance(action, Reshuffle):
            self._reshuffle(state, action, events)
            return
        assert isinstance(action, Discard)
        seat = action.seat
        hand = state.hands[seat]
        who = state.names[seat]
        state.drawn[seat] = len(action.cards)
        if not action.cards:
            events.append(Event(seat, f"{who} stands pat"))
            self.pass_turn(state, seat)
            return
        count = len(action.cards)
        taken = state.deck_order[:count]
        del state.deck_order[:count]
        self._exchange(hand, action.cards, taken)
        plain = setting(state, self.up_to)
        ace = " (keeping an ace)" if count > plain else ""
        public = f"{who} discards {'a card' if count == 1 else f'{count} cards'} and draws {count}{ace}"
        mine = f"{who} discards {state._names_of(action.cards)}"
        if len(taken) < count:
            state.pending = list(action.cards)
            state.owed = count - len(taken)
            state.enter("reshuffle")
            if taken:
                mine += f" and draws {state._names_of(taken)}"
            events.append(Event(seat, public, {seat: mine}))
            events.append(Event(CHANCE, f"The stock runs out after {plural(len(taken), 'card')}: the dealer "
                                        f"shuffles the {len(state.discards)} discards into a new stock"))
            return
        state._discard_cards(seat, action.cards)
        events.append(Event(seat, public, {seat: f"{mine} and draws {state._names_of(taken)}"}))
        self.pass_turn(state, seat)

    def _exchange(self, hand: list[int], out: Sequence[int], new: Sequence[int]) -> None:
        """Take ``out`` from ``hand`` and put ``new`` in: in their places, or at the end."""
        if not self.in_place:
            for card in out:
                hand.remove(card)
            hand.extend(new)
            return
        places = [hand.index(card) for card in out]
        for place, card in zip(places, new):
            hand[place] = card
        for place in sorted(places[len(new):], reverse=True):
            del hand[place]

    def why_not_chance(self, state: FlowState, action: Action) -> str | None:
        """Only a reshuffle of exactly the discards, and only when the stock ran out."""
        if state.phase.value != "reshuffle":
            return super().why_not_chance(state, action)
        if not isinstance(action, Reshuffle):
            return "the stock ran out: the dealer reshuffles the discards"
        if not isinstance(action.order, tuple) or sorted(action.order) != sorted(state.discards):
            return "a reshuffle must order every card of the discards exactly once"
        return None

    def chance_action(self, state: FlowState) -> Action:
        """The discards, shuffled."""
        return state.RESHUFFLE(order=state._shuffled(state.discards))

    def _reshuffle(self, state: FlowState, action: Reshuffle, events: list[Event]) -> None:
        """The discards become the new stock; the drawing seat gets the cards owed."""
        seat = state.draw_turn
        assert seat is not None
        state.deck_order = list(action.order)
        state.discards = list(state.pending)
        state.pending = []
        taken = state.deck_order[:state.owed]
        del state.deck_order[:state.owed]
        state.owed = 0
        state.hands[seat].extend(taken)
        state.enter(self.phase)
        events.append(Event(CHANCE, f"{state.names[seat]} draws the rest from the new stock",
                            {seat: f"{state.names[seat]} draws {state._names_of(taken)} from the new stock"}))
        self.pass_turn(state, seat)


@dataclass(frozen=True)
class Showdown(Step):
    """Every seat still in shows, from the dealer's left, its hand valued by ``evaluator``
    (``module:function``, called with the hand's cards, and with the setting ``rules``
    names when given); the values go to the :class:`Settle` that follows."""

    evaluator: str
    rules: str = ""

    NAME: ClassVar[str] = "showdown"

    def value(self, state: FlowState, cards: Sequence[int]) -> Any:
        """The value of a hand of ``cards`` (deck indices)."""
        faces = [state.deck[c] for c in cards]
        evaluate = evaluator(self.evaluator)
        return evaluate(faces, getattr(state.settings, self.rules)) if self.rules else evaluate(faces)

    def begin(self, state: FlowState, events: list[Event]) -> None:
        """Show and value every hand still in."""
        values: dict[int, Any] = {}
        for seat in state.players_from_left():
            values[seat] = self.value(state, state.hands[seat])
            state.shown[seat] = True
            events.append(Event(seat, f"{state.names[seat]} shows {state._names_of(state.hands[seat])}: "
                                      f"{values[seat].label}"))
        state.shown_values = values


@dataclass(frozen=True)
class Settle(Step):
    """Pay every pot (main and side pots; the uncalled bet first goes back) to the best
    hand eligible for it, ties split with odd chips to the first tied seat left of the
    dealer; then the next hand, or the end of the match when one seat has every chip."""

    NAME: ClassVar[str] = "settle"

    def begin(self, state: FlowState, events: list[Event]) -> None:
        """Settle on the hands shown."""
        values = state.shown_values  # empty when all but one folded
        state.settle({seat: value.key for seat, value in values.items()} if values else None, values, events)


@dataclass(frozen=True)
class Hook(Step):
    """A step only one game has, by ``name``: the game's state maps it to its own
    :class:`Step` (``HOOKS``)."""

    name: str

    def describe(self) -> str:
        """The hook's name."""
        return self.name


@dataclass(frozen=True)
class HandFlow:
    """A hand, as its steps in order, one of them the :class:`Settle` (or a hook standing
    for the game's own settle, named "settle"); steps after it run between the settle and
    the next hand (Ipso's winner names the next dealer).

    >>> print(HandFlow((Antes(), Deal(hole=5), Bet("before the draw"), Draw(), Bet("after the draw"),
    ...                 Showdown("m:f"), Settle())).describe())
    antes, deal 5 hole cards, betting before the draw, draw, betting after the draw, showdown, settle
    """

    steps: tuple[Step, ...]
    hooks: Mapping[str, Step] = field(default_factory=dict)

    def __post_init__(self) -> None:
        settles = [s for s in self.steps if isinstance(s, Settle) or (isinstance(s, Hook) and s.name == "settle")]
        if len(settles) != 1:
            raise ValueError("a hand flow has one settle")
        unknown = [s.name for s in self.steps if isinstance(s, Hook) and s.name not in self.hooks]
        if unknown:
            raise ValueError(f"the hand flow names hooks its game does not have: {', '.join(unknown)}")

    @cached_property
    def settle_at(self) -> int:
        """The index of the settle, where a hand that all but one folded goes."""
        return next(i for i, s in enumerate(self.steps)
                    if isinstance(s, Settle) or (isinstance(s, Hook) and s.name == "settle"))

    def describe(self) -> str:
        """The steps in words, in order."""
        return ", ".join(step.describe() for step in self.steps)

    @cached_property
    def playing(self) -> tuple[Step, ...]:
        """The steps with each :class:`Hook` replaced by the game's own step."""
        return tuple(self.hooks[s.name] if isinstance(s, Hook) else s for s in self.steps)

    @property
    def hole_cards(self) -> int:
        """The cards the engine's deals give each seat in a hand."""
        return sum(s.hole for s in self.playing if isinstance(s, Deal))

    @property
    def betting_names(self) -> tuple[str, ...]:
        """The names of the hand's betting rounds, in order ("before the draw", ...)."""
        return tuple(s.name for s in self.playing if isinstance(s, Bet))

    def position(self, phase: str, betting_round: int | None) -> int:
        """Where a hand in ``phase`` (and its betting round) stands: the index of the step
        waiting (-1 between hands). Reads saves written before the flow was recorded. A
        flow with no :class:`Bet` places "bet" like any other phase, at the step waiting
        in it (Alethkar Poker's secret bet)."""
        playing = self.playing
        bets = [i for i, s in enumerate(playing) if isinstance(s, Bet)]
        if phase == "bet" and bets:
            return bets[betting_round or 0]
        if phase == "reshuffle":
            phase = "draw"
        return next((i for i, s in enumerate(playing) if s.waits_in(phase)), -1)
