"""The registry of games: every package under ``cardtable/games/`` and every
``cardtable.games`` entry point, each declaring one :class:`GameDefinition` as ``GAME``.

This is the only list of games. A game that fails to import or declares itself
wrongly is not dropped: it is kept as a :class:`BrokenGame` with the reason, which the
menu shows, the log records and the tests fail on.

A game shipped as its own pip package declares, in its ``pyproject.toml``::

    [project.entry-points."cardtable.games"]
    my_game = "my_package:GAME"

Finding the games imports every game package and :mod:`cardtable.games.definition`: about a
tenth of the menu's start. A start that found every game loading, none broken and no plug-in
remembers their ids in ``game-checks.json`` in the user cache folder, with the size, mtime and
inode of every Python file in the games' folders; a later start whose files are all unchanged
answers :func:`known_ids` and :func:`broken` from it, and imports the games only when one is
used (:func:`registry`). Any change, a broken game or a plug-in, and the games are found anew.
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.games.definition import BOT_LEVELS, GameDefinition, Setting, SettingProblem

__all__ = ["GameDefinition", "Setting", "SettingProblem", "BOT_LEVELS", "BrokenGame", "Registry",
           "registry", "get", "find", "games", "known_ids", "broken", "ENTRY_POINT_GROUP", "CACHE_NAME"]

_FROM_DEFINITION = frozenset({"GameDefinition", "Setting", "SettingProblem", "BOT_LEVELS"})


def __getattr__(name: str) -> Any:
    """The names of :mod:`cardtable.games.definition`, imported when first asked for (a start
    whose games are remembered as loading imports no game, see :func:`known_ids`)."""
    if name in _FROM_DEFINITION:
        return getattr(importlib.import_module("cardtable.games.definition"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

ENTRY_POINT_GROUP = "cardtable.games"
"""The entry-point group through which separately installed games plug in."""

CACHE_NAME = "game-checks.json"
"""The file in the user cache folder remembering the games that loaded (see :func:`known_ids`)."""

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
    import pkgutil

    from cardtable.games.definition import GameDefinition
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

    from cardtable.games.definition import GameDefinition
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
    import traceback
    reason = f"{type(exc).__name__}: {exc}"
    _log.error("game %s (%s) failed to load: %s", game_id, source, reason, exc_info=exc)
    return BrokenGame(game_id, source, reason,
                      "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


@functools.cache
def registry() -> Registry:
    """Every game, found once per process (bundled packages, then entry points, then the games
    written in variant files); the hand evaluators the games declare are made known by name
    (:func:`cardtable.engine.named_evaluators.register`) before the variant files are read."""
    global _found, _finding
    _found = True
    games: dict[str, GameDefinition] = {}
    broken: dict[str, BrokenGame] = {}
    declared_in.clear()
    _finding = True
    try:
        _load_bundled(games, broken)
        bundled = set(games)
        _load_entry_points(games, broken)
        plugged = set(games) != bundled
        _register_evaluators(games, broken)
        _load_declared(games)
    finally:
        _finding = False
    if not broken and not plugged:
        _remember(frozenset(games))
    return Registry(games, broken)


def _register_evaluators(games: dict[str, GameDefinition], broken: dict[str, BrokenGame]) -> None:
    """Make every game's own evaluators known by name; a game whose evaluator takes a name
    already taken (a standard one's, another game's) is broken."""
    from cardtable.engine.named_evaluators import register
    owners: dict[str, str] = {}
    for game_id in sorted(games):
        game = games[game_id]
        try:
            for evaluator in game.evaluators:
                if evaluator.name in owners:
                    raise ValueError(f"the evaluator name {evaluator.name!r} is taken by {owners[evaluator.name]}")
            register(game.evaluators)
        except ValueError as exc:
            broken[game_id] = _broken(game_id, f"the evaluators of {game_id}", exc)
            del games[game_id]
            continue
        owners.update((evaluator.name, game_id) for evaluator in game.evaluators)


_finding = False  # the registry is being found (a name asked for on the way is not looked for again)


def _find_evaluators() -> None:
    """Find the games, and so their evaluators (:func:`cardtable.engine.named_evaluators.set_finder`)."""
    if not _finding:
        registry()


def _declaring_files() -> list[Path]:
    """The variant files that may declare a game of their own (``game:`` a block), bundled
    folder first (see :func:`cardtable.yaml_games.declaration.declares_game`)."""
    from cardtable.variants import variant_files
    from cardtable.yaml_games.declaration import declares_game
    found = []
    for path in variant_files():
        try:
            if not path.is_file():  # a pipe would block the read
                continue
            with open(path, encoding="utf-8", errors="replace") as handle:
                head = handle.read(_MOST_READ)
        except OSError:
            continue
        if declares_game(head):
            found.append(path)
    return found


_MOST_READ = 4_000_000
"""The most of a variant file read to see whether it declares a game (the schema's limit)."""


def _load_declared(games: dict[str, GameDefinition]) -> None:
    """The games declared in variant files (:mod:`cardtable.yaml_games`), after the packages:
    a file that fails is left out here and reported where variants are found
    (:func:`cardtable.variants.discover`, at its line and column); a file declaring an id
    already taken is left out too (the variant loader reports the clash)."""
    from cardtable.schema import SpecError
    from cardtable.variants import deck_files
    from cardtable.yaml_games.declaration import declare_file
    decks = deck_files()
    for path in _declaring_files():
        try:
            declared = declare_file(path, decks)
        except (SpecError, OSError, ValueError, RecursionError, MemoryError) as exc:
            _log.info("variant file %s declares no game that loads: %s", path, exc)
            continue
        if declared.game.id not in games:
            games[declared.game.id] = declared.game
            declared_in[declared.game.id] = path


declared_in: dict[str, Path] = {}
"""The variant file each game written in YAML was read from, by id."""


def _set_finder() -> None:
    from cardtable.engine import named_evaluators
    named_evaluators.set_finder(_find_evaluators)


_set_finder()


# -- the games remembered as loading ------------------------------------------------------

_remembered: frozenset[str] | None = None  # what known_ids last found still true, or None
_found = False  # the registry has been found in this process (it answers from then on)


def _code_stamp() -> str | None:
    """The cardtable and Python versions, and ``path=size:mtime:inode`` of every Python file
    in the games' folders (their screens too: a game needs its ``ui/table.py``); None when a
    folder holds no source to stamp (a frozen app's compiled modules: found every time)."""
    from cardtable import __version__
    from cardtable.variant_checks import tree_stamps
    lines = [__version__, sys.version]
    for folder in __path__:
        stamps = tree_stamps(folder, skip=("__pycache__",))
        if not stamps:
            return None
        lines += [folder, *stamps]
    return "\n".join([*lines, *_variant_stamps()])


def _variant_stamps() -> list[str]:
    """``path=stamp`` of every variant file (a game may be declared in one)."""
    from cardtable.variant_checks import variant_file_stamps
    return variant_file_stamps()


def _remember(ids: frozenset[str]) -> None:
    from cardtable.deck_checks import cache_file, read_cache, write_cache
    target = cache_file(CACHE_NAME)
    data = {"stamp": _code_stamp(), "games": sorted(ids)}
    if data["stamp"] is not None and read_cache(target) != data:
        write_cache(target, data)


def known_ids() -> frozenset[str] | None:
    """The ids of the games that load, without importing any when they are remembered: from
    the registry once it is found, else from ``game-checks.json`` when every game file is as
    it was when a start found them all loading and no plug-in may declare a game; None when
    only :func:`registry` can tell."""
    global _remembered
    if _found:
        return frozenset(registry().games)
    _remembered = None
    if _may_declare_games():
        return None
    from cardtable.deck_checks import cache_file, read_cache
    data = read_cache(cache_file(CACHE_NAME))
    ids = data.get("games")
    stamp = data.get("stamp")
    if (not isinstance(ids, list) or not all(isinstance(i, str) for i in ids) or stamp is None
            or stamp != _code_stamp()):
        return None
    _remembered = frozenset(ids)
    return _remembered


def broken() -> dict[str, BrokenGame]:
    """The games that failed to load: none, with no game imported, when :func:`known_ids` last
    found the games remembered as all loading; else :func:`registry`'s."""
    if _remembered is not None and not _found:
        return {}
    return registry().broken


def get(game_id: str) -> GameDefinition:
    """The game ``game_id`` (KeyError saying why when there is none)."""
    return registry().get(game_id)


def find(name: str) -> GameDefinition | None:
    """The game called ``name`` (id or alias), or None."""
    return registry().find(name)


def games() -> list[GameDefinition]:
    """Every loaded game, by id."""
    return list(registry())
