"""What the strong level asks the Alethkar Poker bot when it plans (issue 18).

The strong level (:mod:`cardtable.bots.strong`) weighs the candidates of a decision on
guessed worlds. Three things about this game make its generic rollouts weak, and the
normal bot answers each here:

* **A world's bags** (:func:`complete_world`). A seat copy cannot tell another seat's
  bag, so it puts the buy-in there: in a world every opponent who has already checked
  seems to have bet nothing. Each such opponent's bet is guessed again in each world as
  the normal bot would have made it with the hand the world deals it (its bag the buy-in
  before it, as the copy says, and the public holdings).
* **Every amount on one world at once** (:func:`settle_candidates`). After the secret
  bet nothing but the bags depends on the seat's amount: nobody sees it, the discards
  keep the most valuable five whatever the bags, and steps 6 to 8 read only the hand
  values and the bags. So a world is played once (the later seats' bets by the
  rollout player, every discard the normal bot's, the values by
  :func:`hand_value`, the best five's) and each amount is
  settled on it, instead of a whole rollout for each amount.
* **The discard** (:func:`worth_planning`) is exact already (the best five), so it is
  not planned.
* **The guessed bets are remembered** (:class:`RememberedBets`): a situation's bet is
  worked out once and kept by the bot, so a decision weighs four times the worlds in
  the same CPU.

Everything reads the world it is given: a copy of the strong seat's own seat copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.game import Action
from cardtable.games.alethkar_poker.payout import settle
from cardtable.games.alethkar_poker.rules import BagBet, Phase
from cardtable.games.alethkar_poker.state import AlethkarState
from cardtable.games.alethkar_poker.values import quick_best_five

__all__ = ["worth_planning", "complete_world", "settle_candidates", "hand_value", "bet_maker",
           "RememberedBets"]

_VALUES: dict[tuple[str, bool, tuple[int, ...]], int] = {}
_REMEMBERED = 50_000
"""Hand values remembered at most (then forgotten all at once)."""


def hand_value(state: AlethkarState, cards: Sequence[int]) -> int:
    """The best value of five of ``cards`` (deck indices), as
    :func:`~cardtable.games.alethkar_poker.values.quick_best_five` gives it, remembered."""
    ace_low = state.settings.ace_low_straight
    key = (state.deck.id, ace_low, tuple(sorted(cards)))
    value = _VALUES.get(key)
    if value is None:
        if len(_VALUES) >= _REMEMBERED:
            _VALUES.clear()
        value = _VALUES[key] = quick_best_five([state.deck[c] for c in cards], ace_low_straight=ace_low)[0]
    return value


BetMaker = Callable[[int], Any]
"""A bot to bet for a seat: ``make(seat)`` gives one with ``bet(state, seat) -> int``."""


def worth_planning(state: AlethkarState, seat: int) -> bool:
    """Only the secret bet: the normal bot's discard keeps the most valuable five."""
    return state.phase == Phase.BET


def complete_world(state: AlethkarState, seat: int, make: BetMaker) -> None:
    """Guess again, in place, the bag of every other player who has checked this round:
    the buy-in (as the seat copy has it) plus what ``make(other)`` bets with the hand
    ``state`` deals it. The holdings (stack plus bag, public) stay as they are."""
    if state.phase not in (Phase.BET, Phase.DISCARD):
        return
    buy_in = state.settings.buy_in
    for other in state.players():
        if other == seat or not state.checked[other]:
            continue
        held = state.holdings(other)
        bag = min(held, buy_in)
        state.stacks[other], state.bags[other] = held - bag, bag
        amount = max(0, min(held - bag, make(other).bet(state, other)))
        state.stacks[other] -= amount
        state.bags[other] += amount


def settle_candidates(state: AlethkarState, seat: int, actions: Sequence[Action],
                      make: BetMaker) -> list[tuple[float, bool]] | None:
    """Each of ``actions`` (bag bets of ``seat``, the seat to bet) played on the world
    ``state`` to the end of the round: (the change in ``seat``'s holdings, whether it
    had the top hand), as a whole rollout of each would give with the same draws. None
    when the decision is not a secret bet. ``state`` is not changed."""
    if (state.phase != Phase.BET or state.turn != seat
            or not all(isinstance(a, BagBet) and a.seat == seat for a in actions)):
        return None
    players = state.players()
    values = {p: hand_value(state, state.hands[p]) for p in players}
    stacks = list(state.stacks)
    bags = {p: state.bags[p] for p in players}
    for other in players:  # the seats still to bet: nobody sees the seat's amount
        if other != seat and not state.checked[other]:
            amount = max(0, min(stacks[other], make(other).bet(state, other)))
            stacks[other] -= amount
            bags[other] += amount
    before = state.holdings(seat)
    results = []
    for action in actions:
        amount = getattr(action, "amount", 0)
        bags[seat] = state.bags[seat] + amount
        done = settle(values, bags=bags, carried_in=state.middle, order=players)
        after = [stacks[s] + state.bags[s] for s in range(state.seats)]
        for p in players:
            after[p] = (stacks[p] - (amount if p == seat else 0)) + done.to_stack[p] + done.bags[p]
        alive = [s for s in range(state.seats) if after[s] >= state.settings.buy_in]
        if alive == [seat]:
            after[seat] += done.payout.carry_out  # the last who can buy in takes the middle
        results.append((float(after[seat] - before), seat in done.payout.top_seats))
    return results


def bet_maker(make_bot: Callable[[random.Random], Any], seed: int) -> BetMaker:
    """``make(seat)``: a bot from ``make_bot`` for that seat, its generator seeded from
    ``seed`` and the seat (the same bots for the same seed)."""
    made: dict[int, Any] = {}

    def make(seat: int) -> Any:
        bot = made.get(seat)
        if bot is None:
            bot = made[seat] = make_bot(random.Random(seed + seat))
        return bot

    return make


class RememberedBets:
    """The rollout player's bet for a seat, worked out once for each situation it can
    tell apart and then remembered: what :meth:`RolloutAlethkarBot.bet
    <cardtable.games.alethkar_poker.rollout_bot.RolloutAlethkarBot.bet>` reads (the seat's
    hand value, stack and bag, the middle, the others' holdings, the buy-in and the
    deck's values) is the key, and the bot that answers is seeded from the key alone, so
    an answer is the same whenever and in whatever order it is asked. A world's guessed
    bets then cost a look-up (one of the rollout player's bets was about half of a
    world's cost, so the strong level could weigh few worlds); each seat's bet keeps
    following its hand, the noise of the normal bot's amounts now fixed for a situation.
    ``make(seat)`` gives this object itself, for :func:`settle_candidates` and
    :func:`complete_world`.

    >>> from cardtable.games.alethkar_poker.bot import AlethkarBot
    >>> remembered = RememberedBets(AlethkarBot(random.Random(0)).rollout_bot)
    >>> remembered(1) is remembered
    True
    """

    LIMIT = 20_000
    """Situations remembered at most (then forgotten all at once)."""

    def __init__(self, make_bot: Callable[[random.Random], Any]) -> None:
        self.make_bot = make_bot
        self.known: dict[tuple[Any, ...], int] = {}

    def __call__(self, seat: int) -> RememberedBets:
        return self

    def bet(self, state: AlethkarState, seat: int) -> int:
        """The chips ``seat`` adds to its bag on ``state``, as the rollout player bets them."""
        others = tuple(state.holdings(o) for o in state.players() if o != seat)
        key = (state.deck.id, state.settings.ace_low_straight, state.settings.buy_in,
               hand_value(state, state.hand_of(seat)), state.stacks[seat], state.bags[seat],
               state.middle, others)
        amount = self.known.get(key)
        if amount is None:
            if len(self.known) >= self.LIMIT:
                self.known.clear()
            amount = self.known[key] = int(self.make_bot(random.Random(repr(key))).bet(state, seat))
        return amount
