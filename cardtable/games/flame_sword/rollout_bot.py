"""The cheap copy of the normal Flame Sword bot that the strong level's rollouts play.

:class:`RolloutFlameBot` is the normal :class:`~cardtable.games.flame_sword.bot.FlameBot`
with :data:`ROLLOUT_SCENARIOS` grid scenarios a strength estimate instead of three (each
scenario is the seat's own :func:`~cardtable.games.flame_sword.hands.best_line` search and
one for each opponent hand dealt: about 0.6 ms each, so the normal bot's nine searches were
6 ms, several times a whole light rollout). Its betting rules, thresholds and shrinking
towards an even chance are the normal bot's, applied to that cheaper estimate; the
estimate is kept for the rest of the betting round, as the normal bot keeps its own. Its
flips are random face-down cells (:func:`~cardtable.games.flame_sword.bot.rollout_choice`),
as the rollout copies turn a flop's and a turn's cells at once anyway.
"""

from __future__ import annotations

import random

from cardtable.engine.game import Action
from cardtable.games.flame_sword.bot import FlameBot, rollout_choice
from cardtable.games.flame_sword.rules import Phase
from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["RolloutFlameBot", "ROLLOUT_SCENARIOS"]

ROLLOUT_SCENARIOS = 1
"""Grid scenarios a strength estimate of the rollout player (the normal bot: 3)."""


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
        """A legal action for ``seat``: a random face-down cell when flipping, else the
        normal bot's choice on the cheaper estimate."""
        if state.phase == Phase.FLIP:
            return rollout_choice(state, seat, self.rng)
        return super().choose(state, seat)
