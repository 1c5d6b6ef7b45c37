"""Every hand evaluator a declared flow's showdown may name, found by one function,
:func:`lookup`: the standard ones (:data:`~cardtable.engine.hand_evaluators.EVALUATORS`) and
those a game declares as its own (:class:`GameEvaluator`: ``shenja_ivali``, ``ipso``, ...).

The engine imports no game: the registry of games (:mod:`cardtable.games`) hands the
evaluators its games declare to :func:`register`, and gives :func:`set_finder` the way to
find the games when a name is asked for before they were found.

>>> lookup("high").standard
True
>>> lookup("no_such_thing")
Traceback (most recent call last):
...
ValueError: no hand evaluator 'no_such_thing' (known: ...)
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardtable.engine.cards import Card
    from cardtable.engine.poker_hands import HandValue

__all__ = ["NamedEvaluator", "GameEvaluator", "register", "registered", "set_finder", "lookup", "names",
           "flat_key", "best_of_size"]


class NamedEvaluator(Protocol):
    """What every evaluator found by :func:`lookup` says about itself and does."""

    @property
    def name(self) -> str:
        """The name a showdown writes."""

    @property
    def doc(self) -> str:
        """What it values, in words."""

    @property
    def low(self) -> bool:
        """True for a low (the second half of a Hi/Lo pot)."""

    @property
    def hole(self) -> int:
        """Exactly this many hole cards with :attr:`board` of the board (0: any of all the cards)."""

    @property
    def board(self) -> int:
        """See :attr:`hole`."""

    @property
    def standard(self) -> bool:
        """True for the standard poker evaluators (any deck of standard cards, a fast path)."""

    @property
    def decks(self) -> tuple[str, ...]:
        """The ids of the decks it reads (empty: any deck of standard cards)."""

    @property
    def fewest(self) -> int:
        """The fewest cards (hole and board together) it values."""

    @property
    def most(self) -> int | None:
        """The most cards it values (None: no limit)."""

    def plays(self, card: Card) -> bool:
        """Whether a game valued by it deals ``card`` (Shenja Ivali leaves the wilds out)."""

    def value(self, hole: Sequence[Any], board: Sequence[Any]) -> HandValue | None:
        """The best hand ``hole`` and ``board`` make (greater key, better), or None when they
        make none."""


@dataclass(frozen=True)
class GameEvaluator:
    """A game's own way to value a seat's cards, declared with the game
    (:attr:`~cardtable.games.definition.GameDefinition.evaluators`) and named by a showdown
    like a standard one. It reads only ``decks``; it values ``fewest`` to ``most`` cards, all of
    them together (hole and board alike); a game valued by it never deals a card with one of
    ``skip_tags``.

    ``function`` is ``"module:name"``, imported when first used (declaring a game imports none
    of its rules), or the function itself: it takes the cards and gives a
    :class:`~cardtable.engine.poker_hands.HandValue` whose key is a tuple of whole numbers.
    """

    name: str
    doc: str
    decks: tuple[str, ...]
    fewest: int
    function: str | Callable[[Sequence[Any]], HandValue]
    most: int | None = None
    skip_tags: tuple[str, ...] = ()
    _resolved: Callable[[Sequence[Any]], HandValue] | None = field(default=None, init=False, repr=False,
                                                                   compare=False)

    def __post_init__(self) -> None:
        if not (self.name.isidentifier() and self.name.islower()):
            raise ValueError(f"an evaluator's name is a lower-case identifier, not {self.name!r}")
        if not self.decks:
            raise ValueError(f"the evaluator {self.name!r} reads no deck")
        if self.fewest < 1 or (self.most is not None and self.most < self.fewest):
            raise ValueError(f"the evaluator {self.name!r} values {self.fewest} to {self.most} cards")

    @property
    def low(self) -> bool:
        """Never: a game's own evaluator ranks the hands high to low."""
        return False

    @property
    def hole(self) -> int:
        """0: every card counts, hole and board alike."""
        return 0

    @property
    def board(self) -> int:
        """0, as :attr:`hole`."""
        return 0

    @property
    def standard(self) -> bool:
        """False: a game's own (no fast path)."""
        return False

    def plays(self, card: Card) -> bool:
        """Whether ``card`` has none of :attr:`skip_tags`."""
        return not card.tags.intersection(self.skip_tags)

    def value(self, hole: Sequence[Any], board: Sequence[Any]) -> HandValue:
        """The value of ``hole`` and ``board`` together; ValueError for too few or too many."""
        cards = [*hole, *board]
        if len(cards) < self.fewest or (self.most is not None and len(cards) > self.most):
            most = f" to {self.most}" if self.most is not None else " or more"
            raise ValueError(f"{self.name} values {self.fewest}{most} cards, not {len(cards)}")
        function = self._resolved
        if function is None:
            given = self.function
            if isinstance(given, str):
                module, _, attr = given.partition(":")
                given = getattr(importlib.import_module(module), attr)
            function = given
            object.__setattr__(self, "_resolved", function)
        return function(cards)


def flat_key(key: Sequence[Any]) -> tuple[int, ...]:
    """``key`` with its nested tuples spread out, ordered as ``key`` is among keys whose
    nesting differs only where an earlier part already differs (a game's keys): a nested
    tuple becomes ``1, part, 1, part, ..., 0``, so that a shorter one that begins another
    still comes first.

    >>> flat_key((3, (5, 2), 1)) > flat_key((3, (5,), 9))
    True
    """
    out: list[int] = []
    for part in key:
        if isinstance(part, tuple):
            for inner in part:
                out.append(1)
                out.extend(flat_key((inner,)))
            out.append(0)
        else:
            out.append(int(part))
    return tuple(out)


def best_of_size(cards: Sequence[Any], size: int, value: Callable[[Sequence[Any]], HandValue]) -> HandValue:
    """The best ``value`` of any ``size`` of ``cards`` (the first found among equals)."""
    found: HandValue | None = None
    for some in itertools.combinations(cards, size):
        made = value(some)
        if found is None or made.key > found.key:
            found = made
    if found is None:
        raise ValueError(f"a hand here is {size} cards, got {len(cards)}")
    return found


_GAMES: dict[str, GameEvaluator] = {}
_finder: Callable[[], None] | None = None


def register(evaluators: Iterable[GameEvaluator]) -> None:
    """Make ``evaluators`` known by name (the registry of games does, for every game it
    finds; a game found again replaces its own). ValueError for a standard evaluator's name."""
    from cardtable.engine.hand_evaluators import EVALUATORS
    for evaluator in evaluators:
        if evaluator.name in EVALUATORS:
            raise ValueError(f"{evaluator.name!r} is the name of a standard evaluator")
        _GAMES[evaluator.name] = evaluator


def registered() -> dict[str, GameEvaluator]:
    """The games' evaluators known so far, by name (no game looked for)."""
    return dict(_GAMES)


def set_finder(finder: Callable[[], None] | None) -> None:
    """``finder`` finds the games (and so :func:`register` their evaluators) when a name
    is asked for that is not known yet."""
    global _finder
    _finder = finder


def lookup(name: str) -> NamedEvaluator:
    """The evaluator called ``name``: a standard one or a game's. ValueError listing the
    known names when there is none."""
    from cardtable.engine.hand_evaluators import EVALUATORS
    found: NamedEvaluator | None = EVALUATORS.get(name) or _GAMES.get(name)
    if found is None and _finder is not None:
        _finder()
        found = _GAMES.get(name)
    if found is None:
        raise ValueError(f"no hand evaluator {name!r} (known: {', '.join(names())})")
    return found


def names() -> list[str]:
    """Every evaluator's name: the standard ones, then the games' (found first)."""
    from cardtable.engine.hand_evaluators import EVALUATORS
    if _finder is not None:
        _finder()
    return [*EVALUATORS, *sorted(_GAMES)]
