"""The help overlay's hand table for Shenja Ivali: the 43 kinds in order, an example of each,
the program's exact odds beside the source's."""

from __future__ import annotations

from functools import lru_cache

import pygame

from cardtable.games.shenja_ivali.examples import example_hands
from cardtable.games.shenja_ivali.hands import KINDS, kind_probabilities
from cardtable.ui.table_view import FaceCache
from cardtable.ui.theme import THEME
from cardtable.variants import load_deck_by_id


@lru_cache(maxsize=1)
def _odds() -> dict[int, float]:
    return kind_probabilities()


class IvaliHandsPage:
    """Draws the 43 kinds as rows of a scrollable table."""

    title = "Hands"

    def __init__(self, app) -> None:
        self.app = app
        self.deck = load_deck_by_id("ivali")
        self.examples = example_hands(self.deck)
        self.faces = FaceCache(app.faces)

    def row_height(self) -> int:
        """Pixels per kind."""
        return self.app.px(62)

    def content_height(self) -> int:
        """The whole table's height (for scrolling)."""
        return self.row_height() * (len(KINDS) + 1)

    def draw(self, surface: pygame.Surface, body: pygame.Rect, scroll: int) -> None:
        """Paint the rows that fall inside ``body``."""
        px, fonts = self.app.px, self.app.fonts
        odds = _odds()
        rh = self.row_height()
        clip = surface.get_clip()
        surface.set_clip(body)
        header = ["#", "kind", "example", "exact odds", "the source's"]
        cols = [body.x, body.x + px(40), body.x + px(330), body.right - px(250), body.right - px(120)]
        y = body.y - scroll
        for x, text in zip(cols, header):
            surface.blit(fonts.render(text, px(15), THEME.accent, bold=True), (x, y + px(8)))
        card_w = px(34)
        for i, kind in enumerate(KINDS):
            top = y + (i + 1) * rh
            if top + rh < body.y or top > body.bottom:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, THEME.field, (body.x, top, body.width, rh))
            surface.blit(fonts.render(str(kind.rank), px(16), THEME.text_dim), (cols[0], top + px(8)))
            name = kind.name + ("  (+ element word)" if kind.element_word else "")
            surface.blit(fonts.render(name, px(16), THEME.text, bold=True), (cols[1], top + px(8)))
            surface.blit(fonts.render(kind.pattern, px(13), THEME.text_dim), (cols[1], top + px(32)))
            for j, card in enumerate(self.examples.get(kind.rank, ())):
                surf = self.faces.get(self.deck, card.index, True, card_w, force=True)
                surface.blit(surf, (cols[2] + j * (card_w + px(4)), top + px(6)))
            p = odds.get(kind.rank, 0.0) * 100
            surface.blit(fonts.render(f"{p:.5f}%" if p < 0.01 else f"{p:.3f}%", px(15), THEME.text),
                         (cols[3], top + px(8)))
            source = f"{kind.source_percent:.6f}".rstrip("0").rstrip(".")
            surface.blit(fonts.render(f"{source}%", px(15), THEME.text_dim), (cols[4], top + px(8)))
        surface.set_clip(clip)
