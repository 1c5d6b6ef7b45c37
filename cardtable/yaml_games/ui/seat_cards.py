"""The cards of each seat at a poker table written in YAML (a mixin of
:class:`~cardtable.yaml_games.ui.table.PokerTableScene`): the viewer's own cards, their up
cards standing higher, and the other seats' rows of cards, up and down, beside or under
their plates."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardtable.engine.view import SeatView
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.theme import THEME
from cardtable.yaml_games.rules import Phase

__all__ = ["SeatCards", "DRAWING", "STAND", "RISE", "TIER"]

DRAWING = (Phase.DRAW, Phase.DISCARD)
"""The phases in which a seat lets cards go."""

STAND = 0.22
"""How much higher than a seat's other cards its up cards stand, in one row (of a card's height)."""

RISE = 0.12
"""How much higher than the viewer's cards dealt face down their up cards stand (of a card's height)."""

TIER = 0.5
"""How far under its up cards a seat's other cards lie, in two rows (of a card's height)."""


def _shows(cards: Sequence[int | None]) -> list[float]:
    """How much of each card of a row but the last shows under the next (of its width):
    a face more than a back."""
    return [0.62 if card is not None else 0.3 for card in cards[:-1]]


class SeatCards(GameTableScene):
    """Each seat's cards; the table gives the hand's words and the sizes."""

    hand_line: str | None
    hand_rects: dict[int, pygame.Rect]
    selected: list[int]
    deck_rect: pygame.Rect
    board: Callable[..., list[int]]
    parts: Callable[..., Any]
    hand_words: Callable[..., tuple[str | None, str | None]]
    own_card_width: Callable[[int], int]
    own_gap: Callable[[int], int]
    card_width: Callable[..., int]

    def _own_cards(self, surface: pygame.Surface, view: SeatView, cards: list[int | None], up: set[int]) -> None:
        """The viewer's cards face up at the bottom: the ones chosen to discard lifted and
        ringed; in a game with up cards, those stand higher and the ones dealt face down
        (only the viewer sees them) carry a "down" mark."""
        px = self.app.px
        count = len(cards)
        if not count:
            self.hand_rects = {}
            return
        width = self.own_card_width(count)
        gap = self.own_gap(count)
        box = self.own_hand_box(count, width, gap=gap)
        has_up = self.parts(view).has_up
        rise = int(width * 1.4 * RISE) if has_up else 0
        rects: dict[int, pygame.Rect] = {}
        chosen = set(self.selected)
        for i, card in enumerate(cards):
            if card is None:
                continue
            target = (box.x + i * (width + gap), box.y - (rise if card in up else 0))
            rect = self.card(surface, self.deck, card, True, width, target, origin=self.deck_rect.topleft,
                             lifted=card in chosen)
            rects[card] = rect
            if card in chosen:
                pygame.draw.rect(surface, THEME.error, rect.inflate(6, 6), 3, border_radius=px(8))
            if has_up and card not in up:
                self._down_mark(surface, rect)
        self.hand_rects = rects
        self.note_box("hand:own", box.union(box.move(0, -rise)))
        if view.phase.id in (Phase.BET, *DRAWING):
            high, low = self.hand_words([c for c in cards if c is not None], self.board(view))
            if high is not None:
                self.hand_line = f"Your hand: {high}" + (f"   ·   low: {low.removesuffix(' low')}" if low else "")
                clear = px(22) if view.phase.id in DRAWING else px(8)  # over a card lifted as chosen
                self.draw_hand_line(surface, self.hand_line, (box.centerx, box.y - rise - clear))

    def _down_mark(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A dark band across the foot of a card dealt face down: only its owner sees it."""
        px, fonts = self.app.px, self.app.fonts
        tall = max(px(16), rect.height // 6)
        band = pygame.Rect(rect.x, rect.bottom - tall, rect.width, tall)
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, band)
        size = min(px(12), band.height - 2)
        img = fonts.render("down", size, THEME.text, bold=True)
        surface.blit(img, img.get_rect(center=band.center))

    def _seat_cards(self, surface: pygame.Surface, seat: int, plate: pygame.Rect, cards: list[int | None],
                    up: set[int]) -> None:
        """Another seat's cards by its plate: face down unless up or shown, a card face up
        showing more of itself under the next than a back does. Where some are up (Stud),
        the up cards stand higher than the others: in one row, or in two where that gives
        bigger cards (the up cards behind, the others in front of them, lower)."""
        face_up = any(c is not None for c in cards)
        want = int(self.card_width(big=True) * 0.8) if face_up else max(28, int(self.card_width() * 0.7))
        room = self._cards_room(seat, plate) if up else None
        if room is None:
            shows = _shows(cards)
            ratio = sum(shows) / len(shows) if shows else 0.62
            x0, y0, width, step = self.seat_cards_row(seat, plate, len(cards), want, int(want * ratio))
            rects = self._row(surface, cards, x0, y0, width, step * (len(cards) - 1), set())
        else:
            rects = self._up_and_down(surface, seat, plate, room, cards, up, want)
        if rects:
            row_rect = self.note_box(f"hand:{seat}", rects[0].unionall(rects[1:]))
            self.note_small_cards(seat, row_rect.union(plate), cards, rects[0].width)

    def _row(self, surface: pygame.Surface, cards: Sequence[int | None], x0: int, y0: int, width: int, span: int,
             lower: set[int | None], drop: int = 0) -> list[pygame.Rect]:
        """``cards`` in a row from (``x0``, ``y0``) over ``span`` pixels (each card's share as
        much of it as shows: :func:`_shows`); the cards of ``lower`` ``drop`` pixels lower.
        Returns where each card lies (a card sliding in is drawn short of it)."""
        shows = _shows(cards)
        total, done, rects = sum(shows) or 1.0, 0.0, []
        for i, card in enumerate(cards):
            at = (x0 + int(span * done / total), y0 + (drop if card in lower else 0))
            drawn = self.card(surface, self.deck, card, card is not None, width, at, origin=self.deck_rect.topleft)
            rects.append(pygame.Rect(at, drawn.size))
            done += shows[i] if i < len(shows) else 0.0
        return rects

    def _up_and_down(self, surface: pygame.Surface, seat: int, plate: pygame.Rect, room: pygame.Rect,
                     cards: list[int | None], up: set[int], want: int) -> list[pygame.Rect]:
        """A Stud seat's cards in ``room``: one row with the up cards higher, or two rows
        (the up cards, then the others in front and lower), whichever gives bigger cards."""
        ups = [c for c in cards if c in up]
        downs = [c for c in cards if c not in up]
        one = 1 + sum(_shows(cards))
        width = min(want, int(room.width / one), int(room.height / (1.4 * (1 + STAND) if downs else 1.4)))
        two = max(1 + sum(_shows(ups)), 1 + sum(_shows(downs)))
        tiered = min(want, int(room.width / two), int(room.height / (1.4 * (1 + TIER))))
        slot = self.slot(seat)
        side = slot.side if slot is not None else "top"

        def place(length: int, height: int) -> tuple[int, int]:
            x = room.right - length if side == "right" and self._beside(seat, plate) else \
                room.x if self._beside(seat, plate) else plate.centerx - length // 2
            x = max(room.x, min(x, room.right - length))
            return x, room.y + ((room.height - height) // 2 if self._beside(seat, plate) else 0)

        if downs and tiered > width * 1.1:
            width = max(12, tiered)
            height = int(width * 1.4)
            spans = [int(width * sum(_shows(row))) for row in (ups, downs)]
            length = max(spans) + width
            x0, y0 = place(length, height + int(height * TIER))
            rects = self._row(surface, ups, x0, y0, width, spans[0], set())
            return rects + self._row(surface, downs, x0, y0 + int(height * TIER), width, spans[1], set())
        width = max(12, width)
        height = int(width * 1.4)
        drop = int(height * STAND) if downs else 0
        span = int(width * sum(_shows(cards)))
        x0, y0 = place(span + width, height + drop)
        return self._row(surface, cards, x0, y0, width, span, set(downs), drop)

    def _cards_room(self, seat: int, plate: pygame.Rect) -> pygame.Rect | None:
        """The room a seat's cards have in its slot: beside a compact plate, else under the
        plate as drawn to the slot's foot (None for a seat without a slot of its own: the
        bottom one)."""
        slot = self.slot(seat)
        if slot is None or slot.side == "bottom":
            return None
        if self._beside(seat, plate):
            return pygame.Rect(slot.cards)
        top = plate.bottom + self.app.px(4)  # a plate without a status line leaves its room to the cards
        return pygame.Rect(slot.rect.x, top, slot.rect.width, max(0, slot.rect.bottom - top))

    def _beside(self, seat: int, plate: pygame.Rect) -> bool:
        """Whether the seat's cards lie beside its plate (a compact slot) rather than under it."""
        slot = self.slot(seat)
        return slot is not None and slot.side != "bottom" and slot.cards.y < plate.bottom
