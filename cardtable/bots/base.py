"""What every computer player is, and how a table of them plays a game.

A bot is anything with ``choose(state, seat) -> Action``. The state it is given is
the seat's :meth:`~cardtable.engine.game.GameState.seat_copy`: the game as the seat
may know it, hidden cards dealt again at random. It asks it the same questions as
the UI (``legal_actions``, ``why_illegal``, ``view`` and the game's own) and must
return a legal action for ``seat`` when that seat is to act. Bots get a seeded
:class:`random.Random` and never use the global one, so the same seeds give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from cardtable.engine.game import CHANCE, Action, Event, GameState

__all__ = ["Bot", "LevelledBot", "play_step", "play_until", "choose_for"]


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    rng: random.Random

    def choose(self, state: GameState, seat: int) -> Action:
        """A legal action for ``seat``, which must be the seat to act."""
        ...


class LevelledBot:
    """A game's own computer player at one of its levels: its seeded ``rng``, its
    ``level`` and that level's ``knobs`` (from :attr:`LEVEL_KNOBS`, by level name)."""

    LEVEL_KNOBS: ClassVar[Mapping[str, Any]]
    """Each level's settings, by the level's name ("normal", "tough")."""

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        if level not in self.LEVEL_KNOBS:
            raise ValueError(f"level must be one of {', '.join(self.LEVEL_KNOBS)}, not {level!r}")
        self.rng = rng
        self.level = level
        self.knobs = self.LEVEL_KNOBS[level]


def play_step(state: GameState, bots: Sequence[Bot] | Mapping[int, Bot]) -> Event:
    """Make the next move: chance's, or the bot's of the seat to act.

    Raises RuntimeError when the game is over or the seat to act has no bot.
    """
    to_act = state.to_act
    if to_act is None:
        raise RuntimeError("the game is over")
    if to_act == CHANCE:
        return state.apply(state.chance_action())
    try:
        bot = bots[to_act]
    except (KeyError, IndexError):
        raise RuntimeError(f"seat {to_act} has no bot") from None
    return state.apply(choose_for(bot, state, to_act))


def choose_for(bot: Bot, state: GameState, seat: int) -> Action:
    """The bot's action for ``seat``, chosen on :meth:`~GameState.seat_copy` (what the
    seat may know), never on ``state`` itself. The copy's hidden cards are dealt from
    a generator of its own (seeded by the move number) so the bot's generator and the
    game's are untouched by it."""
    return bot.choose(state.seat_copy(seat, random.Random(len(state.history))), seat)


def play_until(state: GameState, bots: Sequence[Bot] | Mapping[int, Bot], *,
               max_actions: int = 1_000_000, stop: object | None = None) -> int:
    """Play moves until the game is over or ``max_actions`` were made (or, when
    ``stop`` is a callable, until ``stop(state)`` is true). Returns the moves made."""
    made = 0
    while state.to_act is not None and made < max_actions:
        if callable(stop) and stop(state):
            break
        play_step(state, bots)
        made += 1
    return made
