"""User settings: a frozen dataclass, loaded forgivingly and saved atomically.

Change a setting with ``dataclasses.replace(settings, sound=False)``; the
constructor validates every field and raises ValueError for a bad value.

Loading never raises.  A missing file gives the defaults silently.  A file
that cannot be read as a JSON object is moved aside to ``settings.json.bad``
(or ``settings.json.bad.1``, ``.bad.2`` ...: an earlier one is never overwritten)
and the defaults are used.  A field of the wrong type or out of range is
ignored (its default is used); the rest of the file is kept, and a copy of
the original is kept as ``settings.json.bad`` because the next save will
overwrite the user's value.  Every such event is reported as a human-readable
warning for the UI to show.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable import paths
from cardtable.storage import StorageError, read_json, write_json

_log = logging.getLogger(__name__)

__all__ = [
    "BOT_SPEEDS",
    "LOG_LEVELS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "THEMES",
    "Settings",
    "UI_SCALE_MAX",
    "UI_SCALE_MIN",
    "WINDOW_SIZE_MAX",
    "WINDOW_SIZE_MIN",
    "default_player_names",
    "load_settings",
    "save_settings",
]

MAX_PLAYERS = 8
MAX_NAME_LENGTH = 32
UI_SCALE_MIN = 0.75
UI_SCALE_MAX = 2.0
BOT_SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""The computer players' speeds: their pause before a move is divided by the speed."""
WINDOW_SIZE_MIN = (320, 240)
WINDOW_SIZE_MAX = (16384, 16384)
LOG_LEVELS = ("debug", "info", "warning", "error")  # the same as cardtable.logs.LOG_LEVELS
THEMES = ("standard", "high contrast")
"""The colour themes (:mod:`cardtable.ui.theme`)."""


def default_player_names() -> tuple[str, ...]:
    """The default seat names: "Player 1" .. "Player 8"."""
    return tuple(f"Player {number}" for number in range(1, MAX_PLAYERS + 1))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything the user can set.  Immutable; change with ``dataclasses.replace``.

    >>> s = Settings()
    >>> s.ui_scale, s.player_names[0], len(s.player_names)
    (1.0, 'Player 1', 8)
    >>> dataclasses.replace(s, sound=False).sound
    False
    >>> Settings.from_json(s.to_json()) == s
    True
    """

    player_names: tuple[str, ...] = field(default_factory=default_player_names)
    sound: bool = True
    hover_magnify: bool = True
    ui_scale: float = 1.0
    bot_speed: float = 1.0
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    show_frame_time: bool = False
    last_variant: str | None = None
    log_level: str = "info"
    lessons_offered: tuple[str, ...] = ()
    """The games whose lesson was offered when they were first opened (each is offered once)."""
    speech: bool | None = None
    """Say the game aloud (:mod:`cardtable.speech`): True, False, or None for "when a screen reader is found"."""
    theme: str = "standard"
    """The colours: one of :data:`THEMES`."""
    key_map: tuple[tuple[str, int], ...] = ()
    """Keys chosen in Settings: (a table key's id, the key code that replaces its first key);
    :mod:`cardtable.ui.key_map` refuses, with a reason, one no table knows or one that clashes."""

    def __post_init__(self) -> None:
        names = self.player_names
        if (not isinstance(names, tuple) or len(names) != MAX_PLAYERS
                or not all(isinstance(n, str) and n.strip() and len(n) <= MAX_NAME_LENGTH
                           and _usable_text(n) for n in names)):
            raise ValueError(
                f"player_names must be a tuple of {MAX_PLAYERS} non-blank strings of at most "
                f"{MAX_NAME_LENGTH} characters, not {names!r}"
            )
        for name in ("sound", "hover_magnify", "fullscreen", "show_frame_time"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if not _is_number(self.ui_scale) or not UI_SCALE_MIN <= self.ui_scale <= UI_SCALE_MAX:
            raise ValueError(
                f"ui_scale must be a number from {UI_SCALE_MIN} to {UI_SCALE_MAX}, "
                f"not {self.ui_scale!r}"
            )
        if self.bot_speed not in BOT_SPEEDS or isinstance(self.bot_speed, bool):
            raise ValueError(f"bot_speed must be one of {', '.join(map(str, BOT_SPEEDS))}, not {self.bot_speed!r}")
        size = self.window_size
        if (not isinstance(size, tuple) or len(size) != 2 or not all(_is_int(v) for v in size)
                or not all(lo <= v <= hi for v, lo, hi in zip(size, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX))):
            raise ValueError(
                f"window_size must be a (width, height) tuple of integers from "
                f"{WINDOW_SIZE_MIN} to {WINDOW_SIZE_MAX}, not {size!r}"
            )
        if self.last_variant is not None and (
                not isinstance(self.last_variant, str) or not self.last_variant
                or not _usable_text(self.last_variant)):
            raise ValueError(f"last_variant must be a non-empty string or None, not {self.last_variant!r}")
        if self.log_level not in LOG_LEVELS:
            raise ValueError(f"log_level must be one of {', '.join(LOG_LEVELS)}, not {self.log_level!r}")
        if self.speech is not None and not isinstance(self.speech, bool):
            raise ValueError(f"speech must be True, False or None, not {self.speech!r}")
        if self.theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {self.theme!r}")
        if not _key_map_ok(self.key_map):
            raise ValueError(f"key_map must be at most {MAX_KEY_MAP} (id, key code) pairs, not {_short(self.key_map)}")
        offered = self.lessons_offered
        if not isinstance(offered, tuple) or not all(isinstance(g, str) and g and len(g) <= 200
                                                     and _usable_text(g) for g in offered):
            raise ValueError(f"lessons_offered must be a tuple of game ids, not {offered!r}")

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict (tuples become lists)."""
        return {
            "player_names": list(self.player_names),
            "sound": self.sound,
            "hover_magnify": self.hover_magnify,
            "ui_scale": self.ui_scale,
            "bot_speed": self.bot_speed,
            "window_size": list(self.window_size),
            "fullscreen": self.fullscreen,
            "show_frame_time": self.show_frame_time,
            "last_variant": self.last_variant,
            "log_level": self.log_level,
            "lessons_offered": list(self.lessons_offered),
            "speech": self.speech,
            "theme": self.theme,
            "key_map": dict(self.key_map),
        }

    @classmethod
    def from_json(cls, data: Any, warnings: list[str] | None = None) -> Settings:
        """Build Settings from parsed JSON, never raising.

        Missing keys take their defaults silently.  A field of the wrong type or
        out of range is ignored (its default is used) and a warning is appended
        to ``warnings`` if given; so are unknown keys and a ``data`` that is not
        a JSON object at all (then every field takes its default).

        >>> w = []
        >>> Settings.from_json({"ui_scale": 9, "sound": False}, w).ui_scale
        1.0
        >>> w
        ['ui_scale: 9 is out of range 0.75..2.0; default 1.0 used']
        """
        notes: list[str] = [] if warnings is None else warnings
        if not isinstance(data, dict):
            notes.append(f"settings are not a JSON object (got {type(data).__name__}); defaults used")
            return cls()
        defaults = cls()
        values: dict[str, Any] = {}

        def bad(key: str, why: str) -> None:
            notes.append(f"{key}: {why}; default {getattr(defaults, key)!r} used")

        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                notes.append(f"unknown setting {_short(key)} ignored")

        if "player_names" in data:
            names = data["player_names"]
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                bad("player_names", f"expected a list of strings, got {_short(names)}")
            elif not all(_usable_text(n) for n in names):
                bad("player_names", "a name holds a NUL character or an unpaired surrogate")
            else:
                merged = list(defaults.player_names)
                for index, name in enumerate(names[:MAX_PLAYERS]):
                    name = name.strip()
                    if len(name) > MAX_NAME_LENGTH:
                        notes.append(
                            f"player_names: name {index + 1} is longer than "
                            f"{MAX_NAME_LENGTH} characters; shortened"
                        )
                        name = name[:MAX_NAME_LENGTH].rstrip()
                    if name:
                        merged[index] = name
                if len(names) > MAX_PLAYERS:
                    notes.append(f"player_names: only the first {MAX_PLAYERS} names kept")
                values["player_names"] = tuple(merged)

        for key in ("sound", "hover_magnify", "fullscreen", "show_frame_time"):
            if key in data:
                if isinstance(data[key], bool):
                    values[key] = data[key]
                else:
                    bad(key, f"expected true or false, got {_short(data[key])}")

        if "ui_scale" in data:
            scale = data["ui_scale"]
            if not _is_number(scale):
                bad("ui_scale", f"expected a number, got {_short(scale)}")
            elif not UI_SCALE_MIN <= scale <= UI_SCALE_MAX:
                bad("ui_scale", f"{_short(scale)} is out of range {UI_SCALE_MIN}..{UI_SCALE_MAX}")
            else:
                values["ui_scale"] = float(scale)

        if "bot_speed" in data:
            speed = data["bot_speed"]
            if _is_number(speed) and speed in BOT_SPEEDS:
                values["bot_speed"] = float(speed)
            else:
                bad("bot_speed", f"expected one of {', '.join(map(str, BOT_SPEEDS))}, got {_short(speed)}")

        if "window_size" in data:
            size = data["window_size"]
            if not isinstance(size, list) or len(size) != 2 or not all(_is_int(v) for v in size):
                bad("window_size", f"expected [width, height] in whole pixels, got {_short(size)}")
            elif not all(lo <= v <= hi for v, lo, hi in zip(size, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX)):
                bad("window_size", f"{_short(size)} is out of range {list(WINDOW_SIZE_MIN)}..{list(WINDOW_SIZE_MAX)}")
            else:
                values["window_size"] = (size[0], size[1])

        if "last_variant" in data:
            variant = data["last_variant"]
            if variant is None or (isinstance(variant, str) and variant and len(variant) <= 200
                                   and _usable_text(variant)):
                values["last_variant"] = variant
            else:
                bad("last_variant", f"expected a variant name or null, got {_short(variant)}")

        if "log_level" in data:
            level = data["log_level"]
            if isinstance(level, str) and level.lower() in LOG_LEVELS:
                values["log_level"] = level.lower()
            else:
                bad("log_level", f"expected one of {', '.join(LOG_LEVELS)}, got {_short(level)}")

        if "lessons_offered" in data:
            offered = data["lessons_offered"]
            if (isinstance(offered, list) and len(offered) <= 1000
                    and all(isinstance(g, str) and g and len(g) <= 200 and _usable_text(g) for g in offered)):
                values["lessons_offered"] = tuple(dict.fromkeys(offered))
            else:
                bad("lessons_offered", f"expected a list of game ids, got {_short(offered)}")

        if "speech" in data:
            if data["speech"] is None or isinstance(data["speech"], bool):
                values["speech"] = data["speech"]
            else:
                bad("speech", f"expected true, false or null, got {_short(data['speech'])}")

        if "theme" in data:
            if data["theme"] in THEMES:
                values["theme"] = data["theme"]
            else:
                bad("theme", f"expected one of {', '.join(THEMES)}, got {_short(data['theme'])}")

        if "key_map" in data:
            keys = data["key_map"]
            pairs = tuple(keys.items()) if isinstance(keys, dict) else None
            if pairs is not None and _key_map_ok(pairs):
                values["key_map"] = pairs
            else:
                bad("key_map", f"expected at most {MAX_KEY_MAP} entries of a key's id and its key code, "
                               f"got {_short(keys)}")

        return cls(**values)


MAX_KEY_MAP = 200
"""The most remapped keys a settings file may hold."""
_KEY_ID = re.compile(r"[a-z][a-z0-9_]{0,47}\.[a-z0-9_]{1,16}")


def _key_map_ok(pairs: Any) -> bool:
    """True for a tuple of at most :data:`MAX_KEY_MAP` ``(id, key code)`` pairs, each id once
    ("flip.f": a binding's handler and first key), each code a positive 31-bit integer."""
    return (isinstance(pairs, tuple) and len(pairs) <= MAX_KEY_MAP
            and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) and _KEY_ID.fullmatch(p[0])
                    and _is_int(p[1]) and 0 < p[1] < 2 ** 31 for p in pairs)
            and len({p[0] for p in pairs}) == len(pairs))


# ------------------------------------------------------------------ files

def _bad_path(path: Path) -> Path:
    """A name to keep a bad settings file under that no earlier one has:
    ``settings.json.bad``, then ``settings.json.bad.1``, ``.bad.2`` ..."""
    candidate = path.with_name(path.name + ".bad")
    number = 0
    while os.path.lexists(candidate):
        number += 1
        candidate = path.with_name(f"{path.name}.bad.{number}")
    return candidate


_MAX_NOTES = 12
"""At most this many warnings about single settings are shown."""


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for warnings the screen shows."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        text = f"<{type(value).__name__} too long to show>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _usable_text(text: str) -> bool:
    """False for text no font or file can take: a NUL or an unpaired surrogate."""
    return "\x00" not in text and not any("\ud800" <= c <= "\udfff" for c in text)


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """Load settings from ``path`` (default: ``paths.settings_file()``); never raises.

    Returns the settings and a list of human-readable warnings (empty when all
    was well, including when the file does not exist yet).  A corrupt file
    (unreadable, not a regular file, too big, not JSON, an integer too long to
    read) is moved aside to ``<name>.bad`` (``<name>.bad.1`` ... when that is
    taken: an earlier one is never overwritten); a file with some bad fields is
    copied there.  Nothing is written here: the caller writes the defaults after.
    """
    target = Path(path) if path is not None else paths.settings_file()
    warnings: list[str] = []
    try:
        try:
            data = read_json(target)
        except StorageError as exc:
            if exc.missing:
                return Settings(), warnings
            bad = _bad_path(target)
            try:
                os.replace(target, bad)
                kept = f"the broken file kept as {bad.name}"
            except OSError as move_error:
                kept = f"the broken file could not be moved aside ({move_error.strerror or move_error})"
            warnings.append(f"{target.name} was corrupt ({exc.reason}); defaults used and {kept}")
            return Settings(), warnings

        field_notes: list[str] = []
        settings = Settings.from_json(data, field_notes)
        if field_notes:
            bad = _bad_path(target)
            whole = not isinstance(data, dict)
            try:
                if whole:
                    os.replace(target, bad)
                else:
                    shutil.copyfile(target, bad)
                kept = f"the original kept as {bad.name}"
            except OSError as copy_error:
                kept = f"the original could not be kept ({copy_error.strerror or copy_error})"
            if whole:
                warnings.append(f"{target.name} was corrupt ({field_notes[0]}); {kept}")
            else:
                shown = field_notes[:_MAX_NOTES]
                warnings.extend(f"{target.name}: {note}" for note in shown)
                if len(field_notes) > len(shown):
                    warnings.append(f"{target.name}: {len(field_notes) - len(shown)} more problems")
                warnings.append(f"{target.name}: the other settings were loaded; {kept}")
        return settings, warnings
    except Exception as exc:  # noqa: BLE001 - loading settings must never stop the app
        _log.exception("settings %s could not be loaded; defaults used", target)
        warnings.append(f"{target.name} could not be loaded ({exc}); defaults used")
        return Settings(), warnings


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> None:
    """Save ``settings`` to ``path`` (default: ``paths.settings_file()``) atomically.

    Creates the folder if needed.  Errors (e.g. a read-only disk) are raised
    as OSError for the caller to report.
    """
    target = Path(path) if path is not None else paths.settings_file()
    paths.ensure_dir(target.parent)
    write_json(target, settings.to_json())
