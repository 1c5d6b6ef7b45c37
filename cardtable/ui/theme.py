"""Colours and sizes the whole interface shares, in the chosen theme (:func:`apply_theme`)."""

from __future__ import annotations

RGB = tuple[int, int, int]


class Theme:
    """The palette. One object so that a scene never invents a colour of its own.

    The colours are class attributes, read-only through an instance: a frozen dataclass of
    these 22 fields cost about 2 ms of every start to make, for one object nothing compares.
    """

    __slots__ = ()

    felt: RGB = (21, 94, 52)
    felt_dark: RGB = (14, 66, 37)
    felt_line: RGB = (30, 110, 64)
    panel: RGB = (24, 30, 38)
    panel_edge: RGB = (70, 84, 100)
    backdrop: RGB = (16, 20, 26)
    text: RGB = (236, 240, 244)
    text_dim: RGB = (150, 162, 176)
    text_disabled: RGB = (105, 112, 122)
    error: RGB = (255, 120, 110)
    accent: RGB = (230, 176, 60)
    focus: RGB = (250, 210, 90)
    button: RGB = (44, 54, 68)
    button_hover: RGB = (60, 74, 92)
    button_down: RGB = (80, 98, 120)
    button_primary: RGB = (40, 110, 70)
    button_disabled: RGB = (36, 40, 46)
    border: RGB = (88, 102, 120)
    field: RGB = (18, 22, 28)
    highlight: RGB = (255, 220, 80)
    selection: RGB = (46, 90, 150)
    shadow: tuple[int, int, int, int] = (0, 0, 0, 90)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the theme is read-only (tried to set {name})")


THEME = Theme()

STANDARD: dict[str, object] = {name: value for name, value in vars(Theme).items()
                               if isinstance(value, tuple)}
"""The standard palette, as the class holds it before any theme is applied."""

HIGH_CONTRAST: dict[str, object] = {
    **STANDARD,
    "felt": (0, 48, 24), "felt_dark": (0, 30, 14), "felt_line": (255, 255, 255),
    "panel": (0, 0, 0), "panel_edge": (255, 255, 255), "backdrop": (0, 0, 0),
    "text": (255, 255, 255), "text_dim": (230, 230, 230), "text_disabled": (170, 170, 170),
    "error": (255, 140, 140), "accent": (255, 230, 0), "focus": (0, 255, 255),
    "button": (0, 0, 0), "button_hover": (40, 40, 90), "button_down": (0, 70, 140),
    "button_primary": (0, 80, 0), "button_disabled": (30, 30, 30), "border": (255, 255, 255),
    "field": (0, 0, 0), "highlight": (255, 255, 0), "selection": (0, 90, 200),
}
"""White on black, every edge drawn white, the focus ring cyan (a colour no card or chip
uses): for low vision (chosen on the settings screen)."""

THEMES: dict[str, dict[str, object]] = {"standard": STANDARD, "high contrast": HIGH_CONTRAST}
"""The palettes by the name the settings keep (:data:`cardtable.settings.THEMES`)."""


def apply_theme(name: str) -> bool:
    """Put the palette ``name`` in place for every screen (an unknown name: the standard);
    True when a colour changed (screens that painted layers in the old ones lay out again)."""
    palette = THEMES.get(name, STANDARD)
    changed = any(getattr(Theme, key) != value for key, value in palette.items())
    for key, value in palette.items():
        setattr(Theme, key, value)
    return changed
