"""A Shenja Ivali computer player that plays by simulated hand strength.

Everything it knows is what its seat may know: its own cards, the flop, who took
which flop card, the chips and the bids. The cards it cannot see (the other hands,
the deck and the discards) form one *unseen* pool.

* **Strength** (:meth:`IvaliBot.equity`): Monte Carlo over random opponent hands
  dealt from the unseen pool - its share of the wins (ties shared) against the
  players still in. Before the flop its fifth card is a random unseen card; before
  the auction it is the flop card it likes best half of the time and a random flop
  card otherwise; after the auction its hand is known. The opponents get random
  flop cards before the auction and keep the ones they took after it.
* **Betting**: with a strength well above its fair share it bets or raises, sized by
  the strength (a fraction of the pot); otherwise it checks, calls when the
  strength beats the pot odds or the bet is at most half the pot and its hand is
  playable (:data:`SMALL_CALL`), and folds. Heads-up it bluffs now and then.
* **Discards**: every subset of 0 to 2 cards is tried on the same random draws
  (common random numbers); a subset's score is the mean of ``p ** m`` where ``p`` is
  the percentile of the resulting five-card hand among random hands and ``m`` the
  number of opponents (the chance to beat ``m`` random hands).
* **Auction**: each flop card's strength with its hand; a card is worth
  ``(its strength - the strength of the card it would get anyway) * the pot``, and
  a bid costs only the part it does not win back, ``bid * (1 - strength)``. It bids
  on the card with the largest surplus (opening at a quarter of its worth), tops by
  a quarter while the card is still worth it, and drops out otherwise.

Both levels read bets: an opponent who put a large share of the pot in is dealt
hands weighted towards the strong ones (``percentile ** w``), and each raise in a
round makes the bot want a stronger hand to raise again. ``level="tough"`` (see
:data:`LEVEL_KNOBS`) draws about two and a half times the samples, reads bets more
sharply, calls a little looser, values flop cards a little higher in the auction,
bluffs now and then heads-up and, when the others still in are all in, draws for the
flop card it will get or pick (:func:`sure_fifth`, :func:`free_pick`). Measured by ``benchmarks/ivali_bots.py`` it beats
random players as clearly as ``normal`` does, but has shown no clear edge over
``normal`` itself.

Sample counts are fixed (never a clock), so the same seed always makes the same
choice; ``benchmarks/ivali_bots.py`` measures the time a decision takes.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import LevelledBot
from cardtable.engine.betting import AllIn, Bet, BetOptions, Call, Check, Fold, Raise
from cardtable.engine.cards import Card
from cardtable.engine.game import Action
from cardtable.games.shenja_ivali.auction import Bid, DropOut, PassBid
from cardtable.games.shenja_ivali.hands import IvaliRules, evaluate
from cardtable.games.shenja_ivali.rules import Discard, Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState, playing_cards

__all__ = ["IvaliBot", "LEVELS", "LEVEL_KNOBS", "DRAWN_EQUITY", "percentile", "warm_up", "sure_fifth", "free_pick",
           "drawn_equity"]

LEVELS = ("normal", "tough")
"""The levels of :class:`IvaliBot`."""
ROLLOUT_SAMPLES = 8
"""Deals an estimate of the strong level's rollout player (:meth:`IvaliBot.rollout_bot`)."""
SMALL_CALL = 0.2
"""The least strength with which a bet of at most half the pot is called (a playable
hand at good odds: the bet reading alone must not fold it)."""

LEVEL_KNOBS: dict[str, dict[str, float]] = {
    "normal": {"evaluations": 5000, "discard_scenarios": 70, "read_scale": 1.5, "read_most": 0.75,
               "call_margin": 1.05, "bluff": 0.03, "prize": 1.5, "bid_share": 0.25, "sure_fifth": 0.0},
    "tough": {"evaluations": 12000, "discard_scenarios": 150, "read_scale": 2.0, "read_most": 1.0,
              "call_margin": 0.97, "bluff": 0.05, "prize": 1.6, "bid_share": 0.3, "sure_fifth": 1.0},
}
"""What the levels differ in: hand evaluations per strength estimate, discard
scenarios, how strongly bets are read (``w = min(read_most, read_scale * share of the
pot put in)``), the pot odds margin of a call, the heads-up bluff rate, the pot
multiple a flop card is valued against, the share of the stack it may bid, and whether
it reads the auction's outcome when the other players still in are all in
(``sure_fifth``): every one all in, the flop goes out in order and it draws for the
card it will get (:func:`sure_fifth`); it alone with chips, it may take any card for a
chip nobody can top (:func:`free_pick`), so it draws for its best one and bids the least
for it. Without, a level draws for its best flop card half the time and a random one
otherwise, and opens a bid at a quarter of the card's worth, as while the auction is open.

Heads-up all in before the flop (700 deals, each played with the tough level in either
seat against the normal level's draw: 1,400 plays), tough drawing for its sure card won
0.527 of the pots; drawing as before, 0.507 (the normal level's own draw: 0.504).
Covering a short stack's all-in before the flop (600 plays, 110 chips against 90),
picking its card for a chip gained it 2.4 chips a play over drawing and bidding as
before (124 plays better, 11 worse)."""

LEVEL_KNOBS["keen"] = {**LEVEL_KNOBS["tough"], "read_scale": 5.0, "read_most": 4.0, "short_bid": 0.25}
"""The strong level's prior (:attr:`IvaliBot.strong_prior`), no level a player picks: the
tough level reading bets far more sharply (an opponent's bet of half the pot weighs its
hands by ``percentile ** 1.7``, a raise war by up to ``** 4``: the normal level bets only
with the best third of hands or so, where ``** 1`` took its bets for the best two thirds)
and, short against the pot (a stack of at most ``short_bid`` of it), bidding all it has on a
flop card worth it (the tough level dropped out of a pot of 172 chips for want of three
more chips of bid, on the card that made four of a kind). Heads-up against the normal
level, strong with it took 0.586 (seed 1) and 0.556 (seed 2) of the chips over 40 matches
each, against 0.563 and 0.480 with the tough level's choice, and at 100 hands a play 0.613
(0.539 to 0.686; 80 matches) against 0.531 (docs/strong-level-runs.md)."""

DRAWN_EQUITY = ((0.0, 0.40), (0.33, 0.42), (0.37, 0.44), (0.42, 0.46), (0.55, 0.48), (0.62, 0.50),
                (0.67, 0.55), (0.69, 0.59), (0.71, 0.63), (0.75, 0.65), (0.83, 0.69), (0.87, 0.76),
                (0.93, 0.80), (0.97, 0.89), (1.0, 0.95))
"""Heads-up before the flop, a four-card hand's share of the pot all in (both players
drawing, the flop handed out: :meth:`IvaliBot.all_in_equity`) for its share against a random
five-card hand with no draw (:meth:`IvaliBot.random_equity`'s static figure), as points to
interpolate between. Measured on 7,000 deals (14,000 hands) all in at once, each player
drawing as the normal level, fitted monotone: the draws and the flop squeeze the static
figure towards even (0.60 to 0.65 won 0.50 of the pots, 0.70 to 0.75 won 0.64, 0.95 and over
0.88). The strong level called the always-raiser's all-in from a static 0.6
(``PATIENT_EQUITY``), hands that win about half the time, and its share of that player's
chips was 0.508 over 40 matches; the cards run out, those calls are coin flips for the
match, while a fold costs one chip of ante."""

SIZE_SLACK = 0.25
"""The share of the pot by which two bets, raises or bids of this bot may differ and still
say the same of a hand (:meth:`IvaliBot.alike`)."""

_PERCENTILE_SHUFFLES = 600
_percentile_keys: dict[IvaliRules, list[tuple[int, ...]]] = {}


def _random_hand_keys(rules: IvaliRules, cards: Sequence[Card]) -> list[tuple[int, ...]]:
    """The sorted keys of 12,000 random hands (20 disjoint hands from each of 600
    shuffles of the 100 cards, with a fixed seed), built once per rules."""
    keys = _percentile_keys.get(rules)
    if keys is None:
        rng = random.Random(20240611)  # a fixed sample: the same table in every process
        deck = list(cards)
        keys = []
        for _ in range(_PERCENTILE_SHUFFLES):
            rng.shuffle(deck)
            keys += [evaluate(deck[i:i + 5], rules).key for i in range(0, len(deck) - 4, 5)]
        keys.sort()
        _percentile_keys[rules] = keys
    return keys


def warm_up(deck: Any, rules: IvaliRules | None = None) -> None:
    """Build the percentile table for ``rules`` now (it takes about 0.1 s once per
    process), so that no decision pays for it."""
    _random_hand_keys(rules or IvaliRules(), [deck[i] for i in playing_cards(deck)])


def percentile(key: Any, keys: Sequence[Any]) -> float:
    """The share of random hands (``keys``, sorted) that ``key`` beats, ties as half
    (keys as tuples, or any other keys that sort alike).

    >>> percentile((5,), [(1,), (5,), (9,), (9,)])
    0.375
    """
    low = bisect.bisect_left(keys, key)
    high = bisect.bisect_right(keys, key, lo=low)
    return (low + 0.5 * (high - low)) / len(keys)


def sure_fifth(state: ShenjaIvaliState, seat: int) -> int | None:
    """The flop card ``seat`` will take whatever anyone does, when that is known: every
    player still in is all in (nobody can bid, so the auction hands the flop out in the
    order it was dealt, from the dealer's left); None otherwise or before the flop.

    >>> from cardtable.variants import load_deck_by_id
    >>> from cardtable.games.shenja_ivali.state import ShenjaIvaliSettings
    >>> from cardtable.engine.betting import AllIn, Call
    >>> state = ShenjaIvaliState.new(ShenjaIvaliSettings(), load_deck_by_id("ivali"), ["A", "B"], random.Random(3))
    >>> state.apply(state.chance_action()) and None
    >>> sure_fifth(state, 0) is None
    True
    >>> state.apply(AllIn(seat=state.to_act)) and state.apply(Call(seat=state.to_act)) and None
    >>> order = state.players_from_left()
    >>> [sure_fifth(state, s) for s in order] == state.flop
    True
    """
    if not state.flop:
        return None
    order = state.players_from_left()
    if seat not in order or any(state.chips.stacks[s] > 0 for s in order):
        return None
    place = order.index(seat)
    return state.flop[place] if place < len(state.flop) else None


def free_pick(state: ShenjaIvaliState, seat: int) -> bool:
    """Whether ``seat`` may take whichever flop card it likes in the auction to come: it has
    chips to bid and every other player still in is all in (nobody can top its bid)."""
    if not state.flop or state.phase not in (Phase.BET, Phase.DRAW) or state.chips.stacks[seat] <= 0:
        return False
    order = state.players_from_left()
    return seat in order and all(state.chips.stacks[s] <= 0 for s in order if s != seat)


def drawn_equity(static: float) -> float:
    """A four-card hand's share of the pot heads-up all in before the flop, for its share
    against a random hand with no draw (``static``), from :data:`DRAWN_EQUITY`.

    >>> drawn_equity(0.6), drawn_equity(0.73), drawn_equity(0.3) < 0.45
    (0.494, 0.64, True)
    """
    points = DRAWN_EQUITY
    static = min(max(static, points[0][0]), points[-1][0])
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if static <= x1:
            return round(y0 + (y1 - y0) * (static - x0) / (x1 - x0), 3)
    return points[-1][1]


def _stake_to(action: Action, options: BetOptions, current: int) -> int:
    """The round's total a betting move takes the seat to (-1 for a fold)."""
    if isinstance(action, Fold):
        return -1
    if isinstance(action, (Bet, Raise)):
        return action.to
    if isinstance(action, AllIn):
        return options.all_in_to
    return current  # a check or a call


class IvaliBot(LevelledBot):
    """A Shenja Ivali player for any seat.

    ``rng`` is its own seeded generator; ``level`` is ``"normal"`` or ``"tough"``;
    ``samples`` fixes the number of simulated deals per estimate (default: chosen
    from the level and the number of players so a decision stays well under 200 ms).
    """

    LEVEL_KNOBS = LEVEL_KNOBS

    wary_until_read = True
    """Ask the strong level to leave out shoves of more than three pots while an opponent
    is unread (:func:`cardtable.bots.exploits.without_early_overbets`)."""

    strong_prior = "keen"
    """The level whose choice the strong level plays unless its rollouts find better
    (:class:`~cardtable.bots.strong.StrongBot`'s ``prior``): the tough level reading bets
    sharply (``LEVEL_KNOBS["keen"]``). Tough against normal took 0.570 and 0.530 of the
    chips heads-up (16 and 32 duplicate matches), and strong with tough's choice 0.568 (0.517
    to 0.620; 80 matches, seeds 1 to 3) against 0.507 with normal's choice; with keen's,
    0.586 and 0.556 on seeds 1 and 2 (40 matches each) against 0.563 and 0.480."""

    def __init__(self, rng: random.Random, level: str = "normal", samples: int | None = None) -> None:
        if samples is not None and samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        super().__init__(rng, level)
        self.samples = samples
        self._unread = False  # weigh no opponent by its chips in (random_equity)

    def worth_planning(self, state: ShenjaIvaliState, seat: int) -> bool:
        """False at a draw whose fifth card is sure or the seat's pick (:func:`sure_fifth`,
        :func:`free_pick`: the others all in): the strong
        level's rollouts, some five worlds a way of drawing and each pot won or lost whole,
        cannot tell draws apart that its prior (tough, drawing for that card on 150 deals)
        can; so the prior's draw is played at once."""
        return not (state.phase == Phase.DRAW and (sure_fifth(state, seat) is not None or free_pick(state, seat)))

    def alike(self, state: ShenjaIvaliState, mine: Action, seen: Action) -> bool:
        """Whether the move seen (``seen``, of the same kind as this bot's ``mine`` on
        ``state``) says the same of a hand, for the strong level's reading of the normal
        level (:meth:`cardtable.bots.reading.Reader.disagreements`): this bot sizes a bet or
        raise by its hand's strength (a share of the pot) and bids on the flop card its hand
        wants, a share of what that card is worth to it. So a bet, raise or all-in is alike
        when the two totals differ by at most :data:`SIZE_SLACK` of the pot (the rollout
        copy's strength, on 8 deals, varies by about 0.15, its bet by 0.12 of the pot), and
        a bid when it is on the same card and the amounts differ by at most that share of the
        pot or a third of the larger bid."""
        if isinstance(seen, Bid):
            if not isinstance(mine, Bid) or mine.card != seen.card:
                return False
            slack = max(SIZE_SLACK * state.chips.pot_total, abs(max(mine.amount, seen.amount)) / 3)
            return abs(mine.amount - seen.amount) <= slack + 1
        options = state.betting_options(seen.seat) if state.phase == Phase.BET else None
        if options is None or not isinstance(seen, (Bet, Raise, AllIn)) or not isinstance(mine, (Bet, Raise, AllIn)):
            return True
        current = max(state.chips.round_bets)
        pot = state.chips.pot_total + state.auction_pot
        return abs(_stake_to(mine, options, current) - _stake_to(seen, options, current)) <= SIZE_SLACK * pot + 1

    def rollout_bot(self, rng: random.Random) -> IvaliBot:
        """A cheap player like this one, for the strong level's rollouts: the normal level with
        :data:`ROLLOUT_SAMPLES` deals an estimate, valued on packed ints
        (:class:`~cardtable.games.shenja_ivali.rollout_bot.RolloutIvaliBot`: the same choices)."""
        from cardtable.games.shenja_ivali.rollout_bot import RolloutIvaliBot
        return RolloutIvaliBot(rng)

    # -- the one entry point ------------------------------------------------------------
    def choose(self, state: ShenjaIvaliState, seat: int) -> Action:
        """The bot's legal action for ``seat`` (which must be the seat to act)."""
        if state.to_act != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        if state.phase == Phase.BET:
            action = self._bet(state, seat)
        elif state.phase == Phase.DRAW:
            action = self._discard(state, seat)
        elif state.phase == Phase.AUCTION:
            action = self._bid(state, seat)
        else:
            raise ValueError(f"nothing for a player to do in phase {state.phase}")
        if state.why_illegal(action) is not None:  # a safety net: never an illegal move
            legal = state.legal_actions(seat)
            fallback = [a for a in legal if isinstance(a, (Check, Call, PassBid, DropOut))]
            action = (fallback or legal)[0]
        return action

    # -- what the seat knows --------------------------------------------------------------
    def _cards(self, state: ShenjaIvaliState, indices: Sequence[int]) -> list[Card]:
        return [state.deck[i] for i in indices]

    def _unseen(self, state: ShenjaIvaliState, seat: int) -> list[Card]:
        known = set(state.hand_of(seat)) | set(state.flop)
        return [state.deck[i] for i in playing_cards(state.deck) if i not in known]

    def _opponents(self, state: ShenjaIvaliState, seat: int) -> list[int]:
        return [s for s in range(state.seats) if s != seat and state.chips.in_hand[s]]

    def _sample_count(self, evaluations_each: int) -> int:
        if self.samples is not None:
            return self.samples
        budget = int(self.knobs["evaluations"])
        return max(40, min(600, budget // max(1, evaluations_each)))

    # -- strength -----------------------------------------------------------------------
    def random_equity(self, state: ShenjaIvaliState, seat: int) -> float:
        """The seat's simulated share of the pot against hands dealt at random (what the
        players still in put in not read): the strong level's exploits weigh a hand by it
        (:func:`cardtable.bots.exploits.equity_of`). No draw is dealt: see
        :meth:`all_in_equity` for the share all in."""
        self._unread = True
        try:
            return self.equity(state, seat)
        finally:
            self._unread = False

    def all_in_equity(self, state: ShenjaIvaliState, seat: int) -> float:
        """The seat's share of the pot against hands dealt at random with everything to come
        played out, for the strong level's call of an all-in
        (:func:`cardtable.bots.exploits.patient_move`): :meth:`random_equity`, which deals no
        draw, mapped heads-up before the flop by :func:`drawn_equity`. (Only there: the tight
        player's exploits rank a hand by the static figure, a percentile among random hands,
        and with the mapped one strong folded three of a kind to the premium player's least
        raise, 0.524 of its chips over 40 matches against 0.530.)"""
        static = self.random_equity(state, seat)
        if not state.flop and len(state.hand_of(seat)) == 4 and len(self._opponents(state, seat)) == 1:
            return drawn_equity(static)  # heads-up before the flop: the draws to come weighed
        return static

    def equity(self, state: ShenjaIvaliState, seat: int) -> float:
        """The seat's simulated share of the pot against the players still in (0 to 1)."""
        rules = state.settings.hands
        rng = self.rng
        mine = self._cards(state, state.hand_of(seat))
        pool = self._unseen(state, seat)
        opponents = self._opponents(state, seat)
        m = len(opponents)
        if m == 0:
            return 1.0
        flop = self._cards(state, state.flop)
        taken = {taker: state.deck[card] for card, taker in zip(state.flop, state.flop_takers)
                 if taker is not None}
        after_auction = bool(taken)
        weights = self._opponent_weights(state, opponents)
        keys = (_random_hand_keys(rules, [state.deck[i] for i in playing_cards(state.deck)])
                if any(weights) else [])
        best_flop = None
        if len(mine) == 4 and flop:
            best_flop = max(flop, key=lambda c: evaluate(mine + [c], rules).key)
        samples = self._sample_count(m + 1)
        total = weight_sum = 0.0
        for _ in range(samples):
            draw = rng.sample(pool, 4 * m + (1 if not flop else 0) + (m if not flop else 0))
            if len(mine) == 5:
                my_hand = mine
                free = flop
            elif not flop:
                my_hand = mine + [draw.pop()]
                free = []
            else:
                assert best_flop is not None  # four hole cards and a flop: chosen above
                my_card = best_flop if rng.random() < 0.5 else rng.choice(flop)
                my_hand = mine + [my_card]
                free = [c for c in flop if c is not my_card]
                rng.shuffle(free)
            my_key = evaluate(my_hand, rules).key
            better = ties = 0
            weight = 1.0
            for j, opponent in enumerate(opponents):
                cards = draw[4 * j: 4 * j + 4]
                if after_auction:
                    fifth = taken[opponent]  # every player still in took a flop card
                elif flop:
                    fifth = free[j]
                else:
                    fifth = draw[4 * m + j]
                key = evaluate(cards + [fifth], rules).key
                if weights[j]:
                    weight *= percentile(key, keys) ** weights[j] * (1 + weights[j])
                if key > my_key:
                    better += 1
                elif key == my_key:
                    ties += 1
            share = 0.0 if better else 1.0 / (1 + ties)
            total += share * weight
            weight_sum += weight
        return total / weight_sum if weight_sum else 0.0

    def _opponent_weights(self, state: ShenjaIvaliState, opponents: Sequence[int]) -> list[float]:
        """How strongly each opponent's chips in say "strong hand": an opponent who put
        in a large share of the pot is dealt hands weighted by ``percentile ** w``."""
        if self._unread:
            return [0.0] * len(opponents)
        ante = state.settings.ante
        pot = max(1, state.chips.pot_total)
        scale, most = self.knobs["read_scale"], self.knobs["read_most"]
        weights = []
        for opponent in opponents:
            put = state.chips.contributed[opponent] - ante
            weights.append(min(most, scale * put / pot) if put > 0 else 0.0)
        return weights

    # -- betting -----------------------------------------------------------------------
    def _bet(self, state: ShenjaIvaliState, seat: int) -> Action:
        options = state.betting_options(seat)
        assert options is not None
        strength = self.equity(state, seat)
        m = len(self._opponents(state, seat))
        raises = state.betting.raises if state.betting is not None else 0
        return self.bet_decision(options, strength, m, pot=state.chips.pot_total + state.auction_pot,
                                 current=max(state.chips.round_bets), raises=raises)

    def bet_decision(self, options: BetOptions, strength: float, opponents: int, *, pot: int,
                     current: int, raises: int = 0) -> Action:
        """The betting action for a strength (0 to 1) against ``opponents`` players;
        ``raises`` is the number of raises already made this round (each one makes
        the bot want a stronger hand to raise again).

        >>> from cardtable.engine.betting import BetOptions
        >>> facing = BetOptions(0, True, False, True, 50, False, True, 100, 200, True, 200)
        >>> bot = IvaliBot(random.Random(1))
        >>> bot.bet_decision(facing, 0.05, 1, pot=60, current=50)
        Fold(seat=0)
        >>> bot.bet_decision(facing, 0.55, 1, pot=60, current=50)
        Call(seat=0)
        """
        seat = options.seat
        edge = strength * (opponents + 1)  # 1: an average hand
        can_raise = options.can_bet or options.can_raise
        kind = Bet if options.can_bet else Raise
        strong = strength > 0.75 + 0.08 * raises or (edge > 1.9 + 0.3 * raises and strength > 0.4)
        if options.can_check:
            value_bet = edge > 1.35 and strength > 0.3
            bluff = opponents == 1 and self.rng.random() < self.knobs["bluff"]
            if can_raise and (value_bet or bluff):
                fraction = 0.35 + 0.8 * max(0.0, strength - 0.3) if value_bet else 0.5
                return self._sized(kind, options, current, pot, fraction)
            return Check(seat=seat)
        owed = options.call_amount
        need = owed / (pot + owed) if pot + owed else 1.0
        if can_raise and strong:
            fraction = 0.5 + 1.0 * max(0.0, strength - 0.4)
            return self._sized(kind, options, current, pot + owed, fraction)
        margin = self.knobs["call_margin"]
        if strength >= need * margin or owed <= 0 or (owed * 2 <= pot and strength >= SMALL_CALL):
            return Call(seat=seat)
        return Fold(seat=seat)

    def _sized(self, kind: type[Bet] | type[Raise], options: BetOptions, current: int, pot: int,
               fraction: float) -> Action:
        """A bet or raise to ``current + fraction * pot``, clipped to the legal range."""
        seat = options.seat
        target = current + max(1, math.ceil(fraction * max(1, pot)))
        to = min(max(target, options.min_raise_to), options.max_raise_to)
        if to >= options.all_in_to and options.can_all_in:
            return AllIn(seat=seat)
        return kind(seat=seat, to=to)

    # -- discards ----------------------------------------------------------------------
    def _discard(self, state: ShenjaIvaliState, seat: int) -> Action:
        rules = state.settings.hands
        rng = self.rng
        hand = state.hand_of(seat)
        mine = self._cards(state, hand)
        flop = self._cards(state, state.flop)
        pool = self._unseen(state, seat)
        keys = _random_hand_keys(rules, [state.deck[i] for i in playing_cards(state.deck)])
        m = max(1, len(self._opponents(state, seat)))
        subsets = [c for k in range(state.settings.max_discard + 1)
                   for c in itertools.combinations(range(len(mine)), k)]
        per_scenario = len(subsets) * (1 + len(flop)) // 2
        scenarios = self._sample_count(per_scenario)
        if self.samples is None:
            scenarios = min(scenarios, int(self.knobs["discard_scenarios"]))
        scores = [0.0] * len(subsets)
        cache: dict[tuple[int, ...], float] = {}
        sure = sure_fifth(state, seat) if self.knobs.get("sure_fifth") else None
        pick = bool(self.knobs.get("sure_fifth")) and sure is None and free_pick(state, seat)
        for _ in range(scenarios):
            draws = rng.sample(pool, state.settings.max_discard) if state.settings.max_discard else []
            best = rng.random() < 0.5
            fifth = rng.choice(flop) if flop else None
            if sure is not None:  # all in: the flop card it gets is known
                best, fifth = False, state.deck[sure]
            elif pick:  # the others all in: it will take the flop card it likes best
                best = True
            for i, subset in enumerate(subsets):
                kept = [c for j, c in enumerate(mine) if j not in subset] + draws[:len(subset)]
                if not flop:
                    continue
                if best:
                    ids = tuple(sorted(c.index for c in kept))
                    value = cache.get(ids)
                    if value is None:
                        value = max(percentile(evaluate(kept + [f], rules).key, keys) for f in flop)
                        cache[ids] = value
                else:
                    assert fifth is not None
                    value = percentile(evaluate(kept + [fifth], rules).key, keys)
                scores[i] += value ** m
        best_index = max(range(len(subsets)), key=lambda i: (scores[i], -len(subsets[i])))
        return Discard(seat=seat, cards=tuple(hand[j] for j in subsets[best_index]))

    # -- the auction -------------------------------------------------------------------
    def card_strengths(self, state: ShenjaIvaliState, seat: int) -> dict[int, float]:
        """For each flop card (deck index), the seat's simulated strength if it took it."""
        rules = state.settings.hands
        rng = self.rng
        mine = self._cards(state, state.hand_of(seat))
        flop = list(state.flop)
        pool = self._unseen(state, seat)
        m = len(self._opponents(state, seat))
        if m == 0:
            return {c: 1.0 for c in flop}
        my_keys = {c: evaluate(mine + [state.deck[c]], rules).key for c in flop}
        samples = self._sample_count(len(flop) * m)
        wins = {c: 0.0 for c in flop}
        for _ in range(samples):
            draw = rng.sample(pool, 4 * m)
            order = flop[:]
            rng.shuffle(order)
            for c in flop:
                others = [x for x in order if x != c][:m]
                better = ties = 0
                for j in range(m):
                    key = evaluate(draw[4 * j: 4 * j + 4] + [state.deck[others[j]]], rules).key
                    if key > my_keys[c]:
                        better += 1
                        break
                    if key == my_keys[c]:
                        ties += 1
                if not better:
                    wins[c] += 1.0 / (1 + ties)
        return {c: wins[c] / samples for c in flop}

    def _bid(self, state: ShenjaIvaliState, seat: int) -> Action:
        auction = state.auction
        assert auction is not None
        stacks = state.chips.stacks
        strengths = self.card_strengths(state, seat)
        flop = list(state.flop)
        predicted, contested = self._leftover_card(state, seat)
        left = [c for c in flop if c not in auction.high or auction.high[c][0] == seat]
        mean_left = sum(strengths[c] for c in left) / len(left) if left else strengths[predicted]
        baseline = strengths[predicted] if not contested else \
            0.5 * strengths[predicted] + 0.5 * mean_left
        others_bids = sum(a for c, (s, a) in auction.high.items() if s != seat)
        prize = state.chips.pot_total * self.knobs["prize"] + others_bids
        cap_share = self.knobs["bid_share"]

        def worth(card: int) -> int:
            """The most this seat should pay for ``card``."""
            s = strengths[card]
            gain = (s - baseline) * prize
            if gain <= 0:
                return 0
            most = gain / max(0.05, 1.0 - s)
            share = 0.6 if s > 0.8 else cap_share
            if stacks[seat] <= self.knobs.get("short_bid", 0.0) * state.chips.pot_total:
                share = 1.0  # short against the pot: the card decides it, and a bid is no risk beyond it
            cap = stacks[seat] * share + auction.bids[seat]
            return int(min(most, cap, auction.max_bid(seat, card, stacks)))

        if auction.status[seat] == "topped":
            card = auction.bid_card[seat]
            assert card is not None
            low, limit = auction.min_bid(card), worth(card)
            if low > limit:
                return DropOut(seat=seat)
            # a jump of a quarter over the high bid keeps bidding wars short
            return Bid(seat=seat, card=card, amount=min(limit, max(low, math.ceil(1.25 * (low - 1)))))
        best_card, best_surplus = None, 0.0
        for card in flop:
            low = auction.min_bid(card)
            if worth(card) >= low:
                surplus = (strengths[card] - baseline) * prize - low * (1 - strengths[card])
                if surplus > best_surplus:
                    best_card, best_surplus = card, surplus
        if best_card is None:
            return PassBid(seat=seat)
        # A topped bid can be topped back, so the bot opens low: a quarter of what the
        # card is worth to it (at least the smallest bid).
        low, limit = auction.min_bid(best_card), worth(best_card)
        if not contested and self.knobs.get("sure_fifth"):
            return Bid(seat=seat, card=best_card, amount=low)  # nobody can top it: a chip more buys nothing
        return Bid(seat=seat, card=best_card, amount=min(limit, max(low, math.ceil(0.25 * limit))))

    @staticmethod
    def _leftover_card(state: ShenjaIvaliState, seat: int) -> tuple[int, bool]:
        """The flop card ``seat`` would get if it bid on nothing (the others' standing
        bids winning, nobody else bidding), and whether anyone else may still bid."""
        auction = state.auction
        assert auction is not None
        taken = {c for c, (s, _) in auction.high.items() if s != seat}
        holders = {s for c, (s, _) in auction.high.items() if s != seat}
        seats_left = [s for s in auction.order if s not in holders]
        cards_left = [c for c in state.flop if c not in taken]
        position = seats_left.index(seat)
        card = cards_left[min(position, len(cards_left) - 1)]
        stacks = state.chips.stacks
        contested = any(s != seat and ((auction.status[s] == "waiting" and stacks[s] > 0)
                                       or auction.status[s] == "topped") for s in auction.order)
        return card, contested

    def describe(self) -> dict[str, Any]:
        """The bot's settings as plain data (for logs and benchmarks)."""
        return {"bot": "ivali", "level": self.level, "samples": self.samples}
