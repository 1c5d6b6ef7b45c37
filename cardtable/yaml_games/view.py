"""The typed seat view of a game written in a variant file: the shared chip view, every card
dealt face up shown to all, the board, the stock and the discards counted, and the part only
these games have (:class:`FlowParts`: the board, the street, who drew how many, how many the
viewer may discard)."""

from __future__ import annotations

import dataclasses

from cardtable.engine.flow.steps import Bet as BetStep
from cardtable.engine.flow.streets import Board, DealUp, DiscardDown
from cardtable.engine.view import GameExtra, Phase, SeatView, Zone, phase_words
from cardtable.games.seat_views import chip_view, counted, poker_showdown
from cardtable.yaml_games.rules import Phase as FlowPhase
from cardtable.yaml_games.state import DeclaredState

__all__ = ["FlowParts", "seat_view", "PHASE_WORDS"]

PHASE_WORDS = {FlowPhase.SHUFFLE: "Shuffling", FlowPhase.BET: "Betting", FlowPhase.DRAW: "The draw",
               FlowPhase.RESHUFFLE: "Reshuffling the discards", FlowPhase.REVEAL: "The showdown",
               FlowPhase.GAME_OVER: "Game over"}
"""Each phase in words (a discard step says its own)."""


class FlowParts(GameExtra, kind="declared"):
    """What the games written in a variant file show beyond the chip view: the step the hand
    is at in words (``street``: "on the flop", "the draw"), how many cards each seat drew or
    discarded this hand (None before its turn), how many the viewer may discard now
    (``draw_limit``; ``draw_exact``: exactly that many, as Pineapple's discard), and whether the
    game deals a board or up cards (to lay the table out before the first card)."""

    street: str = ""
    drawn: tuple[int | None, ...] = ()
    draw_limit: int | None = None
    draw_exact: bool = False
    has_board: bool = False
    has_up: bool = False
    thrown: tuple[int, ...] = ()
    """The viewer's own discards this hand."""


def seat_view(state: DeclaredState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    step = state.step
    words = PHASE_WORDS.get(state.phase, phase_words(state.phase.value))
    if isinstance(step, DiscardDown):
        words = f"Discard {step.count}"
    elif isinstance(step, BetStep) and step.name:  # which round: "Betting on the turn"
        words = f"Betting {step.name}"
    phase = Phase(id=state.phase.value, words=words)
    zones = (Zone(id="board", cards=tuple(state.board)), counted("deck", len(state.deck_order)),
             counted("discard", len(state.discards) + len(state.pending) + len(state.burned)))
    limit: int | None = None
    if seat is not None:
        limit = step.count if isinstance(step, DiscardDown) else state.draw_limit(seat)
    flow = state.FLOW
    extra = FlowParts(street=step.describe() if step is not None else "", drawn=tuple(state.drawn),
                      draw_limit=limit, draw_exact=isinstance(step, DiscardDown),
                      has_board=any(isinstance(s, Board) for s in flow.steps),
                      has_up=any(isinstance(s, DealUp) for s in flow.steps),
                      thrown=tuple(state.thrown[seat]) if seat is not None else ())
    view = chip_view(state, seat, game=state.GAME.id, phase=phase, shown=state.shown, out=state.out,
                     in_hand=state.in_hand, round_no=state.round_no, betting_round=state.betting_round,
                     zones=zones, options=options,
                     showdown=poker_showdown(state.results.to_json()) if state.results is not None else None,
                     extra=extra)
    seats = tuple(dataclasses.replace(info, up=tuple(state.up[info.seat]),
                                      hand=tuple(card if card is not None or i >= len(state.hands[info.seat])
                                                 or state.hands[info.seat][i] not in state.up[info.seat]
                                                 else state.hands[info.seat][i]
                                                 for i, card in enumerate(info.hand)))
                  for info in view.seats)
    return dataclasses.replace(view, seats=seats)
