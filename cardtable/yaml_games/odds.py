"""What a seat of a game written in a variant file can reckon about its share of the pot.

A :class:`Model` is what the seat knows, as card codes (:func:`~cardtable.engine.fast_hands.deck_codes`):
its own cards, the board, the cards still to come (to the board and to each hand), each
opponent still in (its cards face up, how many it holds or will hold unseen, whether it still
draws, and the least hand a reading gives it), the cards it has not seen, and the showdown's
evaluators. An :class:`Estimate` deals the unseen cards at random, again and again, and counts
the seat's share of the pot at the showdown (ties shared; with a low, half for the best high and
half for the best qualifying low, the whole to the high when no low qualifies) for each of a few
*options*: which cards the seat keeps and how many it draws (one option when it only bets). All
options are valued on the same deals (common random numbers), so that their differences are
measured, not the luck of different deals. Evaluation is on :mod:`cardtable.engine.fast_hands`
for the standard evaluators; a game's own evaluator (``shenja_ivali``, ...) values the cards
themselves, on deck indices (:mod:`cardtable.yaml_games.own_odds`): exact, and slower.

An opponent still to draw keeps what a plain player keeps (:func:`keeper`: its pairs and sets,
else four to a flush or an open straight, else its two best cards; in a low game its different
low cards) and draws the rest.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.fast_hands import FAST, Fast, deck_codes, high
from cardtable.engine.poker_hands import _rank_table
from cardtable.yaml_games.own_odds import OwnOnIndices, StandardOnIndices

__all__ = ["Opponent", "Model", "Estimate", "Option", "keeper", "category_floor", "best_option", "codes_of",
           "on_indices", "evaluator_on"]

Option = tuple[tuple[int, ...], int]
"""Cards the seat keeps (codes) and how many it draws to them."""


@dataclass(frozen=True)
class Opponent:
    """An opponent still in the hand, as the seat sees it."""

    known: tuple[int, ...]
    """Its cards the seat can see (face up), as codes."""
    hidden: int
    """Its cards the seat cannot see at the showdown (held now and still to be dealt)."""
    draws: int = 0
    """The most cards it may still draw (0: it draws no more)."""
    floor: int = 0
    """The least high strength its hand is given (a reading of its play; 0: any hand)."""


@dataclass(frozen=True)
class Model:
    """What the seat knows (see the module's text)."""

    high: str
    low: str
    board: tuple[int, ...]
    board_to_come: int
    mine_to_come: int
    opponents: tuple[Opponent, ...]
    unseen: tuple[int, ...]
    deck: Any = field(default=None, compare=False, repr=False)
    """The deck whose indices the codes are, when the showdown names a game's own evaluator
    (:func:`codes_of`); None: the codes are standard cards' codes."""


def codes_of(deck: Any, high_name: str, low_name: str = "") -> Sequence[int]:
    """Each card's code, by deck index, as the showdown's evaluators read it here: a standard
    card's code (:func:`~cardtable.engine.fast_hands.deck_codes`) for the standard evaluators,
    else the deck index itself (a game's own evaluator reads the card at it)."""
    return range(len(deck)) if on_indices(high_name, low_name) else deck_codes(deck)


def on_indices(high_name: str, low_name: str = "") -> bool:
    """Whether the codes of this showdown are deck indices (it names a game's own evaluator)."""
    return high_name not in FAST or bool(low_name) and low_name not in FAST


def evaluator_on(name: str, deck: Any = None) -> Fast | OwnOnIndices | StandardOnIndices:
    """The evaluator ``name`` on codes: a standard one's fast path on standard codes; on the
    indices of ``deck`` (see :attr:`Model.deck`), a game's own evaluator valuing the cards
    themselves (exact, not fast), or a standard one on the cards' codes."""
    if deck is None:
        return FAST[name]
    return StandardOnIndices(name, deck) if name in FAST else OwnOnIndices(name, deck)


def category_floor(category: int) -> int:
    """The strength of the worst high hand of ``category`` (0 high card ... 8 straight flush)."""
    place = _rank_table()
    worst = max(rank for key, rank in place.items() if key[0] == category)
    return len(place) + 1 - worst


_STRAIGHT = 0


def _straight() -> int:
    global _STRAIGHT
    if not _STRAIGHT:
        _STRAIGHT = category_floor(4)
    return _STRAIGHT


def _keep_high(hand: list[int], limit: int) -> list[int]:
    """A plain player's keep at a high draw (as Five-Card Draw's standard way): stand pat on a
    straight or better, keep pairs and sets, else four to a flush or an open straight, else
    the two best cards."""
    counts: dict[int, int] = {}
    for c in hand:
        r = c >> 2
        counts[r] = counts.get(r, 0) + 1
    if len(counts) < len(hand):  # a pair at least
        if len(hand) == 5 and len(counts) == 2:
            return hand  # a full house or four of a kind
        return _within(hand, [c for c in hand if counts[c >> 2] >= 2], limit)
    if len(hand) >= 5 and high(hand) >= _straight():
        return hand
    suit_count = [0, 0, 0, 0]
    for c in hand:
        suit_count[c & 3] += 1
    top = max(suit_count)
    if top == len(hand) - 1 >= 4:
        suit = suit_count.index(top)
        return _within(hand, [c for c in hand if c & 3 == suit], limit)
    ranks = sorted(counts)
    if len(ranks) == 5:
        for i in (0, 1):
            if ranks[i + 3] - ranks[i] == 3 and ranks[i + 3] < 14:
                run = ranks[i:i + 4]
                return _within(hand, [c for c in hand if c >> 2 in run], limit)
    return _within(hand, sorted(hand, reverse=True)[:2], limit)


def _low_rank(code: int) -> int:
    rank = code >> 2
    return 1 if rank == 14 else rank


def _keep_low(hand: list[int], limit: int, *, top: int = 8, aces_low: bool = True) -> list[int]:
    """A plain player's keep at a low draw: one card of each low rank, the lowest first."""
    by_rank: dict[int, int] = {}
    for c in sorted(hand, key=_low_rank if aces_low else (lambda c: c >> 2)):
        rank = _low_rank(c) if aces_low else c >> 2
        if rank <= top and rank not in by_rank and len(by_rank) < 5:
            by_rank[rank] = c
    return _within(hand, list(by_rank.values()), limit)


def _within(hand: list[int], kept: list[int], limit: int) -> list[int]:
    """``kept``, with the best of the rest added while more than ``limit`` would be thrown."""
    over = len(hand) - len(kept) - limit
    if over > 0:
        rest = sorted((c for c in hand if c not in kept), reverse=True)
        kept = kept + rest[:over]
    return kept


def _stand_pat(hand: list[int], limit: int) -> list[int]:
    return hand


def keeper(high_name: str, low_name: str) -> Callable[[list[int], int], list[int]]:
    """How a plain player keeps at a draw of this showdown: ``keep(hand, limit) -> kept``. With
    a game's own evaluator a plain player stands pat (no rule of thumb is known for its hands)."""
    if high_name not in FAST:
        return _stand_pat
    if not low_name:
        return _keep_high
    if high_name in ("high", "omaha_high"):
        def split(hand: list[int], limit: int) -> list[int]:
            lows = {_low_rank(c) for c in hand if _low_rank(c) <= 8}
            return _keep_low(hand, limit) if len(lows) >= 3 else _keep_high(hand, limit)
        return split
    if low_name == "low_27" or high_name == "low_27":
        return lambda hand, limit: _keep_low(hand, limit, top=8, aces_low=False)
    return _keep_low


@dataclass
class Estimate:
    """The seat's share of the pot for each option, by sampling (see the module's text); more
    deals are added with :meth:`run`, from its own generator."""

    model: Model
    options: tuple[Option, ...]
    rng: random.Random
    n: int = 0
    sums: list[float] = field(default_factory=list)
    squares: list[float] = field(default_factory=list)
    record: bool = False
    """Keep every deal's share of every option (:attr:`values`), for paired comparisons."""
    values: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sums = [0.0] * len(self.options)
        self.squares = [0.0] * len(self.options)
        self.values = [[] for _ in self.options] if self.record else []
        m = self.model
        self._high = evaluator_on(m.high, m.deck)
        self._low = evaluator_on(m.low, m.deck) if m.low else None
        self._keep = keeper(m.high, m.low)
        self._most = max((k for _, k in self.options), default=0)
        need = m.board_to_come + m.mine_to_come + self._most
        need += sum(o.hidden + o.draws for o in m.opponents)
        self._take = min(need, len(m.unseen))
        self._floors = any(o.floor for o in m.opponents)

    def mean(self, option: int = 0) -> float:
        """The mean share of ``option`` so far (0 before any deal)."""
        return self.sums[option] / self.n if self.n else 0.0

    def error(self, option: int = 0) -> float:
        """The standard error of :meth:`mean` (1 before two deals)."""
        if self.n < 2:
            return 1.0
        mean = self.sums[option] / self.n
        variance = max(0.0, self.squares[option] / self.n - mean * mean)
        return math.sqrt(variance / (self.n - 1))

    def best(self) -> int:
        """The option with the greatest mean share (the first among equals)."""
        return max(range(len(self.options)), key=lambda i: (self.sums[i], -i))

    def run(self, deals: int) -> None:
        """Add ``deals`` random deals."""
        for _ in range(deals):
            self._deal()
        self.n += deals

    def run_until(self, most: int, least: int, lines: Sequence[float], z: float = 2.0, batch: int = 24) -> None:
        """Deal until ``most`` deals, stopping from ``least`` on once the first option's mean is
        ``z`` standard errors away from every one of ``lines`` (the decision it serves is clear)."""
        while self.n < most:
            if self.n >= least:
                mean, error = self.mean(), self.error()
                if all(abs(mean - line) > z * error for line in lines):
                    return
            self.run(min(batch, most - self.n))

    def _deal(self) -> None:
        m = self.model
        rng = self.rng
        pool = _deal_from(m.unseen, self._take, rng.random)
        at = m.board_to_come
        board = [*m.board, *pool[:at]]
        mine_extra = pool[at:at + m.mine_to_come]
        at += m.mine_to_come
        drawn = pool[at:at + self._most]
        at += self._most
        high_ev, low_ev = self._high, self._low
        high_ctx = high_ev.prepare(board)
        low_ctx = low_ev.prepare(board) if low_ev is not None else None
        best_high: Any = None  # a strength, or a game's own evaluator's key
        tied_high, best_low, tied_low = 0, 0, 0
        for opp in m.opponents:
            hand = [*opp.known, *pool[at:at + opp.hidden]]
            at += opp.hidden
            if opp.draws:
                kept = self._keep(hand, opp.draws)
                need = len(hand) - len(kept)
                if at + need > len(pool):  # the stock ran out: the discards reshuffled
                    pool.extend(c for c in hand if c not in kept)
                hand = kept + pool[at:at + need]
                at += need
            value = high_ev.value_on(hand, high_ctx)
            if self._floors and value < opp.floor:
                hand, value = self._reread(opp, hand, value, set(pool[:at]) | set(board), high_ctx)
            if best_high is None or value > best_high:
                best_high, tied_high = value, 1
            elif value == best_high:
                tied_high += 1
            if low_ev is not None:
                low = low_ev.value_on(hand, low_ctx)
                if low > best_low:
                    best_low, tied_low = low, 1
                elif low == best_low:
                    tied_low += 1
        sums, squares = self.sums, self.squares
        for i, (kept_cards, count) in enumerate(self.options):
            hand = [*kept_cards, *mine_extra, *drawn[:count]]
            value = high_ev.value_on(hand, high_ctx)
            share = 1.0 if best_high is None or value > best_high else \
                1.0 / (tied_high + 1) if value == best_high else 0.0
            if low_ev is not None:
                low = low_ev.value_on(hand, low_ctx)
                if low or best_low:
                    low_share = 1.0 if low > best_low else 1.0 / (tied_low + 1) if low == best_low else 0.0
                    share = 0.5 * (share + low_share)
            sums[i] += share
            squares[i] += share * share
            if self.record:
                self.values[i].append(share)

    def _reread(self, opp: Opponent, hand: list[int], value: int, used: set[int], ctx: object) -> tuple[list[int], int]:
        """A hand for ``opp`` that reaches its floor, a few tries from the cards not dealt
        (the first hand dealt when none does)."""
        m = self.model
        free = [c for c in m.unseen if c not in used]
        need = len(hand) - len(opp.known)
        if need <= 0 or len(free) < need:
            return hand, value
        for _ in range(4):
            other = [*opp.known, *self.rng.sample(free, need)]
            found = self._high.value_on(other, ctx)
            if found >= opp.floor:
                return other, found
        return hand, value


def _deal_from(cards: Sequence[int], count: int, draw: Callable[[], float]) -> list[int]:
    """``count`` of ``cards`` in a random order (as ``random.sample``, on ``random()``
    draws: a few times cheaper in pure Python)."""
    if 3 * count > len(cards):
        return sorted(cards, key=lambda _: draw())[:count]
    pool = list(cards)
    n = len(pool)
    for i in range(count):
        j = i + int(draw() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


PRIOR_Z = 1.0
"""How many standard errors (paired) an option must beat the plain player's choice by to be
played instead of it (:func:`best_option`)."""


def best_option(model: Model, options: tuple[Option, ...], rng: random.Random, first: int, second: int,
                finalists: int = 4, prior: int | None = None) -> tuple[int, float]:
    """The option with the best share and that share, in two rounds: every option on ``first``
    deals, then the ``finalists`` best of them on ``second`` deals more (a draw's thirty-odd
    discards are told apart roughly by the first, the close ones by the second). ``prior``, the
    option a plain player would take (:func:`keeper`), is always a finalist, and is kept unless
    the best beats it by :data:`PRIOR_Z` standard errors of their paired difference: deals
    cannot tell a pair's draw of three from its draw of two with a kicker, the plain way can."""
    if len(options) <= finalists:
        order = list(range(len(options)))
    else:
        rough = Estimate(model, options, rng)
        rough.run(first)
        order = sorted(range(len(options)), key=lambda i: (-rough.sums[i], i))[:finalists]
        if prior is not None and prior not in order:
            order[-1] = prior
        first = 0
    close = Estimate(model, tuple(options[i] for i in order), rng, record=prior is not None)
    close.run(first + second)
    best = close.best()
    if prior is not None and order[best] != prior:
        mine = order.index(prior)
        diffs = [a - b for a, b in zip(close.values[best], close.values[mine])]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(max(0.0, sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)) / len(diffs))
        if mean <= PRIOR_Z * spread:
            best = mine
    return order[best], close.mean(best)
