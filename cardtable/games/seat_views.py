"""The parts of a :class:`~cardtable.engine.view.SeatView` that most games build alike.

Each game's ``view.py`` builds its seat view from its state's public attributes; what
they share is here: hands masked for the viewer, the seats' lines, the pots, and the
showdown of a poker-style round result (``hands`` with ``kind`` and ``label``, the
shown ``cards``, the settled ``pots``, ``winners`` and ``net``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.betting import BetOptions
from cardtable.engine.chips import Pot as LedgerPot
from cardtable.engine.seats import ChipSeatedState
from cardtable.engine.view import (
    FOLDED,
    IN_HAND,
    OUT,
    Card,
    GameExtra,
    HandKey,
    Phase,
    Pot,
    PotResult,
    SeatInfo,
    SeatView,
    Showdown,
    ShownHand,
    Zone,
)


def masked_hands(hands: Sequence[Sequence[int]], shown: Sequence[bool], seat: int | None) -> list[tuple[Card, ...]]:
    """Every seat's hand as ``seat`` sees it: its own and every hand shown face up, the
    rest as ``None`` (a spectator, ``seat`` None, sees only the shown ones).

    >>> masked_hands([[1, 2], [3]], [False, False], 0)
    [(1, 2), (None,)]
    """
    return [tuple(cards) if s == seat or shown[s] else (None,) * len(cards) for s, cards in enumerate(hands)]


def status_of(out: bool, in_hand: bool) -> str:
    """A seat's :attr:`~cardtable.engine.view.SeatInfo.status` from whether it is out of
    the match and whether it is in this round."""
    return OUT if out else IN_HAND if in_hand else FOLDED


def seat_lines(*, names: Sequence[str], hands: Sequence[tuple[Card, ...]], stacks: Sequence[int | None],
               out: Sequence[bool], in_hand: Sequence[bool], dealer: int | None, shown: Sequence[bool],
               bets: Sequence[int] | None = None, contributed: Sequence[int] | None = None,
               zones: Sequence[tuple[Zone, ...]] | None = None) -> tuple[SeatInfo, ...]:
    """One :class:`SeatInfo` a seat, from per-seat lists."""
    return tuple(SeatInfo(seat=s, name=name, stack=stacks[s], bet=bets[s] if bets else 0,
                          contributed=contributed[s] if contributed else 0, status=status_of(out[s], in_hand[s]),
                          dealer=s == dealer, hand=hands[s], shown=bool(shown[s]),
                          zones=zones[s] if zones else ())
                 for s, name in enumerate(names))


def pots_of(pots: Sequence[LedgerPot]) -> tuple[Pot, ...]:
    """The state's pots as the view's."""
    return tuple(Pot(amount=p.amount, eligible=tuple(p.eligible)) for p in pots)


def counted(zone_id: str, count: int) -> Zone:
    """A pile the view only counts (a deck, a face-down discard pile)."""
    return Zone(id=zone_id, face_down=count)


def hand_key(kind: object) -> str:
    """A stable id for a kind of hand: its name in lower case, words joined by "_".

    >>> hand_key("A Set and a Pair")
    'a_set_and_a_pair'
    """
    return re.sub(r"[^a-z0-9]+", "_", str(kind).lower()).strip("_") or "hand"


def plain_key(key: Sequence[Any]) -> HandKey:
    """A hand's comparison key as the view holds it (lists inside as tuples).

    >>> plain_key([96, [38, 37], [], 0])
    (96, (38, 37), (), 0)
    """
    return tuple(tuple(int(k) for k in part) if isinstance(part, (list, tuple)) else int(part) for part in key)


def seat_pairs(mapping: Mapping[str, int] | None) -> tuple[tuple[int, int], ...]:
    """A ``{"seat": amount}`` mapping as ``(seat, amount)`` pairs, seats in order."""
    return tuple(sorted((int(s), int(v)) for s, v in (mapping or {}).items()))


def pot_results(pots: Sequence[Mapping[str, Any]]) -> tuple[PotResult, ...]:
    """Settled pots (``name``, ``amount``, ``eligible``, ``winners``, ``shares``) as the view's."""
    return tuple(PotResult(name=str(p.get("name", "pot")), amount=int(p["amount"]),
                           eligible=tuple(p.get("eligible", ())), winners=tuple(p.get("winners", ())),
                           shares=seat_pairs(p.get("shares")))
                 for p in pots)


def poker_showdown(results: Mapping[str, Any], *, round_key: str = "round_no") -> Showdown:
    """The showdown of a poker-style round result (its JSON): every hand shown with its
    comparison ``key``, its ``label`` and its ``kind``, the cards shown (``cards``, or the hand's own
    ``cards``), the pots as settled, the winners and each seat's net gain."""
    cards = results.get("cards", {})
    hands = tuple(ShownHand(seat=int(s), key=plain_key(h.get("key", ())), label=str(h["label"] or h.get("kind", "")),
                            kind=hand_key(h.get("kind", h.get("label"))), cards=tuple(h.get("cards", cards.get(s, ()))))
                  for s, h in sorted(results.get("hands", {}).items(), key=lambda item: int(item[0])))
    pots = pot_results(results.get("pots", ()))
    won = seat_pairs(results.get("won"))
    return Showdown(round=int(results[round_key]), showdown=bool(results.get("showdown", bool(hands))),
                    hands=hands, pots=pots, winners=tuple(s for s, amount in won if amount > 0),
                    net=tuple(results.get("net", ())))


def chip_view(state: ChipSeatedState, seat: int | None, *, game: str, phase: Phase, shown: Sequence[bool],
              out: Sequence[bool], in_hand: Sequence[bool], round_no: int, betting_round: int | None = None,
              zones: tuple[Zone, ...] = (), seat_zones: Sequence[tuple[Zone, ...]] | None = None,
              stacks: Sequence[int | None] | None = None, pots: bool = True, options: BetOptions | None = None,
              showdown: Showdown | None = None, extra: GameExtra | None = None) -> SeatView:
    """The seat view of a game played for chips over the shared ledger
    (:class:`~cardtable.engine.seats.ChipSeatedState`): the common part read from the
    state, the game's own parts given. The legal actions are the viewer's when it is to act."""
    to_act = state.to_act
    legal = tuple(state.legal_actions(seat)) if seat is not None and seat == to_act else ()
    chips = state.chips
    return SeatView(
        game=game, seat=seat, round=round_no, phase=phase, to_act=to_act, dealer=state.dealer,
        seats=seat_lines(names=state.names, hands=masked_hands(state.hands, shown, seat),
                         stacks=list(state.stacks) if stacks is None else stacks, out=out, in_hand=in_hand,
                         dealer=state.dealer, shown=shown, bets=chips.round_bets,
                         contributed=chips.contributed, zones=seat_zones),
        pots=pots_of(state.pots()) if pots else (), pot_total=chips.pot_total, betting_round=betting_round,
        zones=zones, legal=legal, options=options, showdown=showdown, extra=extra)
