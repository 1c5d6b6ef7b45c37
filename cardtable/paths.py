"""Every location cardtable reads or writes, in one place.

Two kinds of location:

* **Bundled data** (read-only): the repository's top-level ``assets/`` (fonts,
  icons, sounds) and ``variants/`` (one YAML a game, plus ``decks/``).  They are
  found in three situations, tried in this order:

  1. installed with pip: they ship inside the package as ``cardtable/assets``
     and ``cardtable/variants`` (see ``pyproject.toml``);
  2. a frozen PyInstaller app: ``sys._MEIPASS/cardtable/assets`` and so on
     (see ``build.spec``);
  3. a source checkout or an editable install: the checkout's top-level
     ``assets/`` and ``variants/`` folders.

* **User locations** (read-write): settings, the user's own variants, saved
  games, autosaves and logs, in the platform's usual places (platformdirs,
  ``appname="cardtable"``, no app author).  If the environment variable
  ``CARDTABLE_HOME`` is set (and not empty), all of them live under that folder
  instead, so tests and smoke runs never touch the real home folder::

      $CARDTABLE_HOME/config/settings.json
      $CARDTABLE_HOME/data/variants/
      $CARDTABLE_HOME/saves/autosave/
      $CARDTABLE_HOME/logs/

None of the functions here create folders; call :func:`ensure_dir` before
writing.
"""

from __future__ import annotations

import importlib.resources
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = [
    "APP_NAME",
    "HOME_ENV_VAR",
    "RESOURCE_NAMES",
    "asset_path",
    "autosave_dir",
    "bundled_variants_dir",
    "config_dir",
    "data_dir",
    "ensure_dir",
    "home_override",
    "logs_dir",
    "resource_dir",
    "saves_dir",
    "settings_file",
    "user_cache_dir",
    "user_variants_dir",
]

APP_NAME = "cardtable"
HOME_ENV_VAR = "CARDTABLE_HOME"
RESOURCE_NAMES = frozenset({"assets", "variants"})

_PACKAGE = "cardtable"


# --------------------------------------------------------------------------
# Bundled, read-only data
# --------------------------------------------------------------------------

def _installed_resource_dir(name: str) -> Path | None:
    """The installed ``cardtable/<name>`` folder, or None if there is none.

    This asks ``importlib.resources`` for the files of the ``cardtable``
    package itself and looks for the ``<name>`` folder inside it, rather than
    asking for ``files("cardtable.<name>")``: ``cardtable.variants`` is also the
    name of a *module* (``cardtable/variants.py``, the YAML loader), which
    shadows the data folder of the same name for the import system.
    """
    try:
        root = importlib.resources.files(_PACKAGE)
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - defensive
        return None
    if not isinstance(root, Path):
        # A zip import, or a namespace package's MultiplexedPath: not a
        # real folder we can hand out.
        return None
    candidate = root / name
    return candidate if candidate.is_dir() else None


def _frozen_resource_dir(name: str) -> Path | None:
    """``sys._MEIPASS/cardtable/<name>`` in a frozen app, else None."""
    meipass = getattr(sys, "_MEIPASS", None)
    if not meipass:
        return None
    candidate = Path(meipass) / _PACKAGE / name
    return candidate if candidate.is_dir() else None


def _checkout_resource_dir(name: str) -> Path | None:
    """The source checkout's top-level ``<name>`` folder, else None."""
    candidate = Path(__file__).resolve().parents[1] / name
    return candidate if candidate.is_dir() else None


def resource_dir(name: str) -> Path:
    """The folder of bundled, read-only data ``name`` (``"assets"`` or ``"variants"``).

    Tried in order: the installed package's ``cardtable/<name>`` folder (via
    ``importlib.resources``), the frozen app's ``sys._MEIPASS/cardtable/<name>``,
    and the source checkout's top-level ``<name>`` folder.

    Raises ValueError for any other name, and FileNotFoundError (naming the
    places tried) when none of them exists.
    """
    if name not in RESOURCE_NAMES:
        raise ValueError(
            f"unknown resource folder {name!r}; expected one of {sorted(RESOURCE_NAMES)}"
        )
    for finder in (_installed_resource_dir, _frozen_resource_dir, _checkout_resource_dir):
        found = finder(name)
        if found is not None:
            return found
    raise FileNotFoundError(
        f"bundled folder {name!r} not found: looked in the installed package "
        f"(cardtable/{name}), the frozen app (sys._MEIPASS/cardtable/{name}) and "
        f"the source checkout ({Path(__file__).resolve().parents[1] / name})"
    )


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``.

    The file is not checked for existence.
    """
    return resource_dir("assets").joinpath(*parts)


def bundled_variants_dir() -> Path:
    """The folder of the variant YAML files shipped with cardtable (holds ``decks/``)."""
    return resource_dir("variants")


# --------------------------------------------------------------------------
# User locations
# --------------------------------------------------------------------------

def _platformdirs() -> Any:
    """:mod:`platformdirs`, imported when a folder is asked for outside ``$CARDTABLE_HOME``
    (a few milliseconds of a start that never needs it)."""
    import platformdirs
    return platformdirs


def user_cache_dir() -> Path:
    """The platform's user cache folder for cardtable (``$CARDTABLE_HOME`` aside)."""
    return Path(_platformdirs().user_cache_dir(APP_NAME, appauthor=False))


def home_override() -> Path | None:
    """The folder named by ``$CARDTABLE_HOME`` (absolute, ``~`` expanded), or None if unset or empty."""
    value = os.environ.get(HOME_ENV_VAR, "").strip()
    if not value:
        return None
    return Path(value).expanduser().resolve()


def _home_or(name: str, elsewhere: Callable[[], str | Path]) -> Path:
    """``$CARDTABLE_HOME/<name>`` when that variable is set, else ``elsewhere()``."""
    home = home_override()
    return home / name if home is not None else Path(elsewhere())


def config_dir() -> Path:
    """The folder for configuration (``settings.json``).

    ``$CARDTABLE_HOME/config`` if set, else the platform's user config folder.
    """
    return _home_or("config", lambda: _platformdirs().user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder for the user's own data (their variants, saved games).

    ``$CARDTABLE_HOME/data`` if set, else the platform's user data folder.
    """
    return _home_or("data", lambda: _platformdirs().user_data_dir(APP_NAME, appauthor=False))


def user_variants_dir() -> Path:
    """The folder where the user's own variant YAML files live: ``data_dir()/"variants"``."""
    return data_dir() / "variants"


def saves_dir() -> Path:
    """The folder for saved games.

    ``$CARDTABLE_HOME/saves`` if set, else ``data_dir()/"saves"``.
    """
    return _home_or("saves", lambda: data_dir() / "saves")


def autosave_dir() -> Path:
    """The folder for automatic saves: ``saves_dir()/"autosave"``."""
    return saves_dir() / "autosave"


def logs_dir() -> Path:
    """The folder for log files.

    ``$CARDTABLE_HOME/logs`` if set, else the platform's user log folder.
    """
    return _home_or("logs", lambda: _platformdirs().user_log_dir(APP_NAME, appauthor=False))


def settings_file() -> Path:
    """The settings file: ``config_dir()/"settings.json"``."""
    return config_dir() / "settings.json"


def stamped_path(folder: Path, stem: str, suffix: str) -> Path:
    """A new file in ``folder`` named for now: ``<stem>-<YYYYmmdd-HHMMSS><suffix>``, or
    with ``-2``, ``-3``, ... after the time when that is taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stem}-{stamp}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{stamp}-{number}{suffix}"
        number += 1
    return path


def ensure_dir(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` (and its parents) if missing and return it as a Path.

    Raises NotADirectoryError if ``path`` exists and is not a folder.
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} exists and is not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shown(path: Path) -> str:
    """``path`` as a screen shows it: ``~`` for the user's home folder when it lies inside.

    >>> shown(Path.home() / "saves") == "~" + os.sep + "saves"
    True
    >>> shown(Path(os.sep) / "elsewhere") == os.sep + "elsewhere"
    True
    """
    try:
        inside = path.relative_to(Path.home())
    except (ValueError, RuntimeError):  # not under home, or no home folder at all
        return str(path)
    return "~" if not inside.parts else os.path.join("~", inside)
