"""The cheap copy of the normal Shenja Ivali bot that the strong level's rollouts play.

:class:`RolloutIvaliBot` makes exactly the choices of the normal
:class:`~cardtable.games.shenja_ivali.bot.IvaliBot` with
:data:`~cardtable.games.shenja_ivali.bot.ROLLOUT_SAMPLES` deals an estimate
(tests/test_ivali_rollout_bot.py plays both on the same states with the same
generators), some four times faster: its estimates walk the same draws in the same
order, but on deck indices, five cards valued by the sum of their packed ints
(:func:`cardtable.games.shenja_ivali.fast.key`, one int a hand that compares as the
key tuple does) instead of :func:`~cardtable.games.shenja_ivali.hands.evaluate` on card
objects, and percentiles read from the same table as ints; keys and percentiles are
remembered for the process (:func:`~cardtable.games.shenja_ivali.fast.keyer`: pure
functions of the sum, so no answer depends on what was asked before).
"""

from __future__ import annotations

import itertools
import random

from cardtable.engine.game import Action
from cardtable.games.shenja_ivali import fast
from cardtable.games.shenja_ivali.bot import ROLLOUT_SAMPLES, IvaliBot, _random_hand_keys
from cardtable.games.shenja_ivali.hands import IvaliRules
from cardtable.games.shenja_ivali.rules import Discard
from cardtable.games.shenja_ivali.state import ShenjaIvaliState, playing_cards

__all__ = ["RolloutIvaliBot"]

_TABLES: dict[int, tuple[IvaliRules, list[int]]] = {}
"""The normal bot's percentile table as ints, by the rules object (a table's rules are
one object for a whole match: the settings are shared by every copy)."""


class RolloutIvaliBot(IvaliBot):
    """The normal level at :data:`ROLLOUT_SAMPLES` deals an estimate, valued on packed ints."""

    def __init__(self, rng: random.Random, level: str = "normal", samples: int | None = None) -> None:
        super().__init__(rng, "normal", samples=ROLLOUT_SAMPLES if samples is None else samples)

    def rollout_bot(self, rng: random.Random) -> RolloutIvaliBot:
        """Another of these (it is the cheap one)."""
        return RolloutIvaliBot(rng)

    # -- what the seat knows, as deck indices -----------------------------------------------
    @staticmethod
    def _pool(state: ShenjaIvaliState, seat: int) -> list[int]:
        known = set(state.hand_of(seat)) | set(state.flop)
        return [i for i in playing_cards(state.deck) if i not in known]

    @staticmethod
    def _keys(state: ShenjaIvaliState, rules: IvaliRules) -> list[int]:
        known = _TABLES.get(id(rules))
        if known is None or known[0] is not rules:
            table = _random_hand_keys(rules, [state.deck[i] for i in playing_cards(state.deck)])
            known = _TABLES[id(rules)] = (rules, fast.percentile_keys(table, rules))
        return known[1]

    # -- the normal bot's estimates, walked alike -------------------------------------------
    def equity(self, state: ShenjaIvaliState, seat: int) -> float:
        """:meth:`IvaliBot.equity`, the same draws and the same figure."""
        rules = state.settings.hands
        rng = self.rng
        packed = fast.packed_deck(state.deck)
        mine = list(state.hand_of(seat))
        pool = self._pool(state, seat)
        opponents = self._opponents(state, seat)
        m = len(opponents)
        if m == 0:
            return 1.0
        flop = list(state.flop)
        taken = {taker: card for card, taker in zip(state.flop, state.flop_takers) if taker is not None}
        after_auction = bool(taken)
        weights = self._opponent_weights(state, opponents)
        rank = fast.ranker(self._keys(state, rules)) if any(weights) else None
        key_of = fast.keyer(rules)
        held = sum(packed[c] for c in mine)
        best_flop = None
        if len(mine) == 4 and flop:
            best_flop = max(flop, key=lambda c: key_of(held + packed[c]))
        samples = self._sample_count(m + 1)
        total = weight_sum = 0.0
        for _ in range(samples):
            draw = rng.sample(pool, 4 * m + (1 if not flop else 0) + (m if not flop else 0))
            if len(mine) == 5:
                my_total = held
                free = flop
            elif not flop:
                my_total = held + packed[draw.pop()]
                free = []
            else:
                assert best_flop is not None
                my_card = best_flop if rng.random() < 0.5 else rng.choice(flop)
                my_total = held + packed[my_card]
                free = [c for c in flop if c != my_card]
                rng.shuffle(free)
            my_key = key_of(my_total)
            better = ties = 0
            weight = 1.0
            for j, opponent in enumerate(opponents):
                a, b, c, d = draw[4 * j: 4 * j + 4]
                if after_auction:
                    fifth = taken[opponent]
                elif flop:
                    fifth = free[j]
                else:
                    fifth = draw[4 * m + j]
                key = key_of(packed[a] + packed[b] + packed[c] + packed[d] + packed[fifth])
                if weights[j]:
                    assert rank is not None
                    weight *= rank(key) ** weights[j] * (1 + weights[j])
                if key > my_key:
                    better += 1
                elif key == my_key:
                    ties += 1
            share = 0.0 if better else 1.0 / (1 + ties)
            total += share * weight
            weight_sum += weight
        return total / weight_sum if weight_sum else 0.0

    def _discard(self, state: ShenjaIvaliState, seat: int) -> Action:
        rules = state.settings.hands
        rng = self.rng
        packed = fast.packed_deck(state.deck)
        hand = state.hand_of(seat)
        mine = list(hand)
        flop = list(state.flop)
        pool = self._pool(state, seat)
        share = fast.sharer(rules, self._keys(state, rules))
        m = max(1, len(self._opponents(state, seat)))
        subsets = [c for k in range(state.settings.max_discard + 1)
                   for c in itertools.combinations(range(len(mine)), k)]
        scenarios = self._sample_count(len(subsets) * (1 + len(flop)) // 2)
        scores = [0.0] * len(subsets)
        flop_packed = [packed[f] for f in flop]
        total = sum(packed[c] for c in mine)
        base = [total - sum(packed[mine[j]] for j in subset) for subset in subsets]
        sizes = [len(subset) for subset in subsets]
        for _ in range(scenarios):
            draws = rng.sample(pool, state.settings.max_discard) if state.settings.max_discard else []
            best = rng.random() < 0.5
            fifth = rng.choice(flop) if flop else None
            if not flop:
                continue
            prefix = [0]
            for card in draws:
                prefix.append(prefix[-1] + packed[card])
            for i, size in enumerate(sizes):
                kept_total = base[i] + prefix[size]
                if best:  # the normal bot's best fifth card: the same figure, remembered by sum
                    value = max([share(kept_total + p) for p in flop_packed])
                else:
                    assert fifth is not None
                    value = share(kept_total + packed[fifth])
                scores[i] += value ** m
        best_index = max(range(len(subsets)), key=lambda i: (scores[i], -len(subsets[i])))
        return Discard(seat=seat, cards=tuple(hand[j] for j in subsets[best_index]))

    def card_strengths(self, state: ShenjaIvaliState, seat: int) -> dict[int, float]:
        """:meth:`IvaliBot.card_strengths`, the same draws and the same figures."""
        rules = state.settings.hands
        rng = self.rng
        packed = fast.packed_deck(state.deck)
        held = sum(packed[c] for c in state.hand_of(seat))
        flop = list(state.flop)
        pool = self._pool(state, seat)
        m = len(self._opponents(state, seat))
        if m == 0:
            return {c: 1.0 for c in flop}
        key_of = fast.keyer(rules)
        my_keys = {c: key_of(held + packed[c]) for c in flop}
        samples = self._sample_count(len(flop) * m)
        wins = {c: 0.0 for c in flop}
        for _ in range(samples):
            draw = rng.sample(pool, 4 * m)
            order = flop[:]
            rng.shuffle(order)
            hands = [sum(packed[x] for x in draw[4 * j: 4 * j + 4]) for j in range(m)]
            for c in flop:
                others = [x for x in order if x != c][:m]
                better = ties = 0
                for j in range(m):
                    key = key_of(hands[j] + packed[others[j]])
                    if key > my_keys[c]:
                        better += 1
                        break
                    if key == my_keys[c]:
                        ties += 1
                if not better:
                    wins[c] += 1.0 / (1 + ties)
        return {c: wins[c] / samples for c in flop}
