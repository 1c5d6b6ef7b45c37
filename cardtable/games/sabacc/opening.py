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
both faces of the die on each, every candidate on the same deals: the opponent calls and
both players draw as the normal bot does (keep, swap or drop by the chance to win), then
the call pays as the rules say (bomb-outs pay the hand pot into the sabacc pot, a tie
goes to a sudden demise, a special hand takes the sabacc pot). The opponent here never
bets on its own turn nor raises: the always-caller exactly, the normal level nearly (it
calls the bets weighed here with all but its worst hands).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.cards import Deck
from cardtable.games.sabacc.bot import _facts, beat_share, opponent_table

__all__ = ["DEALS", "opening_values", "best_opening"]

DEALS = 1500
"""Deals of the unseen cards the opening is weighed on (each with both faces of the die)."""

LIMIT = 23


class _Scorer:
    """Hand scores and the normal bot's keep, swap or drop, for one deck (fast paths)."""

    def __init__(self, deck: Deck) -> None:
        self.values, self.idiots, self.faces = _facts(deck)
        table = opponent_table(deck)
        self.share = {s: beat_share(s, table) for s in range(-1, 206)}

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


def _outcome(scorer: _Scorer, mine: list[int], theirs: list[int], demise: Sequence[int]) -> tuple[float, float, float]:
    """What the call gives the mover, as (share of the hand pot won, the hand pot's
    multiple paid as a bomb-out penalty, share of the sabacc pot won); the sabacc pot won
    includes the opponent's penalty when it bombed out (as the second value's sign: -1)."""
    s1, s2 = scorer.score(mine), scorer.score(theirs)
    if s1 < 0:
        return 0.0, 1.0, 0.0
    special = s1 >= 123
    if s2 < 0:
        return 1.0, -1.0 if special else 0.0, 1.0 if special else 0.0
    if s1 != s2:
        won = 1.0 if s1 > s2 else 0.0
        return won, 0.0, won if special else 0.0
    k1, k2 = scorer.demise(mine + [demise[0]]), scorer.demise(theirs + [demise[1]])
    won = 1.0 if k1 > k2 else 0.0 if k1 < k2 else 0.5
    return won, 0.0, won if special else 0.0


def opening_values(deck: Deck, hand: Sequence[int], unseen: Sequence[int], bets: Sequence[int],
                   hand_pot: int, sabacc_pot: int, rng: random.Random, deals: int = DEALS) -> list[float]:
    """The mover's mean chip change over the hand for each bet of ``bets`` (0: a check),
    on ``deals`` deals of ``unseen`` (see the module), against an opponent who calls."""
    scorer = _scorer(deck)
    pool = list(unseen)
    totals = [0.0] * len(bets)
    mine0 = list(hand)
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
        mine = scorer.placed(mine0[:lost1] + mine0[lost1 + 1:] + [q[0]], q[2])
        theirs = scorer.placed(theirs0[:lost2] + theirs0[lost2 + 1:] + [q[1]], q[3])
        shifted = _outcome(scorer, mine, theirs, q[4:6])
        for i, bet in enumerate(bets):
            pot = hand_pot + 2 * bet
            if bet:
                value = 0.5 * (_paid(calm, pot, sabacc_pot) + _paid(shifted, pot, sabacc_pot))
            else:
                value = _paid(calm, pot, sabacc_pot)
            totals[i] += value - bet
    return [t / deals for t in totals]


def _paid(outcome: tuple[float, float, float], pot: int, sabacc_pot: int) -> float:
    won, penalty, sabacc = outcome
    if penalty > 0:
        return -pot
    return won * pot + sabacc * (sabacc_pot + (pot if penalty < 0 else 0))


def best_opening(deck: Deck, hand: Sequence[int], unseen: Sequence[int], bets: Sequence[int],
                 hand_pot: int, sabacc_pot: int, rng: random.Random, deals: int = DEALS) -> int:
    """The bet of ``bets`` (0: a check) with the best :func:`opening_values`."""
    values = opening_values(deck, hand, unseen, bets, hand_pot, sabacc_pot, rng, deals)
    return max(zip(values, bets), key=lambda vb: (vb[0], -vb[1]))[1]
