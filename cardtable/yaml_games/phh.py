"""A hand of a poker game written in a variant file, as a Poker Hand History (PHH).

PHH is the open standard for poker hands (the format pokerkit reads and writes): a few
lines of TOML naming the variant, the antes, blinds, bet sizes and starting stacks, and the
hand as a list of actions in its own notation: ``d dh p1 AsKd`` (hole cards dealt to the
first player), ``d db 7h8h9h`` (the board), ``p2 f`` (a fold), ``p3 cc`` (a check or a
call), ``p1 cbr 20`` (a bet or raise to 20), ``p2 sm 7c7d`` (cards shown). Players are
numbered from the dealer's left, the dealer last.

The hand is written from a save: the match replayed from its start to that hand
(:mod:`cardtable.engine.replay`), then played move by move, each move read off as PHH.
Only the games PHH names can be written (:data:`VARIANTS`: Texas Hold'em no-limit and
fixed-limit, pot-limit Omaha, fixed-limit Omaha Hi/Lo eight or better, and a flow of
seven-card stud's streets with a bring-in played fixed-limit, PHH's F7S: ``d dh p1 AsKd7h``
deals third street, two down and one up, as PHH's stud writes it, ``p3 pb`` posts the
bring-in); any other game is refused with the reason (:mod:`cardtable.hand_history`
writes those in PHH's shape, as its documented extension). ``tests/test_phh.py`` and
``tests/test_hand_history.py`` play the written hands again in pokerkit and check the
stacks come out the same.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.cards import Card, Deck
from cardtable.engine.flow.actions import Shuffle
from cardtable.engine.flow.steps import Deal
from cardtable.engine.flow.streets import Board, BringIn, DealUp
from cardtable.engine.game import GameState, action_from_json
from cardtable.engine.replay import replay

__all__ = ["toml_entry", "betting_words", "VARIANTS", "STUD", "PhhError", "phh_variant",
           "hand_starts", "hand_history", "match_history", "card_code"]

VARIANTS = {("high", "", "no_limit"): "NT", ("high", "", "fixed"): "FT",
            ("omaha_high", "", "pot_limit"): "PO", ("omaha_high", "omaha_low8", "fixed"): "FO/8"}
"""PHH's variant code for each (high evaluator, low evaluator, betting limit) it names."""

STUD = ("F7S", ("high", "", "fixed"), ("deal 2", "up", "bring_in", "up", "up", "up", "deal 1"))
"""PHH's fixed-limit seven-card stud: its code, what it is valued and bet by, and its
dealing steps in order (two down and one up, the bring-in, three streets up, one down)."""


class PhhError(ValueError):
    """A hand PHH cannot hold, or a hand the save does not have, with the reason."""


def card_code(card: Card) -> str:
    """A card as PHH writes it: rank then suit letter ("As", "Td")."""
    rank = "T" if card.rank == "10" else card.rank
    return f"{rank}{card.suit[:1].lower()}"


def hand_starts(data: Mapping[str, Any]) -> list[int]:
    """Where each hand begins in a save's history (the index of its shuffle)."""
    return [n for n, item in enumerate(data.get("history", []))
            if isinstance(item, Mapping) and item.get("type") == Shuffle.kind]


def _variant(state: GameState) -> str:
    if not hasattr(type(state), "evaluators") or not hasattr(state, "blind_seats"):
        raise PhhError("PHH holds poker games written in a variant file; this game has no PHH variant")
    names = [e.name for e in type(state).evaluators()]  # type: ignore[attr-defined]
    high, low = (names + ["", ""])[:2]
    limit = getattr(state.settings, "limit", "")  # type: ignore[attr-defined]
    dealing = _dealing(state)
    if "bring_in" in dealing:  # stud: no board, and (high, low, limit) says the same as Hold'em's
        code = STUD[0] if (high, low, str(limit)) == STUD[1] and dealing == STUD[2] else None
    else:
        code = VARIANTS.get((high, low, str(limit))) if "board" in dealing else None
    if code is None:
        raise PhhError(f"PHH has no variant for this game ({high}{' / ' + low if low else ''}, {limit})")
    return code


def phh_variant(state: GameState) -> str | None:
    """PHH's code for the game ``state`` plays ("NT", "F7S"...), or None when PHH has none."""
    try:
        return _variant(state)
    except PhhError:
        return None


def _dealing(state: GameState) -> tuple[str, ...]:
    """The hand's dealing steps in order, in short: "deal N", "up", "board", "bring_in"."""
    words = {DealUp: "up", Board: "board", BringIn: "bring_in"}
    steps = getattr(type(state), "FLOW", None)
    return tuple(f"deal {step.hole}" if isinstance(step, Deal) else words[type(step)]
                 for step in (steps.steps if steps is not None else ()) if isinstance(step, (Deal, *words)))


def _order(state: Any, seats: Sequence[int]) -> list[int]:
    """The hand's players in PHH order: from the dealer's left round to the dealer."""
    start = (state.dealer + 1) % state.seats
    return sorted(seats, key=lambda s: (s - start) % state.seats)


_STREETS = (3, 4, 5)
"""The board's size after the flop, the turn and the river: PHH deals each street apart."""


def hand_history(game: Any, data: Mapping[str, Any], hand: int, *, deck: Deck) -> str:
    """Hand ``hand`` (1-based) of the saved match ``data`` (a state's ``to_json()``) as PHH
    text; PhhError when the game is not one PHH names or the save has no such hand."""
    starts = hand_starts(data)
    if not starts:
        _variant(replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=0))
    if not 1 <= hand <= len(starts):
        raise PhhError(f"the save has hands 1 to {len(starts)}, not {hand}")
    state = replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=starts[hand - 1])
    return _write_hand(state, list(data["history"]), starts, hand, deck)


def _write_hand(state: Any, history: list[Any], starts: list[int], hand: int, deck: Deck) -> str:
    """Hand ``hand`` as PHH, played on ``state`` (at the hand's start; left at its end, the
    next hand's start) from ``history``."""
    end = starts[hand] if hand < len(starts) else len(history)
    code = _variant(state)
    before = list(state.chips.stacks)
    logged = len(state.log)
    state.apply(action_from_json(history[starts[hand - 1]]))  # the shuffle: forced bets and the deal follow
    notes: dict[int, list[str]] = {0: [event.public for event in state.log[logged:]]}  # action -> its log lines
    seats = [s for s in range(state.seats) if state.in_hand[s]]
    order = _order(state, seats)
    player = {seat: f"p{n + 1}" for n, seat in enumerate(order)}
    stakes = state.stakes  # (the blinds as they stand after any doubling)
    owed = {state.blind_seats.get(name): stakes.values.get(f"{name}_blind", 0) for name in ("small", "big")}
    posted = [min(before[s], owed.get(s, 0)) for s in order]  # a short blind goes all-in for what it has
    if len(order) == 2:  # heads-up the dealer posts the small blind; PHH lists the blinds small first
        posted.reverse()
    ante = [stakes.values.get("ante", 0) if code == STUD[0] else 0] * len(order)
    actions: list[str] = []
    seen: dict[int, set[int]] = {s: set() for s in order}
    streets = (3, 4, 5, 6, 7) if code == STUD[0] else ()
    _holes(state, order, seen, player, actions, deck, streets)
    betting = sum(before[s] > ante[0] for s in order) > 1  # (all but one all-in on the antes: no bet is made)
    if code == STUD[0] and state.bring_in_seat in player and betting:
        actions.insert(len(order), f"{player[state.bring_in_seat]} pb")  # after third street, however far it ran
    board = _boards(state, 0, actions, deck)  # (a hand all-in on its blinds is run out by the shuffle itself)
    last_raiser: int | None = None  # the last to bet or raise this street: the first to show
    for item in history[starts[hand - 1] + 1:end]:
        action = action_from_json(item)
        words = _words(state, action, player)
        logged = len(state.log)
        state.apply(action)
        at = len(actions)
        if words is not None:
            actions.append(words)
            if " cbr " in words:
                last_raiser = action.seat
        if _holes(state, order, seen, player, actions, deck, streets):  # (stud's next street)
            last_raiser = None
        if len(state.board) > board:
            board, last_raiser = _boards(state, board, actions, deck), None
        said = [event.public for event in state.log[logged:]]
        if said and actions:  # (a move with no PHH words of its own: its lines go with the last action)
            notes.setdefault(at if words is not None else len(actions) - 1, []).extend(said)
    actions += _shown(state, order, player, last_raiser, deck)
    lines = [f"variant = {json.dumps(code)}", f"antes = {ante}"]
    if code == STUD[0]:  # a short stack's ante is matched, the rest returned: as PHH's trimmed antes
        lines.append("ante_trimming_status = true")
    lines.append(f"bring_in = {stakes.values.get('bring_in', 0)}" if code == STUD[0]
                 else f"blinds_or_straddles = {posted}")
    betting = stakes.betting
    if code in ("NT", "PO"):
        lines.append(f"min_bet = {betting.min_bet}")
    else:
        lines += [f"small_bet = {betting.min_bet}", f"big_bet = {betting.big_bet}"]
    lines += [f"starting_stacks = {[before[s] for s in order]}",
              "actions = [\n" + "".join(f"  {toml_entry(a, notes.get(n, ()))}\n" for n, a in enumerate(actions)) + "]",
              "players = [" + ", ".join(json.dumps(state.names[s]) for s in order) + "]",
              f"hand = {hand}",
              f"finishing_stacks = {[state.chips.stacks[s] for s in order]}"]
    return "\n".join(lines) + "\n"


def toml_entry(words: str, said: Sequence[str]) -> str:
    """One action of a hand's list: its words quoted, then the log lines it made as TOML
    comments (what the players read), so a person can follow the hand in the file."""
    comments = [line.replace("\n", " ") for line in said if line]
    entry = json.dumps(words) + ","
    if comments:
        entry += f"  # {comments[0]}" + "".join(f"\n  # {line}" for line in comments[1:])
    return entry


def _holes(state: Any, order: Sequence[int], seen: dict[int, set[int]], player: Mapping[int, str],
           actions: list[str], deck: Deck, streets: Sequence[int] = ()) -> bool:
    """Add a ``d dh`` for each player's cards dealt since ``seen``: all of a Hold'em hand at
    once; with ``streets`` (the hand's size after each street: stud's 3, 4, 5, 6, 7) a
    street at a time round the table, as PHH's stud deals, even when an all-in ran
    several out at once. True when any were."""
    new = {seat: [c for c in state.hands[seat] if c not in seen[seat]] for seat in order}
    dealt = any(new.values())
    for upto in (*streets, None):
        for seat in order:
            held = len(seen[seat])
            take = new[seat][:max(0, upto - held)] if upto is not None else list(new[seat])
            if take:
                del new[seat][:len(take)]
                seen[seat].update(take)
                actions.append(f"d dh {player[seat]} {''.join(card_code(deck[c]) for c in take)}")
    return dealt


def _boards(state: Any, dealt: int, actions: list[str], deck: Deck) -> int:
    """Add the board cards dealt beyond the first ``dealt``, street by street (a board run out
    at once after an all-in is still the flop, the turn and the river); the board's size."""
    while len(state.board) > dealt:
        upto = next((n for n in _STREETS if n > dealt), len(state.board))
        actions.append(f"d db {''.join(card_code(deck[c]) for c in state.board[dealt:upto])}")
        dealt = upto
    return dealt


def _words(state: Any, action: Any, player: Mapping[int, str]) -> str | None:
    """A player's move in PHH's notation (None: not a player's move)."""
    who = player.get(action.seat)
    return None if who is None else betting_words(state, action, who)


def betting_words(state: Any, action: Any, who: str) -> str | None:
    """A betting move of player ``who`` ("p2") in PHH's notation: ``f``, ``cc``, ``cbr TO``
    (an all-in is a raise to all the seat has, or a call when that is no more than the
    bet); None for any other move."""
    if isinstance(action, Fold):
        return f"{who} f"
    if isinstance(action, (Check, Call)):
        return f"{who} cc"
    if isinstance(action, (Bet, Raise)):
        return f"{who} cbr {action.to}"
    chips = getattr(state, "chips", None)
    if isinstance(action, AllIn) and chips is not None:
        bets = chips.round_bets
        to = bets[action.seat] + chips.stacks[action.seat]
        return f"{who} cbr {to}" if to > max(bets) else f"{who} cc"
    return None


def _shown(state: Any, order: list[int], player: Mapping[int, str], last_raiser: int | None,
           deck: Deck) -> list[str]:
    """The showdown's shows in PHH's order: the last to bet or raise on the last street
    first, else the first player still in; then round the table."""
    shown = [s for s in order if state.shown[s] and state.in_hand[s]]
    if len(shown) < 2:
        return []
    first = order.index(last_raiser) if last_raiser in shown else order.index(shown[0])
    ring = order[first:] + order[:first]
    return [f"{player[s]} sm {''.join(card_code(deck[c]) for c in state.hands[s])}" for s in ring if s in shown]


def match_history(game: Any, data: Mapping[str, Any], *, deck: Deck) -> str:
    """Every finished hand of the saved match ``data`` as one multi-hand file (PHHS: each
    hand a ``[N]`` table, as pokerkit's ``HandHistory.loads_all`` reads); PhhError as
    :func:`hand_history`. A hand still being played is left out. The match is replayed
    once, each hand written as play reaches it."""
    starts, history = hand_starts(data), list(data["history"])
    state: Any = replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=starts[0] if starts else 0)
    _variant(state)  # (a game PHH has no variant for: refused)
    hands = [f"[{n}]\n{_write_hand(state, history, starts, n, deck)}" for n in range(1, len(starts) + 1)]
    if hands and not (state.to_act is None or state.results is not None):  # the last hand still being played
        hands.pop()
    if not hands:
        raise PhhError("the save has no finished hand yet")
    return "\n".join(hands)

