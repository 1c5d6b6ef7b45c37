"""Drawing Roshar gems and black bags (Alethkar Poker's chips).

A stack of chips is broken into the appendix's gems
(:func:`~cardtable.games.alethkar_poker.rules.gems_for`) and drawn as one faceted gem
per denomination with its count beside it. A bag is a black pouch: closed for
everybody's eyes, or with its amount written on it for its owner.
"""

from __future__ import annotations

import pygame

from cardtable.games.alethkar_poker.rules import GEMS, gems_for
from cardtable.ui.theme import THEME

GEM_COLOURS = {
    "Diamond": (235, 240, 250), "Garnet": (150, 20, 40), "Ruby": (225, 35, 55),
    "Amethyst": (150, 80, 210), "Smokestone": (120, 120, 128), "Topaz": (235, 160, 40),
    "Zircon": (70, 190, 220), "Sapphire": (40, 80, 220), "Emerald": (30, 180, 90),
}
"""Each gem's colour (they glow with Stormlight, so they are bright)."""

GEM_VALUES = dict(GEMS)

GEM_MARKS = {
    "Diamond": "D", "Garnet": "G", "Ruby": "R", "Amethyst": "A", "Smokestone": "Sm", "Topaz": "T",
    "Zircon": "Z", "Sapphire": "Sa", "Emerald": "E",
}
"""The letters cut into each gem, so gems are told apart without colour vision (issue 35)."""


def draw_gem(surface: pygame.Surface, gem: str, centre: tuple[int, int], radius: int,
             fonts=None) -> pygame.Rect:
    """One cut gem: a faceted hexagon with a light facet and a dark outline; with ``fonts``
    (and room: a radius of 6 px or more), its letters (:data:`GEM_MARKS`) on it."""
    x, y = centre
    r = max(3, radius)
    colour = GEM_COLOURS[gem]
    points = [(x, y - r), (x + r, y - r // 3), (x + r * 2 // 3, y + r), (x - r * 2 // 3, y + r),
              (x - r, y - r // 3)]
    pygame.draw.polygon(surface, colour, points)
    light = tuple(min(255, c + 70) for c in colour)
    pygame.draw.polygon(surface, light, [(x, y - r), (x + r // 2, y - r // 4), (x, y + r // 4),
                                         (x - r // 2, y - r // 4)])
    pygame.draw.polygon(surface, (20, 20, 24), points, 1)
    if fonts is not None and r >= 6:
        bright = (0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]) / 255 > 0.55
        mark = fonts.render(GEM_MARKS[gem], max(8, r), (10, 10, 14) if bright else (255, 255, 255), bold=True)
        surface.blit(mark, mark.get_rect(center=(x, y + r // 6)))
    return pygame.Rect(x - r, y - r, 2 * r, 2 * r)


def gems_width(fonts, chips: int, size: int) -> int:
    """How wide :func:`draw_gems` draws ``chips`` in one row at ``size``."""
    return sum(size + 4 + fonts.size_of(f"×{count}", max(10, size * 3 // 4))[0] + size // 2
               for _, count in gems_for(chips))


def draw_gems(surface: pygame.Surface, fonts, chips: int, topleft: tuple[int, int], *, size: int,
              max_width: int | None = None) -> dict[str, pygame.Rect]:
    """``chips`` as gems in a row from ``topleft`` (one gem a denomination and its
    count); wraps to a new row past ``max_width``. Returns each gem's rect (for clicks)."""
    x0, y = topleft
    x = x0
    rects: dict[str, pygame.Rect] = {}
    if chips == 0:
        surface.blit(fonts.render("no chips", max(10, size * 3 // 4), THEME.text_dim), (x, y))
        return rects
    for gem, count in gems_for(chips):
        label = fonts.render(f"×{count}", max(10, size * 3 // 4), THEME.text)
        width = size + 4 + label.get_width() + size // 2
        if max_width is not None and x > x0 and x + width - x0 > max_width:
            x, y = x0, y + size + 6
        rects[gem] = draw_gem(surface, gem, (x + size // 2, y + size // 2), size // 2, fonts)
        surface.blit(label, (x + size + 2, y + (size - label.get_height()) // 2))
        rects[gem] = pygame.Rect(x, y, size + 2 + label.get_width(), size)
        x += width
    return rects


def draw_bag(surface: pygame.Surface, fonts, centre: tuple[int, int], size: int,
             amount: int | None = None) -> pygame.Rect:
    """A black bag; ``amount`` (the owner's eyes only) is written on it, otherwise a
    closed bag shows nothing of what it holds."""
    cx, cy = centre
    body = pygame.Rect(0, 0, size, int(size * 0.85))
    body.midbottom = (cx, cy + size // 2)
    pygame.draw.ellipse(surface, (12, 12, 14), body)
    neck = pygame.Rect(0, 0, size // 2, size // 4)
    neck.midbottom = (cx, body.y + size // 8)
    pygame.draw.rect(surface, (12, 12, 14), neck, border_radius=size // 10)
    pygame.draw.line(surface, THEME.accent, (neck.x, neck.bottom - 2), (neck.right, neck.bottom - 2), 2)
    pygame.draw.ellipse(surface, THEME.panel_edge, body, 1)  # (white in high contrast: a black bag on a black plate)
    if amount is not None:
        text = fonts.render(str(amount), max(10, size // 3), THEME.highlight, bold=True)
        surface.blit(text, text.get_rect(center=body.center))
    return body.union(neck)
