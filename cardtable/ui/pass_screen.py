"""The "pass to NAME" screen that stands between two people's turns on one screen.

It is opaque and shows nothing of the game: the next person takes the mouse,
and only when they say they are ready (click, Enter or Space) does the table come
back showing their cards.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.ui.scene import Scene
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup


class PassScreen(Scene):
    """Hides the table until ``name`` is at the screen; then calls ``on_ready``."""

    def __init__(self, app, name: str, on_ready: Callable[[], None], *, note: str = "") -> None:
        super().__init__(app)
        self.name, self.on_ready, self.note = name, on_ready, note
        self.widgets = WidgetGroup()
        self.layout()

    def layout(self) -> None:
        """Centre the ready button."""
        w, h = self.app.screen.get_size()
        px = self.app.px
        button = Button((w // 2 - px(170), h // 2 + px(40), px(340), px(56)), self.app.fonts,
                        f"I am {self.name}: show my cards", self.ready, size=px(20), primary=True, hotkey="Enter")
        self.widgets = WidgetGroup([button])
        self.widgets.focus(button)

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def ready(self) -> None:
        """The named person is at the screen."""
        self.app.scenes.remove(self)
        self.on_ready()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.ready()
            return True
        return True  # nothing reaches the table while the screen is passed

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        w, h = surface.get_size()
        surface.fill(THEME.backdrop)
        title = fonts.render(f"Pass to {self.name}", px(54), THEME.accent, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - px(70))))
        sub = self.note or "Everyone else: look away. The cards stay hidden until you are ready."
        img = fonts.render(sub, px(18), THEME.text_dim)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 - px(10))))
        self.widgets.draw(surface)
