"""The statistics screen: per player name and per game, games, rounds won, chips, best hand."""

from __future__ import annotations

import pygame

from cardtable.stats import StatsBook
from cardtable.ui.back_screen import BackScreen
from cardtable.ui.scene import fitted_scale, scaler
from cardtable.ui.text import fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup

COLUMNS = (("Player", 0.16), ("Game", 0.15), ("Games", 0.08), ("Won", 0.06), ("Rounds won", 0.13),
           ("Chips won", 0.11), ("Chips lost", 0.11), ("Best hand", 0.20))
"""Column titles and their share of the table's width ("Won": matches won)."""


class StatsScene(BackScreen):
    """A table of every player's record at every game, scrolled with the arrows or the wheel."""

    SPOKEN = "Statistics"

    NEED = (1024, 480)
    """The unscaled window size the screen needs; a smaller window shrinks it to fit."""

    def __init__(self, app, book: StatsBook | None = None) -> None:
        self.book = book or StatsBook.load()
        self.rows = self.book.rows()
        self.first = 0
        self.game_names = {e.spec.game: e.spec.name for e in app.variant_entries if e.spec}
        super().__init__(app)

    def layout(self) -> None:
        """Place the table and the back button."""
        px = scaler(fitted_scale(self.app, self.NEED))
        w, h = self.app.screen.get_size()
        self.table_rect = pygame.Rect(px(40), px(110), w - px(80), h - px(200))
        self.row_h = px(34)
        self.fits = max(1, (self.table_rect.height - self.row_h) // self.row_h)
        self.first = max(0, min(self.first, len(self.rows) - self.fits))
        self.widgets = WidgetGroup([self.back_button(px, primary=True)])

    def scroll(self, rows: int) -> None:
        """Scroll the table by ``rows``."""
        self.first = max(0, min(self.first + rows, len(self.rows) - self.fits))

    def handle_more(self, event: pygame.event.Event) -> bool:
        """The wheel and the arrows scroll; Enter closes."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-int(event.y) * 3)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll(self.fits if event.key == pygame.K_PAGEDOWN else -self.fits)
            else:
                return False
            return True
        return False

    def cells(self, name: str, game: str, stats) -> list[str]:
        """The texts of one row."""
        return [name, self.game_names.get(game, game), str(stats.games), str(stats.matches_won),
                f"{stats.rounds_won} of {stats.rounds}", f"{stats.chips_won:,}", f"{stats.chips_lost:,}",
                stats.best_hand or "—"]

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = scaler(fitted_scale(self.app, self.NEED)), self.app.fonts
        w, h = surface.get_size()
        surface.fill(THEME.felt_dark)
        surface.blit(fonts.render("Statistics", px(34), THEME.text, bold=True), (px(40), px(30)))
        note = ("Per player name and game.  Won: matches won.  A round counts once settled, "
                "a game once its first round is.")
        if self.book.error:
            surface.blit(fonts.render(fit_text(fonts, self.book.error, px(15), w - px(80)), px(15), THEME.error),
                         (px(42), px(76)))
        else:
            surface.blit(fonts.render(fit_text(fonts, note, px(15), w - px(80)), px(15), THEME.text_dim),
                         (px(42), px(76)))
        table = self.table_rect
        pygame.draw.rect(surface, THEME.panel, table, border_radius=px(10))
        xs, x = [], table.x + px(14)
        for _, share in COLUMNS:
            xs.append(x)
            x += int((table.width - px(28)) * share)
        xs.append(table.right - px(14))
        size = px(16) if table.width >= px(1000) else px(14)
        for i, (title, _) in enumerate(COLUMNS):
            surface.blit(fonts.render(fit_text(fonts, title, size, xs[i + 1] - xs[i] - px(8), True), size,
                                      THEME.accent, bold=True), (xs[i], table.y + px(8)))
        if not self.rows:
            surface.blit(fonts.render("No rounds played yet.", px(18), THEME.text_dim),
                         (xs[0], table.y + self.row_h + px(12)))
        for n, (name, game, stats) in enumerate(self.rows[self.first:self.first + self.fits]):
            y = table.y + self.row_h * (n + 1) + px(8)
            if n % 2 == 0:
                pygame.draw.rect(surface, THEME.button, (table.x + px(6), y - px(4), table.width - px(12),
                                                         self.row_h), border_radius=px(6))
            for i, text in enumerate(self.cells(name, game, stats)):
                surface.blit(fonts.render(fit_text(fonts, text, size, xs[i + 1] - xs[i] - px(8)), size, THEME.text),
                             (xs[i], y))
        if len(self.rows) > self.fits:
            last = min(len(self.rows), self.first + self.fits)
            more = f"{self.first + 1}-{last} of {len(self.rows)}   (↑ ↓ to scroll)"
            img = fonts.render(more, px(14), THEME.text_dim)
            surface.blit(img, img.get_rect(bottomright=(table.right, h - px(84))))
        self.widgets.draw(surface)

