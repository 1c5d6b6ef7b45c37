"""Fixed-strategy players: opponents that play one way whatever happens, for measuring the
levels against (``benchmarks/bots.py --b always_call``).

Each reads only the legal actions (and the betting options for amounts) of any game:

* ``always_call``: checks or calls whenever it can (covers in Ipso), never folds while a
  call is possible; where staying in takes a bet (an opening stake) it makes the least.
* ``always_raise``: raises the most allowed (all-in where that is legal), else calls.
* ``premium``: plays on only with a hand in the best tenth (the game's
  ``premium_share``), judged at its first bet of each round by a quick equity estimate
  (the round played out, everyone checking and calling, on a few deals of the unseen
  cards) against the same estimate for hands dealt at random in its place; with one it
  raises the least, else it checks or folds.
* ``random``: uniform among the legal actions (:class:`~cardtable.bots.random_bot.RandomBot`).

Two more, checks beyond the four issue 34 names (:data:`EXTRA_STRATEGIES`), for patterns a
player outside might try:

* ``min_raise``: raises the least allowed whenever it can, else calls (in Sabacc each raise
  rolls the die, so a table of them shifts every hand again and again).
* ``check_fold``: never pays to stay in: checks when it may, else folds.
* ``pot_raise``: bets or raises the size of the pot whenever it can (what it owes, then the
  pot with that call in it, as poker players size a pot raise; within the allowed), else
  calls: the loose-aggressive player's rule of thumb.

Decisions that are not bets (a draw, a flip, an auction's bid, Alethkar Poker's secret
bag) are the game's normal bot's: the strategies are about betting.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from cardtable.bots.worlds import Snapshot
from cardtable.engine.game import CHANCE, Action, GameState

__all__ = ["STRATEGIES", "EXTRA_STRATEGIES", "ALL_STRATEGIES", "FixedBot", "make", "is_bet", "equity", "in_top",
           "pot_sized"]

STRATEGIES = ("always_call", "always_raise", "premium", "random")
"""The fixed strategies issue 34 names, by the name the benchmarks take."""
EXTRA_STRATEGIES = ("min_raise", "check_fold", "pot_raise")
"""Fixed strategies beyond issue 34's four (see the module)."""
ALL_STRATEGIES = STRATEGIES + EXTRA_STRATEGIES
"""Every fixed strategy :func:`make` takes."""

_PASSIVE = ("Check", "Call", "Cover")
_AGGRESSIVE = ("Bet", "Raise", "Stake", "CoverRaise", "AllIn")
_SIZABLE = _AGGRESSIVE[:-1]
"""The aggressive moves that take an amount (all but going all in)."""
EQUITY_DEALS = 10
"""Deals of the unseen cards an equity estimate plays out."""
RIVALS = 14
"""Hands dealt at random in the player's place to rank its own among."""


def is_bet(actions: list[Action]) -> bool:
    """True when ``actions`` are a betting decision (a fold, check, call or cover among them)."""
    return any(type(a).__name__ in ("Fold", *_PASSIVE) for a in actions)


def _amount(action: Action) -> int:
    value = getattr(action, "to", getattr(action, "amount", 0))
    return value if isinstance(value, int) else 0


def _sized(state: GameState, seat: int, action: Action, most: bool) -> Action:
    """``action`` at the most (or least) amount the betting options allow."""
    options = getattr(state, "betting_options", lambda s: None)(seat)
    name = "to" if hasattr(action, "to") else "amount" if hasattr(action, "amount") else None
    if options is None or name is None or type(action).__name__ == "AllIn":
        return action
    bound = getattr(options, "max_raise_to" if most else "min_raise_to",
                    getattr(options, "max_amount" if most else "min_amount", None))
    if not isinstance(bound, int):
        return action
    sized = dataclasses.replace(action, **{name: bound})
    return sized if state.why_illegal(sized) is None else action


def passive(state: GameState, seat: int, actions: list[Action]) -> Action:
    """Check, call or cover; else the least bet that stays in (all-in when that is all)."""
    for name in _PASSIVE:
        found = [a for a in actions if type(a).__name__ == name]
        if found:
            return found[0]
    bets = [_sized(state, seat, a, most=False) for a in actions if type(a).__name__ in _AGGRESSIVE]
    if bets:
        return min(bets, key=lambda a: (type(a).__name__ == "AllIn", _amount(a)))
    return actions[0]


def aggressive(state: GameState, seat: int, actions: list[Action], most: bool = True) -> Action:
    """The biggest raise allowed (all-in first) with ``most``, else the least; a call when
    no raise is legal."""
    names = [type(a).__name__ for a in actions]
    if most and "AllIn" in names:
        return actions[names.index("AllIn")]
    bets = [_sized(state, seat, a, most) for a in actions if type(a).__name__ in _SIZABLE]
    if bets:
        return max(bets, key=_amount) if most else min(bets, key=_amount)
    return passive(state, seat, actions)


def pot_sized(state: GameState, seat: int, actions: list[Action]) -> Action:
    """A bet or raise of the pot (see the module's ``pot_raise``) within what the betting
    options allow, all-in where it comes to that; a call when no raise is legal."""
    view = state.seat_view(seat)
    bets = [a for a in actions if type(a).__name__ in _SIZABLE]
    options = view.options
    if not bets or options is None:
        return aggressive(state, seat, actions, most=False)
    highest = max(info.bet for info in view.seats)
    mine = view.seats[seat].bet
    pot = max(view.pot_total, sum(info.contributed for info in view.seats)) + (highest - mine)
    name = "to" if hasattr(bets[0], "to") else "amount" if hasattr(bets[0], "amount") else None
    low = getattr(options, "min_raise_to", getattr(options, "min_amount", None))
    high = getattr(options, "max_raise_to", getattr(options, "max_amount", None))
    if name is None or not isinstance(low, int) or not isinstance(high, int):
        return aggressive(state, seat, actions, most=False)
    wanted = max(low, min(high, highest + pot if name == "to" else pot))
    sized = dataclasses.replace(bets[0], **{name: wanted})
    if state.why_illegal(sized) is None:
        return sized
    all_in = [a for a in actions if type(a).__name__ == "AllIn"]
    return all_in[0] if all_in and wanted >= high else aggressive(state, seat, actions, most=False)


def _calling(world: GameState, seat: int, rng: random.Random, other: Any) -> Action:
    actions = world.legal_actions(seat)
    if is_bet(actions):
        return passive(world, seat, actions)
    try:
        action: Action = other.choose(world, seat)
        return action
    except Exception:  # the estimate must go on
        return rng.choice(actions)


def _hidden(state: GameState, seat: int) -> list[tuple[Any, Any]]:
    return list(state._hidden_slots(seat))


def _own(state: GameState, seat: int) -> list[tuple[Any, Any]]:
    hands = getattr(state, "hands", None)
    if not isinstance(hands, list) or seat >= len(hands) or not isinstance(hands[seat], list):
        return []
    return [(hands[seat], i) for i in range(len(hands[seat]))]


def _redeal(world: GameState, seat: int, rng: random.Random, swap_own: bool) -> None:
    """Deal the cards ``seat`` cannot see (and its own with ``swap_own``) at random in
    ``world``: by the game's ``hidden_deal(seat, own=swap_own)`` where it has one (Flame
    Sword: a sample of its 12,000-card deck, where shuffling every unseen card took most
    of a premium decision), else by shuffling the cards of every hidden place."""
    sampled = getattr(world, "hidden_deal", None)
    if sampled is not None:
        slots, draw = sampled(seat, own=swap_own)
        cards = draw(rng)
    else:
        slots = _hidden(world, seat) + (_own(world, seat) if swap_own else [])
        cards = [container[index] for container, index in slots]
        rng.shuffle(cards)
    for (container, index), card in zip(slots, cards):
        container[index] = card


def equity(state: GameState, seat: int, rng: random.Random, other: Any, *, swap_own: bool = False,
           deals: int = EQUITY_DEALS) -> float:
    """The share of the round ``seat`` wins on ``deals`` deals of the cards it cannot see,
    everyone checking and calling to the end (``other`` making the other decisions);
    with ``swap_own`` its own hand is dealt at random too (a random hand's equity)."""
    snapshot = Snapshot(state)
    won = 0.0
    for _ in range(deals):
        world = snapshot.make(random.Random(rng.getrandbits(32)))
        _redeal(world, seat, rng, swap_own)
        target = world.round_number
        for _ in range(2000):
            to_act = world.to_act
            outcome = world.round_outcome()
            if to_act is None or world.round_number > target or (
                    outcome is not None and outcome.get("round") == target):
                break
            world.apply(world.chance_action() if to_act == CHANCE else _calling(world, to_act, rng, other))
        outcome = world.round_outcome() or {}
        winners = outcome.get("winners") or ()
        if seat in winners:
            won += 1.0 / len(winners)
    return won / deals


class FixedBot:
    """A player of one of :data:`STRATEGIES` (see the module's text); ``normal`` makes the
    decisions that are not bets, ``share`` is the best hands' share ``premium`` plays."""

    def __init__(self, rng: random.Random, strategy: str, normal: Any, share: float = 0.1) -> None:
        if strategy not in ALL_STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(ALL_STRATEGIES)}, not {strategy!r}")
        self.rng = rng
        self.strategy = strategy
        self.normal = normal
        self.share = share
        self._verdict: tuple[int, bool] | None = None  # (round, plays on) for premium

    def choose(self, state: GameState, seat: int) -> Action:
        """The strategy's action for ``seat``."""
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        if self.strategy == "random":
            from cardtable.bots.random_bot import RandomBot
            return RandomBot(self.rng).choose(state, seat)
        if not is_bet(actions):
            action: Action = self.normal.choose(state, seat)
            return action
        if self.strategy == "always_call":
            return passive(state, seat, actions)
        if self.strategy == "always_raise":
            return aggressive(state, seat, actions)
        if self.strategy == "min_raise":
            return aggressive(state, seat, actions, most=False)
        if self.strategy == "pot_raise":
            return pot_sized(state, seat, actions)
        if self.strategy == "premium" and self._premium(state, seat):
            return aggressive(state, seat, actions, most=False)
        # check_fold, and premium without a hand to play: check, else fold
        names = [type(a).__name__ for a in actions]
        if "Check" in names:
            return actions[names.index("Check")]
        return actions[names.index("Fold")] if "Fold" in names else passive(state, seat, actions)

    def _premium(self, state: GameState, seat: int) -> bool:
        """Whether the hand is in the best :attr:`share`, judged once a round."""
        if self._verdict is not None and self._verdict[0] == state.round_number:
            return self._verdict[1]
        verdict = in_top(state, seat, self.rng, self.normal, self.share)
        self._verdict = (state.round_number, verdict)
        return verdict


def in_top(state: GameState, seat: int, rng: random.Random, normal: Any, share: float,
           own_deals: int = EQUITY_DEALS) -> bool:
    """Whether ``seat``'s hand is in the best ``share`` of hands: its :func:`equity` (on
    ``own_deals`` deals) ranked among :data:`RIVALS` hands dealt at random in its place
    (``normal``, the game's normal bot, or its ``rollout_bot``, making the decisions
    that are not bets); where the game has no hand to deal again, an equity well above a
    random hand's."""
    other = getattr(normal, "rollout_bot", None)
    other = other(random.Random(rng.getrandbits(32))) if other is not None else normal
    own = equity(state, seat, rng, other, deals=own_deals)
    rivals = [equity(state, seat, rng, other, swap_own=True) for _ in range(RIVALS)]
    if _own(state, seat):
        better = sum(1 for r in rivals if r >= own)
        return better < share * (RIVALS + 1)
    players = max(2, sum(1 for s in range(state.seats) if state.holding(s) > 0))
    return own >= min(0.9, 2.0 / players)


def make(strategy: str, game: Any, rng: random.Random) -> FixedBot:
    """A :class:`FixedBot` of ``strategy`` for ``game`` (a game definition)."""
    normal = game.bot(random.Random(rng.getrandbits(64)), "normal")
    return FixedBot(rng, strategy, normal, float(getattr(game, "premium_share", 0.1)))
