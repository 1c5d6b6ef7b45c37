"""An Ipso computer player that plays by hand percentile and pot odds.

Everything it knows is what its seat may know: its own four cards, the flip pile,
the face-up discard pile, the chips. The cards it cannot see form one *unseen* pool.

* **Strength**: the hand's percentile among all 270,725 four-card hands (an exact
  table, built once from the 1,820 pip multisets), raised to the power of the number of opponents still
  in: the rough chance to beat them all. Early in the hand, with exchanges to come,
  the strength is pulled towards its fair share (hands still change).
* **Exchanges**: every hand card against every pile. A face-up pile's top card is
  known; a face-down card is worth the average over the unseen pool. It exchanges
  when the best choice beats keeping the hand by a margin, and skips otherwise.
* **Betting**: stay in when the strength beats the pot odds of the amount it must
  put in (with a margin), raise when the strength is well above its fair share,
  fold otherwise. ``level="tough"`` uses a smaller call margin, raises more boldly
  and bluffs now and then heads-up.
* **Next dealer**: it names itself (so as to bet last).

No clocks and no global random: the same seed makes the same choices.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Sequence

from cardtable.bots.base import LevelledBot
from cardtable.engine.betting import Fold
from cardtable.engine.game import Action
from cardtable.games.ipso.betting import Cover, CoverRaise, Stake
from cardtable.games.ipso.hands import evaluate_pips, pip
from cardtable.games.ipso.rules import ChooseDealer, Exchange, Phase, Pile, Skip
from cardtable.games.ipso.state import IpsoState

__all__ = ["IpsoBot", "LEVEL_KNOBS", "percentile", "hand_percentile"]

LEVEL_KNOBS: dict[str, dict[str, float]] = {
    "normal": {"call_margin": 1.1, "raise_over": 1.6, "raise_share": 0.5, "bluff": 0.0, "swap_gain": 0.02},
    "tough": {"call_margin": 0.95, "raise_over": 1.4, "raise_share": 0.8, "bluff": 0.06, "swap_gain": 0.01},
}
"""What the levels differ in: the pot-odds margin of staying in, how far above its
fair share the strength must be to raise, how much of the allowed raise it uses, the
heads-up bluff rate, and the percentile gain an exchange must bring."""

ROLLOUT_UNSEEN = 8
"""Unseen cards a face-down exchange is weighed on by the strong level's rollout player."""

_table: list[tuple[list[tuple[int, int]], list[int], int]] = []


def _key_table() -> tuple[list[tuple[int, int]], list[int], int]:
    """Every hand key there is, sorted, with how many of the 270,725 four-card hands
    rank below each one; built once per process from the 1,820 pip multisets (the suits
    only matter for flushes, which need four different pips)."""
    if not _table:
        weights: dict[tuple[int, int], int] = {}
        for pips in itertools.combinations_with_replacement(range(1, 14), 4):
            counts = [pips.count(p) for p in set(pips)]
            if max(counts) == 1:
                suited = evaluate_pips(pips, "SSSS").key
                weights[suited] = weights.get(suited, 0) + 4
                mixed, ways = evaluate_pips(pips, "SSSH").key, 4 ** 4 - 4
            else:
                mixed, ways = evaluate_pips(pips, "SHDC").key, math.prod(math.comb(4, n) for n in counts)
            weights[mixed] = weights.get(mixed, 0) + ways
        keys = sorted(weights)
        below, running = [], 0
        for key in keys:
            below.append(running)
            running += weights[key]
        _table.append((keys, below, running))
    return _table[0]


def percentile(key: tuple[int, int]) -> float:
    """The share of all four-card hands a hand of sort key ``key`` beats (ties count half).

    >>> percentile((1, 10))  # below the weakest hand there is (A-2-3-5, worth 11)
    0.0
    """
    keys, below, total = _key_table()
    i = bisect.bisect_left(keys, key)
    if i < len(keys) and keys[i] == key:
        equal = (below[i + 1] if i + 1 < len(keys) else total) - below[i]
        return (below[i] + equal / 2) / total
    return (below[i] if i < len(keys) else total) / total


def hand_percentile(cards: Sequence[tuple[int, str]]) -> float:
    """The percentile of four ``(pip, suit)`` cards."""
    pips = tuple(sorted(c[0] for c in cards))
    return _shape_percentile(pips, len({c[1] for c in cards}) == 1)


@functools.cache
def _shape_percentile(pips: tuple[int, ...], one_suit: bool) -> float:
    """A hand's worth depends only on its pips and whether it is one suit."""
    return percentile(evaluate_pips(pips, "SSSS" if one_suit else "SSSH").key)


class IpsoBot(LevelledBot):
    """A computer player for Ipso (levels ``normal`` and ``tough``)."""

    LEVEL_KNOBS = LEVEL_KNOBS

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, level)
        self.unseen_sample: int | None = None  # None: every unseen card weighs a face-down exchange

    def rollout_bot(self, rng: random.Random) -> IpsoBot:
        """A cheap player like this one, for the strong level's rollouts: the normal level,
        weighing a face-down exchange on :data:`ROLLOUT_UNSEEN` unseen cards drawn at
        random instead of all of them (most of its time went there)."""
        bot = IpsoBot(rng, "normal")
        bot.unseen_sample = ROLLOUT_UNSEEN
        return bot

    # -- the one entry point -------------------------------------------------------------
    def choose(self, state: IpsoState, seat: int) -> Action:
        """A legal action for ``seat``."""
        if state.phase == Phase.CHOOSE_DEALER:
            return ChooseDealer(seat=seat, dealer=seat)
        if state.phase == Phase.EXCHANGE:
            return self.exchange(state, seat)
        if state.phase == Phase.BET:
            return self.bet(state, seat)
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        return actions[0]

    # -- pieces -------------------------------------------------------------------------------
    def _card(self, state: IpsoState, card: int) -> tuple[int, str]:
        c = state.deck[card]
        return (pip(c), c.suit)

    def _unseen(self, state: IpsoState, seat: int) -> list[tuple[int, str]]:
        known = set(state.hands[seat]) | set(state.flip) | set(state.up_discard)
        known |= {c for _, c in state.cut_cards}
        return [self._card(state, c) for c in range(len(state.deck)) if c not in known]

    def strength(self, state: IpsoState, seat: int) -> float:
        """The rough chance its hand beats every opponent still in."""
        hand = [self._card(state, c) for c in state.hands[seat]]
        base = hand_percentile(hand)
        opponents = max(1, len(state.chips.players_in) - 1)
        fair = 1 / (opponents + 1)
        sure = base ** opponents
        exchanges_left = {2: 4, 3: 3, 4: 2, 5: 1, 6: 0}.get(state.betting_round or 6, 0)
        blend = 0.12 * exchanges_left  # hands still change: trust the reading less
        return (1 - blend) * sure + blend * fair

    def exchange(self, state: IpsoState, seat: int) -> Action:
        """Skip, or swap a card for the top of the pile that helps the most."""
        hand = [self._card(state, c) for c in state.hands[seat]]
        keep = hand_percentile(hand)
        unseen = self._unseen(state, seat)
        if self.unseen_sample is not None and len(unseen) > self.unseen_sample:
            unseen = self.rng.sample(unseen, self.unseen_sample)
        best: tuple[float, int | None, str | None] = (keep + self.knobs["swap_gain"], None, None)
        for pile in Pile:
            top = state.pile_top(pile.value)
            if top is None:
                continue
            face_up = pile in (Pile.FLIP, Pile.UP_DISCARD)
            for i, card in enumerate(state.hands[seat]):
                rest = hand[:i] + hand[i + 1:]
                if face_up:
                    score = hand_percentile(rest + [self._card(state, top)])
                else:
                    score = sum(hand_percentile(rest + [u]) for u in unseen) / max(1, len(unseen))
                if score > best[0]:
                    best = (score, card, pile.value)
        _, give, take = best
        if give is None or take is None:
            return Skip(seat=seat)
        return Exchange(seat=seat, card=give, pile=take)

    def bet(self, state: IpsoState, seat: int) -> Action:
        """Stake, cover, raise or fold by strength and pot odds."""
        options = state.betting_options(seat)
        assert options is not None
        strength = self.strength(state, seat)
        opponents = max(1, len(state.chips.players_in) - 1)
        fair = 1 / (opponents + 1)
        pot = state.chips.pot_total
        need = options.min_amount if options.can_stake else options.cover_amount
        can_stay = options.can_stake or options.can_cover
        bluff = opponents == 1 and self.rng.random() < self.knobs["bluff"]
        if strength > fair * self.knobs["raise_over"] or bluff:
            span = options.max_amount - options.min_amount
            amount = options.min_amount + int(span * self.knobs["raise_share"] * min(1.0, strength / 0.9))
            amount = max(options.min_amount, min(options.max_amount, amount))
            if options.can_stake:
                return Stake(seat=seat, amount=amount)
            if options.can_raise:
                return CoverRaise(seat=seat, amount=amount)
        if can_stay:
            # the rest of the hand will cost about as much again in each later round
            rounds_left = 1 + (6 - (state.betting_round or 6)) * 0.5
            cost = need * rounds_left
            if strength * (pot + cost * (opponents + 1)) >= cost * self.knobs["call_margin"]:
                return Stake(seat=seat, amount=need) if options.can_stake else Cover(seat=seat)
        return Fold(seat=seat)
