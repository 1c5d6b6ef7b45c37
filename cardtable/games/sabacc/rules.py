"""The static parts of Sabacc: settings, phases and the chance and card actions.

:mod:`cardtable.games.sabacc.state` builds the state machine on these; the betting
actions are the shared ones of :mod:`cardtable.engine.betting`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, TypeGuard

from cardtable.engine.betting import BettingRules, Limit
from cardtable.engine.game import CHANCE, Action

__all__ = ["Phase", "SabaccSettings", "SabaccShuffle", "RollDie", "Shift", "DealDemise", "Stand",
           "Draw", "Keep", "Swap", "Drop", "SETTING_KEYS", "BOT_LEVELS", "DIE_FACES", "RED", "BLUE"]

BOT_LEVELS = ("normal", "tough", "random")
"""The computer players' levels a variant may name as ``bot_level``."""

RED, BLUE = "red", "blue"
DIE_FACES = (RED, BLUE, RED, BLUE, RED, BLUE)
"""The red/blue die: three red faces, three blue (an even chance of a shift)."""

SETTING_KEYS = ("starting_credits", "hand_ante", "sabacc_ante", "fold_penalty", "min_bet",
                "pot_limit", "hand_limit", "bot_level")
"""Every key a Sabacc variant's ``settings`` may hold."""


class Phase(StrEnum):
    """Where the game stands.

    * ``SHUFFLE``: chance shuffles to start a hand (antes and the deal follow).
    * ``BET``: the betting phase of the turn's player.
    * ``ROLL``: chance rolls the red/blue die (the turn's player bet or raised).
    * ``SHIFT``: the die showed red: chance picks the card each hand loses.
    * ``DRAW``: the turn's player draws one card or stands.
    * ``DECIDE``: the turn's player keeps the drawn card, swaps it or drops it.
    * ``DEMISE``: a tie at the call: chance deals the sudden demise.
    * ``REVEAL``: the hand is over and its results are shown; chance starts the next.
    * ``GAME_OVER``: one player (or none) has credits left; nobody acts.
    """

    SHUFFLE = "shuffle"
    BET = "bet"
    ROLL = "roll"
    SHIFT = "shift"
    DRAW = "draw"
    DECIDE = "decide"
    DEMISE = "demise"
    REVEAL = "reveal"
    GAME_OVER = "game_over"


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, kw_only=True)
class SabaccSettings:
    """A table's settings, from the variant's ``settings`` mapping.

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
    ValueError: Sabacc settings: unknown setting 'colour' (known: starting_credits, hand_ante, sabacc_ante,
        fold_penalty, min_bet, pot_limit, hand_limit, bot_level)
    """

    starting_credits: int = 5000
    hand_ante: int = 100
    sabacc_ante: int = 1000
    fold_penalty: int = 200
    min_bet: int = 100
    pot_limit: bool = False
    hand_limit: int = 0
    bot_level: str = "normal"

    def __post_init__(self) -> None:
        problems = _problems(self.to_settings())
        if problems:
            raise ValueError("Sabacc settings: " + "; ".join(problems))

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None) -> SabaccSettings:
        """Read a variant's ``settings``; missing keys take their defaults.

        Raises ValueError naming every problem (unknown keys, bad values).
        """
        settings = dict(settings or {})
        problems = [f"unknown setting {key!r} (known: {', '.join(SETTING_KEYS)})"
                    for key in settings if key not in SETTING_KEYS]
        values = {**cls().to_settings(), **{k: v for k, v in settings.items() if k in SETTING_KEYS}}
        problems += _problems(values)
        if problems:
            raise ValueError("Sabacc settings: " + "; ".join(problems))
        return cls(**values)

    @classmethod
    def from_spec(cls, spec: Any) -> SabaccSettings:
        """The settings of a :class:`~cardtable.variants.VariantSpec`."""
        return cls.from_settings(spec.settings)

    def to_settings(self) -> dict[str, Any]:
        """The settings as a plain mapping that :meth:`from_settings` reads back."""
        return {key: getattr(self, key) for key in SETTING_KEYS}

    @cached_property
    def betting(self) -> BettingRules:
        """The shared betting structure: no limit or pot limit, ``min_bet``."""
        return BettingRules(limit=Limit.POT_LIMIT if self.pot_limit else Limit.NO_LIMIT,
                            min_bet=self.min_bet, raise_cap=None)


def _problems(values: Mapping[str, Any]) -> list[str]:
    problems = []
    for key, low in (("starting_credits", 1), ("hand_ante", 0), ("sabacc_ante", 0),
                     ("fold_penalty", 0), ("min_bet", 1), ("hand_limit", 0)):
        value = values.get(key)
        if not _is_int(value) or value < low:
            problems.append(f"{key} must be a whole number of credits >= {low}, not {value!r}")
    if not isinstance(values.get("pot_limit"), bool):
        problems.append(f"pot_limit must be true or false, not {values.get('pot_limit')!r}")
    if values.get("bot_level") not in BOT_LEVELS:
        problems.append(f"bot_level must be one of {', '.join(BOT_LEVELS)}, "
                        f"not {values.get('bot_level')!r}")
    limit, bet = values.get("hand_limit"), values.get("min_bet")
    if _is_int(limit) and _is_int(bet) and 0 < limit < bet:
        problems.append(f"hand_limit ({limit}) cannot be below min_bet ({bet})")
    return problems


# -- chance's actions ----------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class SabaccShuffle(Action):
    """Chance's action that starts a hand: the order of all 76 cards (deck indices,
    top first). The antes and the deal follow by themselves."""

    order: tuple[int, ...]
    seat: int = CHANCE
    kind = "sabacc.shuffle"


@dataclass(frozen=True, kw_only=True)
class RollDie(Action):
    """Chance rolls the red/blue die: ``colour`` is ``"red"`` (a shift) or ``"blue"``."""

    colour: str
    seat: int = CHANCE
    kind = "sabacc.roll"


@dataclass(frozen=True, kw_only=True)
class Shift(Action):
    """Chance's shift: ``lost`` holds the card each player in the hand loses, in
    order from the dealer's left. They go to the bottom of the deck; each player is
    then dealt a new card from the top."""

    lost: tuple[int, ...]
    seat: int = CHANCE
    kind = "sabacc.shift"


@dataclass(frozen=True, kw_only=True)
class DealDemise(Action):
    """Chance deals the sudden demise: one card from the top to each tied player."""

    seat: int = CHANCE
    kind = "sabacc.demise"


# -- the turn's player's card actions -------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Stand(Action):
    """Draw nothing this turn."""

    kind = "sabacc.stand"


@dataclass(frozen=True, kw_only=True)
class Draw(Action):
    """Draw one card; then keep it, swap it or drop it."""

    kind = "sabacc.draw"


@dataclass(frozen=True, kw_only=True)
class Keep(Action):
    """Add the drawn card to the hand."""

    kind = "sabacc.keep"


@dataclass(frozen=True, kw_only=True)
class Swap(Action):
    """Put the drawn card in place of ``card`` (a deck index in the hand), which
    leaves play."""

    card: int
    kind = "sabacc.swap"


@dataclass(frozen=True, kw_only=True)
class Drop(Action):
    """Drop the drawn card: it leaves play."""

    kind = "sabacc.drop"
