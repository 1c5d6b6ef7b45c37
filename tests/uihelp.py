"""Driving the app in tests: post real pygame events (with pos and mod) and step frames."""

from __future__ import annotations

import pygame


class Driver:
    """Posts events into the app's queue and runs a frame after each gesture."""

    def __init__(self, app) -> None:
        self.app = app

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(1 / 60)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.step()

    def type(self, text: str) -> None:
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.step()

    def move(self, pos, rel=(0, 0), buttons=(0, 0, 0)) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))
        self.step()

    def click(self, pos, button: int = 1, mod: int = 0) -> None:
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod))
        self.step()

    def drag(self, start, end, button: int = 1, mod: int = 0, steps: int = 5) -> None:
        self.move(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button, mod=mod))
        self.step()
        last = start
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]),
                                                 buttons=(1, 0, 0)))
            last = p
            self.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button, mod=mod))
        self.step()

    def wheel(self, y: float, pos) -> None:
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=int(y), precise_x=0.0, precise_y=float(y),
                                             flipped=False, which=0))
        self.step()

    def button(self, label: str):
        """The visible widget of the top scene whose label is ``label``."""
        scene = self.app.scenes.top
        for w in scene.widgets.widgets:
            if getattr(w, "label", None) == label:
                return w
        raise LookupError(f"no button {label!r} on {type(scene).__name__}")

    def press(self, label: str) -> None:
        self.click(self.button(label).rect.center)
