"""Ipso's typed seat view: the shared chip view, Ipso's piles as zones (the flip pile
and the face-up discards shown, the stock, the face-down discards, the buried and the
thrown-in cards counted), and the game's own part (:class:`IpsoParts`)."""

from __future__ import annotations

from cardtable.engine.view import GameExtra, Phase, SeatView, Showdown, ShownHand, Zone, phase_words
from cardtable.games.ipso.betting import IpsoBetOptions
from cardtable.games.ipso.rules import Phase as IpsoPhase
from cardtable.games.ipso.state import IpsoState
from cardtable.games.seat_views import chip_view, counted, hand_key

PHASE_WORDS = {IpsoPhase.DEALER_DRAW: "Drawing for the deal", IpsoPhase.SHUFFLE: "Shuffling",
               IpsoPhase.BET: "Betting", IpsoPhase.EXCHANGE: "The exchange",
               IpsoPhase.CHOOSE_DEALER: "Choosing the next dealer", IpsoPhase.GAME_OVER: "Game over"}
"""Each phase in words."""


class IpsoParts(GameExtra, kind="ipso"):
    """What only Ipso shows: who can pay the next ante, the exchange (its step and what
    each seat exchanged), the least first stake and the last amount bet, the viewer's
    betting options (Ipso's own kind), the draws for the first deal (``(seat, card)``
    pairs, draw after draw), the cut cards, who chooses the next dealer, the viewer's
    own hand in words, and the pot the last winner took and the cuts that broke its tie
    (``(seat, card)``, in the order dealt)."""

    can_play: tuple[bool, ...] = ()
    exchange_phase: int | None = None
    exchanged: tuple[str | None, ...] = ()
    floor: int = 0
    last_amount: int | None = None
    options: IpsoBetOptions | None = None
    dealer_draws: tuple[tuple[tuple[int, ...], ...], ...] = ()
    cut_cards: tuple[tuple[int, ...], ...] = ()
    chooser: int | None = None
    own_hand: str | None = None
    won_pot: int = 0
    cuts: tuple[tuple[int, int], ...] = ()


def seat_view(state: IpsoState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    phase = Phase(id=state.phase.value, words=PHASE_WORDS.get(state.phase, phase_words(state.phase.value)))
    own = state.hand_value(seat) if seat is not None and not state.shown[seat] else None
    results = state.results
    showdown = None
    if results is not None:
        hands = tuple(ShownHand(seat=s, key=(9 - rank, value), label=f"{kind} ({value})", kind=hand_key(kind),
                                cards=tuple(state.hands[s]) if state.shown[s] else ())
                      for s, (rank, kind, value) in sorted(results.hands.items()))
        showdown = Showdown(round=results.round_no, showdown=results.showdown, hands=hands,
                            winners=(results.winner,), net=tuple(results.net))
    can_play = tuple(state.can_play(s) for s in range(state.seats))
    extra = IpsoParts(can_play=can_play, exchange_phase=state.exchange_phase, exchanged=tuple(state.exchanged),
                      floor=state.floor, last_amount=state.betting.last_amount if state.betting is not None else None,
                      options=options, dealer_draws=tuple(tuple(tuple(p) for p in draw) for draw in state.dealer_draws),
                      cut_cards=tuple(tuple(c) for c in state.cut_cards), chooser=state.chooser,
                      own_hand=own.label if own is not None else None,
                      won_pot=results.pot if results is not None else 0,
                      cuts=tuple((s, c) for s, c in results.cuts) if results is not None else ())
    zones = (counted("stock", len(state.stock)), Zone(id="flip", cards=tuple(state.flip)),
             counted("down_discard", len(state.down_discard)), Zone(id="up_discard", cards=tuple(state.up_discard)),
             counted("buried", len(state.buried)), counted("muck", len(state.mucked)))
    in_hand = state.in_hand
    return chip_view(state, seat, game="ipso", phase=phase, shown=state.shown,
                     out=[not can_play[s] and not in_hand[s] for s in range(state.seats)], in_hand=in_hand,
                     round_no=state.round_no, betting_round=state.betting_round, zones=zones, pots=False,
                     showdown=showdown, extra=extra)
