"""A full screen that Back (or Esc) closes: About, Settings, Statistics."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.ui.scene import Scene
from cardtable.ui.widgets import Button, WidgetGroup


class BackScreen(Scene):
    """A screen over the menu with its widgets in ``widgets``; Esc closes it."""

    SPOKEN = ""
    """The screen's title as speech says it when the screen opens."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.layout()

    def spoken_title(self) -> str:
        """The title and the keys every such screen has."""
        return f"{self.SPOKEN}. Tab moves between the controls, Esc goes back." if self.SPOKEN else ""

    def layout(self) -> None:
        """Place the widgets for the window's size (subclasses)."""

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def back_button(self, px: Callable[[float], int], at: tuple[int, int] | None = None, *,
                    width: int = 150, primary: bool = False) -> Button:
        """The "◀ Back" button, at the bottom left unless ``at`` (pixels) says where."""
        x, y = at if at is not None else (px(40), self.app.screen.get_height() - px(74))
        return Button((x, y, px(width), px(48)), self.app.fonts, "◀ Back", self.close, size=px(20), hotkey="Esc",
                      primary=primary)

    def close(self) -> None:
        """Back to where the screen was opened."""
        self.app.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.widgets_or_escape(event, self.close) or self.handle_more(event)

    def handle_more(self, event: pygame.event.Event) -> bool:
        """The screen's other events (subclasses)."""
        return False
