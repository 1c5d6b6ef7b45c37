"""The free table's tool bar as a cached picture (a mixin of
:class:`~cardtable.games.free_table.ui.table.FreeTableScene`): repainted only when a widget's look
changes, shown as it was in the frame a window resize opens its new surface, and the tooltips
under it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.ui.theme import THEME


class ToolBarPicture:
    """The tool bar's cached picture (see the module)."""

    _toolbar: tuple[list, pygame.Surface] | None
    _toolbar_deferred: bool

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes (its app, widgets, tool bar height...)."""

    def _toolbar_state(self, surface: pygame.Surface) -> list:
        """Everything the tool bar's picture depends on: the bar's size and format, and each
        widget's rect and attributes (hover, pressed, focus, enabled, selected, value, label...)."""
        state: list = [surface.get_width(), self.toolbar_height(), surface.get_bitsize(),
                       surface.get_flags() & pygame.SRCALPHA, self.widgets]
        return [*state, *self.widgets.look()]

    def _draw_toolbar(self, surface: pygame.Surface) -> None:
        # Drawing ~16 widgets costs 0.25-0.45 ms a frame; the bar changes only when they do.
        state = self._toolbar_state(surface)
        if self._toolbar is not None and self._toolbar[0] != state and self._toolbar_late(surface, state):
            return
        if self._toolbar is None or self._toolbar[0] != state:
            bar = pygame.Rect(0, 0, surface.get_width(), self.toolbar_height())
            picture = pygame.Surface((bar.width, bar.height + 1), 0, surface)  # the edge is on row bar.bottom
            pygame.draw.rect(picture, THEME.panel, bar)
            pygame.draw.line(picture, THEME.panel_edge, bar.bottomleft, bar.bottomright)
            self.widgets.draw(picture)
            self._toolbar = (self._toolbar_state(surface), picture)
        surface.blit(self._toolbar[1], (0, 0))

    def _toolbar_late(self, surface: pygame.Surface, state: list) -> bool:
        """In the frame a window resize opens the new window surface (set_mode's 0.5-0.7 ms, the
        layout and the first blits into it: the slowest frame of a resize, 1.6-2.0 ms at
        1920x1080), the bar as it was, cut or drawn on as bare bar to the new width, and
        repainted at it in the next frame (True: drawn so), not two frames in a row: a frame
        late, it took 0.3-0.4 ms off that frame. Not when its height changes."""
        if not self.app.window_changed or self._toolbar_deferred or self._toolbar is None \
                or self._toolbar[0][1] != state[1]:
            self._toolbar_deferred = False
            return False
        self._toolbar_deferred = True
        picture = self._toolbar[1]
        surface.blit(picture, (0, 0))
        old_w, w, h = picture.get_width(), surface.get_width(), state[1]
        if w > old_w:
            surface.fill(THEME.panel, (old_w, 0, w - old_w, h))
            surface.fill(THEME.panel_edge, (old_w, h, w - old_w, 1))
        return True

    def _draw_tooltip(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        img = self.app.fonts.render(text, self.app.px(14), THEME.text)
        r = img.get_rect(midtop=(rect.centerx, rect.bottom + 6)).inflate(12, 6)
        r.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (0, 0, 0), r, border_radius=4)
        surface.blit(img, img.get_rect(center=r.center))
