"""How fast anyone may guess a table's join code: one answer at a time, host-wide, slowed
after each wrong one.

SPAKE2 (:mod:`cardtable.net.secure`) leaves a guesser one way to test a code: a
handshake with the host, answered when the host opens (or fails to open) the first
frame. :class:`GuessGate` decides when that answer is given. Checks go through it one
at a time (first come, first served), and after a wrong code every further check, right
or wrong, waits until :meth:`GuessGate.delay` has passed since that wrong one: 1 s for
the first few wrong codes of the last :data:`WINDOW` seconds, then twice as long for
each more, at most :data:`MOST_DELAY`. So however many connections guess in parallel,
about one wrong code a second gets an answer at first and one every
:data:`MOST_DELAY` seconds once guessing goes on; a player who mistypes once waits a
second at most, never a lockout; and once guessing stops the wrong codes age out of the
window. A right code that waited is not told apart from a wrong one by its timing.

:class:`Pace` bounds the rate of handshakes the host computes (SPAKE2 in pure Python
costs the host a few ms each), with a small burst for a table filling at once.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable, Callable

__all__ = ["GuessGate", "Pace", "FIRST_DELAY", "DOUBLING_AFTER", "MOST_DELAY", "WINDOW", "WARN_AFTER"]

FIRST_DELAY = 1.0
"""Seconds every check waits after a wrong code, while wrong codes are few."""
DOUBLING_AFTER = 3
"""Wrong codes within :data:`WINDOW` before the delay starts doubling."""
MOST_DELAY = 8.0
"""The longest delay, in seconds: one answered guess per 8 s makes the 31^6 codes last
a guesser about 110 years on average."""
WINDOW = 300.0
"""Seconds a wrong code counts towards the delay."""
WARN_AFTER = 3
"""Wrong codes within :data:`WINDOW` from which the lobby says someone is guessing."""
_KEPT = 1000


class GuessGate:
    """The host-wide gate of code checks (see the module's doc). ``clock`` and ``sleep``
    are the loop's monotonic clock and ``asyncio.sleep`` unless a test gives its own."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self._clock = clock
        self._sleep = sleep
        self._lock: asyncio.Lock | None = None
        self._wrong: collections.deque[float] = collections.deque(maxlen=_KEPT)
        self._next_at = float("-inf")
        self.wrong_total = 0
        """Every wrong code since the host started."""

    def recent(self, now: float | None = None) -> int:
        """Wrong codes within the last :data:`WINDOW` seconds."""
        now = self._clock() if now is None else now
        while self._wrong and now - self._wrong[0] > WINDOW:
            self._wrong.popleft()
        return len(self._wrong)

    def delay(self, now: float | None = None) -> float:
        """Seconds a check waits after the latest wrong code, given the recent ones."""
        wrong = self.recent(now)
        if wrong == 0:
            return 0.0
        if wrong <= DOUBLING_AFTER:
            return FIRST_DELAY
        return min(MOST_DELAY, FIRST_DELAY * 2.0 ** (wrong - DOUBLING_AFTER))

    def warning(self) -> str | None:
        """What the lobby says while joins are slowed by guessing, else None."""
        wrong = self.recent()
        if wrong < WARN_AFTER:
            return None
        return f"someone is guessing the code: {wrong} wrong codes, joins slowed"

    async def check(self, attempt: Callable[[], bool], *, wanted: Callable[[], bool] = lambda: True) -> bool | None:
        """Run ``attempt`` (True: the code was right) in its turn, after the delay; a
        wrong one slows the checks after it. None, without ``attempt``, when by its
        turn it is no longer ``wanted`` (the connection closed)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            wait = self._next_at - self._clock()
            if wait > 0 and wanted():
                await self._sleep(wait)
            if not wanted():
                return None
            if attempt():
                return True
            now = self._clock()
            self._wrong.append(now)
            self.wrong_total += 1
            self._next_at = now + self.delay(now)
            return False


class Pace:
    """At most ``rate`` passes a second on average, ``burst`` at once; callers wait
    their turn, first come first served."""

    def __init__(self, rate: float, burst: int, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._sleep = sleep
        self._tokens = float(burst)
        self._at = clock()
        self._lock: asyncio.Lock | None = None

    async def wait(self, wanted: Callable[[], bool] = lambda: True) -> bool:
        """True once a pass is free (taking it); False, at once and taking none, when by
        its turn it is no longer ``wanted`` (the connection closed while it queued)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            while wanted():
                now = self._clock()
                self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
                self._at = now
                if self._tokens >= 1.0:
                    self._tokens -= 1.0
                    return True
                await self._sleep((1.0 - self._tokens) / self.rate)
            return False
