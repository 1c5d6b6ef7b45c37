"""The help overlay's hand table for Flame Sword: the 102 kinds (and High Card) in the order
the variant ranks them, an example hand of each, the source's odds and the program's own
measured frequency with its sample size, so players can see where the source's arithmetic
is off (most random hands are Rainbows, which the source puts near the top)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.games.flame_sword import frequencies as flame_frequencies
from cardtable.games.flame_sword.examples import example_hands
from cardtable.games.flame_sword.hands import best_hand, kind_order
from cardtable.ui.hands_page import RowsPage
from cardtable.ui.text import note_cut
from cardtable.ui.theme import THEME

TIES_TEXT = ("Ties, the source's six layers: 1 higher cards - the groups largest first, as labels name "
             "them (three 5s and two 2s beat three 4s and two 6s), a run's or flush's top card, then the "
             "other cards highest first; 2 a trump; 3 more trumps; 4 a higher trump; 5 the next trump; 6 split.")
"""The tie order as the help page states it (the rules README's Flame Sword section)."""


def measured_text(rank: int) -> tuple[str, str]:
    """("is" share, "contains" share) of a kind in the stored sample, as short text."""
    samples = flame_frequencies.SAMPLES
    if not samples:
        return "-", "-"

    def share(count: int) -> str:
        if count == 0:
            return "never"
        p = 100 * count / samples
        return f"{p:.3f}%" if p >= 0.01 else f"1 in {samples / count:,.0f}"

    return share(flame_frequencies.IS.get(rank, 0)), share(flame_frequencies.CONTAINS.get(rank, 0))


class FlameHandsPage(RowsPage):
    """Draws the kinds as rows of a scrollable table."""

    deck_id = "infinite"
    row_px = 70
    headings = ("#", "kind", "example (kind cards first)", "source odds", "measured")

    def __init__(self, app, variant=None) -> None:
        super().__init__(app, variant)
        settings = getattr(variant, "settings", None) or {}
        self.order = settings.get("order", "source") if isinstance(settings, dict) else "source"
        if self.order not in ("source", "measured"):
            self.order = "source"
        self.kinds = kind_order(self.order)
        self.examples = example_hands(self.deck)
        self.notes = {74: "never the kind: it always holds an 8 of a Kind, ranked higher"} \
            if self.order == "source" else {}
        self.labels = {}
        for kind in self.kinds:
            cards = list(self.examples.get(kind.rank, ()))
            if cards:
                called = cards if kind.family == "called" else ()
                self.labels[kind.rank] = best_hand(self.deck, cards, called, self.order).cards

    def rows(self) -> Sequence[Any]:
        return self.kinds

    def header_height(self) -> int:
        """Pixels of the explanation above the table."""
        return self.app.px(94)

    def top_height(self) -> int:
        return self.header_height()

    def columns(self, body: pygame.Rect) -> list[int]:
        px = self.app.px
        odds_w, measured_w = px(165), px(135)
        name_w = max(px(205), min(px(300), body.width - odds_w - measured_w - px(330)))
        return [body.x, body.x + px(36), body.x + px(36) + name_w,
                body.right - odds_w - measured_w, body.right - measured_w]

    def draw_top(self, surface: pygame.Surface, body: pygame.Rect, cols: list[int], y: int) -> None:
        """The explanation, the ties and the column headings."""
        px, fonts = self.app.px, self.app.fonts
        samples = flame_frequencies.SAMPLES
        ranked = "the source's list" if self.order == "source" else "the measured rarity (order: measured)"
        intro = (f"Kinds ranked by {ranked}; # is the place on the source's list. A hand is the best "
                 f"ten of your hole cards and one row or column. Measured: {samples:,} random 14-card "
                 "hands; 'is' = that hand's kind, 'has' = some ten of its cards contain the kind.")
        self._blit_wrapped(surface, intro, body.x, y, body.width, px(13), max_lines=2)
        self._blit_wrapped(surface, TIES_TEXT, body.x, y + 2 * (px(13) + 3), body.width, px(13), max_lines=2)
        y += self.header_height() - px(20)
        for x, text in zip(cols, self.headings):
            surface.blit(fonts.render(text, px(14), THEME.accent, bold=True), (x, y))

    def draw_row(self, surface: pygame.Surface, i: int, kind: Any, top: int, cols: list[int]) -> None:
        px, fonts = self.app.px, self.app.fonts
        self.text(surface, str(kind.rank), px(15), THEME.text_dim, (cols[0], top + px(8)))
        name_size = px(15)
        name_room = cols[2] - cols[1] - px(6)
        while name_size > px(11) and fonts.font(name_size, bold=True).size(kind.name)[0] > name_room:
            name_size -= 1
        self.text(surface, kind.name, name_size, THEME.text, (cols[1], top + px(8)), bold=True)
        note = self.notes.get(kind.rank) or kind.text
        self._blit_wrapped(surface, note, cols[1], top + px(30), cols[2] - cols[1] - px(8), px(12))
        card_w = px(38)
        step = max(px(10), min(px(27), (cols[3] - cols[2] - card_w - px(12)) // 9))
        self.draw_cards(surface, self.labels.get(kind.rank, ()), cols[2], top + px(6), card_w, step)
        odds = kind.odds + (" : 1" if kind.odds != "-" else "")
        self.text(surface, odds, px(13), THEME.text_dim, (cols[3], top + px(10)))
        is_text, has_text = measured_text(kind.rank)
        self.text(surface, f"is {is_text}", px(13), THEME.text, (cols[4], top + px(10)))
        self.text(surface, f"has {has_text}", px(13), THEME.text_dim, (cols[4], top + px(30)))

    def _blit_wrapped(self, surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int,
                      max_lines: int = 2) -> None:
        """Up to ``max_lines`` lines of small text, cut with an ellipsis past that."""
        font = self.app.fonts.font(size)
        words, lines, line = text.split(), [], ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
        if len(lines) > max_lines:
            note_cut(" ".join(lines))
            lines = lines[:max_lines - 1] + [lines[max_lines - 1].rstrip(".,") + "…"]
        for k, part in enumerate(lines):
            surface.blit(self.app.fonts.render(part, size, THEME.text_dim), (x, y + k * (size + 3)))
