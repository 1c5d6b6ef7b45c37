"""The help overlay's hand table for Ipso: the eight kinds, best first, with an example
of each and how ties between two hands of that kind are decided."""

from __future__ import annotations

import pygame

from cardtable.games.ipso.hands import hand_value_of
from cardtable.ui.hands_page import RowsPage
from cardtable.ui.theme import THEME

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


class IpsoHandsPage(RowsPage):
    """Draws the eight kinds as rows of a table."""

    headings = ("#", "example", "kind, and ties between two of it")

    def rows(self) -> tuple[tuple[tuple[str, ...], str, str], ...]:
        return ROWS

    def bottom_height(self) -> int:
        return self.app.px(40)

    def columns(self, body: pygame.Rect) -> list[int]:
        px = self.app.px
        return [body.x, body.x + px(34), body.x + px(34) + 4 * (px(36) + px(4)) + px(20)]

    def draw_row(self, surface: pygame.Surface, i: int, row: tuple[tuple[str, ...], str, str], top: int,
                 cols: list[int]) -> None:
        px = self.app.px
        codes, what, ties = row
        hand = hand_value_of(codes)
        self.text(surface, str(hand.rank), px(16), THEME.text_dim, (cols[0] + px(6), top + px(8)))
        card_w = px(36)
        self.draw_cards(surface, [self.deck.find(code).index for code in codes], cols[1], top + px(6),
                        card_w, card_w + px(4))
        self.text(surface, f"{hand.kind}: {what}", px(16), THEME.text, (cols[2], top + px(8)), bold=True)
        self.text(surface, f"value {hand.value}  ·  ties: {ties}", px(14), THEME.text_dim,
                  (cols[2], top + px(34)))

    def draw_bottom(self, surface: pygame.Surface, body: pygame.Rect, y: int) -> None:
        note = "Pips: A=1, 2-10 as marked, J=11, Q=12, K=13. \"Cut\": each tied player gets the stock's top card."
        self.text(surface, note, self.app.px(14), THEME.text_dim, (body.x, y + self.app.px(8)))
