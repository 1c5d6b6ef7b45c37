"""Shenja Ivali's typed seat view: the shared chip view, the flop, the stock and the
discards as zones, and the game's own part (:class:`IvaliParts`: the flop auction and
how many cards each seat exchanged)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine import flow
from cardtable.engine.view import GameExtra, Phase, SeatView, Zone, phase_words
from cardtable.games.seat_views import chip_view, counted, poker_showdown
from cardtable.games.shenja_ivali.rules import Phase as IvaliPhase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState

PHASE_WORDS = {IvaliPhase.SHUFFLE: "Shuffling", IvaliPhase.BET: "Betting", IvaliPhase.DRAW: "The exchange",
               IvaliPhase.AUCTION: "The flop auction", IvaliPhase.REVEAL: "The reveal",
               IvaliPhase.GAME_OVER: "Game over"}
"""Each phase in words."""


@dataclass(frozen=True, kw_only=True)
class FlopBid:
    """One flop card's auction, in flop order: who took it (None: nobody yet), and the
    standing high bid and bidder."""

    taker: int | None = None
    high_bid: int = 0
    high_bidder: int | None = None


@dataclass(frozen=True, kw_only=True)
class AuctionBid:
    """A seat's bid in the auction: the flop card and the amount."""

    card: int
    amount: int


class IvaliParts(GameExtra, kind="shenja_ivali"):
    """What only Shenja Ivali shows: each flop card's auction (:class:`FlopBid`, in the
    order of the ``flop`` zone), the auction pot, whether the auction has begun, each
    seat's auction status and bid, who bids now, and how many cards each seat exchanged
    (None before its turn)."""

    flop: tuple[FlopBid, ...] = ()
    auction_pot: int = 0
    auction: bool = False
    auction_status: tuple[str, ...] = ()
    auction_bids: tuple[AuctionBid | None, ...] = ()
    auction_to_act: int | None = None
    drawn: tuple[int | None, ...] = ()


def seat_view(state: ShenjaIvaliState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    words = PHASE_WORDS.get(state.phase, phase_words(state.phase.value))
    step = state.step
    if state.phase == IvaliPhase.BET and isinstance(step, flow.Bet) and step.name:  # "Betting after the flop"
        words = f"Betting {step.name}"
    phase = Phase(id=state.phase.value, words=words)
    auction = state.auction
    high = auction.high if auction is not None else {}
    flop = tuple(FlopBid(taker=state.flop_takers[i] if i < len(state.flop_takers) else None,
                         high_bid=high[c][1] if c in high else 0, high_bidder=high[c][0] if c in high else None)
                 for i, c in enumerate(state.flop))
    bids: tuple[AuctionBid | None, ...] = ()
    if auction is not None:
        bids = tuple(AuctionBid(card=card, amount=auction.bids[s]) if card is not None else None
                     for s, card in enumerate(auction.bid_card))
    extra = IvaliParts(flop=flop, auction_pot=state.auction_pot, auction=auction is not None,
                       auction_status=tuple(auction.status) if auction is not None else (), auction_bids=bids,
                       auction_to_act=auction.to_act if auction is not None else None, drawn=tuple(state.drawn))
    zones = (Zone(id="flop", cards=tuple(state.flop)), counted("deck", len(state.deck_order)),
             counted("discard", len(state.discards)))
    return chip_view(state, seat, game="shenja_ivali", phase=phase, shown=state.shown, out=state.out,
                     in_hand=state.in_hand, round_no=state.round_no, betting_round=state.betting_round,
                     zones=zones, options=options,
                     showdown=poker_showdown(state.results.to_json()) if state.results is not None else None,
                     extra=extra)
