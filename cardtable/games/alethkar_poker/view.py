"""Alethkar Poker's typed seat view: the seats (another seat's stack hidden, as its bag
is: everybody sees only the sum), the stock and the discards counted, and the game's
own part (:class:`AlethkarParts`: holdings, bags, the middle, and at the reveal the
counted hands and the payout's arithmetic)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.view import GameExtra, Phase, SeatView, Showdown, ShownHand, phase_words
from cardtable.games.alethkar_poker.payout import Payout
from cardtable.games.alethkar_poker.rules import Phase as AlethkarPhase
from cardtable.games.alethkar_poker.state import AlethkarState
from cardtable.games.seat_views import counted, masked_hands, seat_lines

PHASE_WORDS = {AlethkarPhase.SHUFFLE: "Shuffling", AlethkarPhase.BET: "Filling the bags",
               AlethkarPhase.DISCARD: "The discard", AlethkarPhase.REVEAL: "The count",
               AlethkarPhase.GAME_OVER: "Game over"}
"""Each phase in words."""


@dataclass(frozen=True, kw_only=True)
class Combination:
    """One combination a counted hand was split into: its name, cards and value."""

    name: str
    cards: tuple[int, ...]
    value: int


@dataclass(frozen=True, kw_only=True)
class CountedHand:
    """A hand as counted at the reveal: the seat, its combinations and value (its words
    are the showdown's label for the seat)."""

    seat: int
    combinations: tuple[Combination, ...]
    value: int


@dataclass(frozen=True, kw_only=True)
class PayoutView:
    """The payout's public arithmetic (:class:`~cardtable.games.alethkar_poker.payout.Payout`),
    its seat-keyed parts as ``(seat, chips)`` pairs in seat order."""

    values: tuple[tuple[int, int], ...]
    top_value: int
    top_seats: tuple[int, ...]
    cap: int
    returned: tuple[tuple[int, int], ...]
    paid: tuple[tuple[int, int], ...]
    carried_in: int
    middle: int
    total_value: int
    order: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    carry_out: int

    @classmethod
    def of(cls, payout: Payout) -> PayoutView:
        """The view of a settled payout."""
        def pairs(mapping: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
            return tuple(sorted(mapping.items()))
        return cls(values=pairs(payout.values), top_value=payout.top_value, top_seats=tuple(payout.top_seats),
                   cap=payout.cap, returned=pairs(payout.returned), paid=pairs(payout.paid),
                   carried_in=payout.carried_in, middle=payout.middle, total_value=payout.total_value,
                   order=tuple(payout.order), shares=pairs(payout.shares), carry_out=payout.carry_out)

    def payout(self) -> Payout:
        """The :class:`Payout` again (for the payout's own words)."""
        return Payout(values=dict(self.values), top_value=self.top_value, top_seats=self.top_seats, cap=self.cap,
                      returned=dict(self.returned), paid=dict(self.paid), carried_in=self.carried_in,
                      middle=self.middle, total_value=self.total_value, order=self.order,
                      shares=dict(self.shares), carry_out=self.carry_out)


class AlethkarParts(GameExtra, kind="alethkar_poker"):
    """What only Alethkar Poker shows: every seat's holding (stack plus bag: public),
    the viewer's own bag (others None), who checked and who discarded, the players of
    this round from the dealer's left, the middle, the buy-in, and at the reveal the
    counted hands (players' order) and the payout."""

    holdings: tuple[int, ...] = ()
    bags: tuple[int | None, ...] = ()
    checked: tuple[bool, ...] = ()
    discarded: tuple[bool, ...] = ()
    players: tuple[int, ...] = ()
    middle: int = 0
    buy_in: int = 0
    counted: tuple[CountedHand, ...] = ()
    payout: PayoutView | None = None


def _counted(seat: int, hand: Any) -> CountedHand:
    data = hand.to_json()
    return CountedHand(seat=seat, value=int(data["value"]),
                       combinations=tuple(Combination(name=str(c["name"]), cards=tuple(c["cards"]),
                                                      value=int(c["value"])) for c in data["combinations"]))


def seat_view(state: AlethkarState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    phase = Phase(id=state.phase.value, words=PHASE_WORDS.get(state.phase, phase_words(state.phase.value)))
    to_act = state.to_act
    results = state.results if state.phase in (AlethkarPhase.REVEAL, AlethkarPhase.GAME_OVER) else None
    hands: tuple[CountedHand, ...] = ()
    showdown = None
    if results is not None:
        hands = tuple(_counted(s, results.hands[s]) for s in results.hands)
        showdown = Showdown(round=results.round_no, showdown=True,
                            hands=tuple(ShownHand(seat=h.seat, key=(h.value,), label=results.hands[h.seat].label,
                                                  kind=f"value_{h.value}",
                                                  cards=tuple(c for combo in h.combinations for c in combo.cards))
                                        for h in sorted(hands, key=lambda h: h.seat)),
                            winners=tuple(results.payout.top_seats), net=tuple(results.net))
    extra = AlethkarParts(holdings=tuple(state.holdings(s) for s in range(state.seats)),
                          bags=tuple(b if s == seat else None for s, b in enumerate(state.bags)),
                          checked=tuple(state.checked), discarded=tuple(state.discarded),
                          players=tuple(state.players()), middle=state.middle, buy_in=state.settings.buy_in,
                          counted=hands, payout=PayoutView.of(results.payout) if results is not None else None)
    seats = seat_lines(names=state.names, hands=masked_hands(state.hands, state.shown, seat),
                       stacks=[v if s == seat else None for s, v in enumerate(state.stacks)],
                       out=[state.is_out(s) for s in range(state.seats)], in_hand=state.in_round,
                       dealer=state.dealer, shown=state.shown)
    return SeatView(game="alethkar_poker", seat=seat, round=state.round_no, phase=phase, to_act=to_act,
                    seats=seats, dealer=state.dealer, pot_total=state.middle,
                    zones=(counted("deck", len(state.deck_order)), counted("discard", len(state.discards))),
                    legal=tuple(state.legal_actions(seat)) if seat is not None and seat == to_act else (),
                    showdown=showdown, extra=extra)
