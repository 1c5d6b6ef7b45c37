"""Shenja Ivali (Greedy Ivali): the state machine of a whole match, round after round.

The rules are the source's (``rules/shenja_ivali.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A round:

1. ``shuffle`` - chance's :class:`Shuffle` orders the deck; then by themselves every
   seat with chips antes and is dealt four cards face down, one at a time from the
   dealer's left.
2. ``bet`` - betting after the deal (:mod:`cardtable.engine.betting`; every betting
   round starts at the dealer's left).
3. The flop, by itself: one card per player still in, face up in a line, in deal
   order; ``bet`` again.
4. ``draw`` - from the dealer's left, each player still in discards 0 to 2 cards
   (:class:`Discard`) and draws as many; ``bet`` again.
5. ``auction`` - :mod:`cardtable.games.shenja_ivali.auction`; the cards are handed out by
   themselves; the final ``bet``.
6. ``reveal`` - every player still in shows, from the dealer's left; each pot goes to
   the best hand among the seats eligible for it (split pots: odd chips to the first
   tied seat left of the dealer); the auction pot to the best hand of all still in.
   When all but one fold the round ends at once and that seat takes everything.

Then chance shuffles for the next round and the deal passes left (to the next seat
that still has chips). A seat with no chips is out. The match is over (``game_over``)
when one seat has every chip.

Cards are the deck's indices. Every card comes off the shuffled order: with at most 8
players, 4 + 1 + 2 cards each, a round uses at most 56 of the 100 cards, so the deck
never runs out and the discards are never reshuffled (``new`` refuses a table where
it could happen).

``apply`` may log several events for one action (the automatic steps: antes, the
deal, the flop, the cards after the auction, the showdown); it returns the last one.
A UI reads ``log[len_before:]`` to animate all of them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.cards import Deck
from cardtable.engine.chips import Pot, split_pot
from cardtable.engine.flow import FlowState
from cardtable.engine.flow.state import street_field
from cardtable.engine.game import Action, TrustedInRollouts, seat_table
from cardtable.games.shenja_ivali import GAME
from cardtable.games.shenja_ivali.auction import Auction, Bid, DropOut, PassBid
from cardtable.games.shenja_ivali.hands import evaluate
from cardtable.games.shenja_ivali.rules import (
    FLOW,
    HAND_SIZE,
    Discard,
    Phase,
    PotResult,
    RoundResult,
    ShenjaIvaliSettings,
    Shuffle,
)

__all__ = ["ShenjaIvaliState", "ShenjaIvaliSettings", "Phase", "Shuffle", "Discard", "Bid",
           "PassBid", "DropOut", "RoundResult", "PotResult", "HAND_SIZE", "playing_cards"]

_PLAYING: dict[int, tuple[Deck, tuple[int, ...]]] = {}


def playing_cards(deck: Deck) -> tuple[int, ...]:
    """The deck indices Shenja Ivali plays with: every card that is not a wild, in
    deck order (worked out once per deck)."""
    known = _PLAYING.get(id(deck))
    if known is None or known[0] is not deck:
        known = (deck, tuple(card.index for card in deck if "wild" not in card.tags))
        _PLAYING[id(deck)] = known
    return known[1]


class ShenjaIvaliState(TrustedInRollouts, FlowState):
    """A match of Shenja Ivali. Build one with :meth:`new`.

    Seats are ``0 .. n-1`` clockwise; the dealer's left is ``dealer + 1``. What the
    UI reads: :attr:`phase`, :attr:`round_no`, :attr:`dealer`, :attr:`names`,
    :attr:`to_act`, :attr:`betting_round`, :attr:`flop` and :attr:`flop_takers`,
    :attr:`auction_pot`, :attr:`results`, and the methods :meth:`betting_options`,
    :meth:`auction_view`, :meth:`pots`, :meth:`hand_of`, :meth:`standings`,
    :meth:`is_out` and :meth:`view`.
    """

    FLOW = FLOW
    SHUFFLE = Shuffle
    DISCARD = Discard
    RESULT = RoundResult
    JSON_FIELDS = (
        *fields.header(ShenjaIvaliSettings, Phase), "round_no", "dealer", "total_chips",
        fields.listed("round_start_stacks"), fields.listed("out"), *fields.SHARED_LEDGER, "betting_round",
        fields.listed("deck_order"), fields.nested_lists("hands"), fields.listed("flop"), fields.listed("flop_takers"),
        fields.listed("discards"),
        # a save from before this was recorded: nobody is known to have put a discard there
        fields.listed("discarded_by", missing=lambda data: [-1] * len(data["discards"])), fields.listed("drawn"),
        "draw_turn", fields.optional_json("auction", Auction), "auction_pot",
        fields.optional_json("results", RoundResult), fields.listed("shown"), street_field(FLOW))

    settings: ShenjaIvaliSettings
    phase: Phase
    round_no: int
    """The round being played (1 from the first shuffle on; 0 before it)."""
    """The ledger of the current hand (stacks between hands); shared with ``betting``."""
    total_chips: int
    round_start_stacks: list[int]
    out: list[bool]

    @classmethod
    def new(cls, settings: ShenjaIvaliSettings, deck: Deck, names: Sequence[str],
            rng: random.Random, dealer: int = 0, *,
            stacks: Sequence[int] | None = None) -> ShenjaIvaliState:
        """A match about to start: chance's shuffle is the first action.

        ``names`` gives the seats (2 to 8, different, not empty). ``stacks`` sets each
        seat's starting chips (default: ``settings.starting_chips`` each).

        >>> from cardtable.variants import load_deck_by_id
        >>> state = ShenjaIvaliState.new(ShenjaIvaliSettings(), load_deck_by_id("ivali"),
        ...                              ["Ada", "Bo", "Cy"], random.Random(1))
        >>> state.phase, state.to_act
        (<Phase.SHUFFLE: 'shuffle'>, -1)
        >>> _ = state.apply(state.chance_action())
        >>> state.phase, state.names[state.to_act], state.pots()
        (<Phase.BET: 'bet'>, 'Bo', [Pot(amount=3, eligible=(0, 1, 2))])
        """
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer)
        cards = playing_cards(deck)
        needed = len(names) * (HAND_SIZE + 1 + settings.max_discard)
        if len(cards) < needed:
            raise ValueError(f"the {deck.name} deck has {len(cards)} cards without wilds; "
                             f"{len(names)} players need up to {needed}")
        try:  # every playing card must be a regular Ivali card the evaluator knows
            for start in range(0, len(cards), 5):
                chunk = cards[start:start + 5] if start + 5 <= len(cards) else cards[-5:]
                evaluate([deck[c] for c in chunk], settings.hands)
        except ValueError as exc:
            raise ValueError(f"the {deck.name} deck cannot play Shenja Ivali: {exc}") from None
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.SHUFFLE)
        state._start_match(stacks)
        return state

    def _clear_round(self) -> None:
        super()._clear_round()
        self.flop: list[int] = []
        """The flop cards in the line they were dealt (stays all round)."""
        self.flop_takers: list[int | None] = []
        """Who got each flop card after the auction (None: not yet, or nobody)."""
        self.discarded_by: list[int] = []
        """Who put each card of ``discards`` there (its discard or its folded hand): the
        seat knows those cards. -1: unknown (a save from before this was recorded)."""
        self.auction: Auction | None = None
        self.auction_pot = 0

    # -- what the UI asks -------------------------------------------------------------
    def auction_view(self) -> dict[str, Any] | None:
        """The auction as plain data (None before it): per flop card its standing high
        bid and bidder; per seat its status ("waiting", "bid", "topped", "dropped",
        "passed", "done") and bid; whose turn it is."""
        return self.auction.view() if self.auction is not None else None

    def with_random_amount(self, action: Action, rng: random.Random) -> Action:
        """A bid raised by a random amount, up to a quarter of the way to the most the
        bidder could bid; any other action as it is."""
        if not isinstance(action, Bid) or self.auction is None:
            return action
        most = self.auction.max_bid(action.seat, action.card, self.stacks)
        spread = max(0, (most - action.amount) // 4)
        return Bid(seat=action.seat, card=action.card, amount=action.amount + rng.randint(0, spread))

    # -- views -----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data.

        Keys: ``seat``, ``phase``, ``round_no``, ``dealer``, ``to_act``, ``names``,
        ``stacks``, ``out``, ``in_hand``, ``hands`` (per seat a list of deck indices:
        the seat's own cards and every hand shown at the reveal face up, every other
        card ``None``), ``flop`` (per card in line order: ``card``, ``taker``,
        ``high_bid``, ``high_bidder``), ``deck_count``, ``discard_count``, ``drawn``
        (how many cards each seat exchanged), ``betting_round``, ``round_bets``,
        ``contributed``, ``pots`` (``amount``, ``eligible``), ``pot_total``,
        ``auction_pot``, ``auction`` (:meth:`auction_view`), ``options`` (the seat's
        betting options when it is to bet), ``results`` (at the reveal).
        """
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        high = self.auction.high if self.auction is not None else {}
        flop = [{"card": c, "taker": self.flop_takers[i] if i < len(self.flop_takers) else None,
                 "high_bid": high[c][1] if c in high else 0,
                 "high_bidder": high[c][0] if c in high else None}
                for i, c in enumerate(self.flop)]
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no,
            "dealer": self.dealer, "to_act": self.to_act, "names": list(self.names),
            "stacks": self.stacks, "out": list(self.out), "in_hand": self.in_hand,
            "hands": hands, "flop": flop, "deck_count": len(self.deck_order),
            "discard_count": len(self.discards), "drawn": list(self.drawn),
            "betting_round": self.betting_round, "round_bets": list(self.chips.round_bets),
            "contributed": list(self.chips.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "pot_total": self.chips.pot_total, "auction_pot": self.auction_pot,
            "auction": self.auction_view(),
            "options": self.options_json(seat),
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _copy(self) -> ShenjaIvaliState:
        """A deep copy without history and log that shares the deck and the (frozen)
        settings: deep-copying the settings' hand rules cost most of 100 ms."""
        import copy
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        memo: dict[int, Any] = {id(self.history): [], id(self.log): [], id(self.deck): self.deck,
                                id(self.settings): self.settings, id(self.rng): rng}
        return copy.deepcopy(self, memo)

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """Every place holding a card ``seat`` cannot see (what :meth:`view` shows as
        ``None``, less the cards it knows anyway): the other hands not shown, seat by
        seat, less the flop cards their takers added (face up before, so known); the
        deck's order; the discards other seats made or folded, less flop cards."""
        known = set(self.flop)
        slots: list[tuple[Any, Any]] = []
        for owner, cards in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(cards, i) for i, card in enumerate(cards) if card not in known]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        slots += [(self.discards, i) for i, card in enumerate(self.discards)
                  if self.discarded_by[i] != seat and card not in known]
        return slots

    def playing_cards(self) -> tuple[int, ...]:
        """Every card of the deck but the wilds (:func:`playing_cards`)."""
        return playing_cards(self.deck)

    # -- doing ------------------------------------------------------------------------
    def _discard_cards(self, seat: int, cards: Sequence[int]) -> None:
        """The cards go to the discards, each recorded as ``seat``'s."""
        self.discards.extend(cards)
        self.discarded_by.extend([seat] * len(cards))

    def _extra_pots(self, keys: Mapping[int, Any] | None, players: Sequence[int]) -> list[PotResult]:
        """The auction pot, to the best hand of all still in (the only one left when the
        others folded)."""
        if not self.auction_pot:
            return []
        strength = keys if keys is not None else {players[0]: 0}
        award = split_pot(Pot(self.auction_pot, tuple(players)), strength, dealer_seat=self.dealer, seats=self.seats)
        for winner, chips in award.shares.items():
            self.chips.stacks[winner] += chips
        self.auction_pot = 0
        return [PotResult("auction pot", award.pot.amount, award.pot.eligible, award.winners, dict(award.shares))]

    def name_of(self, seat: int) -> str:
        """The player's name at ``seat``."""
        return self.names[seat]

    def draw_card(self) -> int:
        """The top card of the stock (the deck never runs out: ``new`` makes sure)."""
        if not self.deck_order:
            raise RuntimeError("the deck ran out (new() refuses tables where this can happen)")
        return self.deck_order.pop(0)
