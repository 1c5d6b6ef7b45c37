"""The cheap copy of the normal Five-Card Draw bot that the strong level's rollouts play.

:class:`RolloutDrawBot` is the normal :class:`~cardtable.games.five_card_draw.bot.DrawBot`
with :data:`~cardtable.games.five_card_draw.bot.ROLLOUT_SAMPLES` deals an equity, its
equities worked out on card codes (:mod:`cardtable.games.five_card_draw.fast`: a hand is
one int looked up, not a tuple key built from (rank, suit) pairs) and each deal an ordered
sample of the cards it uses, not a shuffle of all 47 unseen. Its draws and its betting
rules are the normal bot's; only the random deals of an equity are drawn differently
(tests/test_five_card_draw_rollout_bot.py checks the equity against the slow evaluator on
the same deals).
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.game import Action
from cardtable.games.five_card_draw import fast
from cardtable.games.five_card_draw.bot import ROLLOUT_SAMPLES, DrawBot, plan_discard

__all__ = ["RolloutDrawBot"]


class RolloutDrawBot(DrawBot):
    """The normal level at :data:`ROLLOUT_SAMPLES` deals an equity, on card codes, its
    equities kept for its life (one rollout)."""

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, "normal")
        self.samples = ROLLOUT_SAMPLES
        self._memo = {}

    def rollout_bot(self, rng: random.Random) -> RolloutDrawBot:
        """Another of these (it is the cheap one)."""
        return RolloutDrawBot(rng)

    def _bet(self, state: Any, seat: int) -> Action:
        cards = state.hand_of(seat)
        before_draw = state.betting_round == 0
        others = sum(state.chips.in_hand) - 1
        key = (tuple(cards), before_draw, others)
        assert self._memo is not None
        eq = self._memo.get(key)
        if eq is None:
            codes = fast.deck_codes(state.deck)
            mine = [codes[c] for c in cards]
            throw = plan_discard([(code >> 2, code & 3) for code in mine], state.draw_limit(seat)) \
                if before_draw else []
            held = set(cards)
            unseen = [code for c, code in enumerate(codes) if c not in held]
            kept = [code for i, code in enumerate(mine) if i not in throw]
            eq = self._memo[key] = fast.equity(kept, len(throw), unseen, others, self.rng, self.samples)
        return self._bet_on(state, seat, eq)
