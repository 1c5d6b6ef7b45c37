"""The hand bar of the free table: the private hand of the player at the screen.

Hot-seat play on one screen: cards dealt "to each player" go into each seat's hand
(:meth:`~cardtable.engine.table.Table.deal_hands`), off the felt. The bar along the
bottom of the window shows only the hand of the player whose turn it is, face up,
with how many cards the others hold; its "Pass" button hides everything behind a pass
screen until the next player says they are at the screen. Cards are dragged out of the
bar onto the felt (face up) and from the felt into it.
"""

from __future__ import annotations

import pygame

from cardtable.engine.table import Table
from cardtable.ui.faces import card_height
from cardtable.ui.table_view import FaceCache
from cardtable.ui.text import figure, plural
from cardtable.ui.theme import THEME


def player_name(seat: int) -> str:
    """How a seat is called on the table: ``Player 1`` for seat 0."""
    return f"Player {seat + 1}"


class HandBar:
    """Geometry, hit tests and drawing of the hand bar, for one window size and scale."""

    def __init__(self, screen: tuple[int, int], px) -> None:
        self.px = px
        w, h = screen
        self.card_w = px(64)
        self.card_h = card_height(self.card_w)
        height = self.card_h + px(40)
        self.rect = pygame.Rect(0, h - height, w, height)
        self.pass_rect = pygame.Rect(w - px(210), self.rect.y + px(8), px(198), px(30))

    def card_rects(self, count: int) -> list[pygame.Rect]:
        """Where each of ``count`` cards lies in the bar, left to right (overlapping when many)."""
        px = self.px
        left, right = px(12), self.rect.w - px(12)
        step = self.card_w + px(6)
        if count > 1:
            step = min(step, (right - left - self.card_w) // (count - 1))
        y = self.rect.bottom - self.card_h - px(6)
        return [pygame.Rect(left + i * step, y, self.card_w, self.card_h) for i in range(count)]

    def card_at(self, table: Table, seat: int, pos: tuple[int, int]) -> int | None:
        """The index in ``seat``'s hand of the card under ``pos`` (the topmost), or ``None``."""
        hand = table.hand_of(seat)
        if hand is None:
            return None
        rects = self.card_rects(len(table.piles[hand].cards))
        return next((i for i in range(len(rects) - 1, -1, -1) if rects[i].collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, table: Table, seat: int, players: int, cache: FaceCache, fonts,
             *, lifted: int | None = None, target: bool = False, can_pass: bool = True) -> None:
        """The bar: ``seat``'s cards face up (but ``lifted``, being dragged), the others' counts,
        and the Pass button (where ``can_pass``: players who share the screen). ``target``: a
        card is dragged over the bar (it would go in)."""
        px = self.px
        pygame.draw.rect(surface, THEME.panel, self.rect)
        pygame.draw.line(surface, THEME.highlight if target else THEME.panel_edge, self.rect.topleft,
                         self.rect.topright, 3 if target else 1)
        hand = table.hand_of(seat)
        cards = table.piles[hand].cards if hand is not None else ()
        counts = []
        for other in range(players):
            if other != seat:
                pid = table.hand_of(other)
                n = len(table.piles[pid].cards) if pid is not None else 0
                counts.append(f"{player_name(other)}: {figure(n)}")
        label = f"{player_name(seat)}'s hand · {plural(len(cards), 'card')}"
        if counts:
            label += "   (" + ", ".join(counts) + ")"
        img = fonts.render(label, px(15), THEME.text, bold=True)
        surface.blit(img, (self.rect.x + px(12), self.rect.y + px(12)))
        if not cards:
            hint = fonts.render("drag cards here to take them into your hand", px(14), THEME.text_dim)
            surface.blit(hint, (self.rect.x + px(12), self.rect.y + px(40)))
        for i, rect in enumerate(self.card_rects(len(cards))):
            if i != lifted:
                surface.blit(cache.get(table.deck, cards[i], True, self.card_w, force=True), rect)
        if players > 1 and can_pass:
            pygame.draw.rect(surface, THEME.button_hover, self.pass_rect, border_radius=px(6))
            pygame.draw.rect(surface, THEME.border, self.pass_rect, 1, border_radius=px(6))
            text = fonts.render(f"Pass to {player_name((seat + 1) % players)} ▸", px(15), THEME.text)
            surface.blit(text, text.get_rect(center=self.pass_rect.center))
