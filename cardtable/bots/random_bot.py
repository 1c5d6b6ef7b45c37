"""A computer player that picks uniformly among the legal actions.

It is the baseline the real bots are measured against, and the property tests' way
of reaching odd corners. For a bet or raise it picks a random total in the legal
range; any other action with an amount (an Ivali bid) gets one from the game's
``with_random_amount``.
"""

from __future__ import annotations

import random

from cardtable.engine.betting import Bet, Raise
from cardtable.engine.game import Action, GameState

__all__ = ["RandomBot"]


class RandomBot:
    """Uniform over ``state.legal_actions(seat)``, with random amounts.

    >>> import random
    >>> RandomBot(random.Random(1)).rng.random() == random.Random(1).random()
    True
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState, seat: int) -> Action:
        """A random legal action for ``seat``."""
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        action = self.rng.choice(actions)
        if isinstance(action, (Bet, Raise)):
            options = getattr(state, "betting_options", lambda s: None)(seat)
            if options is not None and options.max_raise_to > options.min_raise_to:
                to = self.rng.randint(options.min_raise_to, options.max_raise_to)
                action = type(action)(seat=seat, to=to)
        else:
            action = state.with_random_amount(action, self.rng)
        if state.why_illegal(action) is not None:  # never happens; keep the bot safe anyway
            action = actions[0]
        return action
