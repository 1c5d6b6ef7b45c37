"""Flame Sword's typed seat view: the shared chip view, the grid (face-down cells as
``None``), the stock and the muck as zones, and the game's own part
(:class:`FlameParts`: blinds, the underdog, flipping, each seat's called cards)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.cards import Deck
from cardtable.engine.view import GameExtra, Phase, SeatView, Zone, phase_words
from cardtable.games.flame_sword.rules import Phase as FlamePhase
from cardtable.games.flame_sword.state import FlameSwordState, line_cells_of
from cardtable.games.seat_views import chip_view, counted, poker_showdown

PHASE_WORDS = {FlamePhase.START: "Shuffling", FlamePhase.CALL: "The Called Shot", FlamePhase.DEAL: "The deal",
               FlamePhase.BET: "Betting", FlamePhase.FLIP: "Flipping the grid", FlamePhase.REVEAL: "The showdown",
               FlamePhase.GAME_OVER: "Game over"}
"""Each phase in words."""


class FlameParts(GameExtra, kind="flame_sword"):
    """What only Flame Sword shows: the blinds (``(role, seat)`` pairs: small, big,
    extra), the underdog, how many grid cards are face up, the cell being flipped to
    and the last one flipped, each seat's called cards (None before it called), and
    at a showdown the line each shown hand used (``(seat, line)`` pairs), the underdog
    of that hand, and what decided each pot (``(words, tie layer)``, in the showdown's
    pot order; ``("", -1)`` where nothing was compared)."""

    blinds: tuple[tuple[str, int], ...] = ()
    underdog: int | None = None
    face_up_count: int = 0
    flip_target: int | None = None
    last_flipped: int | None = None
    called: tuple[tuple[int, ...] | None, ...] = ()
    lines: tuple[tuple[int, str], ...] = ()
    shown_underdog: int | None = None
    decided: tuple[tuple[str, int], ...] = ()


def line_preview(view: SeatView, deck: Deck, order: str, line: str) -> tuple[Any, list[int]] | None:
    """The best hand the viewer could make now with ``line`` from what its view shows:
    its hole cards and the face-up cards of that line (face-down ones do not count), with
    its Called Shot; ``(FlameHand, the cards used)``, or None when it sees fewer than ten
    cards there (or nobody is viewing). ``order``: the settings' order of kinds."""
    grid = view.zone("grid")
    if view.seat is None or grid is None or not grid.cards:
        return None
    hole = [c for c in view.seats[view.seat].hand if c is not None]
    if not hole:
        return None
    seen = [card for cell in line_cells_of(line) if (card := grid.cards[cell]) is not None]
    if len(hole) + len(seen) < 10:
        return None  # a hand is ten cards: not enough of this line is face up yet
    called = view.extra_as(FlameParts).called[view.seat] or ()
    from cardtable.games.flame_sword import hands as flame_hands  # the evaluator, loaded when first asked
    hand = flame_hands.best_hand(deck, hole + seen, called=called, order=order)
    return hand, list(hand.cards)


def seat_view(state: FlameSwordState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    phase = Phase(id=state.phase.value, words=PHASE_WORDS.get(state.phase, phase_words(state.phase.value)))
    results = state.results.to_json() if state.results is not None else None
    lines = tuple(sorted((int(s), str(h["line"])) for s, h in results["hands"].items() if h.get("line"))
                  ) if results is not None else ()
    extra = FlameParts(blinds=tuple(sorted(state.blind_seats.items())), underdog=state.underdog,
                       face_up_count=state.face_up_count, flip_target=state.flip_target,
                       last_flipped=state.last_flipped,
                       called=tuple(tuple(c) if c is not None else None for c in state.called), lines=lines,
                       shown_underdog=results.get("underdog") if results is not None else None,
                       decided=tuple((str(p.get("decided") or ""), -1 if p.get("layer") is None else int(p["layer"]))
                                     for p in results.get("pots", ())) if results is not None else ())
    zones = (Zone(id="grid", cards=tuple(state.visible_grid())), counted("deck", state.stock_count),
             counted("muck", len(state.mucked)))
    return chip_view(state, seat, game="flame_sword", phase=phase, shown=state.shown,
                     out=[state.is_out(s) for s in range(state.seats)], in_hand=state.in_hand,
                     round_no=state.hand_no, betting_round=state.betting_round, zones=zones, options=options,
                     showdown=poker_showdown(results, round_key="hand_no") if results is not None else None,
                     extra=extra)
