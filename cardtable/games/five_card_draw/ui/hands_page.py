"""The help overlay's hand table for Five-Card Draw: the nine kinds, best first, an
example of each and the exact chance of being dealt it."""

from __future__ import annotations

import pygame

from cardtable.games.five_card_draw.hands import KINDS, kind_counts
from cardtable.ui.table_view import FaceCache
from cardtable.ui.theme import THEME
from cardtable.variants import load_deck_by_id

EXAMPLES = {
    "Straight Flush": ("AS", "KS", "QS", "JS", "10S"), "Four of a Kind": ("9C", "9D", "9H", "9S", "KD"),
    "Full House": ("KH", "KD", "KS", "8H", "8D"), "Flush": ("AD", "JD", "9D", "6D", "2D"),
    "Straight": ("5C", "4D", "3H", "2S", "AC"), "Three of a Kind": ("7S", "7H", "7D", "KC", "2H"),
    "Two Pair": ("QS", "QD", "4C", "4H", "AS"), "One Pair": ("10H", "10C", "AD", "8S", "3C"),
    "High Card": ("AH", "JC", "8D", "6S", "3H"),
}
"""An example hand of each kind (the straight is the wheel, the lowest)."""

NOTES = {"Straight Flush": "A-K-Q-J-10 is the Royal Flush", "Straight": "A-2-3-4-5, the wheel, is the lowest"}


class HandsPage:
    """Draws the nine kinds as rows of a scrollable table."""

    title = "Hands"

    def __init__(self, app) -> None:
        self.app = app
        self.deck = load_deck_by_id("standard52")
        self.faces = FaceCache(app.faces)

    def row_height(self) -> int:
        """Pixels per kind."""
        return self.app.px(66)

    def content_height(self) -> int:
        """The whole table's height (for scrolling)."""
        return self.row_height() * (len(KINDS) + 1)

    def draw(self, surface: pygame.Surface, body: pygame.Rect, scroll: int) -> None:
        """Paint the rows that fall inside ``body``."""
        px, fonts = self.app.px, self.app.fonts
        counts = kind_counts()
        total = sum(counts.values())
        rh = self.row_height()
        clip = surface.get_clip()
        surface.set_clip(body)
        cols = [body.x, body.x + px(40), body.x + px(330), body.right - px(140)]
        y = body.y - scroll
        for x, text in zip(cols, ["#", "kind", "example", "dealt"]):
            surface.blit(fonts.render(text, px(15), THEME.accent, bold=True), (x, y + px(8)))
        card_w = px(36)
        for i, kind in enumerate(reversed(KINDS)):
            top = y + (i + 1) * rh
            if top + rh < body.y or top > body.bottom:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, THEME.field, (body.x, top, body.width, rh))
            surface.blit(fonts.render(str(i + 1), px(16), THEME.text_dim), (cols[0], top + px(8)))
            surface.blit(fonts.render(kind, px(16), THEME.text, bold=True), (cols[1], top + px(8)))
            if kind in NOTES:
                surface.blit(fonts.render(NOTES[kind], px(13), THEME.text_dim), (cols[1], top + px(32)))
            for j, code in enumerate(EXAMPLES[kind]):
                surf = self.faces.get(self.deck, self.deck.find(code).index, True, card_w, force=True)
                surface.blit(surf, (cols[2] + j * (card_w + px(4)), top + px(6)))
            p = counts[kind] / total * 100
            surface.blit(fonts.render(f"{p:.4f}%" if p < 0.1 else f"{p:.2f}%", px(15), THEME.text),
                         (cols[3], top + px(8)))
        surface.set_clip(clip)
