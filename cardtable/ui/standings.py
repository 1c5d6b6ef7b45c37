"""The standings: who has how many chips. Shown when the players leave or the match ends."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.ui.dialog import Choice, Dialog
from cardtable.ui.text import plural
from cardtable.ui.theme import THEME


class StandingsOverlay(Dialog):
    """A list of ``(name, chips)``, most first, with Leave and (unless over) Keep playing."""

    def __init__(self, app, standings: list[tuple[str, int]], *, over: bool, on_leave: Callable[[], None],
                 title: str = "Standings", unit: str = "chip") -> None:
        self.standings, self.over, self.on_leave, self.title = standings, over, on_leave, title
        self.unit = unit  # what the stacks count: "chip", Sabacc's "credit"
        super().__init__(app)

    def panel_height(self) -> int:
        return self.app.px(170) + self.app.px(40) * len(self.standings)

    def choices(self) -> tuple[Choice, Choice | None]:
        """Leave to the right; Keep playing to the left, focused, unless the match is over."""
        if self.over:
            return Choice("Leave table", self.leave, "Enter", primary=True, focused=True), None
        return Choice("Leave table", self.leave), Choice("Keep playing", self.close, "Esc", primary=True, focused=True)

    def leave(self) -> None:
        """Leave the table."""
        self.close()
        self.on_leave()

    def escape(self) -> None:
        """Esc: back to the table, or out when the match is over."""
        self.leave() if self.over else self.close()

    def draw_body(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        px, fonts = self.app.px, self.app.fonts
        y = panel.y + px(74)
        for place, (name, chips) in enumerate(self.standings, start=1):
            ink = THEME.highlight if place == 1 else THEME.text
            surface.blit(fonts.render(f"{place}.  {name}", px(20), ink, bold=place == 1), (panel.x + px(30), y))
            img = fonts.render(plural(chips, self.unit), px(20), ink)
            surface.blit(img, img.get_rect(topright=(panel.right - px(30), y)))
            y += px(40)
