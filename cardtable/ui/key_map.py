"""Keys a person chose in Settings, for the game tables and the free table.

Every table declares its keys once, as :class:`~cardtable.ui.table_parts.KeyBinding`\\ s;
:func:`key_groups` gathers them by the table they act on. A binding's first key can be
replaced (:func:`why_not` says why a key is refused: a key every screen keeps, or one another
key of the same table already has); :func:`apply` puts the settings' choices into
:data:`~cardtable.ui.table_parts.REMAPPED`, which :func:`~cardtable.ui.table_parts.dispatch_key`
and help read, so every table honours them and help names the key chosen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pygame

from cardtable.ui.table_parts import DIGITS, ENTER, REMAPPED, KeyBinding, key_word

KEPT = frozenset((pygame.K_ESCAPE, pygame.K_TAB, pygame.K_SPACE, pygame.K_F1, pygame.K_F3, pygame.K_F11,
                  pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                  pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK,
                  pygame.K_MODE, *ENTER))
"""Keys every screen keeps for itself (back, the focus, pressing a control, help, full
screen, the modifiers): never given to a binding, and a binding on them is not remapped."""

FIXED_FIRST = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, *DIGITS)) | KEPT
"""A binding whose first key is one of these is not remapped (the arrows go together, the
number keys name the n-th thing)."""

_NAMES = {"return": "Enter", "escape": "Esc", "keypad enter": "Keypad Enter", "page up": "PgUp",
          "page down": "PgDn", "delete": "Delete", "backspace": "Backspace"}


def key_label(key: int) -> str:
    """A key as the screen names it: "Q", "F5", "Enter", "[".

    >>> key_label(pygame.K_q), key_label(pygame.K_RETURN)
    ('Q', 'Enter')
    """
    name = pygame.key.name(key) if pygame.get_init() else ""
    if not name:  # (before pygame starts, and for a code SDL has no name for)
        name = chr(key) if 32 < key < 127 else key_word(key)
    if len(name) == 1:
        return name.upper()
    return _NAMES.get(name, name.title() if not name[0].isalpha() or " " in name else name[0].upper() + name[1:])


def relabel(label: str, old: str, new: str) -> str:
    """``label`` with the key ``old`` named ``new`` wherever it stands as a key of its own
    ("D / Shift+D" -> "Q / Shift+Q"); else the new key before the old label.

    >>> relabel("D / Shift+D", "D", "Q"), relabel("Ctrl+Z / Ctrl+Y", "Z", "U"), relabel("Wheel", "+", "Q")
    ('Q / Shift+Q', 'Ctrl+U / Ctrl+Y', 'Q (Wheel)')
    """
    pattern = rf"(?<![A-Za-z0-9]){re.escape(old)}(?![A-Za-z0-9])"
    if re.search(pattern, label):
        return re.sub(pattern, new.replace("\\", "\\\\"), label)
    return f"{new} ({label})"


def hotkey(binding_id: str, default: str) -> str:
    """A button's hotkey as shown (its tooltip): ``default``, or the key chosen in Settings for
    the binding ``binding_id``.

    >>> hotkey("flip.f", "F")
    'F'
    """
    new = REMAPPED.get(binding_id)
    return default if new is None else relabel(default, default.split("+")[-1], key_label(new))


def button_hotkey(bindings: Iterable[KeyBinding], action: object, key: str) -> str:
    """The hotkey a button doing ``action`` shows: ``key``, or the key chosen in Settings in
    place of it, where the binding of the same handler has ``key`` as its first key."""
    if not REMAPPED or not key:
        return key
    name = getattr(action, "__name__", "")
    last = key.split("+")[-1].lower()
    for binding in bindings:
        if binding.handler == name and binding.id in REMAPPED and key_label(binding.keys[0]).lower() == last:
            return hotkey(binding.id, key)
    return key


def remappable(binding: KeyBinding) -> bool:
    """True when Settings may give the binding another first key."""
    return binding.keys[0] not in FIXED_FIRST


def key_groups() -> list[tuple[str, list[KeyBinding], list[KeyBinding]]]:
    """The tables' keys: (the table's name, the bindings listed under it, every binding that
    acts at that table), the free table's first, then the keys every game table shares, then
    each game's own. A key is refused when another binding acting at a table it acts at has it."""
    from cardtable import games
    from cardtable.games.free_table.ui.keys import CTRL_KEYS, FOCUS_KEYS, KEYS
    from cardtable.ui.game_table import GameTableScene
    free = [*FOCUS_KEYS, *KEYS, *CTRL_KEYS]
    shared = list(GameTableScene.TABLE_KEYS)
    groups: list[tuple[str, list[KeyBinding], list[KeyBinding]]] = [
        ("Free table", free, free), ("Every game table", shared, shared)]
    names: dict[Any, list[str]] = {}
    for definition in games.registry().games.values():
        try:
            table = getattr(definition.table_module(), "TABLE", None)
        except Exception:  # noqa: BLE001 - a game that does not load has no keys to list
            continue
        if table is not None:
            names.setdefault(table.scene, []).append(definition.name)
    for scene, titles in names.items():
        own = [*scene.KEYS, *scene.BET_KEYS]
        groups.append((", ".join(titles), own, [*shared, *own]))
    return groups


def _sharing(binding_id: str) -> list[list[KeyBinding]]:
    return [together for _title, _shown, together in key_groups() if any(b.id == binding_id for b in together)]


def known() -> dict[str, KeyBinding]:
    """Every remappable binding by its id."""
    return {b.id: b for _title, _shown, together in key_groups() for b in together if remappable(b)}


def why_not(binding_id: str, key: int, chosen: dict[str, int] | None = None) -> str | None:
    """Why ``key`` cannot take the place of the binding's first key (None: it can), the
    other choices ``chosen`` (default: those in force) counted."""
    chosen = dict(REMAPPED if chosen is None else chosen)
    binding = known().get(binding_id)
    if binding is None:
        return f"no table has a key {binding_id!r} that can be changed"
    if not isinstance(key, int) or isinstance(key, bool) or not 0 < key < 2 ** 31:
        return f"{key!r} is not a key"
    if key in KEPT:
        return f"{key_label(key)} is kept for every screen (back, focus, press, help, full screen)"
    chosen.pop(binding_id, None)
    ctrl = bool(binding.mods & pygame.KMOD_CTRL)
    for bindings in _sharing(binding_id):
        for other in bindings:
            if other.id == binding_id or bool(other.mods & pygame.KMOD_CTRL) != ctrl:
                continue
            new = chosen.get(other.id)
            keys = other.keys if new is None else (new, *other.keys[1:])
            if key in keys:
                return f"{key_label(key)} already does \"{other.does}\""
    return None


def apply(pairs: Iterable[tuple[str, int]]) -> list[str]:
    """Put the settings' key choices in force (those before are dropped); returns why any
    was refused (an unknown binding, a kept key, a key taken twice), in words."""
    REMAPPED.clear()
    refused: list[str] = []
    chosen: dict[str, int] = {}
    for binding_id, key in pairs:
        why = why_not(binding_id, key, chosen)
        if why is not None:
            refused.append(f"key_map: {binding_id!r} -> {key!r} refused: {why}")
            continue
        chosen[binding_id] = key
    REMAPPED.update(chosen)
    return refused
