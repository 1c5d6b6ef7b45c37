"""The deck browser: a searchable list of every card of a deck, drawing only the rows in view.

Type to search ("Dragon", "21 of", a suit, a colour, "trump"); every word must
start a word of the card's name, suit, colour, mark or tags. Scroll with the wheel,
the arrows, Page Up/Down, Home/End. Two uses:

* **find** (the free table): Enter or a click on a row closes the browser and
  asks the table to show that card. The table decides whether it may (a face-down
  card's place is hidden information).
* **pick** (the Flame Sword Called Shot): clicks toggle cards up to a limit; Done
  hands the chosen cards back.

Drawing reuses what the last frame drew: the panel around the list is kept as one picture
(with the darkened table under it), and the rows in a picture of the list that a scroll
moves, painting only the strip that came into view and the rows whose look changed (the
cursor, a choice, a status).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from cardtable.engine.cards import Card, Deck
from cardtable.ui.scene import Overlay
from cardtable.ui.table_view import FaceCache
from cardtable.ui.text import plural
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, TextInput, WidgetGroup


class DeckBrowser(Overlay):
    """A transparent overlay listing a deck's cards, filtered by a search.

    Attributes:
        rows_drawn: rows showing at the last frame.
        rows_painted: rows painted since it opened (a scroll paints only those that came
            into view).

    Args:
        deck: the deck to list.
        faces: the face cache to draw row thumbnails with.
        on_find: called with a card when the player picks one to find (find mode).
        on_pick: called with the chosen cards when the player presses Done (pick mode).
        pick_limit: how many cards may be chosen in pick mode.
        status: optional text per card shown at the row's right ("face down").
    """

    def __init__(self, app, deck: Deck, faces: FaceCache, *, on_find: Callable[[Card], None] | None = None,
                 on_pick: Callable[[list[Card]], None] | None = None, pick_limit: int = 10,
                 chosen: Sequence[Card] = (), status: Callable[[Card], str] | None = None) -> None:
        super().__init__(app)
        self.deck, self.faces = deck, faces
        self.on_find, self.on_pick, self.pick_limit = on_find, on_pick, pick_limit
        self.status = status
        self.chosen: list[Card] = list(chosen)
        self.query = ""
        self.results: list[Card] = list(deck.cards)
        self._last = ("", self.results)
        self.scroll = 0
        self.cursor = 0
        self.rows_drawn = 0
        self.rows_painted = 0
        self._chrome: tuple[tuple, pygame.Surface] | None = None  # (key, the panel without rows)
        self._rows: pygame.Surface | None = None  # the list's rows as last drawn
        self._rows_key: tuple | None = None
        self._rows_scroll = 0
        self._row_looks: dict[int, tuple] = {}  # row index -> what its look was drawn from
        self.widgets = WidgetGroup()
        self.layout()

    @property
    def picking(self) -> bool:
        """True in pick mode."""
        return self.on_pick is not None

    # -- layout ---------------------------------------------------------------------
    def panel(self) -> pygame.Rect:
        """The browser's rectangle on screen."""
        w, h = self.app.screen.get_size()
        px = self.app.px
        width = min(px(720), w - px(60))
        return pygame.Rect((w - width) // 2, px(40), width, h - px(80))

    def row_height(self) -> int:
        """Pixels per row."""
        return self.app.px(34)

    def list_rect(self) -> pygame.Rect:
        """Where the rows are drawn."""
        p, px = self.panel(), self.app.px
        return pygame.Rect(p.x + px(16), p.y + px(100), p.width - px(32), p.height - px(170))

    def layout(self) -> None:
        """Place the search field and the buttons."""
        p, px, fonts = self.panel(), self.app.px, self.app.fonts
        group = WidgetGroup()
        field = TextInput((p.x + px(16), p.y + px(46), p.width - px(32), px(38)), fonts, self.query,
                          self.set_query, max_len=60, size=px(18),
                          placeholder="Search: a rank, a suit, a colour, trump…")
        group.add(field)
        bottom = p.bottom - px(56)
        if self.picking:
            group.add(Button((p.right - px(236), bottom, px(110), px(40)), fonts, "Done", self.done,
                             size=px(18), primary=True))
        group.add(Button((p.right - px(116), bottom, px(100), px(40)), fonts, "Close", self.close,
                         size=px(18), hotkey="Esc"))
        group.focus(field)
        self.widgets = group

    def resized(self, size: tuple[int, int]) -> None:
        super().resized(size)
        self.layout()

    # -- behaviour ----------------------------------------------------------------------
    def set_query(self, text: str) -> None:
        """Filter the list; a query that extends the last one searches only its results."""
        previous, found = self._last
        # Typing on narrows the last results: every match of the longer query is among them.
        within = found if previous and text.lower().startswith(previous.lower()) else None
        found = self.deck.search(text, within=within)
        self.query, self.results = text, found
        self._last = (text, found)
        self.scroll = 0
        self.cursor = 0

    def visible_range(self) -> range:
        """Indexes of the result rows that show."""
        rows = self.list_rect().height // self.row_height() + 1
        first = self.scroll // self.row_height()
        return range(first, min(len(self.results), first + rows))

    def scroll_by(self, pixels: int) -> None:
        """Scroll the list, staying within it."""
        most = max(0, len(self.results) * self.row_height() - self.list_rect().height)
        self.scroll = max(0, min(most, self.scroll + pixels))

    def _keep_cursor_visible(self) -> None:
        rh, box = self.row_height(), self.list_rect()
        top = self.cursor * rh
        if top < self.scroll:
            self.scroll = top
        elif top + rh > self.scroll + box.height:
            self.scroll = top + rh - box.height

    def choose(self, card: Card) -> None:
        """Find mode: hand the card to the table. Pick mode: toggle it."""
        if self.picking:
            if card in self.chosen:
                self.chosen.remove(card)
            elif len(self.chosen) < self.pick_limit:
                self.chosen.append(card)
            else:
                self.app.toast(f"You can choose {plural(self.pick_limit, 'card')}; take one back first")
            return
        self.close()
        if self.on_find:
            self.on_find(card)

    def done(self) -> None:
        """Pick mode: hand back the chosen cards and close."""
        self.close()
        if self.on_pick:
            self.on_pick(list(self.chosen))

    def close(self) -> None:
        """Close the browser."""
        self.app.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            n = len(self.results)
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 15, pygame.K_PAGEUP: -15}.get(event.key)
            if event.key == pygame.K_ESCAPE:
                self.close()
                return True
            if step and n:
                self.cursor = max(0, min(n - 1, self.cursor + step))
                self._keep_cursor_visible()
                return True
            if event.key in (pygame.K_HOME, pygame.K_END) and n and not self.query:
                self.cursor = 0 if event.key == pygame.K_HOME else n - 1
                self._keep_cursor_visible()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and n:
                self.choose(self.results[self.cursor])
                return True
        if self.widgets.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(event.y * self.row_height() * 3))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            box = self.list_rect()
            if box.collidepoint(event.pos):
                index = (event.pos[1] - box.y + self.scroll) // self.row_height()
                if 0 <= index < len(self.results):
                    self.cursor = index
                    self.choose(self.results[index])
                return True
            if not self.panel().collidepoint(event.pos):
                self.close()
            return True
        # Modal: nothing reaches the table below while the browser is open.
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.KEYUP,
                              pygame.TEXTINPUT)

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        self._draw_chrome(surface)
        p = self.panel()
        count = f"{len(self.results):,} of {len(self.deck):,} cards"
        if self.picking:
            count += f"   ·   chosen {len(self.chosen)}/{self.pick_limit}"
        img = fonts.render(count, px(14), THEME.text_dim)
        surface.blit(img, img.get_rect(topright=(p.right - px(16), p.y + px(18))))
        self._draw_rows(surface)
        self.widgets.draw(surface)

    def _draw_chrome(self, surface: pygame.Surface) -> None:
        """The darkened table, the panel, its title and hint and the list's box: kept as one
        picture once the backdrop is (the same every frame until the window is resized)."""
        key = (surface.get_size(), id(self._backdrop), self.panel(), self.list_rect())
        if self._chrome is not None and self._chrome[0] == key and self.opaque:
            surface.blit(self._chrome[1], (0, 0))
            return
        px, fonts = self.app.px, self.app.fonts
        self.draw_backdrop(surface)
        p = self.panel()
        pygame.draw.rect(surface, THEME.panel, p, border_radius=px(12))
        pygame.draw.rect(surface, THEME.panel_edge, p, 2, border_radius=px(12))
        title = f"{self.deck.name}: {'choose cards' if self.picking else 'find a card'}"
        surface.blit(fonts.render(title, px(22), THEME.accent, bold=True), (p.x + px(16), p.y + px(12)))
        hint = "Enter or click: " + ("choose / unchoose" if self.picking else "show it on the table")
        surface.blit(fonts.render(hint, px(14), THEME.text_dim), (p.x + px(16), p.bottom - px(44)))
        pygame.draw.rect(surface, THEME.field, self.list_rect(), border_radius=px(6))
        if self.opaque:
            self._chrome = ((surface.get_size(), id(self._backdrop), p, self.list_rect()), surface.copy())

    def _row_look(self, i: int) -> tuple:
        """What row ``i``'s pixels are drawn from."""
        card = self.results[i]
        return (card.index, i == self.cursor, card in self.chosen, self.status(card) if self.status else "")

    def _draw_rows(self, surface: pygame.Surface) -> None:
        """The rows in view: the picture of the list kept from the last frame, scrolled, with
        the strip that came into view and the rows whose look changed painted afresh."""
        box, rh = self.list_rect(), self.row_height()
        shown = self.visible_range()
        looks = {i: self._row_look(i) for i in shown}
        key = (box.size, rh, id(self.results), len(self.results))
        rows = self._rows
        dirty: list[pygame.Rect] = []
        moved = self.scroll - self._rows_scroll
        if rows is None or self._rows_key != key or abs(moved) >= box.height:
            if rows is None or rows.get_size() != box.size:
                rows = self._rows = pygame.Surface(box.size, 0, surface)
            dirty.append(rows.get_rect())
        elif moved:
            rows.scroll(0, -moved)
            dirty.append(pygame.Rect(0, box.height - moved, box.width, moved) if moved > 0
                         else pygame.Rect(0, 0, box.width, -moved))
        old = self._row_looks
        dirty += [pygame.Rect(0, i * rh - self.scroll, box.width, rh) for i in shown
                  if i in old and old[i] != looks[i]]
        self._rows_key, self._rows_scroll, self._row_looks = key, self.scroll, looks
        for area in dirty:
            self._paint_rows(rows, area, shown)
        surface.blit(rows, box)
        chrome = self._chrome[1] if self._chrome is not None else None
        if chrome is not None and chrome.get_size() == surface.get_size():
            r = self.app.px(6)  # the box's rounded corners, as the panel shows them
            for x, y in ((box.x, box.y), (box.right - r, box.y), (box.x, box.bottom - r),
                         (box.right - r, box.bottom - r)):
                surface.blit(chrome, (x, y), (x, y, r, r))
        self.rows_drawn = len(shown)
        if not self.results:
            msg = self.app.fonts.render("No card matches", self.app.px(16), THEME.text_dim)
            surface.blit(msg, msg.get_rect(center=box.center))

    def _paint_rows(self, rows: pygame.Surface, area: pygame.Rect, shown: range) -> None:
        """Paint ``area`` of the list's picture afresh: the field, then the rows meeting it."""
        px, fonts = self.app.px, self.app.fonts
        rh, width = self.row_height(), rows.get_width()
        rows.set_clip(area)
        rows.fill(THEME.field, area)
        thumb_w = max(18, int(rh * 0.62))
        for i in shown:
            y = i * rh - self.scroll
            if y + rh <= area.top or y >= area.bottom:
                continue
            card = self.results[i]
            row = pygame.Rect(0, y, width, rh)
            if i == self.cursor:
                pygame.draw.rect(rows, THEME.button_hover, row)
            if card in self.chosen:
                pygame.draw.rect(rows, THEME.accent, row, 2)
            thumb = self.faces.get(self.deck, card.index, True, thumb_w, force=True)
            rows.blit(thumb, (row.x + px(6), row.y + (rh - thumb.get_height()) // 2))
            x = row.x + px(12) + thumb_w
            rows.blit(fonts.render(card.name, px(16), THEME.text, bold=True), (x, row.y + px(7)))
            facts = "  ·  ".join(f for f in (card.colour if card.colour not in ("red", "black") else "",
                                             card.mark, "trump" if "trump" in card.tags else "") if f)
            right = self.status(card) if self.status else ""
            line = "   ".join(t for t in (facts, right) if t)
            if line:
                img = fonts.render(line, px(13), THEME.text_dim)
                rows.blit(img, img.get_rect(midright=(row.right - px(10), row.centery)))
            self.rows_painted += 1
        rows.set_clip(None)
