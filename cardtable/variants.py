"""Variant and deck files: YAML in, validated and frozen specs out.

A variant file (``variants/*.yaml``) describes one game: its name, the engine
module that plays it, seats, decks, settings and its rules text. A deck file
(``variants/decks/*.yaml``) describes one deck; its ``style`` picks the schema and
the builder. Files are read only through :mod:`cardtable.schema` (safe loading,
every error as ``file:line:col: path: what``).

Variants come from the bundled folder and from the user's own variants folder; a
broken file becomes a :class:`VariantEntry` with an ``error`` so the menu can show
it while every other variant still loads.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable import deck_checks, paths, variant_checks

if TYPE_CHECKING:
    import yaml

    from cardtable.engine.cards import Deck
    from cardtable.games.definition import GameDefinition
    from cardtable.schema import SpecError

_log = logging.getLogger(__name__)

_LAZY = {"SCHEMA_VERSION": "cardtable.variant_schemas", "DECK_SCHEMAS": "cardtable.variant_schemas",
         "variant_schema": "cardtable.variant_schemas", "SpecError": "cardtable.schema",
         "build_deck": "cardtable.engine.decks"}


def __getattr__(name: str) -> Any:
    """The schemas, :class:`~cardtable.schema.SpecError` and ``build_deck``, imported when
    first asked for (with YAML: tens of milliseconds a start whose files are all remembered
    as checked; the deck engine a few more)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _yaml() -> Any:
    import yaml
    return yaml


def _schema() -> Any:
    import cardtable.schema
    return cardtable.schema


def _schemas() -> Any:
    import cardtable.variant_schemas
    return cardtable.variant_schemas


@dataclass(frozen=True)
class VariantSpec:
    """A validated variant file."""

    id: str
    name: str
    game: str
    summary: str
    min_seats: int
    max_seats: int
    decks: tuple[str, ...]
    rules: str
    settings: dict[str, Any] = field(default_factory=dict, compare=False)
    path: Path | None = None
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """What the file asks for that is ignored (``file:line:col: path: message``), logged at discovery."""


@dataclass(frozen=True)
class VariantEntry:
    """One file found in a variants folder: its spec, or the error that stops it loading."""

    path: Path
    spec: VariantSpec | None
    error: str | None
    user: bool = False

    @property
    def title(self) -> str:
        """The name to show in a menu (the file name for a broken file)."""
        return self.spec.name if self.spec else self.path.name


def _node_lookup(node: yaml.Node, *keys: str | int) -> yaml.Node | None:
    """The node at a path of mapping keys and list indexes, or ``None``."""
    for key in keys:
        if isinstance(node, _yaml().SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
            continue
        if not isinstance(node, _yaml().MappingNode):
            return None
        for k, v in node.value:
            if isinstance(k, _yaml().ScalarNode) and k.value == key:
                node = v
                break
        else:
            return None
    return node


def _error_at(path: Path, root: yaml.Node, keys: tuple[str | int, ...], message: str) -> SpecError:
    """A :class:`SpecError` pointing at the node found at ``keys`` (or the root)."""
    node = _node_lookup(root, *keys) or root
    return _schema().SpecError(str(path), node.start_mark.line + 1, node.start_mark.column + 1,
                     "/".join(str(k) for k in keys), message)


def load_variant(path: Path | str, known_decks: Iterable[str] | None = None) -> VariantSpec:
    """Load and validate one variant file.

    Raises:
        SpecError: with ``file:line:col`` for anything wrong, including a deck id
            that no deck file defines (when ``known_decks`` is given).
    """
    path = Path(path)
    with _hidden_if_linked(path):
        return _load_variant(path, known_decks)


class _hidden_if_linked:  # noqa: N801 - used as a ``with`` statement
    """Inside it, a SpecError about ``path`` quotes none of the file's text when
    ``path`` is a symbolic link (its target may be any file on the system)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        if exc is not None and isinstance(exc, _schema().SpecError) and _is_link(self.path):
            raise _schema().redact(exc) from None


def _is_link(path: Path) -> bool:
    try:
        return path.is_symlink()
    except (OSError, ValueError):
        return False


def _load_variant(path: Path, known_decks: Iterable[str] | None) -> VariantSpec:
    from cardtable import games
    registry = games.registry()
    node = _schema().load_yaml(path)
    game_node = _node_lookup(node, "variant", "game")
    game_id = game_node.value if isinstance(game_node, _yaml().ScalarNode) else None
    if game_id in registry.broken:
        raise _error_at(path, node, ("variant", "game"),
                        f"the game {game_id!r} failed to load: {registry.broken[game_id].reason}")
    warnings: list[SpecError] = []
    data = _schema().validate(node, _schemas().variant_schema(registry.games), file=str(path),
                              warnings=warnings)["variant"]
    if isinstance(data["game"], dict):
        data["game"] = _declared_game_id(path, node, data, known_decks)
    game = registry.games[data["game"]]
    _check_against_game(path, node, data, game, known_decks)
    return VariantSpec(
        id=data["id"], name=data["name"], game=data["game"], summary=data["summary"],
        min_seats=data["seats"]["min"], max_seats=data["seats"]["max"], decks=tuple(data["decks"]),
        rules=data["rules"], settings=data["settings"], path=path, warnings=tuple(map(str, warnings)))


def _declared_game_id(path: Path, node: yaml.Node, data: dict[str, Any],
                      known_decks: Iterable[str] | None) -> str:
    """The id of the game the variant file at ``path`` declares (its own id), once the
    registry holds that game from this very file; else the SpecError saying why not (the
    declaration's own, at its line and column, or the id taken by another game)."""
    from cardtable import games
    from cardtable.yaml_games.declaration import declare_file
    game_id: str = data["id"]
    if games.declared_in.get(game_id) == path:
        return game_id
    decks = known_decks if isinstance(known_decks, dict) else deck_files()
    declare_file(path, decks)  # raises where the declaration is wrong
    where = "a game package" if game_id not in games.declared_in else str(games.declared_in[game_id])
    if game_id in games.registry().games:
        raise _error_at(path, node, ("variant", "id"), f"the game id '{game_id}' is taken by {where}")
    raise _error_at(path, node, ("variant", "game"), "this game was not found when the games were loaded: "
                                                     "start cardtable again to play it")


def _check_against_game(path: Path, node: yaml.Node, data: dict[str, Any], game: GameDefinition,
                        known_decks: Iterable[str] | None) -> None:
    """Raise a located SpecError where the variant asks for what its game cannot do:
    seats outside the game's range, a deck it cannot play, a bad setting."""
    low, high = game.seats
    if _node_lookup(node, "variant", "seats") is None:  # not written: the game's own range
        data["seats"] = {"min": low, "max": high}
    seats = data["seats"]
    if seats["min"] > seats["max"]:
        raise _error_at(path, node, ("variant", "seats"), "min is larger than max")
    for key in ("min", "max"):
        if not low <= seats[key] <= high:
            raise _error_at(path, node, ("variant", "seats", key),
                            f"{game.name} is played by {low} to {high}, not {seats[key]}")
    known = set(known_decks) if known_decks is not None else None
    for i, deck_id in enumerate(data["decks"]):
        if known is not None and deck_id not in known:
            raise _error_at(path, node, ("variant", "decks", i),
                            f"no deck file defines '{deck_id}' (known: {', '.join(sorted(known))})")
        if deck_id not in game.decks:
            raise _error_at(path, node, ("variant", "decks", i),
                            f"{game.name} cannot be played with the deck '{deck_id}' "
                            f"(it plays: {', '.join(game.decks)})")
    try:
        problems = game.settings_problems(data["settings"])
    except Exception as exc:  # noqa: BLE001 - its rules fail to import: the game is broken, loudly
        _log.error("game %s failed to load its rules", game.id, exc_info=exc)
        raise _error_at(path, node, ("variant", "game"),
                        f"the game {game.id!r} failed to load: {type(exc).__name__}: {exc}") from exc
    for problem in problems:
        keys: tuple[str | int, ...] = ("variant", "settings")
        if problem.key is not None and not problem.at_key:
            keys += (problem.key,)
        elif problem.key is not None:
            raise _key_error_at(path, node, keys, problem.key, problem.message)
        raise _error_at(path, node, keys, problem.message)


def _key_error_at(path: Path, root: yaml.Node, keys: tuple[str | int, ...], key: str,
                  message: str) -> SpecError:
    """A :class:`SpecError` at the key ``key`` itself (not its value) of the mapping at ``keys``."""
    mapping = _node_lookup(root, *keys)
    where = root
    if isinstance(mapping, _yaml().MappingNode):
        where = next((k for k, _ in mapping.value if isinstance(k, _yaml().ScalarNode) and k.value == key),
                     mapping)
    return _schema().SpecError(str(path), where.start_mark.line + 1, where.start_mark.column + 1,
                     "/".join(str(k) for k in (*keys, key)), message)


def read_deck_data(path: Path | str) -> dict[str, Any]:
    """Load and validate one deck file; returns the ``deck`` mapping's plain data."""
    path = Path(path)
    with _hidden_if_linked(path):
        return _read_deck_data(path)


def _read_deck_data(path: Path) -> dict[str, Any]:
    node = _schema().load_yaml(path)
    style_node = _node_lookup(node, "deck", "style")
    style = style_node.value if isinstance(style_node, _yaml().ScalarNode) else None
    schemas = _schemas().DECK_SCHEMAS
    if style not in schemas:
        raise _error_at(path, node, ("deck", "style"), f"must be one of: {', '.join(schemas)}; got {style!r}")
    data = _schema().validate(node, schemas[style], file=str(path))["deck"]
    for i, colour in enumerate(data.get("colours", [])):
        if colour["trump"] not in {suit["name"] for suit in colour["suits"]}:
            raise _error_at(path, node, ("deck", "colours", i, "trump"),
                            f"'{colour['trump']}' is not one of the suits of {colour['name']}")
    if (cards := deck_card_count(data)) > MAX_DECK_CARDS:
        raise _error_at(path, node, ("deck",), f"this deck would have {cards} cards, "
                        f"more than the limit of {MAX_DECK_CARDS}")
    return data


MAX_DECK_CARDS = 50_000
"""The most cards a deck file may make (the bundled Infinite Deck has 12,000)."""


def deck_card_count(data: dict[str, Any]) -> int:
    """How many cards validated deck data would build, counted without building them."""
    style = data["style"]
    if style == "standard":
        return len(data["ranks"]) * len(data["suits"])
    if style == "ivali":
        numerals, planets = len(data["numerals"]), len(data["planets"])
        wilds = planets * numerals if data.get("elemental_wild") else 0
        infinity = (data.get("infinity_wild") or {}).get("count", 0)
        return planets * len(data["elements"]) * numerals + wilds + infinity
    if style == "sabacc":
        return len(data["suits"]) * len(data["ranks"]) + sum(f["copies"] for f in data["faces"])
    if style == "infinite":
        return len(data["ranks"]) * sum(len(c["suits"]) for c in data["colours"])
    return 0


@lru_cache(maxsize=16)
def _load_deck_cached(path: Path, mtime_ns: int, size: int, inode: int) -> Deck:
    # The module's own name first: a test may have put a stand-in there.
    build_deck = globals().get("build_deck") or __getattr__("build_deck")
    data = read_deck_data(path)
    try:
        return build_deck(data)
    except ValueError as exc:
        error = _schema().SpecError(str(path), 1, 1, "deck", str(exc))
        raise (_schema().redact(error) if _is_link(path) else error) from None


def load_deck(path: Path | str) -> Deck:
    """Load, validate and build a deck file (cached until the file changes).

    Errors name ``path`` as given (made absolute, a link not resolved).
    """
    path = Path(os.path.abspath(path))
    try:
        info = os.stat(path)
        key = (info.st_mtime_ns, info.st_size, info.st_ino)
    except (OSError, ValueError):
        key = (0, 0, 0)  # reading it gives the error
    return _load_deck_cached(path, *key)


def variant_dirs() -> list[tuple[Path, bool]]:
    """The folders searched for variants: ``(folder, is_user_folder)``, bundled first."""
    return [(paths.bundled_variants_dir(), False), (paths.user_variants_dir(), True)]


def variant_files() -> list[Path]:
    """Every ``*.yaml`` file in the variant folders, bundled first (a folder that cannot be
    read is passed over)."""
    found: list[Path] = []
    for folder, _ in variant_dirs():
        try:
            found += sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        except OSError:
            continue
    return found


def deck_files(dirs: Iterable[Path] | None = None) -> dict[str, Path]:
    """Deck id -> file, from every ``decks`` subfolder (the first folder with an id wins).

    The id is the file's stem, which must match the ``id`` inside the file (checked
    when it loads). A user deck cannot replace a bundled one: the bundled folder comes
    first, and :func:`deck_clashes` reports the user file.
    """
    found: dict[str, Path] = {}
    for folder in dirs if dirs is not None else [d for d, _ in variant_dirs()]:
        for p in _deck_paths(Path(folder)):
            found.setdefault(p.stem, p)
    return found


def _deck_paths(folder: Path) -> list[Path]:
    deck_dir = folder / "decks"
    try:
        return sorted(deck_dir.glob("*.yaml")) if deck_dir.is_dir() else []
    except OSError:
        return []


def deck_clashes(dirs: Iterable[Path] | None = None) -> dict[Path, str]:
    """Deck files not used because an earlier folder has a deck of the same id: file -> error."""
    first: dict[str, Path] = {}
    clashes: dict[Path, str] = {}
    for folder in dirs if dirs is not None else [d for d, _ in variant_dirs()]:
        for p in _deck_paths(Path(folder)):
            if p.stem in first:
                clashes[p] = (f"{p}:1:1: deck/id: the deck '{p.stem}' is already defined by "
                              f"{first[p.stem]}; a deck cannot replace another, so that one is used")
            else:
                first[p.stem] = p
    return clashes


def deck_error(deck_id: str, path: Path) -> str | None:
    """Why the deck file ``path`` (found as ``deck_id``) cannot be used, or None when it loads."""
    try:
        deck = load_deck(path)
    except _schema().SpecError as exc:
        return str(exc)
    except (OSError, ValueError, RecursionError, MemoryError) as exc:
        return f"{path}: cannot be read ({type(exc).__name__})"
    if deck.id != deck_id:
        return f"{path}:1:1: deck/id: the file is named {deck_id}.yaml but defines id '{deck.id}'"
    return None


def load_deck_by_id(deck_id: str) -> Deck:
    """The deck with this id from the bundled or user decks folders."""
    files = deck_files()
    if deck_id not in files:
        raise KeyError(f"no deck file for '{deck_id}'")
    deck = load_deck(files[deck_id])
    if deck.id != deck_id:
        raise _schema().SpecError(str(files[deck_id]), 1, 1, "deck/id",
                        f"the file is named {deck_id}.yaml but defines id '{deck.id}'")
    return deck


def discover(dirs: Iterable[tuple[Path, bool]] | None = None) -> list[VariantEntry]:
    """Every variant file in the variant folders, loaded or with its error.

    A user file whose id repeats an earlier one is reported, not loaded, so that a
    bundled game cannot silently change.
    """
    dirs = list(dirs) if dirs is not None else variant_dirs()
    known_decks = deck_files([d for d, _ in dirs])
    broken_decks = deck_checks.deck_errors(known_decks, deck_error)
    entries: list[VariantEntry] = []
    for deck_path, error in deck_clashes([d for d, _ in dirs]).items():
        _log.warning("deck file not used: %s", error)
        entries.append(VariantEntry(deck_path, None, error, True))
    seen: dict[str, Path] = {}
    verdicts = variant_checks.Verdicts()
    for folder, is_user in dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")):
            try:
                spec = verdicts.load(path, known_decks, load_variant)
            except _schema().SpecError as exc:
                _log.warning("variant file not loaded: %s", exc)  # the message says where and why
                entries.append(VariantEntry(path, None, str(exc), is_user))
                continue
            except OSError as exc:
                _log.warning("variant file %s cannot be read", path, exc_info=exc)
                entries.append(VariantEntry(path, None, f"{path}: {exc.strerror or exc}", is_user))
                continue
            if bad := next(((i, d) for i, d in enumerate(spec.decks) if d in broken_decks), None):
                where = _error_at(path, _schema().load_yaml(path), ("variant", "decks", bad[0]), "")
                error = (f"{path}:{where.line}:{where.col}: variant/decks/{bad[0]}: the deck "
                         f"'{bad[1]}' cannot be used: {broken_decks[bad[1]]}")
                _log.warning("variant file not loaded: %s", error)
                entries.append(VariantEntry(path, None, error, is_user))
                continue
            if spec.id in seen:
                where = _error_at(path, _schema().load_yaml(path), ("variant", "id"), "")
                entries.append(VariantEntry(path, None, f"{path}:{where.line}:{where.col}: variant/id: "
                                            f"'{spec.id}' is already defined by {seen[spec.id]}", is_user))
                continue
            seen[spec.id] = path
            for warning in spec.warnings:
                _log.warning("variant file: %s", warning)
            entries.append(VariantEntry(path, spec, None, is_user))
    verdicts.save()
    return entries
