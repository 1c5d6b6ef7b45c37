"""Chips on the felt: a pot or a seat's bet drawn as a small stack of chips with its amount.

A stack is the amount broken into the bet bar's chip values, largest at the bottom, as
a dealer would stack it; a few discs stand for many (a stack says "a lot", its number says
how much). Each seat's bet this round sits in front of its plate, toward the middle,
where it finds room (:meth:`ChipStacks.draw_bets`); the pots sit beside their line.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.engine.view import SeatView
from cardtable.ui.theme import THEME

__all__ = ["CHIP_VALUES", "CHIP_COLOURS", "chip_colours", "chip_stack_size", "draw_chip_stack", "ChipStacks",
           "MOST_DISCS"]

CHIP_VALUES = (1, 5, 25, 100)
"""The chips the bet bar offers to click."""

CHIP_COLOURS = {1: (235, 235, 235), 5: (200, 40, 40), 25: (40, 150, 70), 100: (30, 30, 30)}
"""Each chip value's colour, on the bet bar and on the felt."""

MOST_DISCS = 6
"""The tallest stack drawn, whatever the amount."""

_BIG = ((1000, (200, 160, 30)), (500, (120, 40, 140)))
"""Values above the bet bar's, for big pots (Flame Sword's, a long match's)."""


def chip_colours(amount: int, most: int = MOST_DISCS) -> list[tuple[int, int, int]]:
    """The discs of a stack of ``amount``, bottom first: the largest values first, at most
    ``most`` discs (the smallest left out: the number beside says the amount).

    >>> len(chip_colours(7)), len(chip_colours(0)), len(chip_colours(10_000))
    (3, 0, 6)
    """
    values = sorted([*CHIP_COLOURS.items(), *_BIG], reverse=True)
    discs: list[tuple[int, int, int]] = []
    left = max(0, amount)
    for value, colour in values:
        count, left = divmod(left, value)
        discs.extend([colour] * count)
        if len(discs) >= most:
            break
    return discs[:most]


def _sizes(px: Callable[[float], int]) -> tuple[int, int, int]:
    """A disc's width and height and how far each disc sits above the one under it."""
    return px(26), px(10), px(4)


def chip_stack_size(fonts, px: Callable[[float], int], amount: int, labelled: bool = True) -> tuple[int, int]:
    """The width and height :func:`draw_chip_stack` covers for ``amount``."""
    w, h, rise = _sizes(px)
    label_w, label_h = fonts.size_of(f"{amount:,}", px(14), True) if labelled else (-px(5), 0)
    return w + px(5) + label_w, max(h + rise * max(0, len(chip_colours(amount)) - 1), label_h)


def draw_chip_stack(surface: pygame.Surface, fonts, px: Callable[[float], int], amount: int,
                    midleft: tuple[int, int], labelled: bool = True) -> pygame.Rect:
    """A stack of chips for ``amount`` with the amount to its right (unless not
    ``labelled``: a line beside says it), its left middle at ``midleft``; the rect it covers."""
    discs = chip_colours(amount)
    w, h, rise = _sizes(px)
    rect = pygame.Rect((0, 0), chip_stack_size(fonts, px, amount, labelled))
    rect.midleft = midleft
    bottom = rect.centery + (h + rise * max(0, len(discs) - 1)) // 2
    for n, colour in enumerate(discs):
        disc = pygame.Rect(rect.x, bottom - h - n * rise, w, h)
        pygame.draw.ellipse(surface, (15, 15, 15), disc.move(0, 1))
        pygame.draw.ellipse(surface, colour, disc)
        pygame.draw.ellipse(surface, (150, 150, 150) if colour == CHIP_COLOURS[1] else (250, 250, 250),
                            disc.inflate(-w // 2, -h // 2), 1)
    if labelled:
        label = fonts.render(f"{amount:,}", px(14), THEME.highlight, bold=True)
        surface.blit(label, label.get_rect(midleft=(rect.x + w + px(5), rect.centery)))
    return rect


class ChipStacks:
    """Each seat's bet this round as chips in front of its plate (a mixin of the table
    scene: it needs ``app``, ``felt``, ``note_box`` and the frame's boxes)."""

    app: object
    felt: pygame.Rect

    def draw_bets(self, surface: pygame.Surface, view: SeatView) -> None:
        """Every seat's bet this round (:attr:`~cardtable.engine.view.SeatInfo.bet`) as a
        stack in front of its plate, on the way to the middle of the felt, at the first
        place clear of what the frame drew so far; a bet with no clear place is left to the
        plate's line, which says it too."""
        px, fonts = self.app.px, self.app.fonts  # type: ignore[attr-defined]
        drawn: list[tuple[str, pygame.Rect]] = self.__dict__.get("_boxes", [])
        plates = {name.split(":")[1]: rect for name, rect in drawn if name.startswith("plate:")}
        inside = self.felt.inflate(-px(24), -px(24))
        for info in view.seats:
            plate = plates.get(str(info.seat))
            if info.bet <= 0 or plate is None:
                continue
            spot = self._bet_spot(fonts, px, info.bet, plate, inside, [r for _, r in drawn])
            if spot is not None:
                rect = draw_chip_stack(surface, fonts, px, info.bet, spot)
                self.note_box(f"chips:{info.seat}", rect)  # type: ignore[attr-defined]

    def _bet_spot(self, fonts, px: Callable[[float], int], amount: int, plate: pygame.Rect,
                  inside: pygame.Rect, taken: list[pygame.Rect]) -> tuple[int, int] | None:
        """Where a bet's stack goes: the first of the places from the plate's edge toward
        the felt's middle that is on the felt and clear of ``taken``."""
        size = chip_stack_size(fonts, px, amount)
        centre = pygame.Vector2(self.felt.center)
        start = pygame.Vector2(plate.center)
        toward = centre - start
        if toward.length() < 1:
            return None
        toward.scale_to_length(1)
        aside = pygame.Vector2(-toward.y, toward.x)
        edge = max(plate.width * abs(toward.x), plate.height * abs(toward.y)) / 2
        for step in range(0, 14):
            for shift in (0, px(36), -px(36)):  # straight toward the middle first, then to either side
                point = start + toward * (edge + px(12) + step * px(12)) + aside * shift
                rect = pygame.Rect(0, 0, *size)
                rect.center = (int(point.x), int(point.y))
                if inside.contains(rect) and rect.inflate(px(6), px(6)).collidelist(taken) < 0:
                    return rect.midleft
        return None
