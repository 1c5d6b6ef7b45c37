"""The strong level's opening bet in Sabacc: the hand's first move, weighed on many deals.

At the hand's first move nothing has been seen but the mover's own two cards, so a deal
of the unseen cards at random is exactly what the mover does not know (later, a world
deals an opponent who has drawn and kept a card a worse hand than it holds, and the
worlds overrate bets: :meth:`~cardtable.games.sabacc.bot.SabaccBot.planning_candidates`).
And a bet there does more than grow the pot: it rolls the die, and on red a shift takes a
random card from each hand and deals a new one before the mover draws. Whether that helps
depends on the hand (a broken Pure Sabacc, a mended bomb-out), and the strong level's 200
rollouts a decision, shared among the candidates, cannot tell a difference of 20 to 150
credits from their noise (a bet of 100 or 300 less a check, on one deal, has a standard
deviation of some 400 to 800 credits).

:func:`opening_values` plays the hand out on :data:`DEALS` deals of the unseen cards,
both faces of the die on each, every candidate on the same deals: the opponent calls (or,
as the normal level, folds what its rule says not to call) and both players draw as the
normal bot does (keep, swap or drop by the chance to win), then the call pays as the
rules say (bomb-outs pay the hand pot into the sabacc pot, what is left if less; a tie
goes to a sudden demise, a special hand takes the sabacc pot). What is weighed is the
mover's change less its opponent's, as a share of the chips moves: a penalty the
opponent pays into the sabacc pot counts for the mover. The opponent here never bets on
its own turn nor raises: the always-caller exactly, the normal level nearly.

Against a player who calls whatever it holds a bet's worth grows with its size, so the
best bet there is a check or everything: with a hand that wins more often than not after
the draw (some 40% of two-card hands), a bet of everything gained about 700 credits an
opening over the best of a check, the least bet and the pot (200 random openings, caller
model). Against the normal level, who calls everything only with one hand in five, the
same choices came out some 280 credits an opening under its best. The weight of each is
the strong level's belief in a caller (:func:`~cardtable.games.sabacc.bot.caller_belief`),
read from the opponent's calls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import Deck
from cardtable.games.sabacc.bot import _facts, beat_share, opponent_table

__all__ = ["DEALS", "opening_values", "best_opening", "second_values", "best_second"]

DEALS = 1500
"""Deals of the unseen cards the opening is weighed on (each with both faces of the die)."""

LIMIT = 23


class _Scorer:
    """Hand scores and the normal bot's keep, swap or drop, for one deck (fast paths)."""

    def __init__(self, deck: Deck) -> None:
        self.values, self.idiots, self.faces = _facts(deck)
        table = opponent_table(deck)
        self.share = {s: beat_share(s, table) for s in range(-1, 206)}
        self.kind = [(v, i, f) for v, i, f in zip(self.values, self.idiots, self.faces)]
        self._odds: dict[tuple[Any, ...], tuple[float, float]] = {}
        self._calls: dict[tuple[int, int, int, int], float] = {}

    def odds(self, hand: Sequence[int], opponents: int = 1) -> tuple[float, float]:
        """The normal bot's odds of the draw to come for a two-card ``hand`` against
        ``opponents`` (:meth:`~cardtable.games.sabacc.bot.SabaccBot.draw_odds`: the mean chance
        to win after the best placing, the chance that placing still bombs), over the deck
        less the hand; kept by the cards' kinds."""
        key = (opponents, *sorted(self.kind[c] for c in hand))
        found = self._odds.get(key)
        if found is None:
            held = set(hand)
            win = still = 0.0
            n = 0
            for card in range(len(self.values)):
                if card in held:
                    continue
                score = self.score(self.placed(list(hand), card))
                win += self.share[score] ** opponents
                still += score < 0
                n += 1
            found = self._odds[key] = (win / max(1, n), still / max(1, n))
        return found

    def normal_calls(self, hand: Sequence[int], owed: int, pot: int, fold_penalty: int,
                     opponents: int = 1) -> bool:
        """Whether the normal bot calls ``owed`` into a hand pot of ``pot`` with ``hand``
        against ``opponents`` (its rule: the call's worth, the pot paid again when the hand
        still bombs, against the fold penalty; its raise with a strong hand counts as a call
        here)."""
        win, still = self.odds(hand, opponents)
        return win * (pot + owed) - owed - still * (pot + owed) >= -fold_penalty

    def call_share(self, owed: int, pot: int, fold_penalty: int, opponents: int = 1) -> float:
        """The share of two-card hands with which the normal bot calls ``owed`` into ``pot``
        against ``opponents`` (at four seats a call of the hand pot's 400 into 800 with 0.24
        of them, of 800 with 0.07; heads-up with 0.83 and 0.54)."""
        key = (owed, pot, fold_penalty, opponents)
        found = self._calls.get(key)
        if found is None:
            cards = range(len(self.values))
            pairs = [(a, b) for a in cards for b in cards if a < b]
            found = self._calls[key] = sum(self.normal_calls(p, owed, pot, fold_penalty, opponents)
                                           for p in pairs) / len(pairs)
        return found

    def score(self, cards: Sequence[int]) -> int:
        """As :func:`~cardtable.games.sabacc.bot.hand_score`."""
        values = self.values
        total = 0
        for c in cards:
            total += values[c]
        if len(cards) == 3 and total == 5 and sum(self.idiots[c] for c in cards) == 1 and sorted(
                values[c] for c in cards if not self.faces[c]) == [2, 3]:
            return 205
        if total == 0 or total > LIMIT or total < -LIMIT:
            return -1
        return 123 if total in (LIMIT, -LIMIT) else abs(total)

    def placed(self, hand: list[int], drawn: int) -> list[int]:
        """The hand after the normal bot's choice for ``drawn`` heads-up (the best chance to
        win, then fewer cards, then a drop: :meth:`SabaccBot.best_with`)."""
        share = self.share
        best = hand
        best_key = (share[self.score(hand)], -len(hand), True)
        options = [hand + [drawn]] + [hand[:i] + [drawn] + hand[i + 1:] for i in range(len(hand))]
        for option in options:
            key = (share[self.score(option)], -len(option), False)
            if key > best_key:
                best, best_key = option, key
        return best

    def demise(self, cards: Sequence[int]) -> tuple[int, int]:
        """As :func:`~cardtable.games.sabacc.hands.demise_key`."""
        score = self.score(cards)
        total = sum(self.values[c] for c in cards)
        if score < 0:
            return (0, -abs(abs(total) - LIMIT))
        return (1 + (2 if score == 205 else 1 if score == 123 else 0), abs(total))


_SCORERS: dict[str, _Scorer] = {}


def _scorer(deck: Deck) -> _Scorer:
    scorer = _SCORERS.get(deck.id)
    if scorer is None:
        scorer = _SCORERS[deck.id] = _Scorer(deck)
    return scorer


def _outcome(scorer: _Scorer, mine: list[int], theirs: list[int],
             demise: Sequence[int]) -> tuple[float, bool, bool, float, float]:
    """What the call gives: the mover's share of the hand pot, whether the mover and
    whether the opponent bombed out, and the mover's and the opponent's shares of the
    sabacc pot (a special hand's)."""
    s1, s2 = scorer.score(mine), scorer.score(theirs)
    if s1 < 0 and s2 < 0:
        return 0.0, True, True, 0.0, 0.0  # the hand pot stays for the next hand
    if s1 < 0:
        return 0.0, True, False, 0.0, 1.0 if s2 >= 123 else 0.0
    if s2 < 0:
        return 1.0, False, True, 1.0 if s1 >= 123 else 0.0, 0.0
    if s1 != s2:
        won = 1.0 if s1 > s2 else 0.0
    else:
        k1, k2 = scorer.demise(mine + [demise[0]]), scorer.demise(theirs + [demise[1]])
        won = 1.0 if k1 > k2 else 0.0 if k1 < k2 else 0.5
    return won, False, False, won if s1 >= 123 else 0.0, 1.0 - won if s2 >= 123 else 0.0


def _margin(outcome: tuple[float, bool, bool, float, float], bet: int, hand_pot: int, sabacc_pot: int,
            stacks: tuple[int, int]) -> float:
    """The mover's chip change less the opponent's, both having put in ``bet``: a
    bomb-out pays the hand pot into the sabacc pot (what its player has left, if less)."""
    won, mine_bombs, theirs_bombs, mine_sabacc, theirs_sabacc = outcome
    pot = hand_pot + 2 * bet
    mine_paid = min(pot, stacks[0] - bet) if mine_bombs else 0
    theirs_paid = min(pot, stacks[1] - bet) if theirs_bombs else 0
    sabacc = sabacc_pot + mine_paid + theirs_paid
    mine = won * pot - mine_paid + mine_sabacc * sabacc
    theirs = (0.0 if theirs_bombs else (1.0 - won) * pot) - theirs_paid + theirs_sabacc * sabacc
    return mine - theirs


def opening_values(deck: Deck, hand: Sequence[int], unseen: Sequence[int], bets: Sequence[int],
                   hand_pot: int, sabacc_pot: int, rng: random.Random, deals: int = DEALS, *,
                   stacks: tuple[int, int] = (10**9, 10**9), caller: float = 1.0,
                   fold_penalty: int = 200) -> list[float]:
    """For each bet of ``bets`` (0: a check), the mover's mean chip change over the hand
    less its opponent's (what moves a share of the chips), on ``deals`` deals of
    ``unseen`` (see the module). ``stacks``: what the mover and the opponent have
    behind (a bomb-out pays at most that; a bet past the smaller is that much);
    ``caller``: the weight of an opponent who calls whatever it holds, the rest going to
    the normal bot, who folds to a bet its rule says not to call (then the mover takes
    the hand pot and the opponent pays ``fold_penalty``)."""
    scorer = _scorer(deck)
    pool = list(unseen)
    totals = [0.0] * len(bets)
    mine0 = list(hand)
    cover = min(stacks)
    sized = [min(bet, cover) for bet in bets]
    for _ in range(deals):
        rng.shuffle(pool)
        theirs0 = pool[:2]
        q = pool[2:]
        # no shift: the check's cards, and a bet's on blue
        mine = scorer.placed(mine0, q[0])
        theirs = scorer.placed(theirs0, q[1])
        calm = _outcome(scorer, mine, theirs, q[2:4])
        # a shift on red: a random card of each hand to the bottom, the next two dealt
        lost1, lost2 = rng.randrange(len(mine0)), rng.randrange(2)
        theirs1 = theirs0[:lost2] + theirs0[lost2 + 1:] + [q[1]]
        mine = scorer.placed(mine0[:lost1] + mine0[lost1 + 1:] + [q[0]], q[2])
        theirs = scorer.placed(theirs1, q[3])
        shifted = _outcome(scorer, mine, theirs, q[4:6])
        for i, bet in enumerate(sized):
            if not bet:
                totals[i] += _margin(calm, 0, hand_pot, sabacc_pot, stacks)
                continue
            value = 0.0
            for outcome, held in ((calm, theirs0), (shifted, theirs1)):
                called = _margin(outcome, bet, hand_pot, sabacc_pot, stacks)
                if caller < 1.0 and not scorer.normal_calls(held, bet, hand_pot + bet, fold_penalty):
                    called = caller * called + (1.0 - caller) * (hand_pot + fold_penalty)
                value += 0.5 * called
            totals[i] += value
    return [t / deals for t in totals]


def best_opening(deck: Deck, hand: Sequence[int], unseen: Sequence[int], bets: Sequence[int],
                 hand_pot: int, sabacc_pot: int, rng: random.Random, deals: int = DEALS, *,
                 stacks: tuple[int, int] = (10**9, 10**9), caller: float = 1.0, fold_penalty: int = 200) -> int:
    """The bet of ``bets`` (0: a check) with the best :func:`opening_values`."""
    values = opening_values(deck, hand, unseen, bets, hand_pot, sabacc_pot, rng, deals, stacks=stacks,
                            caller=caller, fold_penalty=fold_penalty)
    return _best(values, bets)


def _best(values: Sequence[float], bets: Sequence[int]) -> int:
    """The bet of the best value, the smaller of two alike."""
    return max(zip(values, bets), key=lambda vb: (vb[0], -vb[1]))[1]


def second_values(deck: Deck, hand: Sequence[int], unseen: Sequence[int], placing: str, bets: Sequence[int],
                  hand_pot: int, sabacc_pot: int, rng: random.Random, deals: int = DEALS, *,
                  stacks: tuple[int, int] = (10**9, 10**9), caller: float = 1.0,
                  fold_penalty: int = 200) -> list[float]:
    """As :func:`opening_values`, for the second player's first move heads-up, after the
    first player checked and drew (``placing``: how it placed the card it drew, ``"keep"``,
    ``"swap"`` or ``"drop"``). The first player's hand is dealt as two cards and a drawn
    one placed as the normal bot places it, kept only where that placing is the one seen
    (and, for the normal level, only where its rule would have checked). A check calls the
    hand after the mover's draw; a bet rolls the die, the mover draws, and the first
    player calls (or, as the normal level, folds what its rule says not to call) and
    draws once more before the call."""
    scorer = _scorer(deck)
    pool = list(unseen)
    mine0 = list(hand)
    cover = min(stacks)
    sized = [min(bet, cover) for bet in bets]
    sums = {True: [0.0] * len(bets), False: [0.0] * len(bets)}
    counts = {True: 0, False: 0}
    tries = 0
    while counts[True] < deals and tries < 20 * deals:
        tries += 1
        rng.shuffle(pool)
        start = pool[:2]
        theirs = scorer.placed(start, pool[2])
        how = "keep" if len(theirs) == 3 else "drop" if theirs is start else "swap"
        if how != placing:
            continue
        win, still = scorer.odds(start)
        models = [True] if win >= 0.75 and still < 0.1 else [True, False]  # True: the caller
        q = pool[3:]
        calm = scorer.placed(mine0, q[0])  # (the mover's hand after its draw, no shift)
        checked = _margin(_outcome(scorer, calm, theirs, q[1:3]), 0, hand_pot, sabacc_pot, stacks)
        # a bet: blue, or red (a random card of each hand to the bottom, a new one dealt)
        lost1, lost2 = rng.randrange(len(mine0)), rng.randrange(len(theirs))
        lines = []
        for shift in (False, True):
            if shift:
                held = theirs[:lost2] + theirs[lost2 + 1:] + [q[1]]
                mine = scorer.placed(mine0[:lost1] + mine0[lost1 + 1:] + [q[0]], q[2])
                drawn, demise = q[3], q[4:6]
            else:
                held, mine = theirs, calm
                drawn, demise = q[1], q[2:4]
            lines.append((held, _outcome(scorer, mine, scorer.placed(held, drawn), demise)))
        for model in models:
            counts[model] += 1
            totals = sums[model]
            for i, bet in enumerate(sized):
                if not bet:
                    totals[i] += checked
                    continue
                for held, outcome in lines:
                    if model or scorer.normal_calls(held, bet, hand_pot + bet, fold_penalty):
                        totals[i] += 0.5 * _margin(outcome, bet, hand_pot, sabacc_pot, stacks)
                    else:
                        totals[i] += 0.5 * (hand_pot + fold_penalty)
    values = []
    for i in range(len(bets)):
        by_caller = sums[True][i] / max(1, counts[True])
        by_normal = sums[False][i] / counts[False] if counts[False] else by_caller
        values.append(caller * by_caller + (1.0 - caller) * by_normal)
    return values


def best_second(deck: Deck, hand: Sequence[int], unseen: Sequence[int], placing: str, bets: Sequence[int],
                hand_pot: int, sabacc_pot: int, rng: random.Random, deals: int = DEALS, *,
                stacks: tuple[int, int] = (10**9, 10**9), caller: float = 1.0, fold_penalty: int = 200) -> int:
    """The bet of ``bets`` (0: a check) with the best :func:`second_values`."""
    return _best(second_values(deck, hand, unseen, placing, bets, hand_pot, sabacc_pot, rng, deals, stacks=stacks,
                               caller=caller, fold_penalty=fold_penalty), bets)
