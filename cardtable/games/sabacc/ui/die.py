"""The red/blue shift die of the Sabacc table: it tumbles while chance rolls, then lands.

The die only animates what the engine decided: :meth:`ShiftDie.start_roll` when the
game waits for chance's roll, :meth:`ShiftDie.land` with the colour of the
:class:`~cardtable.games.sabacc.rules.RollDie` that was applied. While
:meth:`ShiftDie.busy` is true the table holds the next move, so everyone sees the
roll and its colour before any card shifts.
"""

from __future__ import annotations

import math

import pygame

from cardtable.ui.theme import THEME

ROLL_TIME = 0.9
"""Seconds the die tumbles before chance's roll is applied."""
HOLD_TIME = 1.0
"""Seconds the landed colour stays before play goes on."""

RED_FACE = (200, 40, 48)
BLUE_FACE = (40, 96, 210)


class ShiftDie:
    """The die's animation state; it draws itself into a given square."""

    def __init__(self) -> None:
        self.rolling_since: float | None = None
        self.landed_at: float | None = None
        self.colour: str | None = None

    def start_roll(self, clock: float) -> None:
        """Start tumbling (chance is about to roll)."""
        if self.rolling_since is None:
            self.rolling_since = clock
            self.landed_at = None

    def land(self, colour: str, clock: float) -> None:
        """Show the rolled ``colour`` ("red" or "blue")."""
        self.colour = colour
        self.rolling_since = None
        self.landed_at = clock

    def reset(self) -> None:
        """A new hand: no roll shown."""
        self.rolling_since = self.landed_at = None
        self.colour = None

    def busy(self, clock: float) -> bool:
        """True while the roll or the landed colour should hold the game."""
        if self.rolling_since is not None:
            return clock - self.rolling_since < ROLL_TIME
        return self.landed_at is not None and clock - self.landed_at < HOLD_TIME

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, clock: float, fonts, px) -> pygame.Rect:
        """Paint the die (tumbling, landed, or idle and grey) with a caption under it;
        returns the caption's rect."""
        size = min(rect.width, rect.height)
        centre = rect.center
        angle, bounce = 0.0, 0
        if self.rolling_since is not None:
            t = clock - self.rolling_since
            face = RED_FACE if int(t / 0.09) % 2 == 0 else BLUE_FACE
            angle = (t * 540) % 360
            bounce = int(abs(math.sin(t * 9)) * size * 0.18)
            caption = "rolling…"
        elif self.colour is not None:
            face = RED_FACE if self.colour == "red" else BLUE_FACE
            caption = "RED: shift!" if self.colour == "red" else "blue: no shift"
        else:
            face = (70, 76, 86)
            caption = "shift die"
        cube = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(cube, face, cube.get_rect(), border_radius=size // 5)
        pygame.draw.rect(cube, (240, 240, 240), cube.get_rect(), max(2, size // 18),
                         border_radius=size // 5)
        shine = pygame.Rect(size // 6, size // 7, size // 3, size // 6)
        pygame.draw.ellipse(cube, (255, 255, 255, 70), shine)
        if angle:
            cube = pygame.transform.rotate(cube, angle)
        box = cube.get_rect(center=(centre[0], centre[1] - bounce))
        surface.blit(cube, box)
        if self.colour is not None and self.landed_at is not None and clock - self.landed_at < HOLD_TIME:
            ring = pygame.Rect(0, 0, size + px(14), size + px(14))
            ring.center = centre
            pygame.draw.rect(surface, THEME.highlight, ring, 3, border_radius=size // 4)
        label = fonts.render(caption, px(13), THEME.text, bold=self.colour == "red")
        return surface.blit(label, label.get_rect(midtop=(centre[0], rect.bottom + px(6))))
