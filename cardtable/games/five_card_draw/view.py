"""Five-Card Draw's typed seat view: the shared chip view, the stock and the discards
counted, and the game's own part (:class:`DrawParts`: who drew how many, how many the
viewer may discard)."""

from __future__ import annotations

from cardtable.engine.view import GameExtra, Phase, SeatView, phase_words
from cardtable.games.five_card_draw.rules import Phase as DrawPhase
from cardtable.games.five_card_draw.state import DrawState
from cardtable.games.seat_views import chip_view, counted, poker_showdown

PHASE_WORDS = {DrawPhase.SHUFFLE: "Shuffling", DrawPhase.BET: "Betting", DrawPhase.DRAW: "The draw",
               DrawPhase.RESHUFFLE: "Reshuffling the discards", DrawPhase.REVEAL: "The showdown",
               DrawPhase.GAME_OVER: "Game over"}
"""Each phase in words."""


class DrawParts(GameExtra, kind="five_card_draw"):
    """What only Five-Card Draw shows: how many cards each seat drew this hand (None
    before its turn) and how many the viewer may discard now (None for a spectator)."""

    drawn: tuple[int | None, ...] = ()
    draw_limit: int | None = None


def seat_view(state: DrawState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    phase = Phase(id=state.phase.value, words=PHASE_WORDS.get(state.phase, phase_words(state.phase.value)))
    zones = (counted("deck", len(state.deck_order)), counted("discard", len(state.discards) + len(state.pending)))
    extra = DrawParts(drawn=tuple(state.drawn), draw_limit=state.draw_limit(seat) if seat is not None else None)
    return chip_view(state, seat, game="five_card_draw", phase=phase, shown=state.shown, out=state.out,
                     in_hand=state.in_hand, round_no=state.round_no, betting_round=state.betting_round,
                     zones=zones, options=options,
                     showdown=poker_showdown(state.results.to_json()) if state.results is not None else None,
                     extra=extra)
