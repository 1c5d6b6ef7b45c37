"""Colours and sizes the whole interface shares."""

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
