"""Sabacc (SWG rules): the state machine of a whole game, hand after hand.

The rules are the source's (``rules/sabacc_swg.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A hand:

1. ``shuffle`` - chance's :class:`SabaccShuffle` orders the deck; then by
   themselves every seat with credits antes into the hand pot (and into the sabacc
   pot when it is empty) and is dealt two cards, one at a time from the dealer's
   left.
2. Turns, from the dealer's left, round and round. A turn has three phases:

   * ``bet`` - with an unmatched bet against them the player calls, raises or folds
     (folding costs the fold penalty, paid into the sabacc pot); otherwise they
     check or bet. The shared :class:`~cardtable.engine.betting.BettingRound`
     checks and applies the action over the hand's one chips ledger.
   * ``roll`` / ``shift`` - when the player bet or raised, chance rolls the
     red/blue die; on red every hand loses a random card to the bottom of the deck
     and is dealt a new one.
   * ``draw`` / ``decide`` - the player stands, or draws one card and keeps it,
     swaps it for a held card (which leaves play) or drops it.

3. The call (:mod:`cardtable.games.sabacc.showdown`): when every player still in
   has had a turn and play comes back to the player who made the largest bet (the
   orbit's first player if nobody bet), the hand is called. Bomb-outs pay the hand
   pot's amount into the sabacc pot; the best hand takes the hand pot, a special
   hand the sabacc pot too; ties go to a sudden demise (phase ``demise``).

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
from cardtable.engine.betting import BetOptions, BettingAction, BettingRound, Fold
from cardtable.engine.cards import Deck
from cardtable.engine.chips import HandChips, seats_from_left_of
from cardtable.engine.game import CHANCE, Action, Event, seat_table
from cardtable.engine.seats import ChipSeatedState
from cardtable.engine.words import figure
from cardtable.games.sabacc import GAME
from cardtable.games.sabacc.hands import SabaccHand, evaluate, signed
from cardtable.games.sabacc.rules import (
    DIE_FACES,
    RED,
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
from cardtable.games.sabacc.showdown import call_hand, deal_demise

__all__ = ["SabaccState", "SabaccSettings", "Phase", "SabaccShuffle", "RollDie", "Shift",
           "DealDemise", "Stand", "Draw", "Keep", "Swap", "Drop", "HAND_SIZE"]

HAND_SIZE = 2
"""Cards dealt to each player."""

_CARD_ACTIONS = (Stand, Draw, Keep, Swap, Drop)


class SabaccState(ChipSeatedState):
    """A game of Sabacc. Build one with :meth:`new`.

    Seats are ``0 .. n-1`` clockwise; the dealer's left is ``dealer + 1``. What the
    UI reads: :attr:`phase`, :attr:`hand_no`, :attr:`dealer`, :attr:`turn`,
    :attr:`names`, :attr:`sabacc_pot`, :attr:`die`, :attr:`results`, and the methods
    :meth:`hand_pot`, :meth:`betting_options`, :meth:`hand_of`, :meth:`hand_value`,
    :meth:`standings` and :meth:`view`.
    """

    JSON_FIELDS = (
        *fields.header(SabaccSettings, Phase), "hand_no", "dealer",
        fields.JsonField("chips", lambda chips: chips.to_json(), HandChips.from_json), "sabacc_pot", "total_credits",
        fields.listed("out"), fields.listed("hand_start_stacks"), fields.listed("deck_order"),
        fields.nested_lists("hands"), fields.listed("dropped"),
        # saves from before these records: every card out of play or shifted is nobody's
        fields.listed("dropped_by", missing=lambda data: [-1] * len(data["dropped"])),
        fields.listed("shifted_by", missing=lambda data: []), "drawn", "turn", fields.listed("turns_taken"), "caller",
        "last_raise_size", fields.listed("folded"), fields.listed("shown"), "die",
        fields.seat_keyed("call_hands", lambda hand: hand.to_json(), SabaccHand.from_json),
        fields.listed("demise_seats"), fields.seat_keyed("demise_cards"), fields.seat_keyed("penalties"),
        fields.listed("uncalled"), "results")
    CHANCE_PHASES = frozenset({Phase.SHUFFLE, Phase.ROLL, Phase.SHIFT, Phase.DEMISE, Phase.REVEAL})
    TURNS = {Phase.BET: "turn", Phase.DRAW: "turn", Phase.DECIDE: "turn"}
    CHANCE_MOVES = (SabaccShuffle, RollDie, Shift, DealDemise)
    OVER = "the game is over"

    settings: SabaccSettings
    phase: Phase
    hand_no: int
    """The ledger of the hand pot (stacks between hands); ``chips.dead`` is a hand pot
    carried over from a hand nobody won."""
    sabacc_pot: int
    total_credits: int
    out: list[bool]

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
        state = cls(seats=len(names), rng=rng)
        state.settings = settings
        state.deck = deck
        state.names = tuple(names)
        state.dealer = dealer
        state.chips = HandChips(stacks)
        state.sabacc_pot = 0
        state.total_credits = sum(stacks)
        state.out = [False] * len(names)
        state.phase = Phase.SHUFFLE
        state.hand_no = 0
        state.hand_start_stacks = list(stacks)
        state._clear_hand()
        return state

    def _clear_hand(self) -> None:
        n = self.seats
        self.deck_order: list[int] = []
        """The deck, top first."""
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.dropped: list[int] = []
        """Cards out of play this hand (swapped out or dropped), face down."""
        self.dropped_by: list[int] = []
        """Who put each card of :attr:`dropped` there (public: everyone sees who swaps,
        drops or folds); that seat knows the card, nobody else does."""
        self.shifted_by: list[int] = []
        """Whose card each shift sent to the bottom of the deck, in the order they went
        there (public); the seat that lost it knows where it lies in the deck."""
        self.drawn: int | None = None
        """The card the turn's player drew and has not yet placed."""
        self.turn: int | None = None
        """Whose turn it is (None between hands and at the call)."""
        self.turns_taken: list[int] = [0] * n
        self.caller: int | None = None
        """The player whose next turn calls the hand (once everyone has had a turn)."""
        self.last_raise_size = self.settings.min_bet
        self.folded: list[bool] = [False] * n
        self.shown: list[bool] = [False] * n
        self.die: str | None = None
        """The last roll of the die this hand (None: not rolled yet)."""
        self.call_hands: dict[int, SabaccHand] = {}
        """Each hand at the call (seat -> value), once the hand is called."""
        self.demise_seats: list[int] = []
        self.demise_cards: dict[int, int] = {}
        self.penalties: dict[int, int] = {}
        """What each bomb-out paid into the sabacc pot at the call."""
        self.uncalled: list[int | None] = [None, 0]
        self.results: dict[str, Any] | None = getattr(self, "results", None)
        """What the last settled hand came to (see :mod:`cardtable.games.sabacc.showdown`)."""

    # -- what the UI asks -------------------------------------------------------------
    @property
    def round_number(self) -> int:
        """The hand being played, from 1 (0 before the first deal)."""
        return self.hand_no

    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in this hand (dealt in, not folded)."""
        if self.phase == Phase.SHUFFLE:
            return [False] * self.seats
        return [self.chips.in_hand[s] or (bool(self.hands[s]) and not self.folded[s])
                for s in range(self.seats)]

    def players_in(self) -> list[int]:
        """The seats in the hand, from the dealer's left."""
        return [s for s in seats_from_left_of(self.dealer, self.seats)
                if self.chips.in_hand[s] and not self.folded[s]]

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

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` has lost every credit: it is skipped from then on."""
        return self.out[seat]

    def turn_betting(self) -> BettingRound | None:
        """A betting round over the hand's ledger, started at the turn's player, with
        the hand's minimum raise: what checks and applies their bet. None outside the
        betting phase."""
        if self.phase != Phase.BET or self.turn is None:
            return None
        return self._betting_for(self.turn)

    def _betting_for(self, seat: int) -> BettingRound:
        betting = BettingRound(rules=self.settings.betting, chips=self.chips, first_to_act=seat)
        betting.last_raise_size = max(betting.bet_size, self.last_raise_size)
        return betting

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

    def legal_actions(self, seat: int) -> list[Action]:
        """Representative legal actions of ``seat`` (empty when it is not its turn).

        Betting: the shared round's list within the hand limit; drawing: draw and
        stand; deciding: keep, drop, and a swap for each held card.
        """
        if seat == CHANCE or seat != self.to_act:
            return []
        if self.phase == Phase.BET:
            betting = self.turn_betting()
            assert betting is not None
            return [a for a in betting.legal_actions(seat) if self.why_illegal(a) is None]
        if self.phase == Phase.DRAW:
            return [Draw(seat=seat), Stand(seat=seat)] if self.deck_order else [Stand(seat=seat)]
        if self.phase == Phase.DECIDE:
            return ([Keep(seat=seat), Drop(seat=seat)]
                    + [Swap(seat=seat, card=c) for c in self.hands[seat]])
        return []

    def _why_not_chance(self, action: Action) -> str | None:
        chance_kinds = {Phase.SHUFFLE: SabaccShuffle, Phase.REVEAL: SabaccShuffle,
                        Phase.ROLL: RollDie, Phase.SHIFT: Shift, Phase.DEMISE: DealDemise}
        if action.seat != CHANCE:
            return "that is chance's action (seat CHANCE)"
        if self.to_act != CHANCE or not isinstance(action, chance_kinds[self.phase]):
            return f"chance does not {type(action).__name__} now (phase {self.phase.value})"
        return self._why_not_outcome(action)

    def _chance_first(self) -> str:
        return ("the hand is over: the dealer shuffles for the next one"
                if self.phase == Phase.REVEAL else "the dealer acts first")

    def _why_not_move(self, action: Action) -> str | None:
        seat = action.seat
        if self.phase == Phase.BET:
            if not isinstance(action, BettingAction):
                return "now is the betting phase: check, bet, call, raise, fold or all-in"
            return self._why_not_bet(action)
        if self.phase == Phase.DRAW:
            if not isinstance(action, (Draw, Stand)):
                return "now is the drawing phase: draw a card or stand"
            if isinstance(action, Draw) and not self.deck_order:
                return "the deck is empty: stand"
            return None
        if not isinstance(action, (Keep, Swap, Drop)):
            return "you drew a card: keep it, swap it for a card in your hand, or drop it"
        if isinstance(action, Swap):
            card = action.card
            if isinstance(card, bool) or not isinstance(card, int) or card not in self.hands[seat]:
                return f"{card!r} is not a card in {self.names[seat]}'s hand"
        return None

    def _why_not_bet(self, action: BettingAction) -> str | None:
        betting = self.turn_betting()
        assert betting is not None
        reason = betting.why_illegal(action)
        if reason is not None:
            return self._rename(reason)
        limit = self.settings.hand_limit
        if limit:
            seat = action.seat
            after = {"poker.bet": getattr(action, "to", 0), "poker.raise": getattr(action, "to", 0),
                     "poker.all_in": self.chips.round_bets[seat] + self.chips.stacks[seat]}.get(action.kind)
            if after is not None and after > max(limit, betting.current_bet):
                return f"the hand limit: nobody bets more than {figure(limit)} in one hand"
        return None

    def _why_not_outcome(self, action: Action) -> str | None:
        """Why chance's ``action``, of the kind due now, is not a possible outcome."""
        if isinstance(action, SabaccShuffle):
            if not isinstance(action.order, tuple) or sorted(action.order) != list(range(len(self.deck))):
                return "a shuffle must order every card of the deck exactly once"
        elif isinstance(action, RollDie):
            if action.colour not in DIE_FACES:
                return f"the die shows red or blue, not {action.colour!r}"
        elif isinstance(action, Shift):
            players = self.players_in()
            lost = action.lost
            if not isinstance(lost, tuple) or len(lost) != len(players) or any(
                    card not in self.hands[seat] for seat, card in zip(players, lost)):
                return "a shift takes one card from each hand in the hand, from the dealer's left"
        return None

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

    # -- chance ----------------------------------------------------------------------
    def _chance_action(self) -> Action:
        if self.phase in (Phase.SHUFFLE, Phase.REVEAL):
            return SabaccShuffle(order=self._shuffled(range(len(self.deck))))
        if self.phase == Phase.ROLL:
            return RollDie(colour=self.rng.choice(DIE_FACES))
        if self.phase == Phase.SHIFT:
            return Shift(lost=tuple(self.rng.choice(self.hands[s]) for s in self.players_in()))
        return DealDemise()

    # -- doing ------------------------------------------------------------------------
    def _apply(self, action: Action) -> Event:
        events: list[Event] = []
        if isinstance(action, SabaccShuffle):
            self._start_hand(action.order, events)
        elif isinstance(action, BettingAction):
            self._bet(action, events)
        elif isinstance(action, RollDie):
            self._roll(action, events)
        elif isinstance(action, Shift):
            self._shift(action, events)
        elif isinstance(action, DealDemise):
            deal_demise(self, events)
        else:
            self._card_action(action, events)
        return self._logged(events)

    def _start_hand(self, order: Sequence[int], events: list[Event]) -> None:
        if self.hand_no > 0:
            self.dealer = self.next_with_chips(self.dealer)
        self.hand_no += 1
        self._clear_hand()
        self.hand_start_stacks = self._fresh_ledger(dead=self.chips.dead)
        self.deck_order = list(order)
        players = self.players_in()
        ante = self.settings.hand_ante
        for seat in players:
            self.chips.post(seat, ante, live=False)
        text = f"Hand {self.hand_no}: {self.names[self.dealer]} deals; everyone antes {figure(ante)}"
        if self.sabacc_pot == 0 and self.settings.sabacc_ante:
            for seat in players:
                paid = min(self.settings.sabacc_ante, self.chips.stacks[seat])
                self.chips.stacks[seat] -= paid
                self.sabacc_pot += paid
            text += f" and {figure(self.settings.sabacc_ante)} into the empty sabacc pot"
        events.append(Event(CHANCE, text))
        for _ in range(HAND_SIZE):
            for seat in players:
                self.hands[seat].append(self.deck_order.pop(0))
        public = f"{self.names[self.dealer]} deals two cards to each of {len(players)} players"
        events.append(Event(CHANCE, public, {
            s: f"{public}; {self.names[s]} gets {self._names_of(self.hands[s])} "
               f"{self.hand_note(s)}" for s in players}))
        self.caller = players[0]
        self._start_turn(players[0], events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        """Begin ``seat``'s turn, or call the hand if the two conditions hold."""
        players = self.players_in()
        self.drawn = None
        if all(self.turns_taken[p] for p in players) and seat == self.caller:
            events.append(Event(seat, f"Play is back to {self.names[seat]}: the hand is called"))
            call_hand(self, events)
            return
        if len(self.deck_order) <= len(players):
            events.append(Event(CHANCE, "The deck is running out: the hand is called"))
            call_hand(self, events)
            return
        self.turn = seat
        self.turns_taken[seat] += 1
        if self._betting_for(seat).to_act == seat:
            self.phase = Phase.BET
            owed = max(self.chips.round_bets) - self.chips.round_bets[seat]
            what = f"{figure(owed)} to call" if owed else "check or bet"
            events.append(Event(seat, f"{self.names[seat]}'s turn: {what}"))
        else:
            self.phase = Phase.DRAW
            events.append(Event(seat, f"{self.names[seat]}'s turn (no betting): draw or stand"))

    def _bet(self, action: BettingAction, events: list[Event]) -> None:
        seat = action.seat
        betting = self.turn_betting()
        assert betting is not None
        before = betting.current_bet
        events.append(betting.apply(action, name=self.names[seat]))
        if isinstance(action, Fold):
            self._fold(seat, events)
            return
        if betting.current_bet > before:
            self.last_raise_size = betting.last_raise_size
            self.caller = seat
            self.phase = Phase.ROLL
            events.append(Event(CHANCE, "The die is rolled: red shifts every hand"))
        else:
            self.phase = Phase.DRAW

    def _fold(self, seat: int, events: list[Event]) -> None:
        self.folded[seat] = True
        penalty = min(self.settings.fold_penalty, self.chips.stacks[seat])
        self.chips.stacks[seat] -= penalty
        self.sabacc_pot += penalty
        self.dropped.extend(self.hands[seat])
        self.dropped_by.extend([seat] * len(self.hands[seat]))
        self.hands[seat] = []
        if penalty:
            events.append(Event(seat, f"{self.names[seat]} pays {figure(penalty)} into the sabacc pot "
                                      "for folding"))
        players = self.players_in()
        if len(players) == 1:
            call_hand(self, events, by_folds=True)
            return
        if self.caller == seat:
            self.caller = self._next_in_hand(seat)
        self._start_turn(self._next_in_hand(seat), events)

    def _roll(self, action: RollDie, events: list[Event]) -> None:
        self.die = action.colour
        if action.colour == RED:
            self.phase = Phase.SHIFT
            events.append(Event(CHANCE, "The die shows RED: shifting! Every hand loses a card"))
        else:
            self.phase = Phase.DRAW
            events.append(Event(CHANCE, "The die shows blue: no shift"))

    def _shift(self, action: Shift, events: list[Event]) -> None:
        players = self.players_in()
        for seat, card in zip(players, action.lost):
            self.hands[seat].remove(card)
            self.deck_order.append(card)
            self.shifted_by.append(seat)
        new = {}
        for seat in players:
            new[seat] = self.deck_order.pop(0)
            self.hands[seat].append(new[seat])
        public = "Shift: each hand's lost card goes to the bottom of the deck and a new one is dealt"
        events.append(Event(CHANCE, public, {
            s: f"Shift: {self.names[s]} loses {self.card_name(lost)} and gets {self.card_name(new[s])} "
               f"{self.hand_note(s)}" for s, lost in zip(players, action.lost)}))
        self.phase = Phase.DRAW

    def card_name(self, card: int) -> str:
        """The card's name as the log writes it: a face card's copies are one name ("Endurance",
        not its code "Endurance #2")."""
        return self.deck[card].name

    def _card_action(self, action: Action, events: list[Event]) -> None:
        seat = action.seat
        who = self.names[seat]
        if isinstance(action, Draw):
            self.drawn = self.deck_order.pop(0)
            self.phase = Phase.DECIDE
            events.append(Event(seat, f"{who} draws a card", {
                seat: f"{who} draws {self.card_name(self.drawn)}"}))
            return
        if isinstance(action, Stand):
            events.append(Event(seat, f"{who} stands"))
        else:
            drawn = self.drawn
            assert drawn is not None
            self.drawn = None
            if isinstance(action, Keep):
                self.hands[seat].append(drawn)
                events.append(Event(seat, f"{who} keeps the card", {
                    seat: f"{who} keeps {self.card_name(drawn)} {self.hand_note(seat)}"}))
            elif isinstance(action, Swap):
                hand = self.hands[seat]
                hand[hand.index(action.card)] = drawn
                self.dropped.append(action.card)
                self.dropped_by.append(seat)
                events.append(Event(seat, f"{who} swaps a card", {
                    seat: f"{who} swaps {self.card_name(action.card)} for {self.card_name(drawn)} "
                          f"{self.hand_note(seat)}"}))
            else:
                self.dropped.append(drawn)
                self.dropped_by.append(seat)
                events.append(Event(seat, f"{who} drops the drawn card", {
                    seat: f"{who} drops {self.card_name(drawn)}"}))
        self._start_turn(self._next_in_hand(seat), events)

    # -- inside -----------------------------------------------------------------------
    def _next_in_hand(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.chips.in_hand[candidate] and not self.folded[candidate]:
                return candidate
        raise RuntimeError("nobody is in the hand")

