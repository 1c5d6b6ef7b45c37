"""Flame Sword's typed seat view: the shared chip view, the grid (face-down cells as
``None``), the stock and the muck as zones, and the game's own part
(:class:`FlameParts`: blinds, the underdog, flipping, each seat's called cards)."""

from __future__ import annotations

from cardtable.engine.view import GameExtra, Phase, SeatView, Zone, phase_words
from cardtable.games.flame_sword.rules import Phase as FlamePhase
from cardtable.games.flame_sword.state import FlameSwordState
from cardtable.games.seat_views import chip_view, counted, poker_showdown

PHASE_WORDS = {FlamePhase.START: "Shuffling", FlamePhase.CALL: "The Called Shot", FlamePhase.DEAL: "The deal",
               FlamePhase.BET: "Betting", FlamePhase.FLIP: "Flipping the grid", FlamePhase.REVEAL: "The showdown",
               FlamePhase.GAME_OVER: "Game over"}
"""Each phase in words."""


class FlameParts(GameExtra, kind="flame_sword"):
    """What only Flame Sword shows: the blinds (``(role, seat)`` pairs: small, big,
    extra), the underdog, how many grid cards are face up, the cell being flipped to
    and the last one flipped, each seat's called cards (None before it called), and
    at a showdown the line each shown hand used (``(seat, line)`` pairs) and the
    underdog of that hand."""

    blinds: tuple[tuple[str, int], ...] = ()
    underdog: int | None = None
    face_up_count: int = 0
    flip_target: int | None = None
    last_flipped: int | None = None
    called: tuple[tuple[int, ...] | None, ...] = ()
    lines: tuple[tuple[int, str], ...] = ()
    shown_underdog: int | None = None


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
                       shown_underdog=results.get("underdog") if results is not None else None)
    zones = (Zone(id="grid", cards=tuple(state.visible_grid())), counted("deck", state.stock_count),
             counted("muck", len(state.mucked)))
    return chip_view(state, seat, game="flame_sword", phase=phase, shown=state.shown,
                     out=[state.is_out(s) for s in range(state.seats)], in_hand=state.in_hand,
                     round_no=state.hand_no, betting_round=state.betting_round, zones=zones, options=options,
                     showdown=poker_showdown(results, round_key="hand_no") if results is not None else None,
                     extra=extra)
