"""Sabacc (SWG rules): the state of a whole game, hand after hand, each hand the steps of
:data:`~cardtable.games.sabacc.steps.FLOW` run by :class:`~cardtable.engine.flow.FlowState`.

The rules are the source's (``rules/sabacc_swg.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A hand:

1. ``shuffle`` - chance's :class:`SabaccShuffle` orders the deck; then by
   themselves every seat with credits antes into the hand pot (and into the sabacc
   pot when it is empty) and is dealt two cards, one at a time from the dealer's
   left.
2. Turns, from the dealer's left, round and round
   (:class:`~cardtable.games.sabacc.steps.Turns`). A turn has three phases:

   * ``bet`` - with an unmatched bet against them the player calls, raises or folds
     (folding costs the fold penalty, paid into the sabacc pot); otherwise they
     check or bet. The shared :class:`~cardtable.engine.betting.BettingRound`
     checks and applies the action over the hand's one chips ledger.
   * ``roll`` / ``shift`` - when the player bet or raised, chance rolls the
     red/blue die; on red every hand loses a random card to the bottom of the deck
     and is dealt a new one.
   * ``draw`` / ``decide`` - the player stands, or draws one card and keeps it,
     swaps it for a held card (which leaves play) or drops it.

3. The call: when every player still in has had a turn and play comes back to the
   player who made the largest bet (the orbit's first player if nobody bet), the
   hand is called. Every hand is shown; bomb-outs pay the hand pot's amount into the
   sabacc pot; ties go to a sudden demise (phase ``demise``); the best hand takes the
   hand pot, a special hand the sabacc pot too
   (:mod:`cardtable.games.sabacc.showdown`).

Then chance shuffles for the next hand and the deal passes left. A seat with no
credits is out; the game is over when one seat (or none) has credits left, and the
last player takes what is left in both pots.

``apply`` may log several events for one action; it returns the last one. A UI
reads ``log[len_before:]`` to animate all of them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.betting import BetOptions, BettingRound
from cardtable.engine.cards import Deck
from cardtable.engine.chips import HandChips, seats_from_left_of
from cardtable.engine.flow import FlowState
from cardtable.engine.flow.state import street_field
from cardtable.engine.game import Action, Event, seat_table
from cardtable.games.sabacc import GAME
from cardtable.games.sabacc.hands import SabaccHand, evaluate, signed
from cardtable.games.sabacc.rules import (
    HAND_SIZE,
    DealDemise,
    Draw,
    Drop,
    Keep,
    Phase,
    RollDie,
    SabaccSettings,
    SabaccShuffle,
    Shift,
    Stand,
    Swap,
)
from cardtable.games.sabacc.steps import FLOW, turn_betting

__all__ = ["SabaccState", "SabaccSettings", "Phase", "SabaccShuffle", "RollDie", "Shift",
           "DealDemise", "Stand", "Draw", "Keep", "Swap", "Drop", "HAND_SIZE"]


class SabaccState(FlowState):
    """A game of Sabacc, its hands run on :data:`~cardtable.games.sabacc.steps.FLOW`.
    Build one with :meth:`new`.

    Seats are ``0 .. n-1`` clockwise; the dealer's left is ``dealer + 1``. What the
    UI reads: :attr:`phase`, :attr:`hand_no`, :attr:`dealer`, :attr:`turn`,
    :attr:`names`, :attr:`sabacc_pot`, :attr:`die`, :attr:`results`, and the methods
    :meth:`hand_pot`, :meth:`betting_options`, :meth:`hand_of`, :meth:`hand_value`,
    :meth:`standings` and :meth:`view`.
    """

    FLOW = FLOW
    SHUFFLE = SabaccShuffle
    JSON_FIELDS = (
        *fields.header(SabaccSettings, Phase), fields.JsonField("hand_no", attr="round_no"), "dealer",
        fields.JsonField("chips", lambda chips: chips.to_json(), HandChips.from_json), "sabacc_pot", "total_credits",
        fields.listed("out"), fields.JsonField("hand_start_stacks", list, list, attr="round_start_stacks"),
        fields.listed("deck_order"), fields.nested_lists("hands"), fields.listed("dropped"),
        # saves from before these records: every card out of play or shifted is nobody's
        fields.listed("dropped_by", missing=lambda data: [-1] * len(data["dropped"])),
        fields.listed("shifted_by", missing=lambda data: []), "drawn", "turn", fields.listed("turns_taken"), "caller",
        "last_raise_size", fields.listed("folded"), fields.listed("shown"), "die",
        fields.seat_keyed("call_hands", lambda hand: hand.to_json(), SabaccHand.from_json),
        fields.listed("demise_seats"), fields.seat_keyed("demise_cards"), fields.seat_keyed("penalties"),
        fields.listed("uncalled"), "results", street_field(FLOW))
    OVER = "the game is over"

    settings: SabaccSettings
    phase: Phase
    chips: HandChips
    """The ledger of the hand pot (stacks between hands); ``chips.dead`` is a hand pot
    carried over from a hand nobody won."""
    sabacc_pot: int
    total_credits: int
    drawn: int | None  # type: ignore[assignment]  # the card drawn, not the draw step's counts
    """The card the turn's player drew and has not yet placed."""
    results: dict[str, Any] | None  # type: ignore[assignment]  # plain data the table shows, as saved before
    """What the last settled hand came to (see :mod:`cardtable.games.sabacc.showdown`);
    it stays on view until the next hand is settled."""

    @classmethod
    def new(cls, settings: SabaccSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> SabaccState:
        """A game about to start: chance's shuffle is the first action.

        ``names``: 2 to 8 different, non-empty names. ``stacks``: each seat's
        starting credits (default ``settings.starting_credits``).

        >>> from cardtable.variants import load_deck_by_id
        >>> state = SabaccState.new(SabaccSettings(), load_deck_by_id("sabacc"), ["Han", "Lando"],
        ...                         random.Random(1))
        >>> _ = state.apply(state.chance_action())
        >>> state.phase, state.names[state.to_act], state.hand_pot(), state.sabacc_pot
        (<Phase.BET: 'bet'>, 'Lando', 200, 2000)
        """
        names, stacks = seat_table(GAME, names, stacks, settings.starting_credits, dealer,
                                   least_text="1 credit")
        if any(card.value is None for card in deck) or len(deck) < 4 * len(names):
            raise ValueError(f"the {deck.name} deck cannot play Sabacc")
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.SHUFFLE)
        state.sabacc_pot = 0
        state.total_credits = sum(stacks)
        state.results = None
        state._start_match(stacks)
        return state

    def _clear_round(self) -> None:
        results = self.results
        super()._clear_round()
        self.results = results
        n = self.seats
        self.drawn = None
        self.dropped: list[int] = []
        """Cards out of play this hand (swapped out, dropped or folded), face down."""
        self.dropped_by: list[int] = []
        """Who put each card of :attr:`dropped` there (public: everyone sees who swaps,
        drops or folds); that seat knows the card, nobody else does."""
        self.shifted_by: list[int] = []
        """Whose card each shift sent to the bottom of the deck, in the order they went
        there (public); the seat that lost it knows where it lies in the deck."""
        self.turn: int | None = None
        """Whose turn it is (None between hands and from the call on)."""
        self.turns_taken: list[int] = [0] * n
        self.caller: int | None = None
        """The player whose next turn calls the hand (once everyone has had a turn)."""
        self.last_raise_size = self.settings.min_bet
        self.folded: list[bool] = [False] * n
        self.die: str | None = None
        """The last roll of the die this hand (None: not rolled yet)."""
        self.call_hands: dict[int, SabaccHand] = {}
        """Each hand at the call (seat -> value), once the hand is called."""
        self.demise_seats: list[int] = []
        self.demise_cards: dict[int, int] = {}
        self.penalties: dict[int, int] = {}
        """What each bomb-out paid into the sabacc pot at the call."""
        self.uncalled: list[int | None] = [None, 0]

    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """A new hand as every flow game's, with the hand pot nobody won carried into it."""
        carried = self.chips.dead
        super()._start_hand(action, events)
        self.chips.dead = carried

    # -- what the UI asks -------------------------------------------------------------
    @property
    def hand_no(self) -> int:
        """The hand being played, from 1 (0 before the first deal)."""
        return self.round_no

    @property
    def hand_start_stacks(self) -> list[int]:
        """Each seat's credits at the start of the hand, before the antes."""
        return self.round_start_stacks

    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in this hand (dealt in, not folded; a hand that bombed
        out at the call is still in it)."""
        if self.phase == Phase.SHUFFLE:
            return [False] * self.seats
        return [self.chips.in_hand[s] or (bool(self.hands[s]) and not self.folded[s])
                for s in range(self.seats)]

    def players_in(self) -> list[int]:
        """The seats in the hand, from the dealer's left."""
        return [s for s in seats_from_left_of(self.dealer, self.seats)
                if self.chips.in_hand[s] and not self.folded[s]]

    def next_in_hand(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` still in the hand."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.chips.in_hand[candidate] and not self.folded[candidate]:
                return candidate
        raise RuntimeError("nobody is in the hand")

    def hand_pot(self) -> int:
        """The credits in the hand pot (bets of this hand and any pot carried over)."""
        return self.chips.pot_total

    def hand_value(self, seat: int) -> SabaccHand:
        """The value of ``seat``'s hand now."""
        return evaluate([self.deck[c] for c in self.hands[seat]])

    def hand_note(self, seat: int) -> str:
        """``seat``'s hand value as the log puts it after the cards: "(+14)", "(Pure Sabacc)",
        "(+24, a bomb-out)" (its label, "bomb out (+24)", would nest brackets)."""
        value = self.hand_value(seat)
        return f"({signed(value.total)}, a bomb-out)" if value.bomb_out else f"({value.label})"

    def card_name(self, card: int) -> str:
        """The card's name as the log writes it: a face card's copies are one name ("Endurance",
        not its code "Endurance #2")."""
        return self.deck[card].name

    def turn_betting(self) -> BettingRound | None:
        """A betting round over the hand's ledger, started at the turn's player, with
        the hand's minimum raise: what checks and applies their bet. None outside the
        betting phase."""
        if self.phase != Phase.BET or self.turn is None:
            return None
        return turn_betting(self, self.turn)

    def betting_options(self, seat: int) -> BetOptions | None:
        """What ``seat`` may bet now (the hand limit applied), or None outside the
        betting phase."""
        betting = self.turn_betting()
        if betting is None:
            return None
        options = betting.legal_options(seat)
        limit = self.settings.hand_limit
        if not limit or seat != self.turn:
            return options
        high = min(options.max_raise_to, limit)
        may_raise = (options.can_bet or options.can_raise) and options.min_raise_to <= high
        return dataclasses.replace(
            options, can_bet=options.can_bet and may_raise, can_raise=options.can_raise and may_raise,
            max_raise_to=high if may_raise else 0, min_raise_to=options.min_raise_to if may_raise else 0,
            can_all_in=options.can_all_in and (options.all_in_to <= max(limit, betting.current_bet)))

    def _chance_first(self) -> str:
        return ("the hand is over: the dealer shuffles for the next one"
                if self.phase == Phase.REVEAL else "the dealer acts first")

    # -- the flow's helpers, Sabacc's way -----------------------------------------------
    def _deal_each(self, players: Sequence[int], count: int, stock: list[int], words: str) -> Event:
        """The deal as every game's, each player also reading their hand's value."""
        event = super()._deal_each(players, count, stock, words)
        return Event(event.seat, event.public,
                     {s: f"{text} {self.hand_note(s)}" for s, text in event.private.items()})

    def _discard_cards(self, seat: int, cards: Sequence[int]) -> None:
        """``seat``'s cards leave play face down (a swap, a drop, a folded hand), recorded
        as ``seat``'s."""
        self.dropped.extend(cards)
        self.dropped_by.extend([seat] * len(cards))

    # -- views -----------------------------------------------------------------------
    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """Every place holding a card ``seat`` cannot see (see :meth:`GameState.seat_copy`),
        in seat, then position order: the other seats' hands not shown at the call,
        another seat's drawn card, the deck (all of it but the cards the seat itself lost
        to its bottom in a shift: it knows where they lie) and the cards out of play other
        seats put there (its own swapped, dropped or folded cards it knows)."""
        slots: list[tuple[Any, Any]] = []
        for other, cards in enumerate(self.hands):
            if other != seat and not self.shown[other]:
                slots += [(cards, i) for i in range(len(cards))]
        if self.drawn is not None and self.turn != seat:
            slots.append((self.__dict__, "drawn"))
        # The deck is a queue: the shifted cards were appended after the full deck, so
        # shifted card j now lies at len(deck_order) - len(shifted_by) + j (if not drawn).
        first_shifted = len(self.deck_order) - len(self.shifted_by)
        known = {first_shifted + j for j, who in enumerate(self.shifted_by) if who == seat}
        slots += [(self.deck_order, i) for i in range(len(self.deck_order)) if i not in known]
        slots += [(self.dropped, i) for i, who in enumerate(self.dropped_by) if who != seat]
        return slots

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data.

        Keys: ``seat``, ``phase``, ``hand_no``, ``dealer``, ``to_act``, ``turn``,
        ``names``, ``stacks``, ``out``, ``in_hand``, ``folded``, ``hands`` (per seat a
        list: the seat's own cards and every hand shown at the call as deck indices,
        every other card ``None``), ``drawn`` (the card the seat drew, to that seat
        only; ``drawing``: True for everyone while a drawn card waits), ``total`` and
        ``label`` (the seat's own running total; None for others), ``deck_count``,
        ``dropped_count``, ``hand_pot``, ``sabacc_pot``, ``bets`` (each seat's bets
        this hand), ``current_bet``, ``caller``, ``turns_taken``, ``die``,
        ``demise_seats``, ``demise_cards`` (seat -> card), ``options`` (the seat's
        betting options when it is to bet), ``results`` (at the reveal).
        """
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        own = self.hand_value(seat) if seat is not None and self.hands[seat] else None
        options = self.betting_options(seat) if seat is not None and seat == self.to_act else None
        return {
            "seat": seat, "phase": self.phase.value, "hand_no": self.hand_no, "dealer": self.dealer,
            "to_act": self.to_act, "turn": self.turn, "names": list(self.names),
            "stacks": self.stacks, "out": list(self.out), "in_hand": self.in_hand,
            "folded": list(self.folded), "hands": hands,
            "drawn": self.drawn if seat is not None and seat == self.turn else None,
            "drawing": self.drawn is not None,
            "total": own.total if own else None, "label": own.label if own else None,
            "deck_count": len(self.deck_order), "dropped_count": len(self.dropped),
            "hand_pot": self.hand_pot(), "sabacc_pot": self.sabacc_pot,
            "bets": list(self.chips.round_bets), "current_bet": max(self.chips.round_bets, default=0),
            "caller": self.caller, "turns_taken": list(self.turns_taken), "die": self.die,
            "demise_seats": list(self.demise_seats),
            "demise_cards": {str(s): c for s, c in self.demise_cards.items()},
            "options": dataclasses.asdict(options) if options is not None else None,
            "results": self.results,
        }

    def round_outcome(self) -> dict[str, Any] | None:
        """The most recently settled hand: ``{"round", "winners", "net", "hands"}``
        (hands only for hands shown at a call), None before the first one."""
        if self.results is None:
            return None
        return {"round": self.results["hand_no"], "winners": list(self.results["winners"]),
                "net": list(self.results["net"]),
                "hands": {s: h["label"] for s, h in self.results["hands"].items()}}
