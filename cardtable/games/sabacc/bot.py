"""A Sabacc computer player that knows the odds of a draw improving its hand or bombing it.

Everything it knows is what its seat may know (``state.view(seat)``): its own cards,
the card it drew, the hands shown at a call, the credits and the pots. Every card it
cannot see is equally likely to be the next one it draws.

* **How good a hand is** (:func:`beat_share`): the share of random opponent hands it
  beats at the call, ties as half, bomb-outs as zero. The opponents' hands come from
  a table of 10,000 simulated hands (two random cards, then up to two greedy draws),
  built once per process with a fixed seed. Against ``m`` opponents the chance to win
  is that share to the power ``m``.
* **The draw's odds** (:meth:`SabaccBot.draw_odds`): for each card it might draw, the
  best of keeping it, swapping it for a held card, or dropping it; over all unseen
  cards: the chance the hand improves, the chance it would bomb if the card had to be
  kept, the chance the best choice still bombs, and the mean chance to win.
* **Betting**: on its turn the draw comes after the betting, so it bets on the hand
  it expects after that draw. Facing a bet it compares calling (win ``p`` of the pot,
  lose the call, and pay the pot when the hand still bombs) with folding (the fold
  penalty); it raises with a clearly strong hand. With nothing to call it bets when
  its chance to win is well above its fair share. ``tough`` reads raises (each raise
  against it counts as one more opponent), sizes bets larger and bluffs now and then.
* **Drawing**: it always draws (dropping the card keeps the hand as it was, so a draw
  never hurts), then keeps, swaps or drops whatever gives the best chance to win.

What the strong level reads of the hand and of the log (whose turn among how many, each
opponent's moves, the belief in a caller) is in :mod:`cardtable.games.sabacc.table_reads`.

Sample counts are fixed, so the same seed always makes the same choice.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import LevelledBot
from cardtable.engine.betting import AllIn, Bet, BetOptions, Call, Check, Fold, Raise
from cardtable.engine.cards import Deck
from cardtable.engine.game import Action
from cardtable.games.sabacc.hands import IDIOT
from cardtable.games.sabacc.state import Draw, Drop, Keep, Phase, SabaccState, Stand, Swap
from cardtable.games.sabacc.table_reads import (
    CALLER_PRIOR,
    _first_to_face,
    _folders,
    _multiway_bet,
    _opening,
    _raise_war,
    _second,
    caller_belief,
    caller_beliefs,
    raisers,
)

__all__ = ["SabaccBot", "VALUE_AT", "MULTI_VALUE_AT", "PROBE_HANDS", "CALLER_PRIOR", "caller_belief", "caller_beliefs",
           "LEVELS", "LEVEL_KNOBS", "beat_share", "hand_score", "opponent_table", "DrawOdds"]

LEVELS = ("normal", "tough")

_NORMAL_KNOBS = {"raise_at": 0.72, "bet_at": 1.5, "bet_share": 0.5, "read": 0.0, "bluff": 0.0,
                 "call_margin": 1.0, "weigh_opening": 0.0}
LEVEL_KNOBS: dict[str, dict[str, float]] = {
    "normal": _NORMAL_KNOBS,
    "tough": {"raise_at": 0.65, "bet_at": 1.35, "bet_share": 0.8, "read": 1.0, "bluff": 0.06,
              "call_margin": 0.9, "weigh_opening": 0.0},
    "weighed": {**_NORMAL_KNOBS, "weigh_opening": 1.0},
}
"""What the levels differ in: the win chance to raise at, the multiple of the fair
share to open the betting at, the bet's size as a share of the pot, how many extra
opponents each raise against it counts as, the bluff rate, the pot odds margin, and
whether the hand's first move heads-up is weighed on many deals
(:mod:`cardtable.games.sabacc.opening`). ``weighed`` is no level a player picks: it is
the normal level with that weighing, the strong level's choice to beat
(:attr:`SabaccBot.strong_prior`)."""

_TABLE_HANDS = 10_000

VALUE_AT = 0.6
"""The least chance to win (after the coming draw, :meth:`SabaccBot.draw_odds`) with which
the strong level bets big into a player who calls whatever it holds
(:meth:`SabaccBot.value_bet`)."""

CALLER_AT = 0.5
"""The belief in a caller past which the strong level bets :meth:`SabaccBot.value_bet`
after the hand's first move (that move weighs the belief itself)."""

SECOND_DEALS = 600
"""Deals the second player's first move heads-up is weighed on
(:meth:`SabaccBot.second_move`; 0: left to the rollouts)."""

MULTI_VALUE_AT = 0.2
"""The least chance to win (after the coming draw, against the opponents in the hand) with
which the strong level bets everything into two or more believed callers
(:meth:`SabaccBot.callers_bet`): with a chance of 0.15 to 0.2 everything gained +107 credits
of share a decision over the check (±255), too little for the stake."""

PROBE_AT = 0.1
"""The least chance to win (after the coming draw, against the opponents in the hand) with
which the strong level asks unread opponents (:meth:`SabaccBot.ask_callers`); some six hands
in ten reach it. Below it a bet of the pot into callers pays too much for the question."""

STRONG_ASK_POTS = 3
"""The strong level's question (:meth:`SabaccBot.ask_callers`) with a chance to win of
:data:`MULTI_VALUE_AT` or more, in hand pots. On the true cards at 0.2 to 0.3 (as
:meth:`~SabaccBot.ask_callers` says) three pots against the check gained +586 credits of share
a decision (±370, 24 turns) against three normal players, the pot +200 and everything -68;
against three always-callers +300 (±200), the pot +72 and everything +814. And the normal
level calls it with some 5% of its hands: a call puts the belief in a caller at 0.87."""

PROBE_HANDS = 3
"""The hands of a play (its first) in which the strong level asks unread opponents whether
they call whatever they hold, with a bet of the hand pot (:meth:`SabaccBot.ask_callers`)."""

_AGGRESSION = {"Fold": 0, "Check": 1, "Call": 1, "Bet": 2, "Raise": 2, "AllIn": 3}
"""How much each betting move puts at stake, for :meth:`SabaccBot.planning_candidates`."""


_FACTS: dict[str, tuple[list[int], list[bool], list[bool]]] = {}

_SPECIAL = (123, 205)
"""The :func:`hand_score` of a Pure Sabacc and of the Idiot's Array."""


def _special_multiway(state: SabaccState, seat: int) -> bool:
    """Whether ``seat``, to bet with two or more opponents in the hand, holds a special hand
    (a Pure Sabacc or the Idiot's Array: the sabacc pot's hands)."""
    if not _multiway_bet(state, seat):
        return False
    hand = [c for c in state.view(seat)["hands"][seat] if c is not None]
    return hand_score(state.deck, hand) in _SPECIAL


def _facts(deck: Deck) -> tuple[list[int], list[bool], list[bool]]:
    """Per card: its value, whether it is the Idiot, whether it is a face card."""
    facts = _FACTS.get(deck.id)
    if facts is None:
        facts = ([c.value or 0 for c in deck], [c.name == IDIOT and "face" in c.tags for c in deck],
                 ["face" in c.tags for c in deck])
        _FACTS[deck.id] = facts
    return facts


def hand_score(deck: Deck, cards: Sequence[int]) -> int:
    """A hand's strength as one number: higher wins, equal ties, -1 for a bomb-out
    (Pure Sabacc scores 123, the Idiot's Array 205; the same order as
    :func:`~cardtable.games.sabacc.hands.hand_key`).

    >>> from cardtable.variants import load_deck_by_id
    >>> deck = load_deck_by_id("sabacc")
    >>> hands = (["The Idiot #1", "2 of Coins", "3 of Coins"], ["Ace of Coins", "8 of Coins"],
    ...          ["9 of Coins", "Demise #1"])
    >>> [hand_score(deck, [deck.find(n).index for n in names]) for names in hands]
    [205, 123, 4]
    """
    values, idiots, faces = _facts(deck)
    total = 0
    for c in cards:
        total += values[c]
    if len(cards) == 3 and sum(idiots[c] for c in cards) == 1 and sorted(
            values[c] for c in cards if not faces[c]) == [2, 3]:
        return 205
    if total == 0 or total > 23 or total < -23:
        return -1
    return 123 if total in (23, -23) else abs(total)


_TABLES: dict[str, list[int]] = {}


def opponent_table(deck: Deck) -> list[int]:
    """The sorted scores of 10,000 simulated opponent hands (fixed seed, built once).

    The bundled deck's table comes from :mod:`cardtable.games.sabacc.odds_table`
    (written by ``tools/make_tables.py``, checked by tests/test_generated_tables.py); any
    other deck's is simulated here."""
    table = _TABLES.get(deck.id)
    if table is None:
        from cardtable.games.generated import deck_fingerprint
        from cardtable.games.sabacc.odds_table import OPPONENT_TABLES

        stored = OPPONENT_TABLES.get(deck_fingerprint(deck))
        table = list(stored) if stored is not None else simulate_opponent_table(deck)
        _TABLES[deck.id] = table
    return table


def simulate_opponent_table(deck: Deck) -> list[int]:
    """:func:`opponent_table` simulated now (what the generated table holds)."""
    rng = random.Random(7_230_001)
    cards = list(range(len(deck)))
    table = []
    for _ in range(_TABLE_HANDS):
        picks = rng.sample(cards, 4)
        hand = picks[:2]
        for drawn in picks[2:]:
            options = [hand, hand + [drawn]] + [hand[:i] + [drawn] + hand[i + 1:]
                                                for i in range(len(hand))]
            hand = max(options, key=lambda h: hand_score(deck, h))
        table.append(hand_score(deck, hand))
    table.sort()
    return table


def beat_share(value: int, table: Sequence[int]) -> float:
    """The share of the table's hands a hand scoring ``value`` beats, ties as half.

    >>> beat_share(20, [-1, 10, 20, 30])
    0.625
    """
    if value < 0:
        return 0.0
    low = bisect.bisect_left(table, value)
    high = bisect.bisect_right(table, value, lo=low)
    return (low + 0.5 * (high - low)) / len(table)


class DrawOdds:
    """What one draw from the unseen cards can do to a hand (see :meth:`SabaccBot.draw_odds`)."""

    def __init__(self, improve: float, bomb_if_kept: float, still_bombs: float, win: float) -> None:
        self.improve = improve
        self.bomb_if_kept = bomb_if_kept
        self.still_bombs = still_bombs
        self.win = win

    def __repr__(self) -> str:
        return (f"DrawOdds(improve={self.improve:.3f}, bomb_if_kept={self.bomb_if_kept:.3f}, "
                f"still_bombs={self.still_bombs:.3f}, win={self.win:.3f})")


class SabaccBot(LevelledBot):
    """A Sabacc player for any seat: ``level`` is ``"normal"`` or ``"tough"`` (or ``"weighed"``,
    the strong level's choice to beat: :attr:`strong_prior`)."""

    LEVEL_KNOBS = LEVEL_KNOBS
    knobs: dict[str, float]

    strong_prior = "weighed"
    """The level whose choice the strong level plays unless its rollouts find better: the
    normal level, but for the hand's first move heads-up (:meth:`opening`)."""

    reads_moves = False
    """The strong level does not weigh its worlds by the moves it saw (see
    :mod:`cardtable.bots.reading`): a hand changes between moves in ways a world cannot
    undo (a shift, a swap, a drawn card dropped face down), and so read, the worlds made
    a bet look 121 credits better than it was on the real cards (141 decisions scored,
    30 plays of each candidate on the real state), 46 worse unread."""


    def planning_candidates(self, state: SabaccState, seat: int, prior: Action,
                            actions: Sequence[Action]) -> list[Action]:
        """The rivals of this bot's choice ``prior`` worth the strong level's rollouts: in
        the betting the less aggressive moves (a check for a bet, a fold for a call) and,
        for a check, the least bet; no stand for a draw (a drawn card can be dropped);
        every placing of a drawn card. Scored on the real cards
        (``benchmarks/strong_choices.py --seed 2 --games 14 --hands 10``, heads-up), the
        worlds made a raise or a larger bet look 60 to 550 credits better than it was (an
        opponent who has kept a draw holds a better hand than a world deals it), the least
        bet instead of a check they got right (estimated -39, true -18 on average), and a
        check instead of this bot's bet was worth +252 (estimated +280): its bet rolls the
        die, and a shift takes a card from the strong hand it bet on. So narrowed, the
        strong level's changes gained +14.7 credits a decision (±14.3, 286 decisions)."""
        if state.phase == Phase.DRAW:
            return [prior]
        if state.phase != Phase.BET:
            return list(actions)
        rank = _AGGRESSION.get(type(prior).__name__, 2)
        kept = [a for a in actions if a == prior or _AGGRESSION.get(type(a).__name__, 2) < rank]
        if isinstance(prior, Check):
            least = min((a for a in actions if isinstance(a, Bet)), key=lambda a: a.to, default=None)
            if least is not None:
                kept.append(least)
        return kept

    def worth_planning(self, state: SabaccState, seat: int) -> bool:
        """False at the hand's first move heads-up, at the second player's first move after a
        check (:meth:`second_move`), where a believed caller meets :meth:`value_bet`, and,
        with two or more opponents in the hand, at a special hand (:meth:`keep_special`), the
        first answer to the hand's first bet (:meth:`raise_first_bet`), a bet into believed
        callers (:meth:`callers_bet`) and the question to unread players (:meth:`ask_callers`;
        the rollouts play every opponent as the normal level, so they see neither's worth):
        there the strong level's choice to beat (:meth:`opening`, some 3,000 plays of the
        hand on the true odds; :meth:`second_move`, 600 deals that fit the first player's
        draw) knows more than its rollouts can tell. The second move so weighed, over 120
        ten-hand matches (seed 1), took 0.631 of an always-caller's chips against 0.596
        (+0.035 paired, -0.005 to 0.075) and 0.510 of the normal level's over 60 against
        0.527 (-0.016, -0.069 to 0.037): within the runs' noise both ways."""
        return (not _opening(state, seat) and (SECOND_DEALS == 0 or _second(state, seat) is None)
                and self._caller_bet(state, seat) is None and not _special_multiway(state, seat)
                and self.war_answer(state, seat) is None
                and self.raise_first_bet(state, seat) is None and self.callers_bet(state, seat) is None
                and self.ask_callers(state, seat) is None and self.steal(state, seat) is None)

    def second_move(self, state: SabaccState, seat: int) -> Action | None:
        """At the second player's first move heads-up, the first having checked and drawn:
        a check, the least bet, the least bet plus the pot or everything, whichever
        :func:`~cardtable.games.sabacc.opening.second_values` finds best against a caller
        and the normal level weighed by :func:`caller_belief` (None elsewhere)."""
        placing = _second(state, seat) if SECOND_DEALS else None
        options = state.betting_options(seat)
        if placing is None or options is None or not options.can_bet or options.call_amount:
            return None
        from cardtable.games.sabacc.opening import best_second

        bets, hand, unseen, stacks = self._first_bets(state, seat, options)
        chosen = best_second(state.deck, hand, unseen, placing, bets, state.hand_pot(), state.sabacc_pot,
                             self.rng, SECOND_DEALS, stacks=stacks, caller=caller_belief(state, seat),
                             fold_penalty=state.settings.fold_penalty)
        return Bet(seat=seat, to=chosen) if chosen else Check(seat=seat)

    def keep_special(self, state: SabaccState, seat: int) -> Action | None:
        """With a special hand (a Pure Sabacc, the Idiot's Array) and two or more opponents in
        the hand: a check, or a call of what is owed (None elsewhere). A bet or raise rolls
        the die, and on red a shift takes a random card from the hand before its draw, which
        breaks it and with it the sabacc pot's claim (at four seats 4,000 credits, a fifth of
        the table, against a hand pot of 400). Played out on the true cards at four seats (30
        to 40 plays of each move, the rest of the hand by the normal bot's rollout copy), the
        normal bot's bet with a Pure Sabacc fell short of the check at 23 of 28 turns (by
        1,247 credits on average, ±618), its raise short of the call at 5 of 5 (by 2,000 to
        7,000); the strong level's rollouts mostly saw it, but not always (they kept one such
        raise in 16 games scored by ``benchmarks/strong_choices.py``)."""
        if not _special_multiway(state, seat):
            return None
        options = state.betting_options(seat)
        if options is None:
            return None
        action: Action = Call(seat=seat) if options.call_amount else Check(seat=seat)
        return action if state.why_illegal(action) is None else None

    def raise_first_bet(self, state: SabaccState, seat: int) -> Action | None:
        """The least raise from the first player to answer the hand's first bet with two or
        more opponents in the hand (:func:`_first_to_face`), without a special hand (None
        elsewhere). The normal bot bets on a chance to win of 0.75 or so, a Pure Sabacc
        among its hands, and a raise rolls the die again: a shift breaks the bettor's hand,
        and with it its claim to the sabacc pot (4,000 credits at four seats). Played out
        on the true cards at four seats (80 plays of each move, the rest of the hand by the
        normal bot's rollout copy, 751 such answers), the least raise against the call
        gained +66 credits (±72) of the raiser's own and +243 (±83) in its share of the
        chips behind (its change less its share of the table's: what the sabacc pot took or
        paid out counts), what the matches measure; the rollouts, scored by the chip change
        and offered only the moves less aggressive than this bot's, cannot see it. Not into the
        bet of a player read as a raiser (:func:`~cardtable.games.sabacc.table_reads.raisers`),
        which says nothing of its hand."""
        if not _first_to_face(state, seat) or _special_multiway(state, seat):
            return None
        bettor = next(s for s, bet in enumerate(state.chips.round_bets) if bet > 0)
        if bettor in raisers(state, seat):
            return None  # a raiser's bet says nothing of its hand, and it raises again
        options = state.betting_options(seat)
        if options is None or not options.call_amount or not options.can_raise:
            return None
        action = Raise(seat=seat, to=options.min_raise_to)
        return action if state.why_illegal(action) is None else None

    def _callers_options(self, state: SabaccState, seat: int) -> tuple[BetOptions, list[int], dict[int, float]] | None:
        """With nothing to call and two or more opponents in the hand: the betting options,
        those opponents and :func:`caller_beliefs` (None elsewhere, and always heads-up)."""
        if not _multiway_bet(state, seat):
            return None
        options = state.betting_options(seat)
        if options is None or not options.can_bet or options.call_amount:
            return None
        return options, [s for s in state.players_in() if s != seat], caller_beliefs(state, seat)

    def callers_bet(self, state: SabaccState, seat: int) -> Action | None:
        """Everything, with nothing to call and two or more opponents in the hand, each of
        them believed a caller (:func:`caller_beliefs` at :data:`CALLER_AT` or past it), when
        the chance to win against them after the coming draw is at least
        :data:`MULTI_VALUE_AT` and the draw hardly ever still bombs (None elsewhere, and
        always heads-up). Among callers the edge is in the bets they pay. Played out on the
        true cards from the strong level's turns against three always-callers (40 ten-hand
        matches of seed 11, hands 2 to 10, 16 plays of each move, the die and the shift drawn
        again each time; scored by the seat's share of the chips behind, in credits),
        everything against the check gained +814 a decision (±370, 110 turns) at a chance of
        0.2 to 0.3, +1,874 (±845) at 0.3 to 0.4, +2,016 (±834) at 0.4 to 0.6, and five hand
        pots (2,000 credits) only +349, +694 and +870: everything all in, nobody bets again
        and a shift mends nobody's hand after the draws. Against the normal level the same
        bets lose (-487 to -661 a decision, h-sabacc4's play-outs), so only for callers.
        With a special hand :meth:`keep_special` checks first (everything there +342 ±866,
        no gain shown)."""
        found = self._callers_options(state, seat)
        if found is None:
            return None
        options, others, beliefs = found
        if any(beliefs.get(s, 0.0) < CALLER_AT for s in others):
            return None
        odds = self.draw_odds(state, seat, len(others))
        if odds.win < MULTI_VALUE_AT or odds.still_bombs >= 0.05:
            return None
        action = Bet(seat=seat, to=options.max_raise_to)
        return action if state.why_illegal(action) is None else None

    def steal(self, state: SabaccState, seat: int) -> Action | None:
        """The least bet, with nothing to call, nobody having bet yet this hand and two or more
        opponents in it, every one of them seen folding to a bet this play and never seen
        paying (no call, bet or raise: :func:`_folders`), and a chance to win of
        :data:`PROBE_AT` or more; None elsewhere, and always heads-up.
        Such players fold to any bet, so the bet takes the hand pot whatever the die and the
        draw do to the seat's hand, and they pay the fold penalty besides. Against three
        players who checked or folded whatever they held, the strong level took 0.261 of their
        chips (12 matches at a9293e2, 0.274 after the question of :meth:`ask_callers`), where a
        steal a hand would take some 0.4; against normal players the least bet at four seats
        is worth what the check is at the hand's first move (on the true cards +15 credits
        ±101; -5 ±69 after it, -110 ±74 in share of the chips), and a normal player's call
        ends the steals against it. Made with any hand (9e62d1f), it took 0.687 of three
        check-folders' chips, and against normal players changed 13 of 48 matches for -0.008
        of share (±0.006): the floor of a chance leaves out the hands a normal player's call
        beats most."""
        options = state.betting_options(seat)
        if (not _multiway_bet(state, seat) or options is None or options.call_amount or not options.can_bet
                or any(state.chips.round_bets)):
            return None
        others = set(state.players_in()) - {seat}
        if not others <= _folders(state, seat) or self.draw_odds(state, seat, len(others)).win < PROBE_AT:
            return None
        least = Bet(seat=seat, to=options.min_raise_to)
        return least if state.why_illegal(least) is None else None

    def ask_callers(self, state: SabaccState, seat: int) -> Action | None:
        """A bet of the hand pot (:data:`STRONG_ASK_POTS` of them with a chance to win of
        :data:`MULTI_VALUE_AT` or more), with nothing to call and two or more opponents in the hand,
        in a play's first :data:`PROBE_HANDS` hands, nobody having bet yet this hand, one of
        those opponents not read either way (no fold, bet or raise seen, a belief under
        :data:`CALLER_AT`) and a chance to win of :data:`PROBE_AT` or more; None elsewhere,
        and always heads-up. It asks the question :meth:`callers_bet` needs answered: the
        normal level calls the hand pot at four seats with some 0.24 of its hands, so a call
        puts the belief at 0.58, a fold at 0 (a call of the least bet would say nothing, and
        ten checks hardly anything). Played out on the true cards (16 plays of each move,
        scored by the share of the chips behind, in credits), it cost little: against three
        normal players in hands 1 to 3 (30 matches of seed 11) the bet of the pot against the
        check gained +194 a decision (±143) at a chance of 0.1 to 0.15, +234 (±198) at 0.15 to
        0.2 and +200 (±196) at 0.2 to 0.3 (they fold, and pay the fold penalty); against three
        always-callers (40 matches, hands 2 to 10) -266 (±67), +14 (±79) and +72 (±104)."""
        found = self._callers_options(state, seat)
        if found is None or state.round_number > PROBE_HANDS or any(state.chips.round_bets):
            return None
        options, others, beliefs = found
        if not any(0.0 < beliefs.get(s, 0.0) < CALLER_AT for s in others):
            return None
        win = self.draw_odds(state, seat, len(others)).win
        if win < PROBE_AT:
            return None
        pots = STRONG_ASK_POTS if win >= MULTI_VALUE_AT else 1
        to = max(options.min_raise_to, min(options.max_raise_to, pots * state.hand_pot()))
        probe = Bet(seat=seat, to=to)
        return probe if state.why_illegal(probe) is None else None

    def _first_bets(self, state: SabaccState, seat: int,
                    options: BetOptions) -> tuple[list[int], list[int], list[int], tuple[int, int]]:
        """What a hand's first bet heads-up is weighed with (:meth:`opening`,
        :meth:`second_move`): the bets (0: a check; the least, the least plus the pot and
        everything, those legal), the seat's cards and the cards it has not seen, and the
        seat's and its opponent's stacks."""
        pot = state.hand_pot()
        sizes = sorted({max(options.min_raise_to, min(options.max_raise_to, to))
                        for to in (options.min_raise_to, options.min_raise_to + pot, options.max_raise_to)})
        bets = [0, *(to for to in sizes if state.why_illegal(Bet(seat=seat, to=to)) is None)]
        view = state.view(seat)
        hand = [c for c in view["hands"][seat] if c is not None]
        other = next(s for s in state.players_in() if s != seat)
        return bets, hand, self.unseen(state, view), (state.chips.stacks[seat], state.chips.stacks[other])

    def _caller_bet(self, state: SabaccState, seat: int) -> Action | None:
        """:meth:`value_bet` when the opponent heads-up is believed a caller
        (:func:`caller_belief` past :data:`CALLER_AT`), after the hand's first move."""
        if state.phase != Phase.BET or _opening(state, seat) or caller_belief(state, seat) < CALLER_AT:
            return None
        return self.value_bet(state, seat)

    def opening(self, state: SabaccState, seat: int) -> Action | None:
        """At the hand's first move heads-up with nothing to call: a check, the least bet,
        the least bet plus the pot or everything, whichever
        :func:`~cardtable.games.sabacc.opening.best_opening` finds best against a caller and
        the normal level weighed by :func:`caller_belief` (None elsewhere). Everything,
        against a caller, is worth far more than the rest with a hand that wins more often
        than not (the module's text); over 120 ten-hand matches (seed 1) the strong level
        with it took 0.596 (0.552 to 0.641) of an always-caller's chips against 0.519, and
        0.527 of the normal level's over 60 against 0.523. What it sees is what a bet does there beyond the pot:
        the die's shift before the draw mends a poor hand and breaks a good one (the
        normal bot bets only on a chance to win of 0.75, and checks hands that a
        shift helps), and a bet of the pot with a good hand is called by either opponent.
        Played out on the true cards from 1,500 random openings (four plays each, the rest
        of the hand by the normal bot's rollout copy), this choice instead of the normal
        bot's gained the mover over its opponent 76 credits an opening (±31) against an
        always-caller and 67 (±34) against the normal level; the normal level with it took
        0.0185 more of an always-caller's chips over 200 ten-hand matches (-0.001 to
        0.038). Against a player read as a raiser
        (:func:`~cardtable.games.sabacc.table_reads.raisers`), who never folds and raises any
        bet short of everything, weighed as against a caller between a check and everything:
        paired on the same deals heads-up against the three raising patterns, +0.027 of the
        chips over 192 ten-hand matches (standard error 0.019; docs/strong-level-runs.md)."""
        if not _opening(state, seat):
            return None
        options = state.betting_options(seat)
        if options is None or not options.can_bet or options.call_amount:
            return None
        from cardtable.games.sabacc.opening import best_opening

        bets, hand, unseen, stacks = self._first_bets(state, seat, options)
        caller = caller_belief(state, seat)
        if raisers(state, seat):
            # A raiser never folds (weighed as the caller, a bet is no steal against it) and
            # raises any bet short of everything, which the seat must then pay or fold.
            caller, bets = 1.0, [0, bets[-1]] if len(bets) > 1 else bets
        chosen = best_opening(state.deck, hand, unseen, bets, state.hand_pot(), state.sabacc_pot, self.rng,
                              stacks=stacks, caller=caller, fold_penalty=state.settings.fold_penalty)
        return Bet(seat=seat, to=chosen) if chosen else Check(seat=seat)

    def value_bet(self, state: SabaccState, seat: int) -> Action | None:
        """The strong level's bet against players who call whatever they hold, or None:
        with nothing owed, a chance to win of at least :data:`VALUE_AT` and a draw that
        hardly ever still bombs, a bet of everything allowed. Every bet rolls the die, and
        on red a shift takes a card from the hand bet on, so this bot's bet of half the
        hand pot wins too little from a caller to pay for a broken hand (a Pure Sabacc's
        sabacc pot is ten times the hand pot); a bet of everything, called, does: half the
        time there is no shift, and a shift breaks the caller's hand as often. Played out
        on the true cards against an always-caller (each move 60 to 100 times, the rest
        played by this bot's rollout copy, 13 turns of 7 matches), betting everything beat
        checking at 7 of the 8 turns with a chance of 0.6 or more (by 600 to 3,700
        credits; 116 less at one Pure Sabacc), and lost at two of the five below it.
        Against the normal level, who folds a weak hand to a big bet, the check the
        rollouts choose stays better, so this is only for callers."""
        if state.phase != Phase.BET:
            return None
        options = state.betting_options(seat)
        if options is None or not options.can_bet or options.call_amount:
            return None
        odds = self.draw_odds(state, seat, self._opponents(state, seat))
        if odds.win < VALUE_AT or odds.still_bombs >= 0.05:
            return None
        action = Bet(seat=seat, to=options.max_raise_to)
        return action if state.why_illegal(action) is None else None

    def war_answer(self, state: SabaccState, seat: int) -> Action | None:
        """In a raise war (:func:`_raise_war`): a call when the chance to win after the coming
        draw (:meth:`draw_odds`) of the pot the stacks come to (each player in at most what
        the seat can put in, within the hand's limit) is worth all the seat still puts in,
        else a fold (None elsewhere). Players who raise on every turn raise until everyone
        is in for all of it, each raise rolling the die, so a call of 300 credits is the
        first of many: priced as a call, the normal bot's rule and the rollouts (which play
        the opponents as the normal level, whose hand ends at the next call) called one
        after another and folded once a shift broke the hand (``benchmarks/round_flows.py
        --game sabacc --b min_raise --seats 4``: 1,100 to 3,900 credits lost each time).
        What the seat has put in stays in the pot it weighs, so it folds late only when a
        shift has made its hand much worse."""
        options = state.betting_options(seat)
        if options is None or not options.call_amount or not _raise_war(state, seat):
            return None
        chips = state.chips
        mine = chips.round_bets[seat]
        most = min(mine + chips.stacks[seat], max(options.max_raise_to, mine + options.call_amount))
        players = state.players_in()
        coming = sum(max(0, min(chips.round_bets[p] + chips.stacks[p], most) - chips.round_bets[p]) for p in players)
        chance = self.draw_odds(state, seat, len(players) - 1).win
        fold = -min(state.settings.fold_penalty, chips.stacks[seat])
        pays = most - mine
        action: Action = (Call(seat=seat) if chance * (state.hand_pot() + coming) - pays >= fold
                          else Fold(seat=seat))
        return action if state.why_illegal(action) is None else None

    def rollout_bot(self, rng: random.Random) -> SabaccBot:
        """A cheap player like this one, for the strong level's rollouts: the normal
        level's choices, weighed by kinds of card (:mod:`cardtable.games.sabacc.rollout_bot`)."""
        from cardtable.games.sabacc.rollout_bot import RolloutSabaccBot

        return RolloutSabaccBot(rng, "normal")

    # -- what it knows ------------------------------------------------------------------
    def unseen(self, state: SabaccState, view: dict[str, Any]) -> list[int]:
        """Every card the seat cannot see (it might be the next one drawn)."""
        seen = {c for cards in view["hands"] for c in cards if c is not None}
        if view["drawn"] is not None:
            seen.add(view["drawn"])
        return [c for c in range(len(state.deck)) if c not in seen]

    def win_chance(self, state: SabaccState, cards: Sequence[int], opponents: float) -> float:
        """The chance ``cards`` win at the call against ``opponents`` random hands."""
        share = beat_share(hand_score(state.deck, cards), opponent_table(state.deck))
        chance: float = share ** max(1.0, opponents)  # float ** float is typed Any (it may be complex)
        return chance

    def best_with(self, state: SabaccState, hand: Sequence[int], drawn: int,
                  opponents: float) -> tuple[list[int], str, int | None]:
        """The best of keeping, swapping (which card) or dropping ``drawn``."""
        options: list[tuple[list[int], str, int | None]] = [(list(hand), "drop", None),
                                                             (list(hand) + [drawn], "keep", None)]
        for i, card in enumerate(hand):
            options.append((list(hand[:i]) + [drawn] + list(hand[i + 1:]), "swap", card))
        return max(options, key=lambda o: (self.win_chance(state, o[0], opponents),
                                           -len(o[0]), o[1] == "drop"))

    def draw_odds(self, state: SabaccState, seat: int, opponents: float = 1.0) -> DrawOdds:
        """The odds of the next draw: improving the hand, bombing it if kept, the best
        choice still bombing, and the mean chance to win after the best choice."""
        view = state.view(seat)
        hand = [c for c in view["hands"][seat] if c is not None]
        pool = self.unseen(state, view)
        now = hand_score(state.deck, hand)
        improve = bombs = still = win = 0.0
        for card in pool:
            best, _, _ = self.best_with(state, hand, card, opponents)
            best_score = hand_score(state.deck, best)
            improve += best_score > now
            bombs += hand_score(state.deck, hand + [card]) < 0
            still += best_score < 0
            win += self.win_chance(state, best, opponents)
        n = max(1, len(pool))
        return DrawOdds(improve / n, bombs / n, still / n, win / n)

    # -- choosing -----------------------------------------------------------------------
    def choose(self, state: SabaccState, seat: int) -> Action:
        """A legal action for ``seat``, the seat to act."""
        if state.phase == Phase.BET:
            return self._bet(state, seat)
        if state.phase == Phase.DRAW:
            return Draw(seat=seat) if state.can(Draw(seat=seat)) else Stand(seat=seat)
        if state.phase == Phase.DECIDE:
            view = state.view(seat)
            hand = [c for c in view["hands"][seat] if c is not None]
            _, how, card = self.best_with(state, hand, view["drawn"], self._opponents(state, seat))
            if how == "keep":
                return Keep(seat=seat)
            if how == "swap" and card is not None:
                return Swap(seat=seat, card=card)
            return Drop(seat=seat)
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        return actions[0]

    def _opponents(self, state: SabaccState, seat: int) -> float:
        players = state.players_in()
        raises = sum(1 for s in range(state.seats) if s != seat and s in players
                     and state.chips.round_bets[s] > state.chips.round_bets[seat])
        return max(1, len(players) - 1) + self.knobs["read"] * raises

    def _bet(self, state: SabaccState, seat: int) -> Action:
        options = state.betting_options(seat)
        assert options is not None
        if self.knobs["weigh_opening"]:
            weighed = (self.keep_special(state, seat) or self.war_answer(state, seat)
                       or self.callers_bet(state, seat) or self.steal(state, seat)
                       or self.raise_first_bet(state, seat) or self.opening(state, seat)
                       or self.second_move(state, seat) or self._caller_bet(state, seat)
                       or self.ask_callers(state, seat))
            if weighed is not None:
                return weighed
        opponents = self._opponents(state, seat)
        odds = self.draw_odds(state, seat, opponents)
        p = odds.win
        pot = state.hand_pot()
        owed = options.call_amount
        knobs = self.knobs
        may_raise = options.can_bet or options.can_raise
        if owed:
            ev_call = p * (pot + owed) - owed - odds.still_bombs * (pot + owed)
            ev_fold = -min(state.settings.fold_penalty, state.chips.stacks[seat])
            if may_raise and p >= knobs["raise_at"] and odds.still_bombs < 0.05:
                return self._raise_to(state, seat, options, pot)
            if ev_call * knobs["call_margin"] >= ev_fold or ev_call >= ev_fold:
                return Call(seat=seat)
            return Fold(seat=seat)
        fair = 1.0 / (opponents + 1)
        bluff = knobs["bluff"] and self.rng.random() < knobs["bluff"]
        if may_raise and (p >= fair * knobs["bet_at"] and odds.still_bombs < 0.1 or bluff):
            return self._raise_to(state, seat, options, pot)
        return Check(seat=seat)

    def _raise_to(self, state: SabaccState, seat: int, options: Any, pot: int) -> Action:
        current = max(state.chips.round_bets)
        wanted = current + int(pot * self.knobs["bet_share"])
        to = max(options.min_raise_to, min(options.max_raise_to, wanted))
        to = max(options.min_raise_to, to - to % max(1, state.settings.min_bet // 2 or 1))
        action = (Bet if options.can_bet else Raise)(seat=seat, to=to)
        if state.why_illegal(action) is None:
            return action
        if options.can_all_in:
            return AllIn(seat=seat)
        return Call(seat=seat) if options.call_amount else Check(seat=seat)
