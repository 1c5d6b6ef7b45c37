"""The computer player of every game written in a variant file (``normal`` and ``tough``).

It reads the seat's typed view and the game's declared flow: betting by equity (how often
its cards, completed at random to the showdown, beat as many random hands as it has
opponents, under the showdown's evaluators) against the pot odds; a draw or discard keeps
the cards whose random completions value best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import LevelledBot
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.flow.actions import Discard
from cardtable.engine.flow.steps import Deal
from cardtable.engine.flow.streets import Board, BoardShowdown, DealUp, DiscardDown
from cardtable.engine.game import Action
from cardtable.engine.hand_evaluators import EVALUATORS

__all__ = ["FlowBot"]

_SAMPLES = {"normal": 120, "tough": 300}


def _final_counts(flow: Any) -> tuple[int, int]:
    """The cards a hand and the board hold at the showdown."""
    hand = board = 0
    for step in flow.steps:
        if isinstance(step, Deal):
            hand += step.hole
        elif isinstance(step, DealUp):
            hand += 1
        elif isinstance(step, Board):
            board += step.count
        elif isinstance(step, DiscardDown):
            hand -= step.count
    return hand, board


class FlowBot(LevelledBot):
    """A computer player for any game written in a variant file."""

    LEVEL_KNOBS = _SAMPLES

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, level)
        self.samples: int = self.knobs

    def choose(self, state: Any, seat: int) -> Action:
        """A legal action for ``seat`` (the seat to act)."""
        view = state.seat_view(seat)
        legal = list(view.legal)
        if view.phase.id in ("draw", "discard"):
            action: Action = self._discard(state, view, seat, legal)
        else:
            action = self._bet(state, view, seat)
        if state.why_illegal(action) is not None:
            action = legal[0]
        return action

    # -- equity ---------------------------------------------------------------------------
    def _known(self, view: Any, seat: int) -> tuple[list[int], list[int], set[int]]:
        mine = [c for c in view.seats[seat].hand if c is not None]
        board = list(next(z for z in view.zones if z.id == "board").cards)
        seen = set(mine) | set(board)
        for info in view.seats:
            seen |= set(info.up) | {c for c in info.hand if c is not None}
        return mine, board, seen

    def _equity(self, state: Any, view: Any, seat: int, mine: Sequence[int], samples: int) -> float:
        """How often ``mine``, completed at random, wins against the seats still in."""
        flow = state.FLOW
        showdown = next(s for s in flow.steps if isinstance(s, BoardShowdown))
        hand_size, board_size = _final_counts(flow)
        _, board, seen = self._known(view, seat)
        seen |= set(mine)
        unseen = [c for c in range(len(state.deck)) if c not in seen]
        others = [info for info in view.seats if info.seat != seat and info.in_hand]
        high = EVALUATORS[showdown.high]
        low = EVALUATORS[showdown.low] if showdown.low else None
        deck = state.deck
        won = 0.0
        for _ in range(samples):
            pool = unseen[:]
            self.rng.shuffle(pool)
            at = 0
            full_board = board + pool[at:at + board_size - len(board)]
            at += board_size - len(board)
            my_hand = list(mine) + pool[at:at + max(0, hand_size - len(mine))]
            at += max(0, hand_size - len(mine))
            hands = [my_hand]
            for info in others:
                known = [c for c in info.hand if c is not None] or list(info.up)
                need = max(0, hand_size - len(known))
                hands.append(known + pool[at:at + need])
                at += need
            board_cards = [deck[c] for c in full_board]
            highs = [high.value([deck[c] for c in h], board_cards) for h in hands]
            won += _share(highs) * (0.5 if low is not None else 1.0)
            if low is not None:
                lows = [low.value([deck[c] for c in h], board_cards) for h in hands]
                won += _share(lows) * 0.5 if any(v is not None for v in lows) else _share(highs) * 0.5
        return won / samples

    # -- choices ----------------------------------------------------------------------------
    def _discard(self, state: Any, view: Any, seat: int, legal: list[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if len(discards) <= 1:
            return discards[0] if discards else legal[0]
        budget = max(8, self.samples // 4)
        best, best_eq = discards[0], -1.0
        for action in discards:
            kept = [c for c in view.seats[seat].hand if c is not None and c not in action.cards]
            eq = self._equity(state, view, seat, kept, budget)
            if eq > best_eq:
                best, best_eq = action, eq
        return best

    def _bet(self, state: Any, view: Any, seat: int) -> Action:
        options = view.options
        if options is None:
            return view.legal[0]
        mine = [c for c in view.seats[seat].hand if c is not None]
        eq = self._equity(state, view, seat, mine, self.samples)
        others = sum(1 for info in view.seats if info.in_hand) - 1
        pot = view.pot_total
        to_call = options.call_amount if options.can_call else 0
        strong = 0.62 if others <= 1 else 0.5 / max(1, others - 1) + 0.2
        bluff = 0.05 if self.level == "normal" else 0.08
        raising = options.can_bet or options.can_raise
        if raising and (eq >= strong or self.rng.random() < bluff):
            share = 0.5 if self.level == "normal" else 0.4 + 0.5 * eq
            bet = view.seats[seat].bet
            to = max(options.min_raise_to, min(options.max_raise_to, bet + to_call + int(pot * share)))
            if eq >= 0.85 and options.can_all_in and self.rng.random() < 0.2:
                return AllIn(seat=seat)
            return (Bet if options.can_bet else Raise)(seat=seat, to=to)
        if options.can_check:
            return Check(seat=seat)
        if options.can_call and eq * (pot + to_call) >= to_call * (1.0 if self.level == "tough" else 0.85):
            return Call(seat=seat)
        return Fold(seat=seat)


def _share(values: Sequence[Any]) -> float:
    """The first hand's share of a pot among ``values`` (None: no hand, never wins)."""
    mine = values[0]
    if mine is None:
        return 0.0
    best = max(v.key for v in values if v is not None)
    if mine.key != best:
        return 0.0
    return 1.0 / sum(1 for v in values if v is not None and v.key == best)


