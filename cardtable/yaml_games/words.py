"""The hint's reasons in a player's words, for the games written in a variant file.

The table's hint (:mod:`cardtable.ui.hint`) shows what the strong level would do; the normal
bot's :meth:`~cardtable.yaml_games.bot.FlowBot.hint_reasons` says why, from what the seat may
see: "Call: about 38% to win, the price is 20%", "Discard 4D, 8C: keep the pair of kings". Only
the seat's own cards and the cards face up are ever named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise, bet_words
from cardtable.engine.flow.actions import Discard
from cardtable.engine.flow.steps import Draw
from cardtable.engine.game import Action
from cardtable.engine.named_evaluators import NamedEvaluator, lookup
from cardtable.engine.poker_hands import RANK_NAMES, pairs_of
from cardtable.engine.words import plural

__all__ = ["reasons", "kept_words", "percent", "action_name"]


_NUMBERS = {3: "three", 4: "four"}


def percent(share: float) -> str:
    """A share as a whole percentage ("38%"); never 0% or 100% for what is only likely."""
    value = round(100 * share)
    if value == 0 and share > 0:
        return "under 1%"
    if value == 100 and share < 1:
        return "over 99%"
    return f"{value}%"


def _rank_word(rank: int, many: bool = False) -> str:
    word = RANK_NAMES[rank].lower()
    if not many:
        return word
    return "sixes" if rank == 6 else word + "s"


def kept_words(state: Any, kept: Sequence[int], board: Sequence[int], high: str, low: str) -> str:
    """What keeping the deck indices ``kept`` holds on to, in words ("the pair of kings",
    "four to a flush", "the ace and the king")."""
    if not kept:
        return "a whole new hand"
    cards = [state.deck[c] for c in kept]
    evaluator = lookup(high)
    if not evaluator.standard:
        return _own_words(state, kept, board, evaluator)
    pairs = pairs_of(cards)
    ranks = [r for r, _ in pairs]
    counts = Counter(ranks)
    if board and len(kept) + len(board) >= 5:
        value = evaluator.value(cards, [state.deck[c] for c in board])
        held = ", ".join(state.card_name(c) for c in kept)
        return f"{held} ({_made(value.label)} with the board)" if value is not None else held
    if len(kept) >= 5:
        value = evaluator.value(cards, [])
        if value is not None and (not low or lookup(low).value(cards, []) is None):
            return _made(value.label)
    groups = sorted(((n, r) for r, n in counts.items() if n >= 2), reverse=True)
    singles = sorted((r for r, n in counts.items() if n == 1), reverse=True)
    if low and not groups:
        low_cards = sorted({1 if r == 14 else r for r in ranks if r == 14 or r <= 8})
        if len(low_cards) == len(kept):  # every card kept is a low one
            return ", ".join("A" if r == 1 else str(r) for r in reversed(low_cards)) + " for a low"
    if groups:
        words = []
        if len(groups) >= 2 and groups[0][0] == groups[1][0] == 2:
            words.append(f"two pair, {_rank_word(groups[0][1], True)} and {_rank_word(groups[1][1], True)}")
        else:
            count, rank = groups[0]
            words.append({2: f"the pair of {_rank_word(rank, True)}", 3: f"three {_rank_word(rank, True)}",
                          4: f"four {_rank_word(rank, True)}"}.get(count, f"{count} {_rank_word(rank, True)}"))
            if len(groups) > 1:
                words.append(f"the pair of {_rank_word(groups[1][1], True)}")
        words += [f"the {_rank_word(r)}" for r in singles]
        return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 2 else words)
    suits = {s for _, s in pairs}
    if len(kept) >= 3 and len(suits) == 1:
        return f"{_NUMBERS.get(len(kept), str(len(kept)))} to a flush"
    if len(kept) == 4 and max(ranks) - min(ranks) == 3:
        return "four to a straight"
    named = [f"the {_rank_word(r)}" for r in sorted(ranks, reverse=True)]
    return " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 2 else named)


def _own_words(state: Any, kept: Sequence[int], board: Sequence[int], evaluator: NamedEvaluator) -> str:
    """What keeping ``kept`` holds on to under a game's own evaluator: the cards, and the hand
    they make (with the board) once there are enough of them."""
    held = ", ".join(state.card_name(c) for c in kept)
    count = len(kept) + len(board)
    if count < evaluator.fewest or (evaluator.most is not None and count > evaluator.most):
        return held
    value = evaluator.value([state.deck[c] for c in kept], [state.deck[c] for c in board])
    return f"{held} ({value.label})" if value is not None else held


def action_name(state: Any, action: Action) -> str:
    """``action`` in words: "Fold", "Check", "Call 2", "Bet 4", "Raise to 8", "All-in 96",
    "Discard 4D, 8C", "Stand pat"."""
    if isinstance(action, Discard):
        return f"Discard {', '.join(state.card_name(c) for c in action.cards)}" if action.cards else "Stand pat"
    if isinstance(action, (Call, AllIn)):
        return bet_words(action, state.betting_options(action.seat), state.stacks[action.seat])
    if isinstance(action, Bet):
        return f"Bet {action.to}"
    if isinstance(action, Raise):
        return f"Raise to {action.to}"
    if isinstance(action, Fold):
        return "Fold"
    if isinstance(action, Check):
        return "Check"
    return type(action).__name__


def _made(label: str) -> str:
    """A hand's label as said after "keep": "a pair of twos", "king high", "three kings"."""
    lower = label.lower()
    return "a " + lower if lower.startswith(("pair", "straight", "flush", "full house", "royal")) else lower


def reasons(bot: Any, state: Any, seat: int, action: Action) -> list[str]:
    """Why ``action`` (see the module's text): a line or two."""
    view = state.seat_view(seat)
    situation = bot.situation(state, seat, view)
    win = f"about {percent(situation.equity)} of the pot" if situation.split else \
        f"about {percent(situation.equity)} to win"
    if isinstance(action, Discard):
        from cardtable.engine.flow.streets import BoardShowdown
        showdown = next(s for s in state.steps if isinstance(s, BoardShowdown))
        mine = [c for c in view.seats[seat].hand if c is not None]
        kept = [c for c in mine if c not in action.cards]
        board = list(view.zone("board").cards) if view.zone("board") is not None else []
        keep = kept_words(state, kept, board, showdown.high, showdown.low)
        drawing = isinstance(state.step, Draw)
        if not action.cards:
            head = "Stand pat"
        else:
            head = f"Discard {', '.join(state.card_name(c) for c in action.cards)}"
        lines = [f"{head}: keep {keep}"]
        best = set(situation.kept) == set(kept)
        when = "after the draw" if drawing else "with these cards"
        if best:
            lines.append(f"{win[0].upper()}{win[1:]} {when}, against {plural(situation.opponents, 'player')}")
        else:
            other = kept_words(state, situation.kept, board, showdown.high, showdown.low)
            lines.append(f"The normal player would keep {other}")
        return lines
    pot = view.pot_total
    to_call = situation.to_call
    price = to_call / (pot + to_call) if to_call else 0.0
    against = f"against {plural(situation.opponents, 'player')}"
    if isinstance(action, Fold):
        return [f"Fold: {win}, the price is {percent(price)}"]
    if isinstance(action, Call):
        return [f"Call: {win}, the price is {percent(price)}"]
    if isinstance(action, Check):
        return [f"Check: {win} {against}, and checking is free"]
    if isinstance(action, (Bet, Raise)):
        verb = "Bet" if isinstance(action, Bet) else "Raise to"
        return [f"{verb} {action.to}: {win} {against}"]
    if isinstance(action, AllIn):
        return [f"All-in: {win} {against}"]
    return [f"{win[0].upper()}{win[1:]} {against}"]
