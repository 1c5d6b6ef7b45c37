"""A small modal box over the scene below: a title, a few lines, two buttons.

The saves list's "Delete this save?", the start-up "Resume the interrupted game?" and
the table's standings are all this box: :class:`Dialog` places the panel in the middle
of the window, the two buttons along its bottom (the one to the right is the main
choice), gives the focus to the safe one so Enter does no harm, keeps them in place when
the window changes size, and closes on Esc with :meth:`Dialog.escape`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable.ui.scene import Overlay
from cardtable.ui.text import fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup


@dataclass(frozen=True)
class Choice:
    """One of a dialog's buttons: its label, what it does, its key, whether it is the
    main choice (drawn bold) and whether it has the focus when the dialog opens."""

    label: str
    action: Callable[[], None]
    hotkey: str = ""
    primary: bool = False
    focused: bool = False


class Dialog(Overlay, ABC):
    """A modal box with ``title``, :meth:`draw_body`, and :meth:`choices` (right, left)."""

    title = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.layout()

    def spoken_title(self) -> str:
        """The box's title and its two choices."""
        right, left = self.choices()
        options = " or ".join(f"{c.label}" + (f" ({c.hotkey})" if c.hotkey else "") for c in (left, right) if c)
        return f"{self.title}. {options}." if self.title else f"{options}."

    def panel_height(self) -> int:
        """The box's height (subclasses with more lines make it taller)."""
        return self.app.px(240)

    def panel(self) -> pygame.Rect:
        """The box, in the middle of the window."""
        w, h = self.app.screen.get_size()
        px = self.app.px
        width, height = min(px(620), w - px(40)), self.panel_height()
        return pygame.Rect(w // 2 - width // 2, max(px(20), h // 2 - height // 2), width, height)

    @abstractmethod
    def choices(self) -> tuple[Choice, Choice | None]:
        """The button at the right end of the box and the one at the left (or None)."""

    def layout(self) -> None:
        """Place the buttons along the bottom of the box; focus the one that asks for it."""
        p, px, fonts = self.panel(), self.app.px, self.app.fonts
        group = WidgetGroup()
        right, left = self.choices()
        for choice, x in ((right, p.right - px(200)), (left, p.x + px(20))):
            if choice is None:
                continue
            button = group.add(Button((x, p.bottom - px(66), px(180), px(48)), fonts, choice.label, choice.action,
                                      size=px(19), primary=choice.primary, hotkey=choice.hotkey))
            if choice.focused:
                group.focus(button)
        self.widgets = group

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.layout()

    def close(self) -> None:
        """Take the box away."""
        self.app.scenes.remove(self)

    def escape(self) -> None:
        """What Esc does: close (subclasses may do more)."""
        self.close()

    def handle(self, event: pygame.event.Event) -> bool:
        self.widgets_or_escape(event, self.escape)
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        p, px, fonts = self.panel(), self.app.px, self.app.fonts
        pygame.draw.rect(surface, THEME.panel, p, border_radius=px(14))
        pygame.draw.rect(surface, THEME.panel_edge, p, 2, border_radius=px(14))
        surface.blit(fonts.render(self.title, px(26), THEME.accent, bold=True), (p.x + px(24), p.y + px(18)))
        self.draw_body(surface, p)
        self.widgets.draw(surface)

    def draw_body(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """What the box says between its title and its buttons (subclasses)."""

    def draw_lines(self, surface: pygame.Surface, panel: pygame.Rect, lines: list[tuple[str, tuple[int, int, int]]],
                   top: int = 66) -> None:
        """Lines of text (each with its colour) from ``top`` (unscaled) down, cut to the box."""
        px, fonts = self.app.px, self.app.fonts
        y = panel.y + px(top)
        for line, ink in lines:
            surface.blit(fonts.render(fit_text(fonts, line, px(17), panel.width - px(48)), px(17), ink),
                         (panel.x + px(24), y))
            y += px(28)
