"""The help overlay's hand table for Shenja Ivali: the 43 kinds in order, an example of each,
the program's exact odds beside the source's."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import pygame

from cardtable.games.shenja_ivali.examples import example_hands
from cardtable.games.shenja_ivali.hands import HAND_COUNT, KINDS
from cardtable.ui.hands_page import RowsPage
from cardtable.ui.theme import THEME


@lru_cache(maxsize=1)
def _odds() -> dict[int, float]:
    """``kind_probabilities()``, from the counts ``tools/make_tables.py`` wrote (checked by
    tests/test_generated_tables.py) rather than counted at every start."""
    from cardtable.games.shenja_ivali.kind_counts import KIND_COUNTS

    return {rank: count / HAND_COUNT for rank, count in KIND_COUNTS.items()}


class IvaliHandsPage(RowsPage):
    """Draws the 43 kinds as rows of a scrollable table."""

    deck_id = "ivali"
    row_px = 62
    headings = ("#", "kind", "example", "exact odds", "the source's")

    def __init__(self, app, variant: Any = None) -> None:
        super().__init__(app, variant)
        self.examples = example_hands(self.deck)

    def rows(self) -> Sequence[Any]:
        return KINDS

    def columns(self, body: pygame.Rect) -> list[int]:
        px = self.app.px
        return [body.x, body.x + px(40), body.x + px(330), body.right - px(250), body.right - px(120)]

    def draw_row(self, surface: pygame.Surface, i: int, kind: Any, top: int, cols: list[int]) -> None:
        px = self.app.px
        self.text(surface, str(kind.rank), px(16), THEME.text_dim, (cols[0], top + px(8)))
        name = kind.name + ("  (+ element word)" if kind.element_word else "")
        self.text(surface, name, px(16), THEME.text, (cols[1], top + px(8)), bold=True)
        self.text(surface, kind.pattern, px(13), THEME.text_dim, (cols[1], top + px(32)))
        card_w = px(34)
        self.draw_cards(surface, [card.index for card in self.examples.get(kind.rank, ())], cols[2], top + px(6),
                        card_w, card_w + px(4))
        p = _odds().get(kind.rank, 0.0) * 100
        self.text(surface, f"{p:.5f}%" if p < 0.01 else f"{p:.3f}%", px(15), THEME.text, (cols[3], top + px(8)))
        source = f"{kind.source_percent:.6f}".rstrip("0").rstrip(".")
        self.text(surface, f"{source}%", px(15), THEME.text_dim, (cols[4], top + px(8)))
