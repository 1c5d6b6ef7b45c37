"""Table sounds, synthesised (no sound files), and silent when they cannot play.

The app must run without sound: if the mixer cannot start (no audio device) or
sound is off in the settings, :meth:`Sounds.play` does nothing. Synthesising takes
tens of milliseconds of Python, so it is not done before the first frame: the app
calls :meth:`Sounds.prepare` once its first frame is on screen (a thread), and a sound
played before that makes them at once.
"""

from __future__ import annotations

import array
import math
import random
import threading

import pygame

RATE = 22_050


def _noise_burst(rng: random.Random, ms: float, *, decay: float, gain: float, tone: float = 0.0) -> list[float]:
    """A burst of filtered noise with an exponential decay (a card's snap or slide)."""
    n = int(RATE * ms / 1000)
    out, last = [], 0.0
    for i in range(n):
        t = i / RATE
        last = 0.6 * last + 0.4 * rng.uniform(-1, 1)  # a gentle low-pass takes the hiss off
        tonal = math.sin(2 * math.pi * tone * t) if tone else 0.0
        out.append(gain * math.exp(-t * decay) * (0.8 * last + 0.2 * tonal))
    return out


def synthesise(name: str, rng: random.Random) -> array.array:
    """16-bit mono samples for one of the table's sounds."""
    if name == "flip":
        samples = _noise_burst(rng, 45, decay=90, gain=0.8, tone=900)
    elif name == "slide":
        samples = _noise_burst(rng, 110, decay=30, gain=0.35)
    elif name == "shuffle":
        samples = []
        for _ in range(14):
            samples += _noise_burst(rng, 24, decay=140, gain=0.5) + [0.0] * int(RATE * 0.006)
    elif name == "deal":
        samples = _noise_burst(rng, 70, decay=55, gain=0.5, tone=600)
    else:
        raise ValueError(f"no sound called {name!r}")
    return array.array("h", (int(max(-1.0, min(1.0, s)) * 32767) for s in samples))


class Sounds:
    """Plays the table's sounds when the mixer works and sound is switched on."""

    NAMES = ("flip", "slide", "shuffle", "deal")

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.error: str | None = None
        self._lock = threading.Lock()
        self._made = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        except pygame.error as exc:  # no audio device: play silently
            self.error = str(exc)

    def prepare(self) -> threading.Thread | None:
        """Synthesise the sounds on a background thread, returned (None once they are made)."""
        if self._made or self.error is not None:
            return None
        thread = threading.Thread(target=self._make_all, name="sounds", daemon=True)
        thread.start()
        return thread

    def _make_all(self) -> None:
        with self._lock:  # one set, made in one order from one seed: the same sounds every run
            if self._made:
                return
            made: dict[str, pygame.mixer.Sound] = {}
            try:
                _, _, channels = pygame.mixer.get_init() or (RATE, -16, 1)
                rng = random.Random(1)
                for name in self.NAMES:
                    samples = synthesise(name, rng)
                    if channels == 2:
                        samples = array.array("h", (s for v in samples for s in (v, v)))
                    made[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            except (pygame.error, ValueError) as exc:  # the mixer went away: play silently
                self.error = str(exc)
                made = {}
            for name, sound in made.items():
                self.sounds.setdefault(name, sound)
            self._made = True

    def play(self, name: str) -> bool:
        """Play a sound; True if it was sent to the mixer."""
        if not self.enabled:
            return False
        if not self._made and self.error is None:
            self._make_all()
        sound = self.sounds.get(name)
        if sound is None:
            return False
        sound.play()
        return True
