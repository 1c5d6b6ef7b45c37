"""``cardtable rank`` for a game written in a variant file: the value of a hand by the
evaluators its showdown names (``cardtable rank texas_holdem AS KS QS JS 10S``; for a game with
a board or Omaha's two-plus-three, the hole cards, ``/``, then the board). A game valued by a
game's own evaluator names the cards of its deck by their codes ("Gula 3 of Fire")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import Card, Deck
from cardtable.engine.flow.steps import HandFlow
from cardtable.engine.flow.streets import Board, BoardShowdown
from cardtable.engine.poker_hands import parse_code
from cardtable.games.definition import GameDefinition

__all__ = ["rank", "showdown_of", "board_size", "RANKS_ANY_GAME"]

RANKS_ANY_GAME = True
"""One module ranks the hands of every game written in a variant file: ``rank`` takes the game."""


class _Code:
    """A card named by its code, as the evaluators read a card (``rank`` and ``suit``)."""

    def __init__(self, code: str) -> None:
        rank, suit = parse_code(code)
        self.code = code
        self.rank = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
        self.suit = suit


def _flow(game: GameDefinition) -> HandFlow:
    """The declared game's flow (its state class's)."""
    flow: HandFlow = getattr(game.state, "FLOW")  # noqa: B009 - the state class is typed as any game's
    return flow


def showdown_of(game: GameDefinition) -> BoardShowdown:
    """The showdown step of the declared game's flow: the evaluators it names (``high``,
    and ``low`` when the pot is split high and low). The flow is the game's, fixed when its
    file was read: a table may ask this without reading any match."""
    return next((s for s in _flow(game).steps if isinstance(s, BoardShowdown)), BoardShowdown())


def board_size(game: GameDefinition) -> int:
    """How many cards the declared game's flow turns up on the board in a whole hand (0:
    no board, as Stud and Draw)."""
    return sum(step.count for step in _flow(game).steps if isinstance(step, Board))


def rank(cards: list[str], game: GameDefinition | None = None) -> dict[str, Any]:
    """The value of a hand named by codes (words or comma-separated), the hole cards then,
    after a ``/``, the board: ``{"variant", "high": {"kind", "label", "key", "rank"}}`` and
    ``"low"`` when the game's showdown names one (null when no low qualifies). A game whose
    showdown names a game's own evaluator names the cards of its deck by their codes ("Gula 3
    of Fire"). ValueError for a bad or repeated card or too few cards."""
    if game is None:
        raise ValueError("rank needs the game whose evaluators to use")
    showdown = showdown_of(game)
    evaluators = showdown.evaluators()
    hole: Sequence[Any]
    board: Sequence[Any]
    if all(evaluator.standard for evaluator in evaluators):
        hole, board = _standard_cards(cards)
    else:
        from cardtable.variants import load_deck_by_id
        hole, board = _deck_cards(cards, load_deck_by_id(game.decks[0]))
    out: dict[str, Any] = {"variant": game.id}
    for half, evaluator in zip(("high", "low"), evaluators):
        if evaluator.hole and (len(hole) < evaluator.hole or len(board) < evaluator.board):
            raise ValueError(f"{game.name} makes a hand of {evaluator.hole} hole cards and {evaluator.board} "
                             "from the board: give the hole cards, then / and the board")
        if not evaluator.hole and evaluator.standard and len(hole) + len(board) < 5:
            raise ValueError(f"a poker hand is five cards, got {len(hole) + len(board)}")
        value = evaluator.value(hole, board)
        out[half] = None if value is None else {"kind": value.kind, "label": value.label, "key": list(value.key),
                                                "rank": value.rank}
    return out


def _standard_cards(cards: list[str]) -> tuple[list[_Code], list[_Code]]:
    """The hole cards and the board named by standard codes ("AS KS / QS JS 10S")."""
    words = " ".join(cards).replace(",", " ").replace("/", " / ").split()
    hole_codes, _, board_codes = (" ".join(words)).partition("/")
    hole = [_Code(c) for c in hole_codes.split()]
    board = [_Code(c) for c in board_codes.split()]
    names = [c.code.upper().replace("T", "10") for c in hole + board]
    if len(set(names)) != len(names):
        raise ValueError("a card is named twice")
    return hole, board


def _deck_cards(cards: list[str], deck: Deck) -> tuple[list[Card], list[Card]]:
    """The hole cards and the board named by the codes of ``deck``, which may hold spaces
    ("Gula 3 of Fire"): one card an argument, comma-separated, or the words of several in a row
    (each card the fewest words that name one)."""
    hole: list[Card] = []
    board: list[Card] = []
    part = hole
    for chunk in " ".join(cards).replace("/", " / ").split(","):
        words = chunk.split()
        start = 0
        while start < len(words):
            if words[start] == "/":
                part, start = board, start + 1
                continue
            card, start = _first_card(words, start, deck)
            part.append(card)
    indices = [card.index for card in hole + board]
    if len(set(indices)) != len(indices):
        raise ValueError("a card is named twice")
    return hole, board


def _first_card(words: list[str], start: int, deck: Deck) -> tuple[Card, int]:
    """The card the fewest words from ``start`` name, and where the next name starts."""
    for end in range(start + 1, len(words) + 1):
        if "/" in words[start:end]:
            break
        try:
            return deck.find(" ".join(words[start:end])), end
        except KeyError:
            continue
    raise ValueError(f"no card {' '.join(words[start:])!r} in the {deck.name} deck "
                     f"(name cards by their codes, e.g. {deck[0].code!r})")
