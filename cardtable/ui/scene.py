"""The scene stack: menu, setup, table, pass screen and overlays, one above another.

A :class:`Scene` has a lifecycle (``enter``, ``pause``, ``resume``, ``exit``),
handles events (returning True when it consumed one, so it goes no further down
the stack), updates with the frame's time step, and draws without changing
state. Drawing walks from the top scene down to the first opaque one and then
paints upwards, so a transparent overlay (help, a dialog) shows the scene below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cardtable.ui.app import App


def fitted_scale(app: App, need: tuple[int, int]) -> float:
    """The UI scale, shrunk as far as needed for a screen that needs ``need`` unscaled
    pixels to fit the window (never grown: a big window just has room to spare)."""
    w, h = app.screen.get_size()
    scale = app.settings.ui_scale
    return scale * min(1.0, w / (need[0] * scale), h / (need[1] * scale))


def scaler(k: float) -> Callable[[float], int]:
    """A ``px`` function: an unscaled layout size at scale ``k``, in whole pixels."""
    def px(value: float) -> int:
        return int(round(value * k))
    return px


class Scene:
    """Base class of every screen. Override what you need.

    Attributes:
        opaque: False for overlays that let the scene below show through. An opaque
            scene must paint every pixel of the window: nothing is cleared before it.
        modal: True when events must not reach the scenes below, even unconsumed.
    """

    opaque = True
    modal = True

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def busy(self) -> bool:
        """True while the scene has work queued for its next frames (a big step under way):
        the app then runs frames back to back instead of waiting for the frame cap."""
        return False

    @property
    def picture_held(self) -> bool:
        """True while the scene draws the very picture the window shows already (held while
        its work goes on, see :attr:`busy`): the app then does not present the frame again."""
        return False

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """Say what the scene just did in the app's toast, which goes if the scene leaves
        first (see :meth:`~cardtable.ui.app.App.toast`)."""
        self.app.toast(text, seconds, of=self)

    def spoken_title(self) -> str | None:
        """What speech says when the scene comes on top (:mod:`cardtable.speech`): its title
        and what to press; None: nothing (a scene that speaks for itself, or says nothing)."""
        return None

    def enter(self) -> None:
        """Called once when the scene is pushed."""

    def exit(self) -> None:
        """Called once when the scene is popped or replaced."""

    def release(self) -> None:
        """Let go of what the scene holds outside the app (sockets, threads) without
        its usual leaving (autosaves marked "left", messages): called after a crash in
        place of :meth:`exit` for a table already saved. Scenes holding nothing ignore it."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when the scene above this one is popped."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to an event; return True if it was consumed."""
        return False

    def widgets_or_escape(self, event: pygame.event.Event, escape: Callable[[], object]) -> bool:
        """Give ``event`` to the scene's ``widgets``; Esc not taken by them calls ``escape``.
        True when either used the event (the usual start of a screen's :meth:`handle`)."""
        widgets = getattr(self, "widgets", None)
        if widgets is not None and widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            escape()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Must not change game state."""

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def layout_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """What this scene drew last frame as named rectangles, for the layout check
        (:mod:`cardtable.ui.layout_check`): by default its visible widgets. Scenes that
        draw more than widgets (tables: plates, hands, bars) add those."""
        from cardtable.ui.layout_check import widget_boxes
        return widget_boxes(self)


class SceneStack:
    """An ordered stack of scenes with the Tuxemon-style lifecycle."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The scene on top, which gets events first."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put a scene on top; the one below is paused."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below resumes."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Remove a scene wherever it is in the stack."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def handle(self, event: pygame.event.Event) -> bool:
        """Offer the event to scenes from the top down until one consumes it."""
        for scene in reversed(self.scenes[:]):
            if scene.handle(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        """Update the top scene and every scene visible beneath it."""
        for scene in self._visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the first opaque scene up to the top."""
        for scene in self._visible():
            scene.draw(surface)

    def resized(self, size: tuple[int, int]) -> None:
        """Tell every scene the window changed size."""
        for scene in self.scenes:
            scene.resized(size)

    def _visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]


class Overlay(Scene):
    """A see-through scene (help, the deck browser, a dialog) over a scene that holds still.

    The first frame shows the scene below, darkened by ``shade`` (alpha 0-255); that
    picture is kept, and from then on the overlay counts as opaque, so the scene
    below is not drawn again while the overlay is open. Subclasses call
    :meth:`draw_backdrop` first in their ``draw``.
    """

    shade = 150
    modal = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._backdrop: pygame.Surface | None = None

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        """Opaque once the darkened picture of the scene below is kept."""
        return self._backdrop is not None and self._backdrop.get_size() == self.app.screen.get_size()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Paint the darkened scene below (capturing it on the first frame)."""
        if self.opaque and self._backdrop is not None:
            surface.blit(self._backdrop, (0, 0))
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, self.shade))
        surface.blit(shade, (0, 0))
        self._backdrop = surface.copy()

    def resized(self, size: tuple[int, int]) -> None:
        self._backdrop = None
