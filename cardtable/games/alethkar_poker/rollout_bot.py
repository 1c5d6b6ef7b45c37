"""The cheap copy of the Alethkar Poker bot that the strong level's rollouts play.

:class:`RolloutAlethkarBot` bets exactly as :class:`~cardtable.games.alethkar_poker.bot.AlethkarBot`
does with the knobs it is given (the same draws from its generator, the same sums in the
same order: tests/test_strong_game_hooks.py compares them), faster: what a sampled deal of
the others' hands comes to (their guessed bags, the top value, the sum of the values) does
not depend on the amount weighed, so it is worked out once per sample instead of once per
sample and amount; and a hand's best value is remembered by its cards (the strong level
asks it of the same hands many times a decision).
"""

from __future__ import annotations

import random

from cardtable.games.alethkar_poker.bot import AlethkarBot, guess_bag, value_distribution
from cardtable.games.alethkar_poker.planning import hand_value
from cardtable.games.alethkar_poker.state import AlethkarState

__all__ = ["RolloutAlethkarBot"]

class RolloutAlethkarBot(AlethkarBot):
    """The Alethkar Poker bot's bets, each sample of the others' hands weighed once."""

    def bet(self, state: AlethkarState, seat: int) -> int:
        """As :meth:`AlethkarBot.bet` (the same draws, the same amount)."""
        mine = hand_value(state, state.hand_of(seat))
        stack, bag = state.stacks[seat], state.bags[seat]
        others = [s for s in state.players() if s != seat]
        table = value_distribution(state.deck, state.settings.ace_low_straight)
        samples = [[table[self.rng.randrange(len(table))] for _ in others]
                   for _ in range(self.knobs.samples)]
        holdings = [state.holdings(o) for o in others]
        buy_in = state.settings.buy_in
        deals: list[tuple[bool, int, int, list[int], int]] = []
        for values in samples:
            bags = [guess_bag(v, h, buy_in) for v, h in zip(values, holdings)]
            top = max(values)
            if mine >= top:  # the largest bag tied with it, -1 for none; the others' bags
                ties = max([b for v, b in zip(values, bags) if v == mine], default=-1)
                deals.append((True, ties, 0, [b for v, b in zip(values, bags) if v != mine], mine + sum(values)))
            else:  # the top bag, what the others pay
                cap = max(b for v, b in zip(values, bags) if v == top)
                rest = sum(min(b, cap) for v, b in zip(values, bags) if v != top)
                deals.append((False, cap, rest, [], mine + sum(values)))
        best_amount, best_gain = 0, None
        for amount in self._amounts(stack):
            gain = self._gain(state.middle, mine, bag + amount, deals)
            gain += self.rng.uniform(-self.knobs.noise, self.knobs.noise)
            if best_gain is None or gain > best_gain:
                best_amount, best_gain = amount, gain
        return best_amount

    @staticmethod
    def _gain(middle_before: int, mine: int, my_bag: int,
              deals: list[tuple[bool, int, int, list[int], int]]) -> float:
        """:meth:`AlethkarBot._expected_gain` over the deals worked out by :meth:`bet`."""
        total = 0.0
        for on_top, bag_or_cap, rest, bags, hand_total in deals:
            if on_top:
                cap = max(my_bag, bag_or_cap)
                paid_me = 0
                paid = sum(min(b, cap) for b in bags)
            else:
                paid_me = min(my_bag, bag_or_cap)
                paid = paid_me + rest
            middle = middle_before + paid
            share = middle * mine // hand_total if hand_total > 0 and mine > 0 else 0
            total += share - paid_me
        return total / len(deals)

    def rollout_bot(self, rng: random.Random) -> AlethkarBot:
        """Another of these, with the same knobs."""
        bot = RolloutAlethkarBot(rng)
        bot.knobs = self.knobs
        return bot
