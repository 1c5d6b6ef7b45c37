"""What a Sabacc seat reads of the hand and of the log every seat sees, for the computer
players (:mod:`cardtable.games.sabacc.bot`): whose turn it is among how many, the moves each
opponent has made this play and this hand, and from them the beliefs that an opponent calls
whatever it holds (:func:`caller_belief` heads-up, :func:`caller_beliefs` among more), that it
only folds (:func:`_folders`), that it bets or raises whatever it holds (:func:`raisers`), or
that a raise war is on (:func:`_raise_war`). Nothing here
reads a card the seat cannot see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterator

from cardtable.engine.game import CHANCE
from cardtable.games.sabacc.state import Phase, SabaccState

__all__ = ["CALLER_PRIOR", "MULTI_CHECK_ODDS", "RAISER_MOVES", "WAR_RAISES", "caller_belief", "caller_beliefs",
           "move_counts", "raisers"]

CALLER_PRIOR = 0.25
"""The strong level's belief, before any move is seen, that its one opponent heads-up
calls whatever it holds (:func:`caller_belief`); the rest is the normal level's play."""

_CHECK_ODDS = 1.0 / 0.96
"""How much more likely a check is from a caller than from the normal level, who opens the
betting with about one two-card hand in 25 (a chance to win of 0.75 after its draw)."""

MULTI_CHECK_ODDS = 1.0 / (1.0 - 48 / 1086)
"""How much more likely a check is from a caller than from the normal level at four seats,
who bet at 48 of its 1,086 turns with nothing to call (30 ten-hand plays of four normal
players): a check says little, and a player who never bets in ten hands is only some 1.6
times likelier a caller (:func:`caller_beliefs`)."""

def _opening(state: SabaccState, seat: int) -> bool:
    """Whether ``seat`` is to make the hand's first move, heads-up."""
    return (state.phase == Phase.BET and state.turn == seat and sum(state.turns_taken) == 1
            and len(state.players_in()) == 2)


def _multiway_bet(state: SabaccState, seat: int) -> bool:
    """Whether ``seat`` is to bet with two or more opponents in the hand."""
    return state.phase == Phase.BET and state.turn == seat and len(state.players_in()) >= 3


def _first_to_face(state: SabaccState, seat: int) -> bool:
    """Whether ``seat``, with two or more opponents in the hand, is the first to answer the
    hand's first bet: one player has bet, nobody has called or raised it yet."""
    if not _multiway_bet(state, seat):
        return False
    bets = state.chips.round_bets
    return bets[seat] == 0 and sum(1 for b in bets if b > 0) == 1


WAR_RAISES = 2
"""The bets and raises each of two opponents must have made this hand for a raise war
(:meth:`~cardtable.games.sabacc.bot.SabaccBot.war_answer`): the normal level raises only a
hand that wins three times in four, so two of them raising twice each in one hand is all but
unseen."""


def _raise_war(state: SabaccState, seat: int) -> bool:
    """Whether ``seat``, to answer a bet with two or more opponents in the hand, is in a raise
    war: two or more of those opponents have each bet or raised :data:`WAR_RAISES` times this
    hand (as the log every seat sees says)."""
    if not _multiway_bet(state, seat) or not state.chips.round_bets or max(state.chips.round_bets) <= 0:
        return False
    counts = move_counts(state, set(state.players_in()) - {seat}, this_hand=True)
    return sum(1 for c in counts.values() if c["bets"] + c["raises"] >= WAR_RAISES) >= 2


def _moves(state: SabaccState, seats: Container[int], *, this_hand: bool = False) -> Iterator[tuple[int, list[str]]]:
    """Each move of a player in ``seats`` as the log every seat sees writes it (only this
    hand's with ``this_hand``): its seat and the words after the player's name."""
    events = state.log
    if this_hand:
        events = events[max((i for i, e in enumerate(events) if e.seat == CHANCE and e.public.startswith("Hand ")),
                            default=0):]
    for event in events:
        if event.seat in seats:
            name = state.names[event.seat] + " "
            words = event.public[len(name):].split() if event.public.startswith(name) else []
            if words:
                yield event.seat, words


def move_counts(state: SabaccState, seats: Container[int], *, this_hand: bool = False) -> dict[int, Counter[str]]:
    """How many times each player in ``seats`` made each kind of move (``"bets"``,
    ``"raises"``, ``"calls"``, ``"checks"``, ``"folds"``, ...: the log's first word after its
    name) this play, or only this hand with ``this_hand`` (see :func:`_moves`)."""
    counts: dict[int, Counter[str]] = {}
    for other, words in _moves(state, seats, this_hand=this_hand):
        counts.setdefault(other, Counter())[words[0]] += 1
    return counts


def _beliefs(state: SabaccState, seat: int, check_odds: float, least_share: float) -> dict[int, float]:
    """:func:`caller_belief` and :func:`caller_beliefs`: for each opponent of ``seat``, from
    :data:`CALLER_PRIOR`, its odds times ``check_odds`` a check and over the normal level's
    share of calls (at least ``least_share``) a call; none after a fold, bet or raise."""
    from cardtable.games.sabacc.opening import _scorer

    odds = {s: CALLER_PRIOR / (1.0 - CALLER_PRIOR) for s in range(state.seats) if s != seat}
    ante = state.seats * state.settings.hand_ante
    scorer = None
    for other, words in _moves(state, odds):
        if not odds[other]:
            continue
        if words[0] in ("folds", "bets", "raises"):
            odds[other] = 0.0
        elif words[0] == "checks":
            odds[other] *= check_odds
        elif words[0] == "calls" and len(words) > 1:
            try:
                owed = int(words[1].replace(",", ""))
            except ValueError:
                continue
            scorer = scorer or _scorer(state.deck)
            odds[other] /= max(least_share, scorer.call_share(owed, ante + owed, state.settings.fold_penalty,
                                                              state.seats - 1))
    return {s: o / (1.0 + o) for s, o in odds.items()}


def caller_belief(state: SabaccState, seat: int) -> float:
    """How likely ``seat``'s one opponent heads-up calls whatever it holds, rather than
    playing as the normal level, from its betting this match as the log shows it (what
    every seat sees): a fold, bet or raise says it is no caller; a call of ``x`` is
    1 / (the share of two-card hands with which the normal level calls ``x`` into the
    antes and that bet) times likelier from a caller (a call of the least bet says
    nothing, one of everything some five times); a check a little likelier. From
    :data:`CALLER_PRIOR`; 0 at more than two seats."""
    if state.seats != 2:
        return 0.0
    return _beliefs(state, seat, _CHECK_ODDS, 0.05)[1 - seat]


def caller_beliefs(state: SabaccState, seat: int) -> dict[int, float]:
    """At more than two seats, for each opponent of ``seat`` (its seat number), how likely
    it calls whatever it holds rather than playing as the normal level, from its betting
    this play as the log shows it (what every seat sees): a fold, bet or raise says it is
    no caller; a call of ``x`` is 1 / (the share of two-card hands with which the normal
    level, against the other players, calls ``x`` into the antes and that bet) times
    likelier from a caller (at four seats a call of the hand pot some four times, of the
    least bet hardly at all); a check :data:`MULTI_CHECK_ODDS` times. From
    :data:`CALLER_PRIOR` each; empty heads-up (:func:`caller_belief` reads that)."""
    if state.seats <= 2:
        return {}
    return _beliefs(state, seat, MULTI_CHECK_ODDS, 0.02)


RAISER_MOVES = 3
"""The bets and raises this play, with never a check or a fold, that make the one opponent
a raiser (:func:`raisers`): the normal level opens with about one two-card
hand in 25 and checks the rest, so three without a check is all but unseen from it."""


def raisers(state: SabaccState, seat: int, least: int = RAISER_MOVES, per_call: int = 2) -> set[int]:
    """The opponents of ``seat`` who bet or raise whatever they hold: this play each has bet
    or raised ``least`` times or more (:data:`RAISER_MOVES`), at least ``per_call`` times for
    each call (a raiser calls where no raise is left; 0: calls do not count), and never checked
    or folded (as the log every seat sees says). Such a player never folds to a bet, so a bet
    is no steal against it, and its bet says nothing of its hand."""
    counts = move_counts(state, set(range(state.seats)) - {seat})
    return {s for s, c in counts.items()
            if c["bets"] + c["raises"] >= max(least, per_call * c["calls"]) and not c["checks"] + c["folds"]}


def _folders(state: SabaccState, seat: int) -> set[int]:
    """The opponents of ``seat`` who have folded to a bet this play and never called, bet or
    raised (as the log every seat sees says)."""
    counts = move_counts(state, set(range(state.seats)) - {seat})
    return {s for s, c in counts.items() if c["folds"] and not c["calls"] + c["bets"] + c["raises"]}


_PLACINGS = {"keeps the card": "keep", "swaps a card": "swap", "drops the drawn card": "drop"}


def _second(state: SabaccState, seat: int) -> str | None:
    """How the first player placed its drawn card (``"keep"``, ``"swap"``, ``"drop"``) when
    ``seat`` is to make the second player's first move heads-up, the first player having
    checked and drawn (no bet, no shift yet); else None."""
    if not (state.phase == Phase.BET and state.turn == seat and state.seats == 2 and sum(state.turns_taken) == 2
            and state.turns_taken[seat] == 1 and len(state.players_in()) == 2 and state.die is None
            and not any(state.chips.round_bets)):
        return None
    placings = [_PLACINGS[said] for _, words in _moves(state, {1 - seat}, this_hand=True)
                if (said := " ".join(words)) in _PLACINGS]
    return placings[-1] if placings else None
