"""The cheap copy of the normal Sabacc bot that the strong level's rollouts play.

:class:`RolloutSabaccBot` makes exactly the normal :class:`~cardtable.games.sabacc.bot.SabaccBot`'s
choices (tests/test_sabacc_rollout_bot.py plays both on the same states), about ten times
faster: the normal bot weighs the next draw card by card (some 70 unseen cards, each tried
kept, dropped and swapped for every held card), but a card's worth to a hand depends only
on its value, whether it is the Idiot and whether it is a face card, and the 76-card deck
has 23 such kinds. So each kind is weighed once per decision and every unseen card reads
its kind's figures, summed in the same order as the normal bot sums them (the same floats,
so no threshold can come out the other way). The chance to win by a hand's score is kept
per deck and number of opponents.

Its moves read only the acting seat's view, as the normal bot's do.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.game import Action
from cardtable.games.sabacc.bot import DrawOdds, SabaccBot, _facts, beat_share, hand_score, opponent_table
from cardtable.games.sabacc.state import Drop, Keep, Phase, SabaccState, Swap

__all__ = ["RolloutSabaccBot"]

_WINS: dict[tuple[str, float], dict[int, float]] = {}
"""Per deck and number of opponents: the chance to win by hand score, as worked out."""

_ODDS: dict[tuple[str, tuple[int, ...], tuple[int, ...], float], DrawOdds] = {}
"""Draw odds worked out, by deck, hand, the other cards seen and the opponents counted."""
_REMEMBERED = 20_000
"""Draw odds remembered at most (then forgotten all at once)."""

_KINDS: dict[str, tuple[list[int], list[int]]] = {}
"""Per deck: each card's kind, and a card of each kind (its first)."""


def _kinds(state: SabaccState) -> tuple[list[int], list[int]]:
    kinds = _KINDS.get(state.deck.id)
    if kinds is None:
        values, idiots, faces = _facts(state.deck)
        ids: dict[tuple[int, bool, bool], int] = {}
        kind_of: list[int] = []
        first: list[int] = []
        for card, facts in enumerate(zip(values, idiots, faces)):
            if facts not in ids:
                ids[facts] = len(first)
                first.append(card)
            kind_of.append(ids[facts])
        kinds = _KINDS[state.deck.id] = (kind_of, first)
    return kinds


class RolloutSabaccBot(SabaccBot):
    """The normal Sabacc bot's choices, worked out by kinds of card (see the module)."""

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        super().__init__(rng, level)

    def win_chance(self, state: SabaccState, cards: Sequence[int], opponents: float) -> float:
        """As :meth:`SabaccBot.win_chance`, remembered by score."""
        wins = _WINS.get((state.deck.id, opponents))
        if wins is None:
            wins = _WINS[(state.deck.id, opponents)] = {}
        score = hand_score(state.deck, cards)
        chance = wins.get(score)
        if chance is None:
            share = beat_share(score, opponent_table(state.deck))
            chance = wins[score] = share ** max(1.0, opponents)
        return chance

    def choose(self, state: SabaccState, seat: int) -> Action:
        """As :meth:`SabaccBot.choose` (a drawn card placed from the seat's own hand and
        draw, read from the state as its view would give them)."""
        if state.phase == Phase.DECIDE and state.drawn is not None and seat == state.turn:
            _, how, card = self.best_with(state, list(state.hands[seat]), state.drawn,
                                          self._opponents(state, seat))
            if how == "keep":
                return Keep(seat=seat)
            if how == "swap" and card is not None:
                return Swap(seat=seat, card=card)
            return Drop(seat=seat)
        return super().choose(state, seat)

    def draw_odds(self, state: SabaccState, seat: int, opponents: float = 1.0) -> DrawOdds:
        """As :meth:`SabaccBot.draw_odds`, each kind of unseen card weighed once, and
        remembered by the hand and the cards seen (the strong level's rollouts ask it of
        its own seat's hand in every world)."""
        hand = list(state.hands[seat])
        seen = set(hand)
        for other, cards in enumerate(state.hands):
            if state.shown[other]:
                seen.update(cards)
        if state.drawn is not None and seat == state.turn:
            seen.add(state.drawn)
        key = (state.deck.id, tuple(hand), tuple(sorted(seen.difference(hand))), opponents)
        odds = _ODDS.get(key)
        if odds is None:
            if len(_ODDS) >= _REMEMBERED:
                _ODDS.clear()
            odds = _ODDS[key] = self._draw_odds(state, hand, seen, opponents)
        return odds

    def _draw_odds(self, state: SabaccState, hand: list[int], seen: set[int], opponents: float) -> DrawOdds:
        kind_of, first = _kinds(state)
        deck = state.deck
        now = hand_score(deck, hand)
        figures: dict[int, tuple[bool, bool, bool, float]] = {}
        improve = bombs = still = win = 0.0
        pool = 0
        for card in range(len(deck)):
            if card in seen:
                continue
            pool += 1
            kind = kind_of[card]
            known = figures.get(kind)
            if known is None:
                like = first[kind]
                best, _, _ = self.best_with(state, hand, like, opponents)
                best_score = hand_score(deck, best)
                known = figures[kind] = (best_score > now, hand_score(deck, hand + [like]) < 0,
                                         best_score < 0, self.win_chance(state, best, opponents))
            improve += known[0]
            bombs += known[1]
            still += known[2]
            win += known[3]
        n = max(1, pool)
        return DrawOdds(improve / n, bombs / n, still / n, win / n)

    def rollout_bot(self, rng: random.Random) -> Any:
        """Another of these (it is the cheap one)."""
        return RolloutSabaccBot(rng, "normal")
