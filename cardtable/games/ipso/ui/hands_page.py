"""The help overlay's hand table for Ipso: the eight kinds, best first, with an example
of each and how ties between two hands of that kind are decided."""

from __future__ import annotations

import pygame

from cardtable.games.ipso.hands import hand_value_of
from cardtable.ui.table_view import FaceCache
from cardtable.ui.theme import THEME
from cardtable.variants import load_deck_by_id

ROWS = (
    (("7S", "7H", "7D", "7C"), "four of a rank", "the higher quad"),
    (("9S", "9H", "9D", "KC"), "three of a rank + a K, Q or J", "the higher prial"),
    (("AH", "2H", "3H", "4H"), "four in sequence, one suit (Aces low)", "the higher top card; else cut"),
    (("5C", "6D", "7D", "8S"), "four in sequence, mixed suits", "the higher top card; else cut"),
    (("6S", "8S", "JS", "QS"), "four of a suit (J-Q-K-A is a flush)", "the larger pip sum; else cut"),
    (("QS", "QH", "8D", "8C"), "two pairs", "the larger pip sum; else cut"),
    (("QC", "QD", "7H", "9S"), "a pair (or a prial without a face rider)", "the larger pip sum; else cut"),
    (("9D", "4H", "6C", "7S"), "anything else", "the larger pip sum; else cut"),
)
"""Per kind, best first: an example, what makes it, how ties inside the kind go."""


class IpsoHandsPage:
    """Draws the eight kinds as rows of a table."""

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
        return self.row_height() * (len(ROWS) + 1) + self.app.px(40)

    def draw(self, surface: pygame.Surface, body: pygame.Rect, scroll: int) -> None:
        """Paint the rows that fall inside ``body``."""
        px, fonts = self.app.px, self.app.fonts
        rh = self.row_height()
        clip = surface.get_clip()
        surface.set_clip(body)
        card_w = px(36)
        cols = [body.x, body.x + px(34), body.x + px(34) + 4 * (card_w + px(4)) + px(20)]
        y = body.y - scroll
        for x, text in zip(cols, ["#", "example", "kind, and ties between two of it"]):
            surface.blit(fonts.render(text, px(15), THEME.accent, bold=True), (x, y + px(8)))
        for i, (codes, what, ties) in enumerate(ROWS):
            top = y + (i + 1) * rh
            if top + rh < body.y or top > body.bottom:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, THEME.field, (body.x, top, body.width, rh))
            hand = hand_value_of(codes)
            surface.blit(fonts.render(str(hand.rank), px(16), THEME.text_dim), (cols[0] + px(6), top + px(8)))
            for j, code in enumerate(codes):
                face = self.faces.get(self.deck, self.deck.find(code).index, True, card_w, force=True)
                surface.blit(face, (cols[1] + j * (card_w + px(4)), top + px(6)))
            surface.blit(fonts.render(f"{hand.kind}: {what}", px(16), THEME.text, bold=True),
                         (cols[2], top + px(8)))
            surface.blit(fonts.render(f"value {hand.value}  ·  ties: {ties}", px(14), THEME.text_dim),
                         (cols[2], top + px(34)))
        note = "Pips: A=1, 2-10 as marked, J=11, Q=12, K=13. \"Cut\": each tied player gets the stock's top card."
        surface.blit(fonts.render(note, px(14), THEME.text_dim), (body.x, y + (len(ROWS) + 1) * rh + px(8)))
        surface.set_clip(clip)
