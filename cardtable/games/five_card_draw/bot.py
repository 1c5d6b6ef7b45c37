"""A computer player for Five-Card Draw, at two levels.

* The draw, the standard way: stand pat on a straight or better; keep trips (draw
  two), two pair (draw one), a pair (draw three), four to a flush or to an
  open-ended straight (draw one); otherwise keep an ace (drawing four when the ace
  allows it) or the two highest cards.
* Betting by equity: the chance its hand (after its planned draw, before the
  draw) beats as many random hands as there are opponents, by Monte Carlo
  sampling, against the pot odds. It bets or raises with a strong hand, calls when
  the price is right, checks when free, folds otherwise, and bluffs now and then.
* ``tough`` samples more, reads the draw (a player who stood pat is given a
  straight or better, one who drew one card two pair or better, two cards trips),
  sizes bets to the pot, and bluffs a little more when few players are left.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import LevelledBot
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.game import Action
from cardtable.games.five_card_draw.hands import rank_value, score
from cardtable.games.five_card_draw.rules import Discard, Phase

__all__ = ["DrawBot", "plan_discard", "equity"]

_SAMPLES = {"normal": 160, "tough": 450}
ROLLOUT_SAMPLES = 24
"""Deals an equity estimate of the strong level's rollout player (:meth:`DrawBot.rollout_bot`).
It was 8 while an equity cost 18 us a hand: on card codes three times the deals cost less
than the 8 did, and the rollout player's bets come closer to the normal bot's 160 deals:
heads-up, strong against normal won 0.619 and 0.636 of the chips (seeds 1 and 2, 16
duplicate matches each, lower ends 0.520 and 0.528) against 0.594-0.608 and 0.529 with 8."""
_FLOOR = {0: 4, 1: 2, 2: 3}  # tough: cards drawn -> the least category assumed


def _pair(deck: Any, card: int) -> tuple[int, str]:
    c = deck[card]
    return rank_value(c.rank), c.suit


def plan_discard(pairs: Sequence[tuple[int, str]], limit: int, *, tough: bool = False) -> list[int]:
    """Positions (0-4) of the cards to throw away, at most ``limit`` of them, the standard way."""
    key = score(pairs)
    ranks = [r for r, _ in pairs]
    counts = Counter(ranks)
    if key[0] >= 4:  # a straight or better (four of a kind too): stand pat
        return []
    suits = Counter(s for _, s in pairs)
    suit, most = suits.most_common(1)[0]
    flush_draw = [i for i, (_, s) in enumerate(pairs) if s != suit] if most == 4 else None
    straight_draw = _open_ended(ranks)
    if key[0] in (3, 2):  # trips or two pair: keep the groups
        throw = [i for i, r in enumerate(ranks) if counts[r] == 1]
    elif key[0] == 1:
        low_pair = key[1] <= 8
        if tough and low_pair and (flush_draw is not None):
            throw = flush_draw
        else:
            throw = [i for i, r in enumerate(ranks) if counts[r] == 1]
    elif flush_draw is not None:
        throw = flush_draw
    elif straight_draw is not None:
        throw = straight_draw
    else:
        order = sorted(range(5), key=lambda i: ranks[i], reverse=True)
        keep = order[:1] if ranks[order[0]] == 14 and limit >= 4 else order[:2]
        throw = [i for i in range(5) if i not in keep]
    throw = sorted(throw, key=lambda i: ranks[i])[:limit]
    return sorted(throw)


def _open_ended(ranks: Sequence[int]) -> list[int] | None:
    """The one card to throw for four in a row open at both ends, or None."""
    distinct = set(ranks)
    for low in range(2, 11):
        run = set(range(low, low + 4))
        if run <= distinct and low + 3 < 14:
            extra = [i for i, r in enumerate(ranks) if r not in run]
            if len(extra) == 1:
                return extra
    return None


def equity(mine: Sequence[tuple[int, str]], throw: Sequence[int], unseen: Sequence[tuple[int, str]],
           opponents: Sequence[int | None], rng: random.Random, samples: int) -> float:
    """How often ``mine`` (after drawing for ``throw``) beats ``len(opponents)`` random
    hands from ``unseen`` (ties count half). ``opponents`` holds each opponent's cards
    drawn (None: unknown) to narrow its hand."""
    kept = [c for i, c in enumerate(mine) if i not in throw]
    need = len(throw)
    wins = 0.0
    pool = list(unseen)
    for _ in range(samples):
        rng.shuffle(pool)
        hand = kept + pool[:need]
        mine_key = score(hand)
        at = need
        best, ties = True, 0
        for drawn in opponents:
            other = pool[at:at + 5]
            floor = _FLOOR.get(drawn) if drawn is not None else None
            if floor is not None:
                for _ in range(6):  # look for a hand that fits the draw, a few tries
                    if score(other)[0] >= floor:
                        break
                    rng.shuffle(pool_tail := pool[at:])
                    other = pool_tail[:5]
            at += 5
            theirs = score(other)
            if theirs > mine_key:
                best = False
                break
            if theirs == mine_key:
                ties += 1
        if best:
            wins += 1.0 / (1 + ties)
    return wins / samples


class DrawBot(LevelledBot):
    """Five-Card Draw computer player (``level`` "normal" or "tough")."""

    LEVEL_KNOBS = _SAMPLES

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, level)
        self.samples: int = self.knobs
        self._memo: dict[tuple[Any, ...], float] | None = None  # equities kept (rollout players only)

    def rollout_bot(self, rng: random.Random) -> DrawBot:
        """A cheap player like this one, for the strong level's rollouts: the normal level with
        :data:`ROLLOUT_SAMPLES` deals an equity, worked out on card codes
        (:class:`~cardtable.games.five_card_draw.rollout_bot.RolloutDrawBot`)."""
        from cardtable.games.five_card_draw.rollout_bot import RolloutDrawBot
        return RolloutDrawBot(rng)

    def choose(self, state: Any, seat: int) -> Action:
        """A legal action for ``seat`` (the seat to act)."""
        if state.phase == Phase.DRAW:
            action: Action = self._discard(state, seat)
        else:
            action = self._bet(state, seat)
        if state.why_illegal(action) is not None:
            action = state.legal_actions(seat)[0]
        return action

    def _mine(self, state: Any, seat: int) -> tuple[list[int], list[tuple[int, str]]]:
        cards = state.hand_of(seat)
        return cards, [_pair(state.deck, c) for c in cards]

    def _discard(self, state: Any, seat: int) -> Action:
        cards, pairs = self._mine(state, seat)
        limit = state.draw_limit(seat)
        throw = plan_discard(pairs, limit, tough=self.level == "tough")
        action = Discard(seat=seat, cards=tuple(cards[i] for i in throw))
        if state.why_illegal(action) is not None:  # e.g. four without keeping the ace
            throw = throw[:state.settings.max_draw]
            action = Discard(seat=seat, cards=tuple(cards[i] for i in throw))
        return action

    def _bet(self, state: Any, seat: int) -> Action:
        cards, pairs = self._mine(state, seat)
        before_draw = state.betting_round == 0
        throw = plan_discard(pairs, state.draw_limit(seat)) if before_draw else []
        mine = set(cards)
        unseen = [_pair(state.deck, c) for c in range(len(state.deck)) if c not in mine]
        others = [s for s in range(state.seats) if s != seat and state.chips.in_hand[s]]
        drawn = [state.drawn[s] if self.level == "tough" and not before_draw else None for s in others]
        key = (tuple(cards), before_draw, len(others))
        eq = self._memo.get(key) if self._memo is not None else None
        if eq is None:
            eq = equity(pairs, throw, unseen, drawn, self.rng, self.samples)
            if self._memo is not None:
                self._memo[key] = eq
        return self._bet_on(state, seat, eq)

    def _bet_on(self, state: Any, seat: int, eq: float) -> Action:
        """The betting action with equity ``eq`` (see the module's text)."""
        options = state.betting_options(seat)
        others = sum(state.chips.in_hand) - 1
        pot = state.chips.pot_total
        to_call = options.call_amount if options.can_call else 0
        strong = 0.62 if others == 1 else 0.5
        bluff = (0.05 if self.level == "normal" else 0.09 if others <= 2 else 0.03)
        raising = options.can_bet or options.can_raise
        if raising and (eq >= strong or self.rng.random() < bluff):
            share = 0.5 if self.level == "normal" else 0.4 + 0.5 * eq
            to = max(options.min_raise_to, min(options.max_raise_to,
                                                state.chips.round_bets[seat] + to_call + int(pot * share)))
            if eq >= 0.85 and self.level == "tough" and options.can_all_in and self.rng.random() < 0.3:
                return AllIn(seat=seat)
            return (Bet if options.can_bet else Raise)(seat=seat, to=to)
        if options.can_check:
            return Check(seat=seat)
        if options.can_call and eq * (pot + to_call) >= to_call * (1.0 if self.level == "tough" else 0.85):
            return Call(seat=seat)
        if options.can_call and to_call <= max(1, pot // 12) and eq > 0.15:
            return Call(seat=seat)
        return Fold(seat=seat)
