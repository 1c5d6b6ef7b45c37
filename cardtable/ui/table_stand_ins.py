"""What a table that holds no match of its own puts in place of the hint box and of the
match keeper: :class:`NoHint` (H says why there is none) and :class:`KeepsNothing` (Ctrl+S
says who saves). The strong computer reasons on a seat's copy of the real match, and a
match is saved where it is played: a remote window never has the match, and a replay has
nothing left to decide or to save.
"""

from __future__ import annotations

from typing import Any

import pygame

__all__ = ["NoHint", "KeepsNothing"]


class NoHint:
    """Stands in for :class:`~cardtable.ui.hint.HintBox`: ``reason`` is toasted when a hint is asked for."""

    visible = False
    panel_rect: pygame.Rect | None = None
    in_log = False

    def __init__(self, table: Any, reason: str) -> None:
        self.table, self.reason = table, reason

    def update(self) -> None:
        """Nothing to advance."""

    def request(self) -> bool:
        """No hint: say why."""
        self.table.app.toast(self.reason)
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """H says why there is no hint."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not getattr(event, "mod", 0) & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return self.request()
        return False

    def clear(self) -> None:
        """Nothing shown."""

    def wait(self, timeout: float) -> bool:
        """Nothing is worked out."""
        return True

    def arrange(self) -> None:
        """No panel to place."""

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing to draw."""


class KeepsNothing:
    """Stands in for :class:`~cardtable.ui.saves_scene.MatchKeeper`: nothing is autosaved or
    counted; Ctrl+S toasts ``reason``."""

    match = None  # no match id: nothing of this table is saved here

    def __init__(self, table: Any, reason: str) -> None:
        self.table, self.reason = table, reason

    def after_action(self) -> None:
        """Nothing to save."""

    def closing(self, *, left: bool = True) -> None:
        """Nothing to save."""

    def save_named(self) -> None:
        """Say who saves."""
        self.table.app.toast(self.reason)
