"""The help overlay's hand table for a game written in a variant file: the nine kinds of
poker hand, best first, an example of each and the chance of five cards making it; and,
for a game whose showdown splits the pot with a low, the lows, best first, and what makes
no low; for a game valued by another game's own evaluator, which game's hands they are."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable.engine.named_evaluators import lookup
from cardtable.engine.poker_hands import KINDS, kind_counts
from cardtable.ui.hands_page import RowsPage
from cardtable.ui.theme import THEME

__all__ = ["HandsPage", "EXAMPLES", "LOWS"]

EXAMPLES = {
    "Straight Flush": ("AS", "KS", "QS", "JS", "10S"), "Four of a Kind": ("9C", "9D", "9H", "9S", "KD"),
    "Full House": ("KH", "KD", "KS", "8H", "8D"), "Flush": ("AD", "JD", "9D", "6D", "2D"),
    "Straight": ("5C", "4D", "3H", "2S", "AC"), "Three of a Kind": ("7S", "7H", "7D", "KC", "2H"),
    "Two Pair": ("QS", "QD", "4C", "4H", "AS"), "One Pair": ("10H", "10C", "AD", "8S", "3C"),
    "High Card": ("AH", "JC", "8D", "6S", "3H"),
}
"""An example hand of each kind (the straight is the wheel, the lowest)."""

NOTES = {"Straight Flush": "A-K-Q-J-10 is the Royal Flush", "Straight": "A-2-3-4-5, the wheel, is the lowest"}

_EIGHT = (("5-4-3-2-A", ("5H", "4D", "3C", "2S", "AH"), "the wheel: the best low", True),
          ("6-4-3-2-A", ("6C", "4H", "3D", "2C", "AS"), "compared from the top card down", True),
          ("7-5-4-3-2", ("7D", "5S", "4C", "3H", "2D"), "beats 8-4-3-2-A: seven below eight", True),
          ("8-7-6-5-4", ("8S", "7H", "6C", "5D", "4S"), "the worst low that qualifies", True),
          ("no low", ("9C", "6D", "4H", "3S", "AD"), "a card over eight or a pair: no low", False))
_A5 = (("5-4-3-2-A", ("5H", "4D", "3C", "2S", "AH"), "the wheel: the best low", True),
       ("6-4-3-2-A", ("6C", "4H", "3D", "2C", "AS"), "compared from the top card down", True),
       ("K-Q-J-10-8", ("KS", "QH", "JD", "10C", "8S"), "the worst hand without a pair", True),
       ("One Pair", ("AC", "AD", "2H", "3S", "4C"), "a pair counts against a low", False))
_27 = (("7-5-4-3-2", ("7D", "5S", "4C", "3H", "2D"), "the best low (not all one suit)", True),
       ("8-5-4-3-2", ("8S", "5D", "4H", "3C", "2S"), "compared from the top card down", True),
       ("A-5-4-3-2", ("AH", "5C", "4D", "3S", "2H"), "the ace is high: no straight", True),
       ("Straight", ("6S", "5H", "4C", "3D", "2S"), "straights and flushes count against it", False))

LOWS = {"low8": _EIGHT, "omaha_low8": _EIGHT, "low_a5": _A5, "low_27": _27}
"""The lows of each low evaluator, best first: a name, an example, a note and whether it
is a low in the ranking (the last rows say what is none)."""

LOW_WORDS = {"low8": "The low half: eight or better, aces low",
             "omaha_low8": "The low half: eight or better, two hole cards and three of the board",
             "low_a5": "The low: ace-to-five, aces low", "low_27": "The low: deuce-to-seven, aces high"}


def _owner(name: str) -> str:
    """The name of the game that declares the evaluator ``name`` (the name itself if none)."""
    from cardtable import games
    return next((game.name for game in games.games() if any(e.name == name for e in game.evaluators)), name)


@dataclass(frozen=True)
class Row:
    """One row of the page: a hand (its place, name, example and note), or a heading."""

    name: str
    cards: tuple[str, ...] = ()
    note: str = ""
    place: str = ""
    chance: str = ""


class HandsPage(RowsPage):
    """The kinds of poker hand as rows of a scrollable table, then the lows where a pot splits."""

    headings = ("#", "hand", "example", "in 5 cards")

    def __init__(self, app, variant=None) -> None:
        super().__init__(app, variant)
        self.low = ""
        self.own = ""
        if variant is not None:
            from cardtable import games
            from cardtable.yaml_games.tools import showdown_of
            showdown = showdown_of(games.get(variant.game))
            self.low = showdown.low
            self.own = "" if lookup(showdown.high).standard else showdown.high
        self._rows = self._make_rows()

    def _make_rows(self) -> tuple[Row, ...]:
        if self.own:  # a game's own evaluator: its hands are that game's, told on its own pages
            return (Row(f"The hands rank as in {_owner(self.own)}: {lookup(self.own).doc}"),)
        counts = kind_counts()
        total = sum(counts.values())
        rows = []
        for i, kind in enumerate(reversed(KINDS)):
            p = counts[kind] / total * 100
            rows.append(Row(kind, EXAMPLES[kind], NOTES.get(kind, ""), str(i + 1),
                            f"{p:.4f}%" if p < 0.1 else f"{p:.2f}%"))
        if self.low in LOWS:
            rows.append(Row(LOW_WORDS.get(self.low, lookup(self.low).doc)))
            rows += [Row(name, cards, note, str(i + 1) if ranked else "")
                     for i, (name, cards, note, ranked) in enumerate(LOWS[self.low])]
        return tuple(rows)

    def rows(self) -> tuple[Row, ...]:
        return self._rows

    def columns(self, body: pygame.Rect) -> list[int]:
        px = self.app.px
        return [body.x, body.x + px(40), body.x + px(330), body.right - px(140)]

    def draw_row(self, surface: pygame.Surface, i: int, row: Row, top: int, cols: list[int]) -> None:
        px = self.app.px
        if not row.cards:  # a heading
            self.text(surface, row.name, px(16), THEME.accent, (cols[0], top + px(22)), bold=True)
            return
        self.text(surface, row.place, px(16), THEME.text_dim, (cols[0], top + px(8)))
        self.text(surface, row.name, px(16), THEME.text, (cols[1], top + px(8)), bold=True)
        if row.note:
            self.text(surface, row.note, px(13), THEME.text_dim, (cols[1], top + px(32)))
        card_w = px(36)
        self.draw_cards(surface, [self.deck.find(code).index for code in row.cards], cols[2], top + px(6),
                        card_w, card_w + px(4))
        if row.chance:
            self.text(surface, row.chance, px(15), THEME.text, (cols[3], top + px(8)))
