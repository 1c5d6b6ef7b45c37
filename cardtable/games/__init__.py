"""The registry of games: every package under ``cardtable/games/`` and every
``cardtable.games`` entry point, each declaring one :class:`GameDefinition` as ``GAME``.

This is the only list of games. A game that fails to import or declares itself
wrongly is not dropped: it is kept as a :class:`BrokenGame` with the reason, which the
menu shows, the log records and the tests fail on.

A game shipped as its own pip package declares, in its ``pyproject.toml``::

    [project.entry-points."cardtable.games"]
    my_game = "my_package:GAME"
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import pkgutil
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass

from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting, SettingProblem

__all__ = ["GameDefinition", "Setting", "SettingProblem", "BOT_LEVELS", "BrokenGame", "Registry",
           "registry", "get", "find", "games", "ENTRY_POINT_GROUP"]

ENTRY_POINT_GROUP = "cardtable.games"
"""The entry-point group through which separately installed games plug in."""

_NOT_GAMES = {"definition"}
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BrokenGame:
    """A game that could not be loaded: where it came from and why."""

    id: str
    source: str
    reason: str
    details: str = ""


@dataclass(frozen=True)
class Registry:
    """The games found, by id, and the ones that failed to load."""

    games: dict[str, GameDefinition]
    broken: dict[str, BrokenGame]

    def get(self, game_id: str) -> GameDefinition:
        """The game ``game_id``; KeyError saying why when it is unknown or broken."""
        if game_id in self.games:
            return self.games[game_id]
        if game_id in self.broken:
            raise KeyError(f"the game {game_id!r} failed to load: {self.broken[game_id].reason}")
        raise KeyError(f"no game {game_id!r} (known: {', '.join(sorted(self.games))})")

    def find(self, name: str) -> GameDefinition | None:
        """The game called ``name`` (its id or an alias, any case), or None."""
        name = name.lower()
        for game in self.games.values():
            if name == game.id or name in game.aliases:
                return game
        return None

    def with_rules(self) -> list[GameDefinition]:
        """The games whose rules are enforced (every game but the free table), by id."""
        return [g for _, g in sorted(self.games.items()) if g.has_rules]

    def __iter__(self) -> Iterator[GameDefinition]:
        return iter(sorted(self.games.values(), key=lambda g: g.id))


def _load_bundled(games: dict[str, GameDefinition], broken: dict[str, BrokenGame]) -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name in _NOT_GAMES:
            continue
        module_name = f"{__name__}.{info.name}"
        try:
            game = importlib.import_module(module_name).GAME
            if not isinstance(game, GameDefinition):
                raise TypeError(f"GAME is a {type(game).__name__}, not a GameDefinition")
            if game.id != info.name:
                raise ValueError(f"GAME.id is {game.id!r}; the folder is {info.name!r}")
        except Exception as exc:  # noqa: BLE001 - a broken game is reported, never hides the others
            broken[info.name] = _broken(info.name, module_name, exc)
            continue
        games[game.id] = game


def _may_declare_games() -> bool:
    """Whether an installed distribution may declare a game: a look for the group's name
    in every ``entry_points.txt`` on ``sys.path``, so that a start with no plug-in skips
    importing :mod:`importlib.metadata` (tens of milliseconds). A ``sys.path`` entry that
    is a file (a zip) answers yes: importlib.metadata looks there."""
    needle = ENTRY_POINT_GROUP.encode()
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except NotADirectoryError:
            return True
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(folder, name, "entry_points.txt"), "rb") as declared:
                        if needle in declared.read():
                            return True
                except OSError:
                    continue
    return False


def _load_entry_points(games: dict[str, GameDefinition], broken: dict[str, BrokenGame]) -> None:
    if not _may_declare_games():
        return
    import importlib.metadata
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            game = entry.load()
            if not isinstance(game, GameDefinition):
                raise TypeError(f"{entry.value} is a {type(game).__name__}, not a GameDefinition")
            if game.id in games:
                raise ValueError(f"the id {game.id!r} is taken by a bundled game")
        except Exception as exc:  # noqa: BLE001 - as above
            broken[entry.name] = _broken(entry.name, f"entry point {entry.value}", exc)
            continue
        games[game.id] = game


def _broken(game_id: str, source: str, exc: BaseException) -> BrokenGame:
    reason = f"{type(exc).__name__}: {exc}"
    _log.error("game %s (%s) failed to load: %s", game_id, source, reason, exc_info=exc)
    return BrokenGame(game_id, source, reason,
                      "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


@functools.cache
def registry() -> Registry:
    """Every game, found once per process (bundled packages, then entry points)."""
    games: dict[str, GameDefinition] = {}
    broken: dict[str, BrokenGame] = {}
    _load_bundled(games, broken)
    _load_entry_points(games, broken)
    return Registry(games, broken)


def get(game_id: str) -> GameDefinition:
    """The game ``game_id`` (KeyError saying why when there is none)."""
    return registry().get(game_id)


def find(name: str) -> GameDefinition | None:
    """The game called ``name`` (id or alias), or None."""
    return registry().find(name)


def games() -> list[GameDefinition]:
    """Every loaded game, by id."""
    return list(registry())
