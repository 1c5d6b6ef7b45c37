"""The help overlay's Sabacc page: every card's value, the special hands, bomb-outs and a tie."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.games.sabacc.hands import evaluate, parse_hand
from cardtable.ui.hands_page import RowsPage
from cardtable.ui.theme import THEME

ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The face cards (two of each): negative values, the Idiot is 0",
     ("Queen of Air and Darkness #1", "Endurance #1", "Balance #1", "Demise #1", "Moderation #1",
      "The Evil One #1", "The Star #1", "The Idiot #1")),
    ("Four suits of 1 to 11, Commander 12, Mistress 13, Master 14, Ace 15",
     ("1 of Coins", "7 of Flasks", "11 of Sabers", "Commander of Staves", "Mistress of Coins",
      "Master of Flasks", "Ace of Sabers")),
    ("Idiot's Array: the Idiot, a 2 and a 3, exactly three cards - the best hand, wins both pots",
     ("The Idiot #1", "2 of Coins", "3 of Staves")),
    ("Pure Sabacc: exactly +23 or -23 - beats every hand but the Array, wins both pots",
     ("Ace of Coins", "8 of Flasks")),
    ("Pure Sabacc the other way: -23", ("The Star #1", "Endurance #1", "2 of Sabers")),
    ("Otherwise the highest absolute total wins: +20 and -20 tie and go to sudden demise",
     ("10 of Coins", "10 of Flasks")),
    ("… against -20", ("The Star #2", "Demise #1", "10 of Sabers")),
    ("Bomb out: over 23 (here 24) - pays the hand pot's amount into the sabacc pot",
     ("Ace of Staves", "9 of Coins")),
    ("Bomb out: under -23 (here -25)", ("The Star #1", "Endurance #2")),
    ("Bomb out: exactly 0", ("Balance #1", "11 of Staves")),
)


class SabaccHandsPage(RowsPage):
    """Rows of example cards with what they make."""

    title = "Cards and hands"
    deck_id = "sabacc"

    def __init__(self, app, variant: Any = None) -> None:
        super().__init__(app, variant)
        self._rows = [(text, [self.deck.find(code).index for code in codes]) for text, codes in ROWS]

    def rows(self) -> list[tuple[str, list[int]]]:
        return self._rows

    def card_width(self) -> int:
        """Wide enough for the full face, with the face cards' names (56 px and up)."""
        return max(56, self.app.px(70))

    def row_height(self) -> int:
        """Pixels per row."""
        return int(self.card_width() * 1.4) + self.app.px(42)

    def draw_row(self, surface: pygame.Surface, i: int, row: tuple[str, list[int]], top: int,
                 cols: list[int]) -> None:
        px, fonts = self.app.px, self.app.fonts
        text, cards = row
        card_w = self.card_width()
        self.text(surface, text, px(15), THEME.text, (cols[0] + px(8), top + px(6)), bold=True)
        self.draw_cards(surface, cards, cols[0] + px(8), top + px(28), card_w, card_w + px(6))
        if i >= 2:
            value = evaluate(parse_hand([self.deck[c].code for c in cards], self.deck))
            label = fonts.render(f"= {value.label}", px(18), THEME.highlight, bold=True)
            x = cols[0] + px(16) + len(cards) * (card_w + px(6))
            surface.blit(label, label.get_rect(midleft=(x, top + px(28) + int(card_w * 0.7))))
