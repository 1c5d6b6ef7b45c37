"""The help overlay's hand table for Five-Card Draw: the nine kinds, best first, an
example of each and the exact chance of being dealt it."""

from __future__ import annotations

import pygame

from cardtable.games.five_card_draw.hands import KINDS, kind_counts
from cardtable.ui.hands_page import RowsPage
from cardtable.ui.theme import THEME

EXAMPLES = {
    "Straight Flush": ("AS", "KS", "QS", "JS", "10S"), "Four of a Kind": ("9C", "9D", "9H", "9S", "KD"),
    "Full House": ("KH", "KD", "KS", "8H", "8D"), "Flush": ("AD", "JD", "9D", "6D", "2D"),
    "Straight": ("5C", "4D", "3H", "2S", "AC"), "Three of a Kind": ("7S", "7H", "7D", "KC", "2H"),
    "Two Pair": ("QS", "QD", "4C", "4H", "AS"), "One Pair": ("10H", "10C", "AD", "8S", "3C"),
    "High Card": ("AH", "JC", "8D", "6S", "3H"),
}
"""An example hand of each kind (the straight is the wheel, the lowest)."""

NOTES = {"Straight Flush": "A-K-Q-J-10 is the Royal Flush", "Straight": "A-2-3-4-5, the wheel, is the lowest"}


class HandsPage(RowsPage):
    """Draws the nine kinds as rows of a scrollable table."""

    headings = ("#", "kind", "example", "dealt")

    def rows(self) -> tuple[str, ...]:
        return tuple(reversed(KINDS))

    def columns(self, body: pygame.Rect) -> list[int]:
        px = self.app.px
        return [body.x, body.x + px(40), body.x + px(330), body.right - px(140)]

    def draw_row(self, surface: pygame.Surface, i: int, kind: str, top: int, cols: list[int]) -> None:
        px = self.app.px
        counts = kind_counts()
        self.text(surface, str(i + 1), px(16), THEME.text_dim, (cols[0], top + px(8)))
        self.text(surface, kind, px(16), THEME.text, (cols[1], top + px(8)), bold=True)
        if kind in NOTES:
            self.text(surface, NOTES[kind], px(13), THEME.text_dim, (cols[1], top + px(32)))
        card_w = px(36)
        self.draw_cards(surface, [self.deck.find(code).index for code in EXAMPLES[kind]], cols[2], top + px(6),
                        card_w, card_w + px(4))
        p = counts[kind] / sum(counts.values()) * 100
        self.text(surface, f"{p:.4f}%" if p < 0.1 else f"{p:.2f}%", px(15), THEME.text, (cols[3], top + px(8)))
