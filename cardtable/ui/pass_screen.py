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

BUTTON_PAD = 24
"""Room (at scale 1) between the ready button's words and its edges."""
MARGIN = 24
"""Room (at scale 1) kept between the screen's words and the window's sides."""


class PassScreen(Scene):
    """Hides the table until ``name`` is at the screen; then calls ``on_ready`` (Esc calls
    ``on_cancel`` where one is given: the screen goes, nothing is shown)."""

    def __init__(self, app, name: str, on_ready: Callable[[], None], *, note: str = "",
                 on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name, self.on_ready, self.note, self.on_cancel = name, on_ready, note, on_cancel
        self.widgets = WidgetGroup()
        self.layout()

    def layout(self) -> None:
        """Centre the ready button, as wide as its words and :data:`BUTTON_PAD` either side
        (at least 340 pixels at scale 1), its type smaller only if the window is too narrow."""
        w, h = self.app.screen.get_size()
        px, fonts = self.app.px, self.app.fonts
        label = f"I am {self.name}: show my cards"
        most = w - 2 * px(MARGIN)
        size = fonts.fit_size(label, most - 2 * px(BUTTON_PAD), px(20), bold=True)
        width = min(most, max(px(340), fonts.size_of(label, size, True)[0] + 2 * px(BUTTON_PAD)))
        button = Button((w // 2 - width // 2, h // 2 + px(40), width, px(56)), fonts, label, self.ready, size=size,
                        primary=True, hotkey="Enter")
        self.widgets = WidgetGroup([button])
        self.widgets.focus(button)

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def spoken_title(self) -> str:
        """Whom the screen waits for (nothing of the game)."""
        return f"Pass to {self.name}. {self.name}: press Enter when you are at the screen."

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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_cancel is not None:
            self.app.scenes.remove(self)
            self.on_cancel()
            return True
        return True  # nothing reaches the table while the screen is passed

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        w, h = surface.get_size()
        surface.fill(THEME.backdrop)
        most = w - 2 * px(MARGIN)  # (a long name sets the title smaller rather than past the window)
        heading = f"Pass to {self.name}"
        title = fonts.render(heading, fonts.fit_size(heading, most, px(54), bold=True), THEME.accent, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - px(70))))
        sub = self.note or "Everyone else: look away. The cards stay hidden until you are ready."
        img = fonts.render(sub, fonts.fit_size(sub, most, px(18)), THEME.text_dim)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2 - px(10))))
        self.widgets.draw(surface)
