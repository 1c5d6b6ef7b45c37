"""The deck browser: a searchable list of every card of a deck, drawing only the rows in view.

Type to search ("Dragon", "21 of", a suit, a colour, "trump"); every word must
start a word of the card's name, suit, colour, mark or tags. Scroll with the wheel,
the arrows, Page Up/Down, Home/End. Two uses:

* **find** (the free table): Enter or a click on a row closes the browser and
  asks the table to show that card. The table decides whether it may (a face-down
  card's place is hidden information).
* **pick** (the Flame Sword Called Shot): clicks toggle cards up to a limit; Done
  hands the chosen cards back.
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
        self.draw_backdrop(surface)
        p = self.panel()
        pygame.draw.rect(surface, THEME.panel, p, border_radius=px(12))
        pygame.draw.rect(surface, THEME.panel_edge, p, 2, border_radius=px(12))
        title = f"{self.deck.name}: {'choose cards' if self.picking else 'find a card'}"
        surface.blit(fonts.render(title, px(22), THEME.accent, bold=True), (p.x + px(16), p.y + px(12)))
        count = f"{len(self.results):,} of {len(self.deck):,} cards"
        if self.picking:
            count += f"   ·   chosen {len(self.chosen)}/{self.pick_limit}"
        img = fonts.render(count, px(14), THEME.text_dim)
        surface.blit(img, img.get_rect(topright=(p.right - px(16), p.y + px(18))))
        self._draw_rows(surface)
        hint = "Enter or click: " + ("choose / unchoose" if self.picking else "show it on the table")
        surface.blit(fonts.render(hint, px(14), THEME.text_dim), (p.x + px(16), p.bottom - px(44)))
        self.widgets.draw(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        box, rh = self.list_rect(), self.row_height()
        pygame.draw.rect(surface, THEME.field, box, border_radius=px(6))
        clip = surface.get_clip()
        surface.set_clip(box)
        thumb_w = max(18, int(rh * 0.62))
        drawn = 0
        for i in self.visible_range():
            card = self.results[i]
            y = box.y + i * rh - self.scroll
            row = pygame.Rect(box.x, y, box.width, rh)
            if i == self.cursor:
                pygame.draw.rect(surface, THEME.button_hover, row)
            if card in self.chosen:
                pygame.draw.rect(surface, THEME.accent, row, 2)
            thumb = self.faces.get(self.deck, card.index, True, thumb_w, force=True)
            assert thumb is not None  # force=True always draws
            surface.blit(thumb, (row.x + px(6), row.y + (rh - thumb.get_height()) // 2))
            x = row.x + px(12) + thumb_w
            surface.blit(fonts.render(card.name, px(16), THEME.text, bold=True), (x, row.y + px(7)))
            facts = "  ·  ".join(f for f in (card.colour if card.colour not in ("red", "black") else "",
                                             card.mark, "trump" if "trump" in card.tags else "") if f)
            right = self.status(card) if self.status else ""
            line = "   ".join(t for t in (facts, right) if t)
            if line:
                img = fonts.render(line, px(13), THEME.text_dim)
                surface.blit(img, img.get_rect(midright=(row.right - px(10), row.centery)))
            drawn += 1
        surface.set_clip(clip)
        self.rows_drawn = drawn
        if not self.results:
            msg = fonts.render("No card matches", px(16), THEME.text_dim)
            surface.blit(msg, msg.get_rect(center=box.center))
