"""Five-card hands as small ints, for the strong level's rollout player.

A card is ``rank * 4 + suit`` (rank 2-14, suit 0-3: :func:`deck_codes`), and a hand's
:func:`strength` is one int, larger for the better hand and equal exactly when the
:func:`~cardtable.games.five_card_draw.hands.score` keys are equal: 7,463 less the hand's
``rank`` (1 a royal flush). It is looked up by the product of one prime a rank (a rank
multiset's product is its own) in one table for flushes and one for the rest, built once
per process from :func:`~cardtable.games.five_card_draw.hands.key_of`; no tuple key is made.

>>> codes = [14 * 4, 13 * 4, 12 * 4, 11 * 4, 10 * 4]  # a royal flush in one suit
>>> strength(codes)
7462
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Any

from cardtable.games.five_card_draw.hands import all_keys, key_of, rank_value

__all__ = ["strength", "deck_codes", "equity"]

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME_OF_CODE = [_PRIMES[code // 4 - 2] if code >= 8 else 0 for code in range(15 * 4)]
"""Each card code's rank prime (codes below 8 are no card)."""


@functools.cache
def _tables() -> tuple[dict[int, int], dict[int, int]]:
    """(rank product -> strength of the hand unsuited, of the flush)."""
    place = {key: len(all_keys()) - i for i, key in enumerate(all_keys())}
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if ranks[0] == ranks[4]:
            continue  # five of a rank: no such hand
        product = 1
        for r in ranks:
            product *= _PRIMES[r - 2]
        plain[product] = place[key_of(ranks, False)]
        if len(set(ranks)) == 5:
            flush[product] = place[key_of(ranks, True)]
    return plain, flush


def strength(cards: Sequence[int]) -> int:
    """The strength of five card codes: compares like their ``score`` keys."""
    a, b, c, d, e = cards
    primes = _PRIME_OF_CODE
    product = primes[a] * primes[b] * primes[c] * primes[d] * primes[e]
    suit = a & 3
    plain, flush = _tables()
    if b & 3 == suit and c & 3 == suit and d & 3 == suit and e & 3 == suit:
        return flush[product]
    return plain[product]


_CODES: dict[int, tuple[Any, list[int]]] = {}


def deck_codes(deck: Any) -> list[int]:
    """The code of every card of ``deck`` (a 52-card deck), by deck index; built once a deck."""
    entry = _CODES.get(id(deck))
    if entry is None or entry[0] is not deck:
        suits: dict[str, int] = {}
        codes = [rank_value(card.rank) * 4 + suits.setdefault(card.suit, len(suits)) for card in deck]
        entry = _CODES[id(deck)] = (deck, codes)
    return entry[1]


def equity(kept: Sequence[int], need: int, unseen: Sequence[int], opponents: int, rng: random.Random,
           samples: int) -> float:
    """How often ``kept`` with ``need`` cards drawn beats ``opponents`` random hands of
    ``unseen`` (ties shared), all card codes: the normal bot's
    :func:`~cardtable.games.five_card_draw.bot.equity` with nothing known of the
    opponents' draws, each deal an ordered sample of just the cards it uses instead of a
    shuffle of them all (the same deals in distribution)."""
    wins = 0.0
    size = need + 5 * opponents
    kept = list(kept)
    for _ in range(samples):
        draw = rng.sample(unseen, size)
        mine = strength(kept + draw[:need])
        ties = 0
        at = need
        for _ in range(opponents):
            theirs = strength(draw[at:at + 5])
            if theirs > mine:
                break
            ties += theirs == mine
            at += 5
        else:
            wins += 1.0 / (1 + ties)
    return wins / samples
