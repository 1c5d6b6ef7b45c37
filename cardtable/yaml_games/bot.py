"""The computer player of every game written in a variant file (``normal`` and ``tough``;
``strong`` plans around it with :meth:`FlowBot.rollout_bot`).

It reads the seat's typed view (``state.seat_view(seat)``), the game's declared flow and where
the hand stands in it (``state.FLOW``, ``state.street``), and nothing else of the state: no card
it cannot see. From them it makes a :class:`~cardtable.yaml_games.odds.Model` of what it knows
and reckons its *equity*, its share of the pot at the showdown against as many random hands as
it has opponents (see :mod:`cardtable.yaml_games.odds`: the board and the hands completed at
random, many times; in a high-low game each half counted, a scoop the whole).

* Betting: the equity against the price of a call (what the call costs over the pot it
  would then be in, lowered for the players still to act who may call too), and against a
  line for a bet or raise that falls with the number of opponents and in late position. It
  bets or raises with a strong hand, calls when the price is right, checks when free, folds
  otherwise, and bluffs now and then, more in position against one or two.
* A draw: every legal discard valued on the same random deals, the one with the best share
  played (Five-Card Draw: a pair keeps the pair and draws three); a discard of exactly N
  (Pineapple) the same way: the cards whose removal keeps the most equity.
* ``tough`` samples more, reads the draw (a seat that stood pat is given a straight or
  better, one that drew one two pair or better, two cards trips) and a bet on the last
  street (two pair or better), gives itself implied odds before the last cards, semi-bluffs,
  and sizes its bets by its equity.

Equity costs little: hands are valued on integer codes (:mod:`cardtable.engine.fast_hands`; a game's
own evaluator named at the showdown values the cards themselves, exact but slower),
the sampling stops early when the decision is clear either way, and each estimate is kept for
the hand (asked again on the same street with the same cards it goes on from where it was).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.bots.base import LevelledBot
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.flow.actions import Discard
from cardtable.engine.flow.steps import Bet as BetStep
from cardtable.engine.flow.steps import Deal, Draw, setting
from cardtable.engine.flow.streets import Board, BoardShowdown, DealUp, DiscardDown
from cardtable.engine.game import Action
from cardtable.engine.view import FOLDED, IN_HAND, OUT
from cardtable.yaml_games.odds import (
    Estimate,
    Model,
    Opponent,
    Option,
    best_option,
    category_floor,
    codes_of,
    keeper,
    on_indices,
)

__all__ = ["FlowBot", "FlowRolloutBot", "Knobs", "Situation"]


@dataclass(frozen=True)
class Knobs:
    """One level's settings."""

    samples: int
    """The most deals an equity for a bet."""
    least: int
    """The fewest deals before the sampling may stop (the decision clear)."""
    draw_first: int
    """Deals valuing every discard of a draw or discard on the same deals..."""
    draw_second: int
    """... then deals more valuing the few best of them (:func:`~cardtable.yaml_games.odds.best_option`)."""
    reads: bool
    """Whether opponents' draws and last-street bets narrow their hands."""


LEVELS = {"normal": Knobs(samples=200, least=48, draw_first=160, draw_second=800, reads=False),
          "tough": Knobs(samples=400, least=72, draw_first=200, draw_second=1000, reads=True)}

ROLLOUT_SAMPLES = 12
"""Deals an equity of the strong level's rollout player (:class:`FlowRolloutBot`)."""
ROLLOUT_OPPONENTS = 2
"""The most opponents a rollout player's equity deals to: against more, the equity against
this many raised to the power of their ratio (as if each beat it alike and alone)."""
ROLLOUT_KNOBS = Knobs(samples=ROLLOUT_SAMPLES, least=ROLLOUT_SAMPLES, draw_first=ROLLOUT_SAMPLES,
                      draw_second=2 * ROLLOUT_SAMPLES, reads=False)

_DRAW_FLOORS = {0: 4, 1: 2, 2: 3}
"""tough: cards drawn -> the least hand category a seat is given (a straight, two pair, trips)."""


@dataclass(frozen=True)
class Situation:
    """A decision as the bot sees it: its equity (share of the pot), the price of a call
    (share of the pot a call pays; 0 when none is owed), the opponents still in, and for a
    draw or discard the option it likes best."""

    equity: float
    price: float
    opponents: int
    to_call: int
    kept: tuple[int, ...] = ()
    """Deck indices kept (draw or discard decisions)."""
    split: bool = False
    """A high-low game (the equity counts halves)."""


def _codes(state: Any) -> Sequence[int]:
    """Each card's code as the showdown's evaluators read it (:func:`~cardtable.yaml_games.odds.codes_of`)."""
    showdown = next(s for s in state.steps if isinstance(s, BoardShowdown))
    return codes_of(state.deck, showdown.high, showdown.low)


class FlowBot(LevelledBot):
    """A computer player for any game written in a variant file (see the module)."""

    LEVEL_KNOBS = LEVELS

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, level)
        self.settings: Knobs = self.knobs
        self._hand: tuple[int, int] | None = None  # (round, dealer) the memos are of
        self._estimates: dict[Any, float] = {}
        self._plans: dict[Any, tuple[int, float]] = {}

    # -- the strong level's hooks ---------------------------------------------------------
    def rollout_bot(self, rng: random.Random) -> FlowRolloutBot:
        """A cheap player like this one for the strong level's rollouts (:class:`FlowRolloutBot`)."""
        return FlowRolloutBot(rng)

    def worth_planning(self, state: Any, seat: int) -> bool:
        """Rollouts weigh bets, not discards: a draw's or a discard's choice is this bot's."""
        step = state.step
        return not isinstance(step, (Draw, DiscardDown))

    # -- choosing -------------------------------------------------------------------------
    def choose(self, state: Any, seat: int) -> Action:
        """A legal action for ``seat`` (the seat to act)."""
        view = self._look(state, seat)
        self._new_hand(view)
        step = state.step
        if isinstance(step, (Draw, DiscardDown)):
            action: Action = self._discard(state, view, seat)
        else:
            action = self._bet(state, view, seat)
        if state.why_illegal(action) is not None:
            action = state.legal_actions(seat)[0]
        return action

    def _look(self, state: Any, seat: int) -> Any:
        """What the seat sees: its typed view."""
        return state.seat_view(seat)

    def _new_hand(self, view: Any) -> None:
        hand = (view.round, view.dealer if view.dealer is not None else -1)
        if hand != self._hand:
            self._hand = hand
            self._estimates.clear()
            self._plans.clear()

    # -- what the seat knows ------------------------------------------------------------------
    def model(self, state: Any, view: Any, seat: int) -> tuple[Model, list[int]]:
        """What ``seat`` knows (:class:`~cardtable.yaml_games.odds.Model`) and its own cards
        (deck indices), from its view and the flow."""
        codes = _codes(state)
        steps = state.steps
        position = state.street
        ahead = steps[position + 1:] if position >= 0 else steps
        showdown = next(s for s in steps if isinstance(s, BoardShowdown))
        hole_to_come = sum(s.hole if isinstance(s, Deal) else 1 for s in ahead if isinstance(s, (Deal, DealUp)))
        board_to_come = sum(s.count for s in ahead if isinstance(s, Board))
        mine = [c for c in view.seats[seat].hand if c is not None]
        board = list(view.zone("board").cards) if view.zone("board") is not None else []
        seen = set(mine) | set(board) | set(getattr(view.extra, "thrown", ()))
        for info in view.seats:
            seen.update(c for c in info.hand if c is not None)
            seen.update(info.up)
        draw = self._draw_ahead(state, ahead)
        drawn = getattr(view.extra, "drawn", ())
        draws_only = any(isinstance(s, Draw) for s in steps) and not any(isinstance(s, DiscardDown) for s in steps)
        final_bet = board_to_come == 0 and hole_to_come == 0 and draw is None
        most = 0
        if draw is not None:
            most = setting(state, draw.up_to)
        opponents = []
        for info in view.seats:
            if info.seat == seat or not info.in_hand:
                continue
            known = tuple(codes[c] for c in info.hand if c is not None)
            hidden = sum(1 for c in info.hand if c is None) + hole_to_come
            pending = draw is not None and (draw is not state.step or (info.seat < len(drawn)
                                                                         and drawn[info.seat] is None))
            floor = 0
            if self.settings.reads and showdown.high in ("high", "omaha_high"):
                took = drawn[info.seat] if info.seat < len(drawn) else None
                if not pending and took is not None and draws_only:
                    floor = category_floor(_DRAW_FLOORS[took]) if took in _DRAW_FLOORS else 0
                if final_bet and view.betting_round is not None and info.bet > 0 \
                        and info.bet >= max(i.bet for i in view.seats):
                    floor = max(floor, category_floor(2))
            opponents.append(Opponent(known, hidden, most if pending else 0, floor))
        unseen = tuple(codes[c] for c in state.playing_cards() if c not in seen)
        own = on_indices(showdown.high, showdown.low)
        model = Model(showdown.high, showdown.low, tuple(codes[c] for c in board), board_to_come, hole_to_come,
                      tuple(opponents), unseen, state.deck if own else None)
        return model, mine

    @staticmethod
    def _draw_ahead(state: Any, ahead: Sequence[Any]) -> Draw | None:
        """The draw still to come this hand for the seats that have not drawn (the one being
        played included), or None."""
        step = state.step
        if isinstance(step, Draw):
            return step
        return next((s for s in ahead if isinstance(s, Draw)), None)

    def _equity_of(self, model: Model, options: tuple[Option, ...], lines: Sequence[float]) -> float:
        """The first option's equity on ``model``, dealt until it is clear of ``lines``; kept
        for the hand. The deals come from a generator seeded by what is asked, never by the
        bot's own: a kept answer and a new one are the same, so a match resumed from a save
        mid-hand (its computers' kept answers gone) plays on exactly as it would have."""
        knobs = self.settings
        key = (model, options, tuple(lines), knobs.samples, knobs.least)
        found = self._estimates.get(key)
        if found is None:
            estimate = Estimate(model, options, _asked(key))
            estimate.run_until(knobs.samples, knobs.least, lines)
            found = self._estimates[key] = estimate.mean()
        return found

    def _my_draw_options(self, state: Any, mine: Sequence[int],
                         codes: Sequence[int]) -> tuple[list[tuple[int, ...]], tuple[Option, ...]]:
        """Every discard the seat may make at the coming draw (deck indices), and each as an
        option (kept codes, cards drawn)."""
        step = state.step if isinstance(state.step, Draw) else next(s for s in state.steps[state.street + 1:]
                                                                    if isinstance(s, Draw))
        plain = setting(state, step.up_to)
        bonus = setting(state, step.ace_bonus) and plain < 4
        throws: list[tuple[int, ...]] = []
        for k in range(min(len(mine), plain + (1 if bonus else 0)) + 1):
            for throw in itertools.combinations(mine, k):
                if k > plain and not any(state.deck[c].rank == "A" for c in mine if c not in throw):
                    continue
                throws.append(throw)
        return throws, tuple((tuple(codes[c] for c in mine if c not in t), len(t)) for t in throws)

    def _choice(self, model: Model, options: tuple[Option, ...], share: float = 1.0,
                limit: int | None = None) -> tuple[int, float]:
        """The best of ``options`` and its equity (:func:`~cardtable.yaml_games.odds.best_option`
        with ``share`` of the level's deals; at a draw of at most ``limit`` cards the plain
        player's keep the choice to beat), kept for the hand."""
        key = (model, options, share)
        found = self._plans.get(key)
        if found is None:
            knobs = self.settings
            prior = None
            if limit is not None and options:
                hand = list(max(options, key=lambda o: len(o[0]))[0])
                kept = keeper(model.high, model.low)(hand, limit)
                prior = next((i for i, (held, _) in enumerate(options) if sorted(held) == sorted(kept)), None)
            found = self._plans[key] = best_option(model, options, _asked(key),
                                                   int(knobs.draw_first * share), int(knobs.draw_second * share),
                                                   prior=prior)
        return found

    def _planned(self, state: Any, model: Model, mine: Sequence[int]) -> tuple[Option, float]:
        """The seat's best discard at the draw to come and its equity (betting before it)."""
        _, options = self._my_draw_options(state, mine, _codes(state))
        best, equity = self._choice(model, options, 0.5, self._draw_limit(state, mine))
        return options[best], equity

    def _draw_limit(self, state: Any, mine: Sequence[int]) -> int:
        """The most cards the seat may change at the draw to come, keeping what it holds."""
        step = state.step if isinstance(state.step, Draw) else next(s for s in state.steps[state.street + 1:]
                                                                    if isinstance(s, Draw))
        return int(step.most(state, has_ace=any(state.deck[c].rank == "A" for c in mine)))

    # -- decisions ------------------------------------------------------------------------
    def situation(self, state: Any, seat: int, view: Any = None) -> Situation:
        """The decision ``seat`` faces, reckoned (for the hint as for the choice)."""
        view = view if view is not None else self._look(state, seat)
        self._new_hand(view)
        model, mine = self.model(state, view, seat)
        split = bool(model.low)
        if isinstance(state.step, (Draw, DiscardDown)):
            kept, equity = self._best_discard(state, view, seat, model, mine)
            return Situation(equity, 0.0, len(model.opponents), 0, kept, split)
        options = view.options
        to_call = options.call_amount if options is not None and options.can_call else 0
        price, lines = self._lines(state, view, seat, len(model.opponents), to_call, model)
        equity = self._equity(state, model, mine, lines)
        return Situation(equity, price, len(model.opponents), to_call, (), split)

    def _equity(self, state: Any, model: Model, mine: Sequence[int], lines: Sequence[float]) -> float:
        if not model.opponents:
            return 1.0
        codes = _codes(state)
        if self._draw_ahead(state, state.steps[state.street + 1:]) is not None and isinstance(state.step, BetStep):
            return self._planned(state, model, mine)[1]
        return self._equity_of(model, ((tuple(codes[c] for c in mine), 0),), lines)

    def _best_discard(self, state: Any, view: Any, seat: int, model: Model,
                      mine: Sequence[int]) -> tuple[tuple[int, ...], float]:
        """The discard with the best equity among the legal ones: (cards kept, equity)."""
        codes = _codes(state)
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if not discards:
            return tuple(mine), 0.0
        draws = isinstance(state.step, Draw)
        options = tuple((tuple(codes[c] for c in mine if c not in a.cards), len(a.cards) if draws else 0)
                        for a in discards)
        if not model.opponents:
            return tuple(c for c in mine if c not in discards[0].cards), 1.0
        best, equity = self._choice(model, options, limit=self._draw_limit(state, mine) if draws else None)
        return tuple(c for c in mine if c not in discards[best].cards), equity

    def _discard(self, state: Any, view: Any, seat: int) -> Action:
        discards = [a for a in view.legal if isinstance(a, Discard)]
        if len(discards) <= 1:
            return discards[0] if discards else view.legal[0]
        model, mine = self.model(state, view, seat)
        kept, _ = self._best_discard(state, view, seat, model, mine)
        throw = tuple(c for c in mine if c not in kept)
        return next((a for a in discards if set(a.cards) == set(throw)), discards[0])

    @staticmethod
    def _later(state: Any, view: Any, seat: int) -> int:
        """Opponents still in who act after ``seat`` in this betting round (roughly: up to
        the dealer, or in a round opened left of the big blind up to the second seat dealt
        in after the dealer, the dealer's neighbour heads-up)."""
        seats = len(view.seats)
        dealer = view.dealer if view.dealer is not None else 0
        step = state.step
        closer = dealer
        if isinstance(step, BetStep) and step.opener == "big_blind_left":
            dealt = [(dealer + i) % seats for i in range(1, seats + 1)
                     if view.seats[(dealer + i) % seats].status != OUT]
            closer = dealt[0] if len(dealt) == 2 else dealt[1 % len(dealt)]
        later = 0
        at = seat
        while at != closer:
            at = (at + 1) % seats
            info = view.seats[at]
            if at != seat and info.in_hand and info.stack:
                later += 1
        return later

    def _lines(self, state: Any, view: Any, seat: int, opponents: int, to_call: int,
               model: Model) -> tuple[float, list[float]]:
        """The price of a call and the equities the decision turns on."""
        pot = view.pot_total
        later = self._later(state, view, seat)
        price = to_call / (pot + to_call + 0.35 * to_call * later) if to_call else 0.0
        value = self._value_line(opponents, later, to_call, pot, view.seats[seat].bet > 0 and view.betting_round != 0)
        return price, [price * self._call_margin(model), value]

    @staticmethod
    def _value_line(opponents: int, later: int, to_call: int, pot: int, raised: bool) -> float:
        """The equity to bet (or, facing a bet, to raise) with: it falls with more opponents
        and in late position, and rises with the size of the bet faced and when the seat has
        put chips in this round already (a raise war wants the nuts)."""
        fair = 1.0 / (opponents + 1)
        line = min(0.66, 0.18 + 0.85 * fair) - (0.03 if later == 0 else 0.0)
        if to_call:
            line += 0.08 + 0.25 * min(1.0, to_call / max(1, pot)) + (0.08 if raised else 0.0)
        return min(0.95, line)

    def _call_margin(self, model: Model) -> float:
        more = model.board_to_come or model.mine_to_come or any(o.draws for o in model.opponents)
        if self.level == "tough":
            return 0.85 if more else 1.0
        return 0.92

    def _bet(self, state: Any, view: Any, seat: int) -> Action:
        options = view.options
        if options is None:
            first: Action = view.legal[0]
            return first
        model, mine = self.model(state, view, seat)
        to_call = options.call_amount if options.can_call else 0
        price, lines = self._lines(state, view, seat, len(model.opponents), to_call, model)
        equity = self._equity(state, model, mine, lines)
        return self._bet_on(state, view, seat, model, equity, lines, to_call)

    def _bet_on(self, state: Any, view: Any, seat: int, model: Model, equity: float, lines: Sequence[float],
                to_call: int) -> Action:
        """The betting action with ``equity`` (see the module's text)."""
        options = view.options
        pot = view.pot_total
        need, value = lines
        opponents = len(model.opponents)
        more = bool(model.board_to_come or model.mine_to_come or any(o.draws for o in model.opponents))
        tough = self.level == "tough"
        raising = options.can_bet or options.can_raise
        later = self._later(state, view, seat)
        if raising and equity >= value:
            stretch = min(1.0, max(0.0, (equity - value) / max(0.05, 1.0 - value)))
            return self._raise(view, seat, 0.4 + 0.6 * stretch if tough else 0.6, equity)
        short = options.can_all_in and options.all_in_to > view.seats[seat].bet + to_call
        if not raising and short and equity >= value:
            return AllIn(seat=seat)  # too short for a full raise: all of it
        if raising and to_call == 0 and opponents <= 2:
            bluff = 0.04 + (0.04 if later == 0 else 0.0)
            if tough and more and equity >= 1.15 / (opponents + 1):
                bluff = 0.35  # a semi-bluff: a draw that may come in
            elif tough and not more and later == 0 and opponents == 1:
                bluff = 0.1
            if self.rng.random() < bluff:
                return self._raise(view, seat, 0.5, equity)
        if options.can_check:
            return Check(seat=seat)
        if options.can_call and equity >= need:
            return Call(seat=seat)
        if options.can_call and to_call <= max(1, pot // 12) and equity > 0.6 / (opponents + 1):
            return Call(seat=seat)
        if options.can_fold:
            return Fold(seat=seat)
        return Call(seat=seat) if options.can_call else view.legal[0]

    def _raise(self, view: Any, seat: int, share: float, equity: float) -> Action:
        options = view.options
        to_call = options.call_amount if options.can_call else 0
        bet = view.seats[seat].bet
        to = bet + to_call + int(share * (view.pot_total + to_call))
        to = max(options.min_raise_to, min(options.max_raise_to, to))
        if options.can_all_in and (to >= options.all_in_to or (equity >= 0.8 and to >= 0.6 * options.all_in_to)):
            return AllIn(seat=seat)
        return (Bet if options.can_bet else Raise)(seat=seat, to=to)

    # -- the hint -------------------------------------------------------------------------------
    def hint_name(self, state: Any, seat: int, action: Action) -> str:
        """``action`` in words ("Call 2", "Raise to 8", "Discard 4D, 8C", "Stand pat"): no
        card but those the seat holds."""
        from cardtable.yaml_games.words import action_name
        return action_name(state, action)

    def hint_reasons(self, state: Any, seat: int, action: Action) -> list[str]:
        """Why ``action`` (or not), in a player's words, from what ``seat`` may see: its
        chance against the price, or what a discard keeps. Names no card but the seat's own."""
        from cardtable.yaml_games.words import reasons
        return reasons(self, state, seat, action)


class FlowRolloutBot(FlowBot):
    """The strong level's rollout player: the normal level's rules with
    :data:`ROLLOUT_SAMPLES` deals an equity (no early stop), a plain player's discards
    (:func:`~cardtable.yaml_games.odds.keeper`), and its equities shared, for the process,
    by every rollout player (each a function of what its seat knows: the deals are seeded by
    it, so a shared answer is the one it would have worked out)."""

    SHARED: dict[Any, float] = {}
    SHARED_MOST = 50_000

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, "normal")
        self.settings = ROLLOUT_KNOBS

    def rollout_bot(self, rng: random.Random) -> FlowRolloutBot:
        return FlowRolloutBot(rng)

    def _equity(self, state: Any, model: Model, mine: Sequence[int], lines: Sequence[float]) -> float:
        if not model.opponents:
            return 1.0
        codes = _codes(state)
        draw = self._draw_ahead(state, state.steps[state.street + 1:]) is not None and isinstance(state.step, BetStep)
        if draw:
            hand = [codes[c] for c in mine]
            limit = setting(state, self._draw_step(state).up_to)
            kept = keeper(model.high, model.low)(hand, limit)
            option = (tuple(kept), len(hand) - len(kept))
        else:
            option = (tuple(codes[c] for c in mine), 0)
        opponents = len(model.opponents)
        if opponents > ROLLOUT_OPPONENTS:  # the nearest few stand for the rest
            model = dataclasses.replace(model, opponents=model.opponents[:ROLLOUT_OPPONENTS])
        key = (model, option)
        shared = self.SHARED
        found = shared.get(key)
        if found is None:
            if len(shared) >= self.SHARED_MOST:
                shared.clear()
            estimate = Estimate(model, (option,), _asked(key))
            estimate.run(ROLLOUT_SAMPLES)
            found = shared[key] = estimate.mean()
        if opponents > ROLLOUT_OPPONENTS:
            return float(found ** (opponents / ROLLOUT_OPPONENTS))
        return found

    @staticmethod
    def _draw_step(state: Any) -> Draw:
        step = state.step
        if isinstance(step, Draw):
            return step
        return next(s for s in state.steps[state.street + 1:] if isinstance(s, Draw))

    def _look(self, state: Any, seat: int) -> Any:
        """What the seat sees, read straight from the rollout's world (a guess the strong level
        dealt, never the real state): only what its typed view would show, without building it."""
        return _Glance(state, seat)

    def _discard(self, state: Any, view: Any, seat: int) -> Action:
        if isinstance(state.step, DiscardDown):
            discard: Action = super()._discard(state, view, seat)
            return discard
        codes = _codes(state)
        mine = [c for c in view.seats[seat].hand if c is not None]
        step = self._draw_step(state)
        showdown = next(s for s in state.steps if isinstance(s, BoardShowdown))
        kept = set(keeper(showdown.high, showdown.low)([codes[c] for c in mine], setting(state, step.up_to)))
        action: Action = state.DISCARD(seat=seat, cards=tuple(c for c in mine if codes[c] not in kept))
        return action if state.why_illegal(action) is None else state.DISCARD(seat=seat, cards=())


class _SeatGlance:
    """One seat as :class:`_Glance` shows it (the fields of a view's seat the bot reads)."""

    __slots__ = ("seat", "hand", "up", "in_hand", "bet", "stack", "status")

    def __init__(self, seat: int, hand: tuple[int | None, ...], up: tuple[int, ...], in_hand: bool, bet: int,
                 stack: int, status: str) -> None:
        self.seat, self.hand, self.up, self.in_hand = seat, hand, up, in_hand
        self.bet, self.stack, self.status = bet, stack, status


class _Zone:
    def __init__(self, cards: Sequence[int]) -> None:
        self.cards = tuple(cards)


class _Glance:
    """The parts of a seat's view the rollout player reads (see :meth:`FlowRolloutBot._look`)."""

    def __init__(self, state: Any, seat: int) -> None:
        chips = state.chips
        in_hand = chips.in_hand
        out = state.out
        stacks = chips.stacks
        seats = []
        for s, hand in enumerate(state.hands):
            up = state.up[s]
            shown = s == seat or state.shown[s]
            cards = tuple(hand) if shown else tuple(c if c in up else None for c in hand)
            seats.append(_SeatGlance(s, cards, tuple(up), in_hand[s], chips.round_bets[s], stacks[s],
                                     OUT if out[s] else IN_HAND if in_hand[s] else FOLDED))
        self.seats = seats
        self.round = state.round_no
        self.dealer = state.dealer
        self.pot_total = chips.pot_total
        self.betting_round = state.betting_round
        self._board = _Zone(state.board)
        self.extra = _Drawn(tuple(state.drawn), tuple(state.thrown[seat]))
        to_act = state.to_act
        self.options = state.betting_options(seat) if to_act == seat else None
        self._state, self._seat = state, seat

    def zone(self, zone_id: str) -> _Zone | None:
        return self._board if zone_id == "board" else None

    @property
    def legal(self) -> list[Action]:
        return list(self._state.legal_actions(self._seat))


@dataclass(frozen=True)
class _Drawn:
    drawn: tuple[int | None, ...]
    thrown: tuple[int, ...]


def _asked(key: Any) -> random.Random:
    """A generator seeded by a question (a model and its options): the same question gets
    the same deals, whoever asks and whenever."""
    return random.Random(zlib.crc32(repr(key).encode()))
