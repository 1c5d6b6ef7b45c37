"""Where each card of a table was drawn, and its slide to where it is drawn now.

A table draws every card through :meth:`CardSprites.place`: a card drawn somewhere new
slides there from where it was last frame (or from where a new card comes from, the
deck), over :data:`TWEEN` seconds, easing out.
"""

from __future__ import annotations

TWEEN = 0.3
"""Seconds a card takes to slide to its new place."""


class CardSprites:
    """Where each card was drawn last frame, and slides to where it is drawn now."""

    def __init__(self) -> None:
        self.last: dict[int, tuple[float, float]] = {}
        self.now: dict[int, tuple[float, float]] = {}
        self.moving: dict[int, tuple[float, float, float, float, float]] = {}  # x0, y0, x1, y1, start
        self.snap = False         # this frame: every card is drawn where it is, nothing slides
        self._snap_next = False

    def reset(self) -> None:
        """Forget every card's place and every slide: the next frame draws each card where
        it is, sliding from nowhere. Called when the person at the screen changes, so no
        movement seen by one person (a card leaving its slot in a hand, which tells where
        it came from) carries over to the next person's frames."""
        self.last, self.now, self.moving = {}, {}, {}
        self._snap_next = True

    def begin(self, clock: float) -> None:
        """Start a frame: forget slides that ended or whose card is no longer drawn."""
        self.moving = {card: tween for card, tween in self.moving.items()
                       if card in self.now and clock - tween[4] < TWEEN}
        self.last, self.now = self.now, {}
        self.snap, self._snap_next = self._snap_next, False

    def place(self, card: int, target: tuple[float, float], clock: float,
              origin: tuple[float, float] | None) -> tuple[int, int]:
        """Where to draw ``card`` this frame, heading for ``target``.

        ``origin`` is where a card not drawn last frame comes from (the deck).
        """
        if self.snap:
            self.now[card] = target
            return int(target[0]), int(target[1])
        tween = self.moving.get(card)
        if tween is not None and (tween[2], tween[3]) != target:
            x, y = self._at(tween, clock)
            tween = self.moving[card] = (x, y, target[0], target[1], clock)
        elif tween is None:
            start = self.last.get(card, origin)
            if start is not None and start != target:
                tween = self.moving[card] = (start[0], start[1], target[0], target[1], clock)
        self.now[card] = target
        if tween is None:
            return int(target[0]), int(target[1])
        if clock - tween[4] >= TWEEN:
            del self.moving[card]
            return int(target[0]), int(target[1])
        x, y = self._at(tween, clock)
        return int(x), int(y)

    @staticmethod
    def _at(tween: tuple[float, float, float, float, float], clock: float) -> tuple[float, float]:
        x0, y0, x1, y1, start = tween
        t = min(1.0, max(0.0, (clock - start) / TWEEN))
        t = 1 - (1 - t) ** 3
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    @property
    def busy(self) -> bool:
        """True while any card is sliding."""
        return bool(self.moving)
