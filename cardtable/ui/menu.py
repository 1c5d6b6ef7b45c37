"""The main menu: every variant found (with the errors of broken ones and the warnings of
those that load with some), settings, help, quit."""

from __future__ import annotations

from pathlib import Path

import pygame

from cardtable.ui.row_list import list_move
from cardtable.ui.scene import Scene, fitted_scale
from cardtable.ui.text import break_parts, first_clauses, fit_text, plural, reflow, wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, TextInput, WidgetGroup, felt_page
from cardtable.variants import VariantEntry, VariantSpec


def game_table_module(game: str):
    """The table module of ``game`` (see :class:`~cardtable.games.GameDefinition`),
    or None when no loaded game has that id."""
    from cardtable import games
    definition = games.registry().games.get(game)
    return definition.table_module() if definition is not None else None


def open_variant(app, spec: VariantSpec) -> Scene | None:
    """Push the scene that plays ``spec``; ``None`` (with a message) if its game did not load."""
    module = game_table_module(spec.game)
    if module is not None:
        return module.open_game(app, spec)
    app.toast(f"{spec.name}: its game {spec.game!r} did not load")
    return None


WARNED = "⚠"
"""The mark of a variant file that loads with warnings (what it asks for that is ignored)."""


def warnings_of(entry: VariantEntry) -> tuple[str, ...]:
    """What ``entry``'s file asks for that is ignored (``file:line:col: path: message``)."""
    return entry.spec.warnings if entry.spec else ()


def broken_game_entries(found: list[VariantEntry]) -> list[VariantEntry]:
    """A red entry for each game that failed to load and that no variant file names
    (a variant of a broken game is already shown broken, with the game's reason)."""
    from cardtable import games
    entries = []
    for broken in games.broken().values():  # no game imported when they are remembered as loading
        said = f"the game {broken.id!r} failed to load"
        if any(e.error and said in e.error for e in found):
            continue
        entries.append(VariantEntry(Path(f"game {broken.id}"), None,
                                    f"{said} ({broken.source}): {broken.reason}"))
    return entries


class MenuScene(Scene):
    """The first screen: pick a variant, or go to settings."""

    # The unscaled size the menu needs at the least (header, four rows, the buttons):
    # a smaller window, or a larger UI scale, shrinks the whole screen to fit.
    _NEED = (960, 520)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.selected = 0
        self.first = 0  # the first row shown when the list is longer than the window
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.widgets = WidgetGroup()
        self._picture: tuple[list, pygame.Surface] | None = None  # see draw
        self.k = app.settings.ui_scale
        entries = self.entries
        last = app.settings.last_variant
        for i, entry in enumerate(entries):
            if entry.spec and entry.spec.id == last:
                self.selected = i
        self.layout()

    @property
    def entries(self) -> list[VariantEntry]:
        """The variant files, loaded ones first, then broken ones, then the games that
        failed to load and have no variant file."""
        found = self.app.variant_entries
        return ([e for e in found if e.spec] + [e for e in found if not e.spec]
                + broken_game_entries(found))

    def enter(self) -> None:
        for warning in self.app.warnings:
            self.app.toast(warning, 6)

    def spoken_title(self) -> str:
        """The menu, the game highlighted, and the keys."""
        entry = self.current
        return ("cardtable: the menu. Up and Down choose a game, Enter plays it, F1 its rules, "
                "Tab the other buttons, Esc quits." + (f" {entry.title}." if entry is not None else ""))

    def resume(self) -> None:
        self.layout()

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def px(self, value: float) -> int:
        """A layout size at the menu's scale (the UI scale, shrunk to fit the window)."""
        return int(round(value * self.k))

    def layout(self) -> None:
        """Place the list rows and the buttons for the window size."""
        w, h = self.app.screen.get_size()
        self.k = fitted_scale(self.app, self._NEED)
        px, fonts = self.px, self.app.fonts
        left = pygame.Rect(px(40), px(130), min(px(460), w // 2 - px(40)), h - px(230))
        self.list_rect = left
        self.detail_rect = pygame.Rect(left.right + px(40), left.y, w - left.right - px(80), left.height)
        row_h, gap = px(54), px(8)
        fits = max(1, (left.height + gap) // (row_h + gap))
        count = len(self.entries)
        self.first = max(0, min(self.first, count - fits))
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + fits:
            self.first = self.selected - fits + 1
        self.rows = [(i, pygame.Rect(left.x, left.y + (i - self.first) * (row_h + gap), left.width, row_h))
                     for i in range(self.first, min(count, self.first + fits))]
        bx, by = left.x, h - px(80)
        group = WidgetGroup()
        for label, fn, width, key, primary in (("Play", self.play, 140, "Enter", True),
                                               ("Rules", self.help, 110, "F1", False),
                                               ("Settings", self.settings, 130, "", False),
                                               ("Quit", self.app.quit, 100, "Esc", False)):
            group.add(Button((bx, by, px(width), px(48)), fonts, label, fn, size=px(20), hotkey=key,
                             primary=primary))
            bx += px(width) + px(12)
        # Saved games and statistics sit top right, clear of the title.
        tx = w - px(40)
        for label, fn, width in (("Statistics", self.statistics, 130), ("Resume", self.open_saves, 120),
                                 ("Join a table", self.join_table, 140), ("About", self.about, 100)):
            tx -= px(width)
            group.add(Button((tx, px(40), px(width), px(44)), fonts, label, fn, size=px(18)))
            tx -= px(12)
        self.widgets = group
        self._refresh()

    def layout_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons, the rows shown, the description panel and the title."""
        entries = self.entries
        title = self.app.fonts.render("cardtable", self.px(48), THEME.text, bold=True).get_rect(
            topleft=(self.px(40), self.px(34)))
        return [*super().layout_boxes(), ("the title", title),
                *((f"row {entries[i].title}", row) for i, row in self.rows),
                *([("the description", self.detail_rect)] if self.detail_rect.width >= self.px(200) else [])]

    def select(self, index: int) -> None:
        """Highlight an entry (scrolling the list to show it)."""
        count = len(self.entries)
        if count:
            self.selected = index % count
            self.layout()
            entry = self.current
            if entry is not None:
                self.app.speech.say(entry.title, interrupt=True)

    def _refresh(self) -> None:
        play = self.widgets.widgets[0]
        assert isinstance(play, Button)
        entry = self.current
        play.disabled_reason = None if entry and entry.spec else "This variant file has an error"

    @property
    def current(self) -> VariantEntry | None:
        """The highlighted entry."""
        entries = self.entries
        return entries[self.selected] if 0 <= self.selected < len(entries) else None

    def play(self) -> None:
        """Open the highlighted variant."""
        entry = self.current
        if entry and entry.spec:
            self.app.update_settings(last_variant=entry.spec.id)
            open_variant(self.app, entry.spec)

    def help(self) -> None:
        """Show the highlighted variant's rules."""
        from cardtable.ui.help import HelpOverlay
        entry = self.current
        self.app.push(HelpOverlay(self.app, entry.spec if entry else None))

    def open_saves(self) -> None:
        """Open the list of saved games (to resume one)."""
        from cardtable.ui.saves_scene import SavesScene
        self.app.push(SavesScene(self.app))

    def join_table(self) -> None:
        """Open the Join screen (a table hosted on another computer)."""
        from cardtable.ui.join_scene import JoinScene
        self.app.push(JoinScene(self.app))

    def statistics(self) -> None:
        """Open the statistics screen."""
        from cardtable.ui.stats_scene import StatsScene
        self.app.push(StatsScene(self.app))

    def about(self) -> None:
        """Open the About screen (version, licences, where files live)."""
        from cardtable.ui.about_scene import AboutScene
        self.app.push(AboutScene(self.app))

    def settings(self) -> None:
        """Open the settings screen."""
        from cardtable.ui.settings_scene import SettingsScene
        self.app.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        move = list_move(event, self.rows, self.selected)
        if move is not None and (move[0] or self.entries):
            opened, i = move
            self.play() if opened else self.select(i)  # a click on the highlighted row opens it
            return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.first = max(0, self.first - int(event.y))
            if self.rows and not self.rows[0][0] <= self.selected <= self.rows[-1][0]:
                self.selected = min(max(self.selected, self.first), len(self.entries) - 1)
            self.layout()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F1, pygame.K_QUESTION) or (event.key == pygame.K_SLASH):
                self.help()
            elif event.key == pygame.K_ESCAPE:
                self.app.quit()
            else:
                return False
            return True
        return False

    def repaint(self) -> None:
        """Paint the whole menu at the next frame even if nothing it shows changed."""
        self._picture = None

    def paint_ahead(self) -> None:
        """Paint the menu's picture off screen now, for a table opened before the menu was ever
        shown (``--variant``): leaving it then shows the kept picture instead of painting the
        menu cold in that frame (17 to 28 ms at 1,920 x 1,080, its text rendered the first time)."""
        self.draw(pygame.Surface(self.app.screen.get_size(), 0, self.app.screen))

    def _picture_state(self, surface: pygame.Surface) -> list:
        """Everything the menu's picture depends on: the window, the scale, the selection and
        scroll, the rows, the entries, the theme, and each widget's rect and attributes (hover, pressed,
        focus, enabled, tooltip...)."""
        state: list = [surface.get_size(), surface.get_bitsize(), self.k, self.selected, self.first,
                       [(i, tuple(r)) for i, r in self.rows], [id(e) for e in self.entries], THEME.backdrop]
        return [*state, *self.widgets.look()]

    def draw(self, surface: pygame.Surface) -> None:
        # The whole menu took 3.7 ms a frame at 1,920 x 1,080 (about 26 rounded rectangles and
        # a fill); it changes only when its state does, so a still frame blits its last picture.
        # A focused text field's caret blinks with the clock: never kept then.
        still = not any(isinstance(w, TextInput) and w.focused for w in self.widgets.widgets)
        picture = self._picture
        if still and picture is not None and picture[0] == self._picture_state(surface):
            surface.blit(picture[1], (0, 0))
            return
        self._draw_whole(surface)
        if still:
            kept = picture[1] if picture is not None and picture[1].get_size() == surface.get_size() \
                else pygame.Surface(surface.get_size(), 0, surface)
            kept.blit(surface, (0, 0))
            self._picture = (self._picture_state(surface), kept)
        else:
            self._picture = None

    def _draw_whole(self, surface: pygame.Surface) -> None:
        """Paint the whole menu."""
        px, fonts = self.px, self.app.fonts
        felt_page(surface, px, fonts, "cardtable", "♠ ♥ ♦ ♣   card games no shop sells, on one screen",
                  title_size=48, subtitle_y=92)
        entries = self.entries
        for i, row in self.rows:
            self._draw_row(surface, entries[i], row, i == self.selected)
        if self.rows and len(self.rows) < len(entries):
            more = f"{self.first + 1}-{self.rows[-1][0] + 1} of {len(entries)}   (↑ ↓ or the wheel)"
            img = fonts.render(more, px(13), THEME.text_dim)
            surface.blit(img, img.get_rect(topright=(self.list_rect.right, self.rows[-1][1].bottom + px(4))))
        self._draw_detail(surface)
        self.widgets.draw(surface)

    def _draw_row(self, surface: pygame.Surface, entry: VariantEntry, row: pygame.Rect, selected: bool) -> None:
        px, fonts = self.px, self.app.fonts
        fill = THEME.button_down if selected else THEME.panel
        pygame.draw.rect(surface, fill, row, border_radius=px(10))
        if selected:
            pygame.draw.rect(surface, THEME.focus, row, 2, border_radius=px(10))
        ink = THEME.text if entry.spec else THEME.error
        title = entry.title + ("  (yours)" if entry.user else "")
        room = row.width - px(28)
        warned = warnings_of(entry)
        if warned:  # the mark at the right end of the title line, like a broken file's red title
            mark = fonts.render(WARNED, px(20), THEME.accent, bold=True)
            surface.blit(mark, mark.get_rect(topright=(row.right - px(12), row.y + px(6))))
            room -= mark.get_width() + px(8)
        surface.blit(fonts.render(fit_text(fonts, title, px(20), room, bold=True), px(20), ink, bold=True),
                     (row.x + px(14), row.y + px(6)))
        sub, sub_ink = (entry.spec.summary, THEME.text_dim) if entry.spec else (
            "cannot be loaded: see the error on the right", THEME.text_dim)
        if warned:
            sub, sub_ink = f"{WARNED} loads with {plural(len(warned), 'warning')}: see the right", THEME.accent
        surface.blit(fonts.render(first_clauses(fonts, sub, px(13), room), px(13), sub_ink),
                     (row.x + px(14), row.y + px(31)))

    def _draw_warnings(self, surface: pygame.Surface, warnings: tuple[str, ...], x: int, y: int,
                       room: int, bottom: int) -> int:
        """Each of a variant file's warnings, in full (a path wraps), under a marked heading,
        down to ``bottom`` at most (then "…"); returns where the next text goes."""
        if not warnings:
            return y
        px, fonts = self.px, self.app.fonts
        heading = f"{WARNED} {plural(len(warnings), 'warning')} (the file still loads)"
        surface.blit(fonts.render(fit_text(fonts, heading, px(16), room, bold=True), px(16), THEME.accent,
                                  bold=True), (x, y))
        y += px(24)
        lines = [line for warning in warnings for line in wrap_font(warning, room, fonts.font(px(14)))]
        for n, line in enumerate(lines):
            if y + 2 * px(19) > bottom and n < len(lines) - 1:
                surface.blit(fonts.render("…", px(14), THEME.accent), (x, y))
                return y + px(19)
            surface.blit(fonts.render(line, px(14), THEME.accent), (x, y))
            y += px(19)
        return y + px(12)

    def _draw_detail(self, surface: pygame.Surface) -> None:
        px, fonts = self.px, self.app.fonts
        entry = self.current
        box = self.detail_rect
        if entry is None or box.width < px(200):
            return
        pygame.draw.rect(surface, THEME.panel, box, border_radius=px(12))
        x, y = box.x + px(20), box.y + px(16)
        room = box.width - px(40)
        if entry.spec:
            spec = entry.spec
            surface.blit(fonts.render(fit_text(fonts, spec.name, px(28), room, bold=True), px(28), THEME.accent,
                                      bold=True), (x, y))
            y += px(44)
            facts = f"{spec.min_seats}-{spec.max_seats} seats   ·   decks: {', '.join(spec.decks)}"
            for line in break_parts(fonts, facts, px(15), room):
                surface.blit(fonts.render(line, px(15), THEME.text_dim), (x, y))
                y += px(21)
            y += px(9)
            y = self._draw_warnings(surface, warnings_of(entry), x, y, room, box.bottom - px(12))
            text, ink = (spec.rules or spec.summary), THEME.text
        else:
            surface.blit(fonts.render(fit_text(fonts, "This file has an error", px(24), room, bold=True), px(24),
                                      THEME.error, bold=True), (x, y))
            y += px(44)
            text, ink = entry.error or "", THEME.error
        lines = wrap_font(reflow(text), room, fonts.font(px(16)))
        bottom = box.bottom - px(12)
        for n, line in enumerate(lines):
            last_fits = y + px(23) <= bottom
            if not last_fits or (n < len(lines) - 1 and y + 2 * px(23) > bottom):
                surface.blit(fonts.render("… (F1 shows all)", px(15), THEME.text_dim), (x, y))
                break
            surface.blit(fonts.render(line, px(16), ink), (x, y))
            y += px(23)
