"""The step-by-step counting of Alethkar Poker hands at the reveal (step 5).

Hand by hand from the dealer's left, each combination is highlighted as it is
counted; once counted its cards turn face down and its value is added to the
hand's running total, the way the source has players do it. :class:`CountingShow`
is only timing: the table asks it, for a moment, which combination is being
counted and which are done, and draws accordingly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.games.alethkar_poker.view import CountedHand

STEP_SECONDS = 0.7
"""How long each combination stays highlighted."""


@dataclass(frozen=True)
class CountState:
    """A moment of the counting: for each seat the combinations already counted and
    the running total; the combination being counted now (seat, index) or None."""

    counted: Mapping[int, int]
    totals: Mapping[int, int]
    current: tuple[int, int] | None

    @property
    def finished(self) -> bool:
        """True once every hand has been counted."""
        return self.current is None


class CountingShow:
    """The counting of one round's hands (``hands``: the view's counted hands), in the
    seats' ``order``."""

    def __init__(self, hands: Sequence[CountedHand], order: Sequence[int]) -> None:
        by_seat = {hand.seat: hand for hand in hands}
        self.hands = {seat: by_seat[seat] for seat in order if seat in by_seat}
        self.steps = [(seat, i) for seat in self.hands
                      for i in range(len(self.hands[seat].combinations))]
        self.elapsed = 0.0
        self.skipped = False

    def advance(self, dt: float) -> None:
        """Let time pass."""
        self.elapsed += dt

    def skip(self) -> None:
        """Jump to the end (every hand counted)."""
        self.skipped = True

    def at(self) -> CountState:
        """Where the counting is now."""
        done = len(self.steps) if self.skipped else int(self.elapsed / STEP_SECONDS)
        counted = {seat: 0 for seat in self.hands}
        totals = {seat: 0 for seat in self.hands}
        for seat, index in self.steps[:done]:
            counted[seat] += 1
            totals[seat] += self.hands[seat].combinations[index].value
        current = self.steps[done] if done < len(self.steps) else None
        return CountState(counted, totals, current)

    def face_down(self, seat: int) -> set[int]:
        """The cards of ``seat`` already counted (turned face down) while counting runs."""
        moment = self.at()
        if moment.finished or seat not in self.hands:
            return set()  # all counted: the hands lie face up again for everybody to check
        combos = self.hands[seat].combinations
        return {c for combo in combos[:moment.counted.get(seat, 0)] for c in combo.cards}

    def highlighted(self) -> set[int]:
        """The cards of the combination being counted now."""
        current = self.at().current
        if current is None:
            return set()
        seat, index = current
        return set(self.hands[seat].combinations[index].cards)
