"""The static parts of Sabacc: settings, phases and the chance and card actions.

:mod:`cardtable.games.sabacc.state` builds the state machine on these; the betting
actions are the shared ones of :mod:`cardtable.engine.betting`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from cardtable.engine import flow
from cardtable.engine.betting import BettingRules, Limit
from cardtable.engine.game import CHANCE, Action
from cardtable.games.definition import DeclaredSettings

__all__ = ["Phase", "SabaccSettings", "SabaccShuffle", "RollDie", "Shift", "DealDemise", "Stand",
           "Draw", "Keep", "Swap", "Drop", "DIE_FACES", "RED", "BLUE", "HAND_SIZE"]

HAND_SIZE = 2
"""Cards dealt to each player."""

RED, BLUE = "red", "blue"
DIE_FACES = (RED, BLUE, RED, BLUE, RED, BLUE)
"""The red/blue die: three red faces, three blue (an even chance of a shift)."""

class Phase(StrEnum):
    """Where the game stands."""

    SHUFFLE = "shuffle"
    """Chance shuffles to start a hand (antes and the deal follow)."""
    BET = "bet"
    """The betting phase of the turn's player."""
    ROLL = "roll"
    """Chance rolls the red/blue die (the turn's player bet or raised)."""
    SHIFT = "shift"
    """The die showed red: chance picks the card each hand loses."""
    DRAW = "draw"
    """The turn's player draws one card or stands."""
    DECIDE = "decide"
    """The turn's player keeps the drawn card, swaps it or drops it."""
    DEMISE = "demise"
    """A tie at the call: chance deals the sudden demise."""
    REVEAL = "reveal"
    """The hand is over and its results are shown; chance starts the next."""
    GAME_OVER = "game_over"
    """One player (or none) has credits left; nobody acts."""


@dataclass(frozen=True, kw_only=True)
class SabaccSettings(DeclaredSettings):
    """Sabacc's stakes, all in credits: stacks, the antes of both pots, the fold penalty
    and the bet limits, as :mod:`cardtable.games.sabacc` declares them.

    Attributes:
        starting_credits: each seat's credits at the start.
        hand_ante: what every player puts in the hand pot before the deal.
        sabacc_ante: what every player puts in the sabacc pot when it is empty.
        fold_penalty: what folding costs, paid into the sabacc pot.
        min_bet: the smallest bet, and the smallest raise.
        pot_limit: True: a bet or raise adds at most what the hand pot holds after
            the call.
        hand_limit: the most one player may bet in one hand (antes not counted);
            0 for no limit.
        bot_level: the computer players' default level.

    >>> SabaccSettings.from_settings({"fold_penalty": 50}).fold_penalty
    50
    >>> SabaccSettings.from_settings({"colour": "red"})  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: Sabacc settings: unknown setting 'colour' for Sabacc (known: starting_credits, hand_ante,
        sabacc_ante, fold_penalty, min_bet, pot_limit, hand_limit, bot_level)
    """

    starting_credits: int = 5000
    hand_ante: int = 100
    sabacc_ante: int = 1000
    fold_penalty: int = 200
    min_bet: int = 100
    pot_limit: bool = False
    hand_limit: int = 0
    bot_level: str = "normal"

    def _rules_problems(self) -> list[str]:
        if 0 < self.hand_limit < self.min_bet:
            return [f"hand_limit ({self.hand_limit}) cannot be below min_bet ({self.min_bet})"]
        return []

    @cached_property
    def betting(self) -> BettingRules:
        """The shared betting structure: no limit or pot limit, ``min_bet``."""
        return BettingRules(limit=Limit.POT_LIMIT if self.pot_limit else Limit.NO_LIMIT,
                            min_bet=self.min_bet, raise_cap=None)


# -- chance's actions ----------------------------------------------------------------
class SabaccShuffle(flow.Shuffle, kind="sabacc.shuffle"):
    """Chance's action that starts a hand: the order of all 76 cards (deck indices,
    top first). The antes and the deal follow by themselves."""


class RollDie(Action, kind="sabacc.roll"):
    """Chance rolls the red/blue die: ``colour`` is ``"red"`` (a shift) or ``"blue"``."""

    colour: str
    seat: int = CHANCE


class Shift(Action, kind="sabacc.shift"):
    """Chance's shift: ``lost`` holds the card each player in the hand loses, in
    order from the dealer's left. They go to the bottom of the deck; each player is
    then dealt a new card from the top."""

    lost: tuple[int, ...]
    seat: int = CHANCE


class DealDemise(Action, kind="sabacc.demise"):
    """Chance deals the sudden demise: one card from the top to each tied player."""

    seat: int = CHANCE


# -- the turn's player's card actions -------------------------------------------------
class Stand(Action, kind="sabacc.stand"):
    """Draw nothing this turn."""


class Draw(Action, kind="sabacc.draw"):
    """Draw one card; then keep it, swap it or drop it."""


class Keep(Action, kind="sabacc.keep"):
    """Add the drawn card to the hand."""


class Swap(Action, kind="sabacc.swap"):
    """Put the drawn card in place of ``card`` (a deck index in the hand), which
    leaves play."""

    card: int


class Drop(Action, kind="sabacc.drop"):
    """Drop the drawn card: it leaves play."""
