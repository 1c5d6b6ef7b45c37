"""The cheap copy of the normal Flame Sword bot that the strong level's rollouts play.

:class:`RolloutFlameBot` is the normal :class:`~cardtable.games.flame_sword.bot.FlameBot`
with :data:`ROLLOUT_SCENARIOS` grid scenarios a strength estimate instead of three (each
scenario is the seat's own :func:`~cardtable.games.flame_sword.hands.best_line` search and
one for each opponent hand dealt: about 0.6 ms each, so the normal bot's nine searches were
6 ms, several times a whole light rollout). Its betting rules, thresholds and shrinking
towards an even chance are the normal bot's, applied to that cheaper estimate; the
estimate is kept for the rest of the betting round, as the normal bot keeps its own. Its
flips are random face-down cells (:func:`~cardtable.games.flame_sword.bot.rollout_choice`),
as the rollout copies turn a flop's and a turn's cells at once anyway. With more than
:data:`HEADS_UP` players in the hand it bets as the light random policy does.
"""

from __future__ import annotations

import random

from cardtable.engine.game import Action
from cardtable.games.flame_sword.bot import FlameBot, rollout_choice
from cardtable.games.flame_sword.rules import Phase
from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["RolloutFlameBot", "ROLLOUT_SCENARIOS", "HEADS_UP"]

ROLLOUT_SCENARIOS = 1
"""Grid scenarios a strength estimate of the rollout player (the normal bot: 3)."""


HEADS_UP = 2
"""The most players in the hand for which it bets as the normal bot does. With more, each
estimate deals more opponents and a rollout has more seats to estimate: at four seats
only about 12 rollouts fitted a 250 ms decision and strong's share against normal fell
to 0.208 (0.128 to 0.289; 6 matches, seed 1) from 0.270, so there it bets lightly at
random as before."""


class RolloutFlameBot(FlameBot):
    """The normal level at :data:`ROLLOUT_SCENARIOS` scenarios an estimate, flipping at
    random.

    >>> RolloutFlameBot(random.Random(1)).knobs["scenarios"]
    1
    """

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, "normal")
        self.knobs = {**self.knobs, "scenarios": ROLLOUT_SCENARIOS}

    def rollout_bot(self, rng: random.Random) -> RolloutFlameBot:
        """Another of these (it is the cheap one)."""
        return RolloutFlameBot(rng)

    def choose(self, state: FlameSwordState, seat: int) -> Action:
        """A legal action for ``seat``: a random face-down cell when flipping, light
        random betting (:func:`~cardtable.games.flame_sword.bot.rollout_choice`) while
        more than :data:`HEADS_UP` players are in, else the normal bot's choice on the
        cheaper estimate."""
        if state.phase == Phase.FLIP or sum(state.chips.in_hand) > HEADS_UP:
            return rollout_choice(state, seat, self.rng)
        return super().choose(state, seat)
