"""The cheap copy of the normal Flame Sword bot that the strong level's rollouts play.

:class:`RolloutFlameBot` is the normal :class:`~cardtable.games.flame_sword.bot.FlameBot`
with :data:`ROLLOUT_SCENARIOS` grid scenarios a strength estimate instead of three (each
scenario is the seat's own :func:`~cardtable.games.flame_sword.hands.best_line` search and
one for each opponent hand dealt: about 0.6 ms each, so the normal bot's nine searches were
6 ms, several times a whole light rollout); heads-up that one scenario deals as many random
hands as the normal bot's three do (:data:`NORMAL_TRIALS`), so its estimate takes the
normal bot's values and bets as often. Its betting rules, thresholds and shrinking
towards an even chance are the normal bot's, applied to that cheaper estimate; the
estimate is kept for the rest of the betting round, as the normal bot keeps its own. Its
flips are random face-down cells (:func:`~cardtable.games.flame_sword.bot.rollout_choice`),
as the rollout copies turn a flop's and a turn's cells at once anyway. With more than
:data:`HEADS_UP` players in the hand it bets as the light random policy does.
"""

from __future__ import annotations

import random

from cardtable.engine.game import Action
from cardtable.games.flame_sword.bot import LEVEL_KNOBS, FlameBot, rollout_choice
from cardtable.games.flame_sword.rules import HOLE_CARDS, Phase
from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["RolloutFlameBot", "ROLLOUT_SCENARIOS", "NORMAL_TRIALS", "HEADS_UP"]

ROLLOUT_SCENARIOS = 1
"""Grid scenarios a strength estimate of the rollout player (the normal bot: 3)."""

NORMAL_TRIALS = int(LEVEL_KNOBS["normal"]["scenarios"])
"""Random hands the rollout player's one scenario deals against its own heads-up: as many
as the normal bot's estimate has trials there (three scenarios, one hand each), so the
estimate takes the normal bot's values (``(wins + 0.5) / 4``) and crosses its thresholds as
often. With one hand dealt it could only be 0.25 or 0.75, below the normal bot's bar to bet
(0.85): the rollouts' normal level never bet or raised but for its bluffs, so the strong
level's reading of a normal bot's bet found every guess at its hand alike, and its plans
never met a value bet."""


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

    def _share_beaten(self, state: FlameSwordState, seat: int, scenarios: int | None = None,
                      dealt: int | None = None, size: int = HOLE_CARDS) -> float:
        """The normal bot's share of random hands beaten, on one scenario dealing
        :data:`NORMAL_TRIALS` hands heads-up (more players: the normal bot's count)."""
        if dealt is None and scenarios is None and sum(state.chips.in_hand) == HEADS_UP:
            dealt = NORMAL_TRIALS
        return super()._share_beaten(state, seat, scenarios, dealt, size)

    def choose(self, state: FlameSwordState, seat: int) -> Action:
        """A legal action for ``seat``: a random face-down cell when flipping, light
        random betting (:func:`~cardtable.games.flame_sword.bot.rollout_choice`) while
        more than :data:`HEADS_UP` players are in, else the normal bot's choice on the
        cheaper estimate."""
        if state.phase == Phase.FLIP or sum(state.chips.in_hand) > HEADS_UP:
            return rollout_choice(state, seat, self.rng)
        return super().choose(state, seat)
