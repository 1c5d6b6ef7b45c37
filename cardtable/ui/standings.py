"""The standings: who has how many chips.

Two screens show them. :class:`StandingsOverlay` is the box Esc opens at a table in the
middle of a match: leave the table or keep playing. :class:`MatchOverScene` is the screen
a table opens by itself when the match is over, or when the last person playing at this
screen has no chips left (the computers would only play on among themselves): the final
standings, "Play again" (the same seats and settings, a new match; Enter) and "Menu" (Esc).

A row is ``(name, chips)`` or ``(name, chips, in_pot)``: in the middle of a hand the chips
a seat has put in the pot are still its own until the hand settles, so they are counted
(its place is by both) and shown as "in the pot".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from cardtable.ui.dialog import Choice, Dialog
from cardtable.ui.scene import Scene, fitted_scale, scaler
from cardtable.ui.text import fit_text, plural, wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup

__all__ = ["Standing", "standing_rows", "amount_words", "StandingsOverlay", "MatchOverScene"]


class Standing(NamedTuple):
    """One seat's line: its name, the chips it holds and those it has in the pot this hand."""

    name: str
    chips: int
    in_pot: int = 0


def standing_rows(rows: Sequence[tuple[str, int] | tuple[str, int, int]]) -> list[Standing]:
    """``rows`` as :class:`Standing`, most first (chips and chips in the pot together; ties
    keep their order).

    >>> standing_rows([("Ada", 90, 10), ("Bo", 95)])
    [Standing(name='Ada', chips=90, in_pot=10), Standing(name='Bo', chips=95, in_pot=0)]
    """
    out = [Standing(*row) for row in rows]
    return sorted(out, key=lambda s: -(s.chips + s.in_pot))


def amount_words(row: Standing, unit: str) -> str:
    """What a row says of its chips: "95 chips", or "90 chips + 10 in the pot".

    >>> amount_words(Standing("Ada", 90, 10), "chip"), amount_words(Standing("Bo", 1), "credit")
    ('90 chips + 10 in the pot', '1 credit')
    """
    held = plural(row.chips, unit)
    return f"{held} + {row.in_pot:,} in the pot" if row.in_pot else held


class StandingsOverlay(Dialog):
    """A list of rows (see :func:`standing_rows`), most first, with Leave and (unless over)
    Keep playing."""

    def __init__(self, app, standings: Sequence[tuple[str, int] | tuple[str, int, int]], *, over: bool,
                 on_leave: Callable[[], None], title: str = "Standings", unit: str = "chip") -> None:
        self.standings = standing_rows(standings)
        self.over, self.on_leave, self.title = over, on_leave, title
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
        for place, row in enumerate(self.standings, start=1):
            ink = THEME.highlight if place == 1 else THEME.text
            img = fonts.render(amount_words(row, self.unit), px(20), ink)
            surface.blit(img, img.get_rect(topright=(panel.right - px(30), y)))
            room = panel.width - px(60) - img.get_width() - px(16)
            name = fit_text(fonts, f"{place}.  {row.name}", px(20), room, bold=place == 1)
            surface.blit(fonts.render(name, px(20), ink, bold=place == 1), (panel.x + px(30), y))
            y += px(40)


class MatchOverScene(Scene):
    """The final standings, opened by a table when its match is over for the people here.

    ``title`` heads it ("The match is over", "Ada is out of chips"), ``line`` says why
    under it; ``on_again`` starts a new match with the same seats and settings (None: no
    "Play again", as at a remote player's table, whose host starts matches); ``on_menu``
    leaves for the menu. Keys: Enter plays again (or goes to the menu when it cannot),
    Esc goes to the menu.
    """

    def __init__(self, app, standings: Sequence[tuple[str, int] | tuple[str, int, int]], *, title: str,
                 line: str, on_again: Callable[[], object] | None, on_menu: Callable[[], object],
                 unit: str = "chip", on_replay: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.standings = standing_rows(standings)
        self.title, self.line, self.unit = title, line, unit
        self.on_again, self.on_menu, self.on_replay = on_again, on_menu, on_replay
        self.widgets = WidgetGroup()
        self.layout()

    # -- layout --------------------------------------------------------------------------------
    def need(self) -> tuple[int, int]:
        """The unscaled room the screen needs: its box and a margin round it."""
        return 700, 250 + 44 * len(self.standings) + 60

    @property
    def px(self) -> Callable[[float], int]:
        """Sizes at the UI scale, shrunk as far as the window needs to hold every row."""
        return scaler(fitted_scale(self.app, self.need()))

    def panel(self) -> pygame.Rect:
        """The box, in the middle of the window."""
        w, h = self.app.screen.get_size()
        px = self.px
        width, height = min(px(640), w - px(40)), min(px(self.need()[1] - 60), h - px(20))
        return pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width, height)

    def layout(self) -> None:
        """"Menu" at the left of the box's bottom, "Play again" (focused) at its right."""
        p, px, fonts = self.panel(), self.px, self.app.fonts
        group = WidgetGroup()
        y = p.bottom - px(72)
        menu = group.add(Button((p.x + px(28), y, px(180), px(48)), fonts, "Menu", self.menu, size=px(19),
                                hotkey="Esc", primary=self.on_again is None))
        if self.on_again is not None:
            group.focus(group.add(Button((p.right - px(28) - px(200), y, px(200), px(48)), fonts, "Play again",
                                         self.again, size=px(19), primary=True, hotkey="Enter")))
        else:
            group.focus(menu)
        if self.on_replay is not None:
            group.add(Button((p.centerx - px(80), y, px(160), px(48)), fonts, "Replay", self.replay, size=px(19),
                             hotkey="R"))
        self.widgets = group

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def spoken_title(self) -> str:
        """The title, the line under it, every place and the keys."""
        rows = " ".join(f"{place}. {row.name}: {amount_words(row, self.unit)}."
                        for place, row in enumerate(self.standings, start=1))
        keys = "Enter plays again, " if self.on_again is not None else "Enter, "
        replay = "R the replay, " if self.on_replay is not None else ""
        return f"{self.title}. {self.line} {rows} {keys}{replay}Esc the menu."

    # -- the two ways on -----------------------------------------------------------------------
    def menu(self) -> None:
        """Leave: this screen goes, and ``on_menu`` takes the table away."""
        self.app.scenes.remove(self)
        self.on_menu()

    def again(self) -> None:
        """A new match: this screen goes, and ``on_again`` deals it."""
        if self.on_again is None:
            return
        self.app.scenes.remove(self)
        self.on_again()

    def replay(self) -> None:
        """Step through the match just played (this screen stays under the replay)."""
        if self.on_replay is not None:
            self.on_replay()

    def handle(self, event: pygame.event.Event) -> bool:
        """The buttons, Enter (Play again, else Menu), R (Replay) and Esc (Menu); nothing
        reaches the table."""
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.menu()
            elif event.key == pygame.K_r:
                self.replay()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.again() if self.on_again is not None else self.menu()
        return True  # modal

    # -- drawing -------------------------------------------------------------------------------
    def layout_boxes(self) -> list[tuple[str, pygame.Rect]]:
        return [*super().layout_boxes(), *self._text_boxes()]

    def _text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The title, the line under it and each row's name and amount, where they are drawn."""
        return [(name, rect) for name, rect, *_ in self._texts()]

    def _texts(self) -> list[tuple[str, pygame.Rect, str, int, tuple[int, int, int], bool]]:
        """Every text drawn: its box's name, its box, the words, the size, the ink and bold."""
        p, px, fonts = self.panel(), self.px, self.app.fonts
        room = p.width - px(56)
        out = []
        title = fit_text(fonts, self.title, px(30), room, bold=True)
        w, h = fonts.size_of(title, px(30), True)
        out.append(("title", pygame.Rect(p.x + px(28), p.y + px(22), w, h), title, px(30), THEME.accent, True))
        y = p.y + px(74)
        for text in wrap_font(self.line, room, fonts.font(px(17)))[:2]:
            w, h = fonts.size_of(text, px(17))
            out.append(("line", pygame.Rect(p.x + px(28), y, w, h), text, px(17), THEME.text, False))
            y += px(24)
        y = p.y + px(140)
        for place, row in enumerate(self.standings, start=1):
            ink, bold = (THEME.highlight, True) if place == 1 else (THEME.text, False)
            amount = amount_words(row, self.unit)
            aw, ah = fonts.size_of(amount, px(20))
            out.append((f"amount {place}", pygame.Rect(p.right - px(30) - aw, y, aw, ah), amount, px(20), ink, False))
            name = fit_text(fonts, f"{place}.  {row.name}", px(20), room - aw - px(16), bold=bold)
            nw, nh = fonts.size_of(name, px(20), bold)
            out.append((f"name {place}", pygame.Rect(p.x + px(30), y, nw, nh), name, px(20), ink, bold))
            y += px(44)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        surface.fill(THEME.backdrop)
        p = self.panel()
        pygame.draw.rect(surface, THEME.panel, p, border_radius=px(14))
        pygame.draw.rect(surface, THEME.panel_edge, p, 2, border_radius=px(14))
        for _, rect, text, size, ink, bold in self._texts():
            surface.blit(self.app.fonts.render(text, size, ink, bold=bold), rect)
        self.widgets.draw(surface)
