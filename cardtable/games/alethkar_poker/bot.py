"""The Alethkar Poker computer player.

The discard (step 4) is exact: keep the five cards worth the most
(:func:`~cardtable.games.alethkar_poker.values.quick_best_five`).

The secret bet (step 3) weighs the expected value of the payout. The bot knows its
hand's value after that discard. It samples the other players' hand values from
the distribution of the best five of seven random cards (worked out once, with its
own fixed generator) and guesses their bags from their hands (:func:`guess_bag`),
capped by what each holds in all (the only public figure). For each amount it could
put in, it plays steps 6 to 8 over the samples and keeps the amount with the best
average gain. ``normal`` uses fewer samples and a coarser set of amounts and
adds a little noise; ``tough`` looks harder.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardtable.bots.base import LevelledBot
from cardtable.engine.cards import Deck
from cardtable.engine.game import Action, GameState
from cardtable.games.alethkar_poker import planning
from cardtable.games.alethkar_poker.state import AlethkarState, BagBet, DiscardTwo, Phase
from cardtable.games.alethkar_poker.values import quick_best_five

__all__ = ["AlethkarBot", "LEVELS", "value_distribution", "warm_up"]


@dataclass(frozen=True)
class Level:
    """The knobs of one level: samples per decision, amounts tried, noise in chips."""

    samples: int
    amounts: int
    noise: float


LEVELS = {"normal": Level(samples=60, amounts=8, noise=1.0),
          "tough": Level(samples=160, amounts=16, noise=0.0)}
ROLLOUT_LEVEL = Level(samples=16, amounts=8, noise=1.0)
"""The knobs of the strong level's rollout player (:meth:`AlethkarBot.rollout_bot`)."""


@lru_cache(maxsize=4)
def value_distribution(deck: Deck, ace_low_straight: bool = True, size: int = 1200) -> tuple[int, ...]:
    """Sorted values of the best five of seven random cards (``size`` deals drawn
    with a fixed generator, so every bot and every run sees the same table).

    The bundled deck's tables come from :mod:`cardtable.games.alethkar_poker.value_tables`
    (written by ``tools/make_tables.py``, checked by tests/test_generated_tables.py); any
    other deck's are drawn here."""
    from cardtable.games.alethkar_poker.value_tables import VALUES
    from cardtable.games.generated import deck_fingerprint

    stored = VALUES.get((deck_fingerprint(deck), ace_low_straight, size))
    return stored if stored is not None else draw_value_distribution(deck, ace_low_straight, size)


def draw_value_distribution(deck: Deck, ace_low_straight: bool = True, size: int = 1200) -> tuple[int, ...]:
    """:func:`value_distribution` drawn now (what the generated tables hold)."""
    rng = random.Random(f"alethkar-values:{size}")
    cards = list(deck)
    values = [quick_best_five(rng.sample(cards, 7), ace_low_straight=ace_low_straight)[0]
              for _ in range(size)]
    return tuple(sorted(values))


def warm_up(deck: Deck) -> None:
    """Build the value distribution now (a table calls this at start, not in a bot's
    first decision)."""
    value_distribution(deck, True)
    value_distribution(deck, False)


def guess_bag(value: int, holdings: int, buy_in: int) -> int:
    """How much a player with a hand of ``value`` is guessed to hold in their bag:
    about a tenth of the value, at least the buy-in, at most half of what they hold."""
    return max(buy_in, min(holdings // 2, value // 10))


class AlethkarBot(LevelledBot):
    """A computer player for Alethkar Poker (``level`` normal or tough).

    >>> AlethkarBot(random.Random(1), level="tough").level
    'tough'
    """

    LEVEL_KNOBS = LEVELS

    reads_moves = False
    """The strong level does not weigh its worlds by the moves it saw (see
    :mod:`cardtable.bots.reading`): every move is a bag amount nobody else sees, so a
    move says nothing, and replaying them took up to half its budget at four seats."""


    def rollout_bot(self, rng: random.Random) -> AlethkarBot:
        """A cheap player like this one, for the strong level's rollouts: the normal level with
        :data:`ROLLOUT_LEVEL`'s fewer samples, worked out the quicker way of
        :class:`~cardtable.games.alethkar_poker.rollout_bot.RolloutAlethkarBot`."""
        from cardtable.games.alethkar_poker.rollout_bot import RolloutAlethkarBot

        bot = RolloutAlethkarBot(rng)
        bot.knobs = ROLLOUT_LEVEL
        return bot

    # -- what the strong level asks (:mod:`cardtable.games.alethkar_poker.planning`) --
    def worth_planning(self, state: GameState, seat: int) -> bool:
        """Only the secret bet is worth the strong level's rollouts (the discard is exact)."""
        assert isinstance(state, AlethkarState)
        return planning.worth_planning(state, seat)

    def complete_world(self, state: GameState, seat: int, rng: random.Random) -> None:
        """Guess the bags of the players who have checked, as this bot would have bet
        with the hands the world ``state`` deals them."""
        assert isinstance(state, AlethkarState)
        planning.complete_world(state, seat, self._remembered_bets())

    def settle_candidates(self, state: GameState, seat: int, actions: Sequence[Action],
                          rng: random.Random) -> list[tuple[float, bool]] | None:
        """Every bag bet of ``actions`` played out on the one world ``state`` (see
        :func:`~cardtable.games.alethkar_poker.planning.settle_candidates`)."""
        assert isinstance(state, AlethkarState)
        return planning.settle_candidates(state, seat, actions, self._remembered_bets())

    def _remembered_bets(self) -> planning.RememberedBets:
        """The rollout player's bets in the worlds, each situation's worked out once
        (:class:`~cardtable.games.alethkar_poker.planning.RememberedBets`), kept by this bot."""
        remembered = self.__dict__.get("_bets")
        if remembered is None:
            remembered = self.__dict__["_bets"] = planning.RememberedBets(self.rollout_bot)
        return remembered

    def choose(self, state: GameState, seat: int) -> Action:
        """The bot's action for ``seat`` (which must be the seat to act)."""
        assert isinstance(state, AlethkarState)
        if state.phase == Phase.DISCARD:
            return self.discard(state, seat)
        return BagBet(seat=seat, amount=self.bet(state, seat))

    def discard(self, state: AlethkarState, seat: int) -> DiscardTwo:
        """Discard the two cards whose loss leaves the most valuable five."""
        hand = state.hand_of(seat)
        _, drop = quick_best_five([state.deck[c] for c in hand],
                                  ace_low_straight=state.settings.ace_low_straight)
        return DiscardTwo(seat=seat, cards=tuple(hand[i] for i in drop))

    def bet(self, state: AlethkarState, seat: int) -> int:
        """The chips to add to the bag: the amount with the best expected gain."""
        hand = [state.deck[c] for c in state.hand_of(seat)]
        ace_low = state.settings.ace_low_straight
        mine, _ = quick_best_five(hand, ace_low_straight=ace_low)
        stack, bag = state.stacks[seat], state.bags[seat]
        others = [s for s in state.players() if s != seat]
        table = value_distribution(state.deck, ace_low)  # positional: one cache entry
        samples = [[table[self.rng.randrange(len(table))] for _ in others]
                   for _ in range(self.knobs.samples)]
        best_amount, best_gain = 0, None
        for amount in self._amounts(stack):
            gain = self._expected_gain(state, seat, mine, bag + amount, others, samples)
            gain += self.rng.uniform(-self.knobs.noise, self.knobs.noise)
            if best_gain is None or gain > best_gain:
                best_amount, best_gain = amount, gain
        return best_amount

    def _amounts(self, stack: int) -> list[int]:
        count = self.knobs.amounts
        if stack <= count:
            return list(range(stack + 1))
        return sorted({round(stack * i / count) for i in range(count + 1)} | {1, 2, 3})

    def _expected_gain(self, state: AlethkarState, seat: int, mine: int, my_bag: int,
                       others: Sequence[int], samples: Sequence[Sequence[int]]) -> float:
        """The average of (share of the middle - chips paid from the bag) over the
        samples: steps 6 to 8 of :func:`~cardtable.games.alethkar_poker.payout.settle`,
        inlined for speed (a later share's cap by what is left is left out)."""
        buy_in = state.settings.buy_in
        holdings = [state.holdings(o) for o in others]
        total = 0.0
        for values in samples:
            bags = [guess_bag(v, h, buy_in) for v, h in zip(values, holdings)]
            top = max(values)
            hand_total = mine + sum(values)
            if mine >= top:
                cap = max([my_bag] + [b for v, b in zip(values, bags) if v == mine])
                paid_me = 0
                paid = sum(min(b, cap) for v, b in zip(values, bags) if v != mine)
            else:
                cap = max(b for v, b in zip(values, bags) if v == top)
                paid_me = min(my_bag, cap)
                paid = paid_me + sum(min(b, cap) for v, b in zip(values, bags) if v != top)
            middle = state.middle + paid
            share = middle * mine // hand_total if hand_total > 0 and mine > 0 else 0
            total += share - paid_me
        return total / len(samples)
