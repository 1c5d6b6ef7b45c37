"""Ipso: the state machine of a whole game, hand ("match" in the source) after hand.

The rules are the source's (``rules/ipso.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A game:

0. ``dealer_draw`` - chance: every player draws a card from the spread pack; the
   highest pip (Aces low) deals; the tied highest draw again. The cards go back.
1. ``shuffle`` - chance's :class:`Shuffle` orders the pack; then by themselves every
   player antes (betting round 1), the dealer buries the top card, deals four
   cards each one at a time from their left, lays the rest down as the stock and
   turns its top card onto the flip pile.
2. ``bet`` - betting rounds 2 to 6 (:mod:`cardtable.games.ipso.betting`), each
   followed (but the last) by an ``exchange`` phase 1 to 4: from the dealer's left
   each player still in skips or exchanges one card for the top of any non-empty
   pile. The given-up card goes face up onto the face-up discard pile when the new
   card came from a face-up pile, otherwise face down onto the face-down discard
   pile; the flip pile is refilled from the stock when taken.
3. When all but one have folded that player wins at once and shows nothing;
   after betting round 6 the players still in show, the best hand wins
   (:mod:`cardtable.games.ipso.hands`); a tie is cut: each tied player is dealt
   the stock's top card face up, the highest pip wins, cut again on a tie.
4. ``choose_dealer`` - the winner names the next dealer; then chance shuffles again.

A player with fewer chips than the ante sits the hand out; the game is over
(``game_over``) when fewer than two players can pay the ante.

Steps 1 to 4 are the hand's declared flow (:data:`cardtable.games.ipso.steps.FLOW`, run
by :class:`~cardtable.engine.flow.FlowState`); the draw for the first dealer comes
before the first hand.

``apply`` may log several events for one action; it returns the last one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.cards import Deck
from cardtable.engine.chips import HandChips
from cardtable.engine.flow import FlowState
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.words import figure, plural
from cardtable.games.ipso import GAME
from cardtable.games.ipso.betting import IpsoBetOptions, IpsoBettingRound, take_whole_pot
from cardtable.games.ipso.hands import IpsoHand, evaluate, pip
from cardtable.games.ipso.rules import DrawForDealer, IpsoResult, IpsoSettings, Phase, Pile, Shuffle
from cardtable.games.ipso.steps import (
    BET_ACTIONS,
    BETTING_ROUNDS,
    EXCHANGE_PHASES,
    FLOW,
    HAND_SIZE,
    street_of_old_save,
)

__all__ = ["IpsoState", "HAND_SIZE", "BETTING_ROUNDS", "EXCHANGE_PHASES", "BET_ACTIONS"]


def _draws(draws: Any) -> list[list[list[int]]]:
    """The cards each seat drew for the deal, as lists (both ways)."""
    return [[list(p) for p in d] for d in draws]


class IpsoState(FlowState):
    """A game of Ipso, its hands run on :data:`~cardtable.games.ipso.steps.FLOW`. Build
    one with :meth:`new`.

    Seats are ``0 .. n-1`` clockwise; the dealer's left is ``dealer + 1``. The
    piles: ``stock`` (top first), ``flip``, ``down_discard`` and ``up_discard``
    (top last); ``buried`` (the buried card), ``mucked`` (folded hands and an
    unshown winning hand) and ``cut_cards`` (cards dealt to cut a tie) are out of play.
    """

    FLOW = FLOW
    SHUFFLE = Shuffle
    OTHER_CHANCE_MOVES = (DrawForDealer,)
    JSON_FIELDS = (
        *fields.header(IpsoSettings, Phase, deck_size=False), "round_no", "dealer",
        fields.JsonField("chips", lambda chips: chips.to_json(), HandChips.from_json), "total_chips",
        fields.listed("round_start_stacks"), fields.JsonField("dealer_draws", _draws, _draws),
        fields.listed("drawing"), "chooser", fields.nested_lists("hands"), fields.listed("stock"),
        fields.listed("flip"), fields.listed("down_discard"),
        fields.listed("down_by", missing=lambda data: []),  # older saves: who put each card down is unknown
        fields.listed("up_discard"), fields.listed("buried"), fields.listed("mucked"),
        fields.nested_lists("cut_cards"), fields.listed("face_up_seen"),
        fields.JsonField("betting", get=lambda state: None if state.betting is None else state.betting.to_json(),
                         put=lambda state, data: setattr(state, "betting", None if data is None
                                                         else IpsoBettingRound.from_json(data, state.chips))),
        "betting_round", "exchange_phase", fields.listed("exchange_order"), "exchange_pos", fields.listed("exchanged"),
        "floor", fields.optional_json("results", IpsoResult), fields.listed("shown"),
        fields.JsonField("street", missing=street_of_old_save))
    OVER = "the game is over"

    settings: IpsoSettings
    phase: Phase
    dealer_draws: list[list[list[int]]]
    drawing: list[int]
    chooser: int | None
    total_chips: int
    # Ipso's own round and result, not the engine's poker ones: the steps that use them are Ipso's
    betting: IpsoBettingRound | None  # type: ignore[assignment]
    results: IpsoResult | None  # type: ignore[assignment]

    @classmethod
    def new(cls, settings: IpsoSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int | None = None, *, stacks: Sequence[int] | None = None) -> IpsoState:
        """A game about to start: the draw for the first dealer comes first, unless
        ``dealer`` names one (then chance's shuffle is first).

        >>> from cardtable.variants import load_deck_by_id
        >>> state = IpsoState.new(IpsoSettings(), load_deck_by_id("standard52"), ["Ada", "Bo"],
        ...                       random.Random(3))
        >>> state.phase, state.to_act
        (<Phase.DEALER_DRAW: 'dealer_draw'>, -1)
        """
        names = [str(n).strip() for n in names]
        low, high = GAME.seats
        if not low <= len(names) <= high:
            raise ValueError(f"{GAME.name} needs {low} to {high} players, got {len(names)}")
        if any(not n for n in names) or len(set(names)) != len(names):
            raise ValueError("every player needs a name of their own")
        stacks = list(stacks) if stacks is not None else [settings.starting_chips] * len(names)
        if len(stacks) != len(names) or any(isinstance(s, bool) or not isinstance(s, int)
                                            or s < settings.ante for s in stacks):
            raise ValueError(f"every seat needs at least the ante ({settings.ante}) to start, got {stacks}")
        try:
            for card in deck:
                pip(card)
        except ValueError as exc:
            raise ValueError(f"the {deck.name} deck cannot play Ipso: {exc}") from None
        if len(deck) != 52:
            raise ValueError(f"Ipso is played with a standard 52-card pack, not {len(deck)} cards")
        state = cls(seats=len(names), rng=rng)
        state.settings, state.deck, state.names = settings, deck, tuple(names)
        state.chips = HandChips(stacks)
        state.total_chips = sum(stacks)
        state.round_start_stacks = list(stacks)
        state.round_no = 0
        state.dealer_draws = []
        state.drawing = list(range(len(names)))
        state.chooser = None
        state._clear_round()
        if dealer is None:
            state.dealer, state.phase = 0, Phase.DEALER_DRAW
        else:
            if not 0 <= dealer < len(names):
                raise ValueError(f"the dealer must be one of seats 0..{len(names) - 1}")
            state.dealer, state.phase = dealer, Phase.SHUFFLE
        return state

    def _clear_round(self) -> None:
        n = self.seats
        super()._clear_round()
        self.stock: list[int] = []
        self.flip: list[int] = []
        self.down_discard: list[int] = []
        self.down_by: list[int] = []
        """The seat that put each ``down_discard`` card there (public: the log says so)."""
        self.up_discard: list[int] = []
        self.buried: list[int] = []
        self.mucked: list[int] = []
        self.cut_cards: list[list[int]] = []
        """``[seat, card]`` dealt face up to cut a tie, in order."""
        self.face_up_seen: list[int] = []
        """Every card that has been face up this hand (the log may name these)."""
        self.exchange_phase: int | None = None
        self.exchange_order: list[int] = []
        self.exchange_pos = 0
        self.exchanged: list[str | None] = [None] * n
        """This exchange phase: "skip" or the pile each seat took from (None: not yet)."""
        self.floor = self.settings.betting.min_bet

    # -- questions ----------------------------------------------------------------------
    @property
    def _exchanger(self) -> int | None:
        """The seat exchanging now (None once everybody has)."""
        return self.exchange_order[self.exchange_pos] if self.exchange_pos < len(self.exchange_order) else None

    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in the current hand (dealt in, not folded)."""
        if self.round_no == 0:
            return [False] * self.seats
        return list(self.chips.in_hand)

    def can_play(self, seat: int) -> bool:
        """True when ``seat`` has the chips for the ante of a new hand."""
        return self.chips.stacks[seat] >= self.settings.ante

    def hand_value(self, seat: int) -> IpsoHand | None:
        """The worth of ``seat``'s four cards (None when it holds none)."""
        cards = self.hands[seat]
        return evaluate(self.deck[c] for c in cards) if len(cards) == HAND_SIZE else None

    @property
    def deck_order(self) -> list[int]:
        """The stock, as the engine's steps call it (the deal takes from it)."""
        return self.stock

    @deck_order.setter
    def deck_order(self, cards: list[int]) -> None:
        self.stock = cards

    def betting_options(self, seat: int) -> IpsoBetOptions | None:  # type: ignore[override]
        """What ``seat`` may bet now, or None outside a betting round."""
        if self.phase != Phase.BET or self.betting is None:
            return None
        return self.betting.options(seat)

    def pile_top(self, pile: str) -> int | None:
        """The top card of a pile (None when empty)."""
        cards = self._pile(Pile(pile))
        if not cards:
            return None
        return cards[0] if pile == Pile.STOCK else cards[-1]

    def round_outcome(self) -> dict[str, Any] | None:
        """The most recently settled hand: round, winners, each seat's net, the shown
        hands' kinds and their ranks (1 Quad ... 8 High Card & Tags; lower is better)."""
        r = self.results
        if r is None:
            return None
        return {"round": r.round_no, "winners": [r.winner], "net": list(r.net),
                "hands": {str(s): h[1] for s, h in r.hands.items()},
                "hand_rank": {str(s): h[0] for s, h in r.hands.items()}}

    def _chance_first(self) -> str:
        return "the dealer must shuffle first" if self.phase == Phase.SHUFFLE else \
            "the players are drawing for the first dealer"

    def _why_not_chance(self, action: Action) -> str | None:
        if action.seat != CHANCE:
            return "only chance draws and shuffles (seat CHANCE)"
        everything = list(range(len(self.deck)))
        if isinstance(action, DrawForDealer):
            if self.phase != Phase.DEALER_DRAW:
                return "the first dealer has been chosen already"
            cards = action.cards
            if (not isinstance(cards, tuple) or len(cards) != len(self.drawing)
                    or len(set(cards)) != len(cards) or any(c not in range(len(self.deck)) for c in cards)):
                return f"the draw gives one different card to each of {plural(len(self.drawing), 'player')}"
            return None
        if self.phase != Phase.SHUFFLE or not isinstance(action, Shuffle):
            return "the dealer shuffles only before a hand"
        if not isinstance(action.order, tuple) or sorted(action.order) != everything:
            return "a shuffle must order every card of the pack exactly once"
        return None

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data.

        ``hands`` holds the seat's own cards and the hands shown at a showdown, other
        cards as ``None``. The face-down piles are only counted; the flip pile and
        the face-up discard pile (bottom first) are shown.
        """
        hands = [list(c) if s == seat or self.shown[s] else [None] * len(c) for s, c in enumerate(self.hands)]
        options = self.betting_options(seat) if seat is not None and seat == self.to_act else None
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "stacks": self.stacks,
            "can_play": [self.can_play(s) for s in range(self.seats)], "in_hand": self.in_hand,
            "hands": hands, "stock_count": len(self.stock), "flip": list(self.flip),
            "down_discard_count": len(self.down_discard), "up_discard": list(self.up_discard),
            "buried_count": len(self.buried), "mucked_count": len(self.mucked),
            "cut_cards": [list(c) for c in self.cut_cards],
            "betting_round": self.betting_round, "exchange_phase": self.exchange_phase,
            "exchanged": list(self.exchanged), "floor": self.floor,
            "last_amount": self.betting.last_amount if self.betting is not None else None,
            "round_bets": list(self.chips.round_bets), "contributed": list(self.chips.contributed),
            "pot_total": self.chips.pot_total,
            "options": options.to_json() if options is not None else None,
            "dealer_draws": [[list(p) for p in draw] for draw in self.dealer_draws],
            "chooser": self.chooser,
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """Every place holding a card ``seat`` cannot see, in an order fixed by what it sees:
        the other seats' unshown hands (seats, then positions, in order), the stock (top
        first), the face-down discards other seats put there (bottom first; the seat's own
        stay where it knows them), the buried card and the thrown-in cards. The seat's own
        hand, the flip pile, the face-up discards, cut cards and shown hands are seen."""
        slots: list[tuple[Any, Any]] = []
        for other, cards in enumerate(self.hands):
            if other != seat and not self.shown[other]:
                slots += [(cards, i) for i in range(len(cards))]
        slots += [(self.stock, i) for i in range(len(self.stock))]
        own = self.down_by if len(self.down_by) == len(self.down_discard) else [None] * len(self.down_discard)
        slots += [(self.down_discard, i) for i in range(len(self.down_discard)) if own[i] != seat]
        slots += [(self.buried, i) for i in range(len(self.buried))]
        slots += [(self.mucked, i) for i in range(len(self.mucked))]
        return slots


    # -- doing -------------------------------------------------------------------------------
    def _hand_start(self) -> Action:
        """Chance's next action between hands: the draw for the first dealer, or the shuffle."""
        order = self._shuffled(range(len(self.deck)))
        if self.phase == Phase.DEALER_DRAW:
            return DrawForDealer(cards=order[:len(self.drawing)])
        return Shuffle(order=order)

    def _between_hands(self, action: Action, events: list[Event]) -> bool:
        """The draw for the first dealer: the highest pip deals, the tied highest draw again."""
        if not isinstance(action, DrawForDealer):
            return False
        pairs = [[seat, card] for seat, card in zip(self.drawing, action.cards)]
        self.dealer_draws.append(pairs)
        shown = ", ".join(f"{self.names[s]} {self.card_name(c)}" for s, c in pairs)
        best = max(pip(self.deck[c]) for _, c in pairs)
        tied = [s for s, c in pairs if pip(self.deck[c]) == best]
        if len(tied) == 1:
            self.dealer = tied[0]
            self.phase = Phase.SHUFFLE
            events.append(Event(CHANCE, f"Drawing for the deal: {shown}. {self.names[tied[0]]} "
                                        "drew the highest card and deals"))
        else:
            self.drawing = tied
            events.append(Event(CHANCE, f"Drawing for the deal: {shown}. "
                                        f"{' and '.join(self.names[s] for s in tied)} tie and draw again"))
        return True

    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """The chosen dealer deals (the deal does not pass left); who cannot pay the ante
        sits the hand out; the shuffled pack is the stock."""
        assert isinstance(action, Shuffle)
        self.round_no += 1
        self._clear_round()
        self.round_start_stacks = self._fresh_ledger([self.can_play(s) for s in range(self.seats)])
        self.stock = list(action.order)

    def _discard_cards(self, seat: int, cards: Sequence[int]) -> None:
        """A folded (or unshown winning) hand is thrown in face down."""
        self.mucked.extend(cards)

    def settle(self, keys: Mapping[int, Any] | None, values: Mapping[int, Any], events: list[Event]) -> None:
        """The best hand (a tie cut from the stock), or the one player left, takes the whole
        pot; the game is over when fewer than two players can pay the ante."""
        self.betting, self.betting_round, self.exchange_phase = None, None, None
        for seat in values:
            self.face_up_seen.extend(self.hands[seat])
        if keys is None:
            winner = self.chips.players_in[0]
        else:
            best = max(keys.values())
            winner = self._cut([s for s in keys if keys[s] == best], events)
        pot = take_whole_pot(self.chips, winner)
        if values:
            how = f" with {values[winner].label}"
        else:
            how = " (everyone else folded; the cards are not shown)"
            self._discard_cards(winner, self.hands[winner])
            self.hands[winner] = []
        events.append(Event(winner, f"{self.names[winner]} wins the pot of {figure(pot)}{how}"))
        self.results = IpsoResult(
            round_no=self.round_no, showdown=bool(values), winner=winner, pot=pot,
            hands={s: (v.rank, v.kind, v.value) for s, v in values.items()},
            cuts=tuple((c[0], c[1]) for c in self.cut_cards),
            net=tuple(self.chips.stacks[s] - self.round_start_stacks[s] for s in range(self.seats)))
        if sum(self.can_play(s) for s in range(self.seats)) < 2:
            self.phase = Phase.GAME_OVER
            events.append(Event(winner, "Fewer than two players can pay the ante: the game is over"))

    def _cut(self, tied: list[int], events: list[Event]) -> int:
        """The winner among ``tied`` (from the dealer's left): each is dealt the stock's top
        card face up, the highest pip wins, cut again on a tie; the first when the stock is out."""
        while len(tied) > 1:
            if not self.stock:
                events.append(Event(CHANCE, f"The stock is empty: {self.names[tied[0]]}, nearest the "
                                            "dealer's left, wins the cut"))
                break
            cuts = []
            for seat in tied:
                card = self.stock.pop(0)
                self.cut_cards.append([seat, card])
                self.face_up_seen.append(card)
                cuts.append((seat, card))
            shown = ", ".join(f"{self.names[s]} {self.card_name(c)}" for s, c in cuts)
            top = max(pip(self.deck[c]) for _, c in cuts)
            tied = [s for s, c in cuts if pip(self.deck[c]) == top]
            events.append(Event(CHANCE, f"A tie: the pack is cut: {shown}"))
        return tied[0]

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` cannot pay the ante: it sits out."""
        return not self.can_play(seat)

    def _pile(self, pile: Pile) -> list[int]:
        return {Pile.STOCK: self.stock, Pile.FLIP: self.flip, Pile.DOWN_DISCARD: self.down_discard,
                Pile.UP_DISCARD: self.up_discard}[pile]
