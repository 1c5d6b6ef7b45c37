"""The help overlay's Sabacc page: every card's value, the special hands, bomb-outs and a tie."""

from __future__ import annotations

import pygame

from cardtable.games.sabacc.hands import evaluate, parse_hand
from cardtable.ui.table_view import FaceCache
from cardtable.ui.theme import THEME
from cardtable.variants import load_deck_by_id

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


class SabaccHandsPage:
    """Rows of example cards with what they make."""

    title = "Cards and hands"

    def __init__(self, app) -> None:
        self.app = app
        self.deck = load_deck_by_id("sabacc")
        self.faces = FaceCache(app.faces)
        self.rows = [(text, [self.deck.find(code).index for code in codes]) for text, codes in ROWS]

    def card_width(self) -> int:
        """Wide enough for the full face, with the face cards' names (56 px and up)."""
        return max(56, self.app.px(70))

    def row_height(self) -> int:
        """Pixels per row."""
        return int(self.card_width() * 1.4) + self.app.px(42)

    def content_height(self) -> int:
        """The whole page's height (for scrolling)."""
        return self.row_height() * len(self.rows)

    def draw(self, surface: pygame.Surface, body: pygame.Rect, scroll: int) -> None:
        """Paint the rows that fall inside ``body``."""
        px, fonts = self.app.px, self.app.fonts
        rh = self.row_height()
        card_w = self.card_width()
        clip = surface.get_clip()
        surface.set_clip(body)
        for i, (text, cards) in enumerate(self.rows):
            top = body.y - scroll + i * rh
            if top + rh < body.y or top > body.bottom:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, THEME.field, (body.x, top, body.width, rh))
            surface.blit(fonts.render(text, px(15), THEME.text, bold=True), (body.x + px(8), top + px(6)))
            for j, card in enumerate(cards):
                surf = self.faces.get(self.deck, card, True, card_w, force=True)
                surface.blit(surf, (body.x + px(8) + j * (card_w + px(6)), top + px(28)))
            if i >= 2:
                value = evaluate(parse_hand([self.deck[c].code for c in cards], self.deck))
                label = fonts.render(f"= {value.label}", px(18), THEME.highlight, bold=True)
                x = body.x + px(16) + len(cards) * (card_w + px(6))
                surface.blit(label, label.get_rect(midleft=(x, top + px(28) + int(card_w * 0.7))))
        surface.set_clip(clip)
