"""Variant files checked in full once per version of the file and of its game's code.

Checking a variant against its game runs the game's own settings rules, and so imports
its rules: a tenth of a second for the six games, at every start. A variant that passed
is remembered in ``variant-checks.json`` in the user cache folder (next to the deck
verdicts of :mod:`cardtable.deck_checks`), with its spec, keyed by its path, its size,
mtime, inode and checksum, the deck ids known, and the same stamps of every Python file of its
game's package outside ``ui/``, of ``cardtable/engine/`` and of the code that reads and
checks variants. A start that finds every stamp unchanged takes the spec as it was; any
change, a variant that failed, a game not bundled (an entry point, whose code is not
stamped) or settings that JSON cannot hold exactly, and the file is read and checked in
full as before.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable import __version__
from cardtable.deck_checks import cache_file, file_stamp, read_cache, write_cache

if TYPE_CHECKING:
    from cardtable.variants import VariantSpec

__all__ = ["CACHE_NAME", "Verdicts", "tree_stamps", "variant_file_stamps"]

CACHE_NAME = "variant-checks.json"
"""The cache file's name in the user cache folder."""

_ROOT = Path(__file__).parent
_SHARED = ("variants.py", "variant_schemas.py", "schema.py", "deck_checks.py", "variant_checks.py", "games/__init__.py",
           "games/definition.py")


def _tree_stamps(folder: Path) -> list[str]:
    return tree_stamps(folder)


def tree_stamps(folder: str | os.PathLike[str], skip: tuple[str, ...] = ("ui", "__pycache__")) -> list[str]:
    """``path=stamp`` (:func:`~cardtable.deck_checks.file_stamp`) of every Python file under
    ``folder`` (its path from the ``cardtable`` folder when inside it), outside the folders
    named in ``skip``: a folder's files in name order, then its subfolders' in name order (a
    linked folder is not entered, as :func:`os.walk`)."""
    found: list[str] = []
    path = os.fspath(folder)
    try:
        shown = os.path.relpath(path, _ROOT)
    except ValueError:  # another drive
        shown = path
    _stamp_folder(path, path if shown.startswith("..") else shown, skip, found)
    return found


def _stamp_folder(folder: str, shown: str, skip: tuple[str, ...], found: list[str]) -> None:
    # os.scandir and plain strings: os.walk and a Path a file cost several times as much,
    # at every start (some 80 files).
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return
    inner = []
    for entry in entries:
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            if entry.name not in skip and not entry.is_symlink():
                inner.append(entry)
        elif entry.name.endswith(".py"):
            found.append(f"{shown}{os.sep}{entry.name}={file_stamp(entry.path)}")
    for entry in inner:
        _stamp_folder(entry.path, f"{shown}{os.sep}{entry.name}", skip, found)


def variant_file_stamps() -> list[str]:
    """``path=stamp`` of every variant file in the variant folders (any may declare a game)."""
    from cardtable.variants import variant_files
    return [f"{path}={file_stamp(path)}" for path in variant_files()]


class Verdicts:
    """The remembered verdicts, read once for one discovery and written back by :meth:`save`."""

    def __init__(self) -> None:
        self.target = cache_file(CACHE_NAME)
        self.old = read_cache(self.target)
        self.new = dict(self.old)
        self._shared: list[str] | None = None
        self._games: dict[str, str | None] = {}
        self._loading: frozenset[str] | None = None

    def _game_stamp(self, game_id: object) -> str | None:
        if not isinstance(game_id, str) or not game_id.isidentifier():
            return None
        if game_id not in self._games:
            folder = _ROOT / "games" / game_id
            if self._shared is None:
                self._shared = [__version__, *(f"{n}={file_stamp(_ROOT / n)}" for n in _SHARED),
                                *_tree_stamps(_ROOT / "engine")]
            if (folder / "__init__.py").is_file():
                self._games[game_id] = "\n".join([*self._shared, *_tree_stamps(folder)])
            else:  # a game written in a variant file: the shared code of those, and every variant file
                self._games[game_id] = "\n".join([*self._shared, *_tree_stamps(_ROOT / "yaml_games"),
                                                  *variant_file_stamps()])
        return self._games[game_id]

    def _games_loading(self) -> frozenset[str]:
        """The games that load (remembered: see :func:`cardtable.games.known_ids`), asked once."""
        if self._loading is None:
            from cardtable import games
            known = games.known_ids()
            self._loading = known if known is not None else frozenset(games.registry().games)
        return self._loading

    def _stamp(self, file: str | None, decks: Iterable[str], game_id: object) -> str | None:
        game = self._game_stamp(game_id)
        if file is None or game is None:
            return None
        return "\n".join([file, ",".join(sorted(decks)), game])

    def load(self, path: Path, known_decks: dict[str, Path],
             load: Callable[[Path, dict[str, Path]], VariantSpec]) -> VariantSpec:
        """The spec of the variant file ``path``: as remembered when nothing it depends on
        changed, else ``load(path, known_decks)`` (which raises for a bad file)."""
        from cardtable.variants import VariantSpec

        key = os.path.abspath(path)
        entry = self.old.get(key)
        if isinstance(entry, dict) and entry.get("game") in self._games_loading():
            stamp = self._stamp(file_stamp(path, content=True), known_decks, entry.get("game"))
            if stamp is not None and entry.get("stamp") == stamp:
                data = dict(entry["spec"])
                data.pop("hotkeys", None)  # remembered before the key was retired
                data.update(decks=tuple(data["decks"]), warnings=tuple(data.get("warnings", ())))
                return VariantSpec(**data, path=path)
        self.new.pop(key, None)
        before = file_stamp(path, content=True)
        spec = load(path, known_decks)
        if before is not None and before == file_stamp(path, content=True):
            self._remember(key, spec, self._stamp(before, known_decks, spec.game))
        return spec

    def _remember(self, key: str, spec: VariantSpec, stamp: str | None) -> None:
        data: dict[str, Any] = {name: getattr(spec, name) for name in
                                ("id", "name", "game", "summary", "min_seats", "max_seats", "decks",
                                 "rules", "settings", "warnings")}
        try:
            kept = json.loads(json.dumps(data, allow_nan=False))
        except (TypeError, ValueError):
            return
        if stamp is None or repr(kept["settings"]) != repr(spec.settings):
            return  # settings JSON would change (a tuple, a non-text key): check it every time
        self.new[key] = {"game": spec.game, "stamp": stamp, "spec": kept}

    def save(self) -> None:
        """Write the verdicts back when they changed."""
        if self.new != self.old:
            write_cache(self.target, self.new)
