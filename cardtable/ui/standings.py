"""The standings: who has how many chips. Shown when the players leave or the match ends."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.ui.scene import Overlay
from cardtable.ui.table_parts import plural
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup


class StandingsOverlay(Overlay):
    """A list of ``(name, chips)``, most first, with Leave and (unless over) Keep playing."""

    def __init__(self, app, standings: list[tuple[str, int]], *, over: bool, on_leave: Callable[[], None],
                 title: str = "Standings") -> None:
        super().__init__(app)
        self.standings, self.over, self.on_leave, self.title = standings, over, on_leave, title
        self.widgets = WidgetGroup()
        self.layout()

    def panel(self) -> pygame.Rect:
        """The overlay's box."""
        w, h = self.app.screen.get_size()
        px = self.app.px
        height = px(170) + px(40) * len(self.standings)
        return pygame.Rect(w // 2 - px(260), max(px(20), h // 2 - height // 2), px(520), height)

    def layout(self) -> None:
        """Place the buttons."""
        p, px, fonts = self.panel(), self.app.px, self.app.fonts
        group = WidgetGroup()
        leave = group.add(Button((p.right - px(200), p.bottom - px(62), px(180), px(46)), fonts, "Leave table",
                                 self.leave, size=px(18), primary=self.over, hotkey="Enter" if self.over else ""))
        if not self.over:
            keep = group.add(Button((p.x + px(20), p.bottom - px(62), px(180), px(46)), fonts, "Keep playing",
                                    self.close, size=px(18), primary=True, hotkey="Esc"))
            group.focus(keep)
        else:
            group.focus(leave)
        self.widgets = group

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.layout()

    def close(self) -> None:
        """Back to the table."""
        self.app.scenes.remove(self)

    def leave(self) -> None:
        """Leave the table."""
        self.app.scenes.remove(self)
        self.on_leave()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave() if self.over else self.close()
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        p, px, fonts = self.panel(), self.app.px, self.app.fonts
        pygame.draw.rect(surface, THEME.panel, p, border_radius=px(14))
        pygame.draw.rect(surface, THEME.panel_edge, p, 2, border_radius=px(14))
        surface.blit(fonts.render(self.title, px(28), THEME.accent, bold=True), (p.x + px(24), p.y + px(18)))
        y = p.y + px(74)
        for place, (name, chips) in enumerate(self.standings, start=1):
            ink = THEME.highlight if place == 1 else THEME.text
            surface.blit(fonts.render(f"{place}.  {name}", px(20), ink, bold=place == 1), (p.x + px(30), y))
            img = fonts.render(plural(chips, "chip"), px(20), ink)
            surface.blit(img, img.get_rect(topright=(p.right - px(30), y)))
            y += px(40)
        self.widgets.draw(surface)
