"""The static parts every game written in a variant file shares: its phases, its settings
(read from what its flow names), and what a settled hand is recorded as."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from cardtable.engine import flow
from cardtable.engine.betting import BettingRules
from cardtable.engine.poker_hands import HandValue
from cardtable.engine.showdown import ShowdownResult

if TYPE_CHECKING:
    from cardtable.games.definition import GameDefinition

__all__ = ["Phase", "FlowSettings", "MOST_DOUBLINGS", "RoundResult", "BETTING_KEYS", "DrawShuffle", "DrawDiscard",
           "DrawReshuffle"]

BETTING_KEYS = ("limit", "min_bet", "big_bet", "raise_cap")
"""The settings of the betting structure (:class:`~cardtable.engine.betting.BettingRules`)."""
MOST_DOUBLINGS = 30
"""Stakes that rise stop doubling here (a billion times the first: by then every stack is all-in)."""


class Phase(StrEnum):
    """Where a match stands: the phases the flow's steps wait in, and between hands."""

    SHUFFLE = "shuffle"
    """Chance shuffles; the forced bets and the deal follow by themselves."""
    BET = "bet"
    """A betting round."""
    DRAW = "draw"
    """From the dealer's left, each player still in discards and draws."""
    DISCARD = "discard"
    """From the dealer's left, each player still in discards a set number and draws none
    (a ``discard`` step: Pineapple's)."""
    RESHUFFLE = "reshuffle"
    """The stock ran out in a draw: chance shuffles the discards into a new one."""
    REVEAL = "reveal"
    """The hand is over and its results are shown; chance starts the next."""
    GAME_OVER = "game_over"
    """One seat has every chip; nobody acts."""


@dataclass(frozen=True)
class FlowSettings:
    """A table's settings for a game written in a variant file: every declared setting's
    value by key (a step's parameter given as text names one: ``settings.ante``), and the
    betting structure they make. Read with :meth:`read`."""

    game_id: str
    values: Mapping[str, Any]
    betting: BettingRules = field(compare=False)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("values", "game_id", "betting"):
            raise AttributeError(name)
        try:
            return self.values[name]
        except KeyError:
            raise AttributeError(f"{self.game_id} has no setting {name!r}") from None

    @classmethod
    def read(cls, game: GameDefinition, given: Mapping[str, Any] | None) -> FlowSettings:
        """The settings of ``game`` from a variant's ``settings`` (missing keys take their
        defaults). ValueError naming every problem."""
        given = dict(given or {})
        problems = [p.message for p in game.field_problems(given)]
        values = {**game.defaults(), **given}
        betting = None
        if not problems:
            try:
                betting = BettingRules.from_settings({k: values[k] for k in BETTING_KEYS if k in values})
            except ValueError as exc:
                problems.append(str(exc).removeprefix("settings: "))
        if problems or betting is None:
            raise ValueError(f"{game.name} settings: " + "; ".join(problems))
        return cls(game.id, values, betting)

    def definition(self) -> GameDefinition:
        """The game these settings are for (from the registry)."""
        from cardtable import games
        return games.get(self.game_id)

    def doubled(self, times: int, keys: tuple[str, ...]) -> FlowSettings:
        """These settings with the amounts under ``keys`` (the forced bets and the bets)
        doubled ``times`` times: a hand's stakes when they rise as the match goes on."""
        if times <= 0:
            return self
        factor = 2 ** min(times, MOST_DOUBLINGS)
        values = {**self.values, **{k: self.values[k] * factor for k in keys
                                    if isinstance(self.values.get(k), int)}}
        betting = BettingRules.from_settings({k: values[k] for k in BETTING_KEYS if k in values})
        return FlowSettings(self.game_id, values, betting)

    def to_settings(self) -> dict[str, Any]:
        """The settings as a plain mapping :meth:`read` reads back."""
        return dict(self.values)


class RoundResult(ShowdownResult[HandValue]):
    """What a hand came to (see :class:`~cardtable.engine.showdown.ShowdownResult`), its
    hands shown as :class:`~cardtable.engine.poker_hands.HandValue`; ``net`` counts from
    before the forced bets."""

    @staticmethod
    def hand_json(hand: HandValue) -> Any:
        """A hand value as plain data."""
        return hand.to_json()

    @staticmethod
    def hand_from_json(data: Any) -> HandValue:
        """A hand value written by :meth:`hand_json`."""
        return HandValue.from_json(data)


# -- Five-Card Draw's actions, as its saves from before it was written in YAML name them ------
class DrawShuffle(flow.Shuffle, kind="five_card_draw.shuffle"):
    """A shuffle in a Five-Card Draw save from when the game had its own package."""


class DrawDiscard(flow.Discard, kind="five_card_draw.discard"):
    """A discard in a Five-Card Draw save from when the game had its own package."""


class DrawReshuffle(flow.Reshuffle, kind="five_card_draw.reshuffle"):
    """A reshuffle in a Five-Card Draw save from when the game had its own package."""
