"""Where the seats sit round the felt, by the room the window gives them.

The viewer (or seat 0) has the bottom band of the felt: their hand and their plate.
The other seats fill a column down each side and a row along the top, clockwise from
the viewer's left. Each of those seats gets a *slot*: its name plate at the top and
the room for its row of cards under the plate. What is left between the columns,
under the top row and over the bottom band is the *middle*, where a game draws its
piles and pots. When the seats do not fit at full size the plates turn compact
(smaller type) and the cards smaller; :func:`arrange` tries the ways of sharing the
seats between the sides and the top in turn and keeps the first that fits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

__all__ = ["SeatSlot", "SeatLayout", "arrange", "PLATE_LINES"]

PLATE_LINES = 2
"""Lines under the name a slot leaves room for (the stack, then a status)."""


@dataclass(frozen=True)
class SeatSlot:
    """One seat's place: ``rect`` holds its ``plate`` (at the top) and its ``cards``
    (the room under the plate); ``side`` is "left", "top", "right" or "bottom"."""

    rect: pygame.Rect
    plate: pygame.Rect
    cards: pygame.Rect
    side: str


@dataclass(frozen=True)
class SeatLayout:
    """Every seat's slot, the middle left for the game, and whether plates are compact."""

    slots: dict[int, SeatSlot]
    middle: pygame.Rect
    compact: bool


def plate_height(px: Callable[[float], int], lines: int, compact: bool) -> int:
    """A name plate's height for a name and ``lines`` lines, at full size or compact."""
    return px(20) + px(15) * lines if compact else px(26) + px(18) * lines


def shares(others: int) -> list[tuple[int, int, int]]:
    """The ways to seat ``others`` seats as (left column, top row, right column), best first."""
    if others <= 0:
        return [(0, 0, 0)]
    if others == 1:
        return [(0, 1, 0)]
    if others == 2:
        return [(1, 0, 1), (0, 2, 0)]
    out = []
    for side in range(others // 2, -1, -1):
        top = others - 2 * side
        if top <= 3 or side == 0:
            out.append((side, top, side))
    out.sort(key=lambda s: (abs(s[1] - s[0]) if s[1] else 1.5, -s[0]))
    return out


def arrange(felt: pygame.Rect, seats: int, bottom: int, band_top: int, px: Callable[[float], int],
            plate_w: int, *, title_h: int = 0, middle_h: int = 0) -> SeatLayout:
    """Slots for ``seats`` seats on ``felt``: ``bottom`` sits in the band under ``band_top``;
    the others clockwise from its left, up the left side, along the top, down the right.

    ``plate_w`` is the plate's full width; ``title_h`` the room the title line wants over
    the top row (given up first when the seats need it); ``middle_h`` the least height
    the game's middle needs. Full-size plates have their cards under them; compact
    plates (one line under the name) have them beside, toward the middle.
    """
    gap, inset = px(8), px(14)
    others = [(bottom + k) % seats for k in range(1, seats)]
    inner = felt.inflate(-2 * inset, -2 * inset)
    fit = _Fit(inner, felt, others, bottom, band_top, gap, middle_h, px(80))
    for compact in (False, True):
        lines = 1 if compact else PLATE_LINES
        plate_h = plate_height(px, lines, compact)
        width = plate_w if not compact else min(plate_w, max(px(96), felt.width // 5))
        for card_h in (_card_heights(felt, px) if not compact else [plate_h]):
            for share in shares(len(others)):
                for title in ((title_h, 0) if title_h else (0,)):
                    layout = fit.attempt(share, width, plate_h, card_h, title, compact)
                    if layout is not None:
                        return layout
    width = min(plate_w, max(px(96), felt.width // 5))
    return fit.attempt(shares(len(others))[0], width, plate_height(px, 1, True), 0, 0, True, force=True) \
        or SeatLayout({}, pygame.Rect(felt), True)


def _card_heights(felt: pygame.Rect, px: Callable[[float], int]) -> list[int]:
    """The heights tried for the other seats' cards under full-size plates, largest first."""
    largest = max(px(34), int(felt.height * 0.15))
    return sorted({largest, max(px(30), int(felt.height * 0.11)), px(30)}, reverse=True)


@dataclass(frozen=True)
class _Fit:
    inner: pygame.Rect
    felt: pygame.Rect
    others: list[int]
    bottom: int
    band_top: int
    gap: int
    middle_h: int
    least_plate: int

    def attempt(self, share: tuple[int, int, int], width: int, plate_h: int, card_h: int, title: int,
                beside: bool, force: bool = False) -> SeatLayout | None:
        """The layout for this share of the seats and these sizes, or None if it does not fit."""
        inner, gap, others = self.inner, self.gap, self.others
        left_n, top_n, right_n = share
        card_w = round(plate_h / 1.4 * 1.9) if beside else 0  # room for a row of overlapped cards
        slot_h = plate_h if beside else plate_h + gap + card_h
        col_w = width + (gap + card_w if beside else 0)
        top_y = inner.y + title
        span = self.band_top - gap - top_y
        most = max(left_n, right_n)
        if most * slot_h + max(most - 1, 0) * (gap // 2) > span and not force:  # a column's slots may sit closer
            return None
        top_left = inner.x + (col_w + gap if left_n else 0)
        top_right = inner.right - (col_w + gap if right_n else 0)
        cell = (top_right - top_left - (top_n - 1) * gap) // top_n if top_n else 0
        middle_top = top_y + slot_h + gap if top_n else top_y
        if not force and top_n and (cell < self.least_plate + card_w
                                    or self.band_top - gap - middle_top < self.middle_h):
            return None
        slots: dict[int, SeatSlot] = {}
        for side, seats_in, x in (("left", others[:left_n], inner.x),
                                  ("right", others[left_n + top_n:], inner.right - col_w)):
            count = len(seats_in)
            step = slot_h + max(gap // 2, (span - count * slot_h) // max(count, 1))
            step = min(step, slot_h + gap * 3)
            first = top_y + max(0, (span - (count - 1) * step - slot_h) // 2)
            for i, seat in enumerate(seats_in):  # clockwise: up the left side, down the right
                y = first + (count - 1 - i) * step if side == "left" else first + i * step
                slots[seat] = _slot(pygame.Rect(x, y, col_w, slot_h), width, plate_h, side, beside, gap)
        for i, seat in enumerate(others[left_n:left_n + top_n]):
            rect = pygame.Rect(top_left + i * (cell + gap), top_y, cell, slot_h)
            slots[seat] = _slot(rect, min(width, cell - (gap + card_w if beside else 0)), plate_h, "top", beside, gap)
        left_edge = inner.x + (col_w + gap if left_n else 0)
        right_edge = inner.right - (col_w + gap if right_n else 0)
        middle = pygame.Rect(left_edge, middle_top, right_edge - left_edge, max(0, self.band_top - gap - middle_top))
        band = pygame.Rect(self.felt.x, self.band_top, self.felt.width, self.felt.bottom - self.band_top)
        slots[self.bottom] = SeatSlot(band, pygame.Rect(band.x, band.y, width, plate_h), band, "bottom")
        return SeatLayout(slots, middle, beside)


def _slot(rect: pygame.Rect, width: int, plate_h: int, side: str, beside: bool, gap: int) -> SeatSlot:
    """A slot's plate and card room: the cards under the plate, or beside it toward the middle."""
    if not beside:
        plate = pygame.Rect(0, rect.y, width, plate_h)
        plate.centerx = rect.centerx
        return SeatSlot(rect, plate, pygame.Rect(rect.x, plate.bottom, rect.width, rect.bottom - plate.bottom), side)
    if side == "right":
        plate = pygame.Rect(rect.right - width, rect.y, width, plate_h)
        cards = pygame.Rect(rect.x, rect.y, plate.x - gap - rect.x, plate_h)
    else:
        plate = pygame.Rect(rect.x, rect.y, width, plate_h)
        cards = pygame.Rect(plate.right + gap, rect.y, rect.right - plate.right - gap, plate_h)
    return SeatSlot(rect, plate, cards, side)
