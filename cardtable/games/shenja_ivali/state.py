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

import dataclasses
import itertools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.betting import BetOptions, BettingAction, BettingRound
from cardtable.engine.cards import Deck
from cardtable.engine.chips import Pot, split_pot
from cardtable.engine.game import CHANCE, Action, Event, TrustedInRollouts, seat_table
from cardtable.engine.seats import ChipSeatedState
from cardtable.engine.words import figure, plural
from cardtable.games.shenja_ivali import GAME
from cardtable.games.shenja_ivali.auction import Auction, AuctionAction, Bid, DropOut, PassBid
from cardtable.games.shenja_ivali.hands import HandValue, evaluate
from cardtable.games.shenja_ivali.rules import (
    BETTING_ROUND_NAMES,
    Discard,
    Phase,
    PotResult,
    RoundResult,
    ShenjaIvaliSettings,
    Shuffle,
)

__all__ = ["ShenjaIvaliState", "ShenjaIvaliSettings", "Phase", "Shuffle", "Discard", "Bid",
           "PassBid", "DropOut", "RoundResult", "PotResult", "HAND_SIZE", "playing_cards"]

HAND_SIZE = 4
"""Cards dealt to each player; the auction brings the hand to five."""


_PLAYING: dict[int, tuple[Deck, tuple[int, ...]]] = {}


def playing_cards(deck: Deck) -> tuple[int, ...]:
    """The deck indices Shenja Ivali plays with: every card that is not a wild, in
    deck order (worked out once per deck)."""
    known = _PLAYING.get(id(deck))
    if known is None or known[0] is not deck:
        known = (deck, tuple(card.index for card in deck if "wild" not in card.tags))
        _PLAYING[id(deck)] = known
    return known[1]


class ShenjaIvaliState(TrustedInRollouts, ChipSeatedState):
    """A match of Shenja Ivali. Build one with :meth:`new`.

    Seats are ``0 .. n-1`` clockwise; the dealer's left is ``dealer + 1``. What the
    UI reads: :attr:`phase`, :attr:`round_no`, :attr:`dealer`, :attr:`names`,
    :attr:`to_act`, :attr:`betting_round`, :attr:`flop` and :attr:`flop_takers`,
    :attr:`auction_pot`, :attr:`results`, and the methods :meth:`betting_options`,
    :meth:`auction_view`, :meth:`pots`, :meth:`hand_of`, :meth:`standings`,
    :meth:`is_out` and :meth:`view`.
    """

    JSON_FIELDS = (
        *fields.header(ShenjaIvaliSettings, Phase), "round_no", "dealer", "total_chips",
        fields.listed("round_start_stacks"), fields.listed("out"), *fields.SHARED_LEDGER, "betting_round",
        fields.listed("deck_order"), fields.nested_lists("hands"), fields.listed("flop"), fields.listed("flop_takers"),
        fields.listed("discards"),
        # a save from before this was recorded: nobody is known to have put a discard there
        fields.listed("discarded_by", missing=lambda data: [-1] * len(data["discards"])), fields.listed("drawn"),
        "draw_turn", fields.optional_json("auction", Auction), "auction_pot",
        fields.optional_json("results", RoundResult), fields.listed("shown"))
    CHANCE_PHASES = frozenset({Phase.SHUFFLE, Phase.REVEAL})
    TURNS = {Phase.BET: "betting.to_act", Phase.DRAW: "draw_turn", Phase.AUCTION: "auction.to_act"}
    CHANCE_MOVES = (Shuffle,)

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
        state.round_start_stacks = list(stacks)
        state.out = [False] * len(names)
        state.round_no = 0
        state._clear_round()
        return state

    def _clear_round(self) -> None:
        n = self.seats
        self.betting: BettingRound | None = None
        self.betting_round: int | None = None
        """Which betting round runs (0 to 3, see ``BETTING_ROUND_NAMES``), or None."""
        self.deck_order: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.flop: list[int] = []
        """The flop cards in the line they were dealt (stays all round)."""
        self.flop_takers: list[int | None] = []
        """Who got each flop card after the auction (None: not yet, or nobody)."""
        self.discards: list[int] = []
        self.discarded_by: list[int] = []
        """Who put each card of ``discards`` there (its discard or its folded hand): the
        seat knows those cards. -1: unknown (a save from before this was recorded)."""
        self.drawn: list[int | None] = [None] * n
        """Cards each seat exchanged this round (None: not yet)."""
        self.draw_turn: int | None = None
        self.auction: Auction | None = None
        self.auction_pot = 0
        self.results: RoundResult | None = None
        self.shown: list[bool] = [False] * n

    # -- what the UI asks -------------------------------------------------------------
    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in this round's hand (dealt in and not folded)."""
        if self.phase == Phase.SHUFFLE:
            return [False] * self.seats
        return list(self.chips.in_hand)

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` has lost every chip: it is skipped from then on."""
        return self.out[seat]

    def round_outcome(self) -> dict[str, Any] | None:
        """The most recently settled round for the statistics, from :attr:`results`.

        ``{"round", "winners", "net", "hands": {"seat": label}, "hand_rank": {"seat":
        rank}}`` (rank 1 is the best hand); None until a round settles, and again once
        the next round is dealt (its results are cleared then).
        """
        return None if self.results is None else self.results.outcome()

    def betting_options(self, seat: int) -> BetOptions | None:
        """What ``seat`` may bet now (``BettingRound.legal_options``), or None outside a
        betting round."""
        if self.phase != Phase.BET or self.betting is None:
            return None
        return self.betting.legal_options(seat)

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

    def legal_actions(self, seat: int) -> list[Action]:
        """Representative legal actions of ``seat`` (empty when it is not its turn).

        Bets: :meth:`BettingRound.legal_actions`; the draw: every discard of 0 to
        ``max_discard`` cards; the auction: the smallest bid on each card it may bid
        on, and pass or drop out. :meth:`why_illegal` is the complete test.
        """
        if seat == CHANCE or seat != self.to_act:
            return []
        if self.phase == Phase.BET:
            assert self.betting is not None
            return list(self.betting.legal_actions(seat))
        if self.phase == Phase.DRAW:
            hand = self.hands[seat]
            return [Discard(seat=seat, cards=tuple(c)) for k in range(self.settings.max_discard + 1)
                    for c in itertools.combinations(hand, k)]
        if self.phase == Phase.AUCTION:
            assert self.auction is not None
            return list(self.auction.legal_actions(seat, self.chips.stacks))
        return []

    def _why_not_chance(self, action: Action) -> str | None:
        return self._why_not_shuffle(action, playing_cards(self.deck),
                                     "a shuffle must order every playing card of the deck exactly once")

    def _why_not_move(self, action: Action) -> str | None:
        if self.phase == Phase.BET:
            if not isinstance(action, BettingAction):
                return f"now is betting {self._round_name()}: check, call, bet, raise, fold or all-in"
            assert self.betting is not None
            return self._rename(self.betting.why_illegal(action))
        if self.phase == Phase.DRAW:
            if not isinstance(action, Discard):
                return "now is the draw: discard 0 to 2 cards (none to stand pat)"
            return self._why_not_discard(action)
        if not isinstance(action, AuctionAction):
            return "now is the auction: bid on a flop card, pass, or drop out"
        assert self.auction is not None
        return self.auction.why_illegal(action, self.chips.stacks, name=self._name,
                                        card_name=self.card_name)

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
        options = self.betting_options(seat) if seat is not None else None
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
            "options": dataclasses.asdict(options) if options is not None and seat == self.to_act else None,
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

    # -- chance ----------------------------------------------------------------------
    def _chance_action(self) -> Action:
        return Shuffle(order=self._shuffled(playing_cards(self.deck)))

    # -- doing ------------------------------------------------------------------------
    def _apply(self, action: Action) -> Event:
        events: list[Event] = []
        if isinstance(action, Shuffle):
            self._start_round(action.order, events)
        elif isinstance(action, BettingAction):
            assert self.betting is not None
            seat = action.seat
            event = self.betting.apply(action, name=self.names[seat])
            events.append(event)
            if not self.chips.in_hand[seat]:
                self.discards.extend(self.hands[seat])  # the folded hand, face down
                self.discarded_by.extend([seat] * len(self.hands[seat]))
                self.hands[seat] = []
        elif isinstance(action, Discard):
            self._discard(action, events)
        else:
            assert self.auction is not None
            events += self.auction.apply(action, self.chips.stacks, name=self._name,
                                         card_name=self.card_name)
        self._advance(events)
        return self._logged(events)

    def _start_round(self, order: Sequence[int], events: list[Event]) -> None:
        self._new_round(self.next_with_chips)
        self.round_start_stacks = self._fresh_ledger()
        self.deck_order = list(order)
        players = self.players_from_left()
        events.append(self._antes(players, self.settings.ante, f"Round {self.round_no}"))
        events.append(self._deal_each(players, HAND_SIZE, self.deck_order, "four cards"))
        self._start_betting(0, events)

    def _discard(self, action: Discard, events: list[Event]) -> None:
        seat = action.seat
        hand = self.hands[seat]
        new_cards = []
        for card in action.cards:
            position = hand.index(card)
            hand[position] = self._draw_card()
            new_cards.append(hand[position])
            self.discards.append(card)
            self.discarded_by.append(seat)
        self.drawn[seat] = len(action.cards)
        who = self.names[seat]
        if not action.cards:
            events.append(Event(seat, f"{who} stands pat"))
        else:
            count = len(action.cards)
            cards = "a card" if count == 1 else f"{count} cards"
            events.append(Event(seat, f"{who} discards {cards} and draws {count}", {
                seat: f"{who} discards {self._names_of(action.cards)} and draws "
                      f"{self._names_of(new_cards)}"}))
        self.draw_turn = self._next_to_draw(seat)

    def _advance(self, events: list[Event]) -> None:
        """Carry on through every step that needs nobody's decision."""
        while True:
            if self.phase == Phase.BET:
                assert self.betting is not None and self.betting_round is not None
                if self.betting.hand_over:
                    self._end_by_folds(events)
                    return
                if self.betting.to_act is not None:
                    return
                self._return_uncalled(self.chips.end_round(), events)
                self.betting = None
                done = self.betting_round
                if done == 0:
                    self._deal_flop(events)
                    self._start_betting(1, events)
                elif done == 1:
                    self._start_draw(events)
                elif done == 2:
                    self._start_auction(events)
                else:
                    self._showdown(events)
                    return
            elif self.phase == Phase.DRAW:
                if self.draw_turn is not None:
                    return
                self._start_betting(2, events)
            elif self.phase == Phase.AUCTION:
                assert self.auction is not None
                if self.auction.to_act is not None:
                    return
                self._finish_auction(events)
                self._start_betting(3, events)
            else:
                return

    def _start_betting(self, number: int, events: list[Event]) -> None:
        self.phase = Phase.BET
        self.betting_round = number
        self.betting = BettingRound(rules=self.settings.betting, chips=self.chips,
                                    first_to_act=(self.dealer + 1) % self.seats,
                                    big_bet=number >= 2)
        if self.betting.to_act is not None:
            events.append(Event(CHANCE, f"Betting {BETTING_ROUND_NAMES[number]}: "
                                        f"{self.names[self.betting.to_act]} is first"))

    def _deal_flop(self, events: list[Event]) -> None:
        count = len(self.chips.players_in)
        self.flop = [self._draw_card() for _ in range(count)]
        self.flop_takers = [None] * count
        events.append(Event(CHANCE, f"The flop: {self._names_of(self.flop)}"))

    def _start_draw(self, events: list[Event]) -> None:
        self.phase = Phase.DRAW
        self.betting_round = None
        players = self.players_from_left()
        self.draw_turn = players[0]
        events.append(Event(CHANCE, f"Discard and draw, 0 to {plural(self.settings.max_discard, 'card')}, "
                                    f"from {self.names[players[0]]}"))

    def _start_auction(self, events: list[Event]) -> None:
        self.phase = Phase.AUCTION
        self.betting_round = None
        self.auction = Auction(flop=self.flop, seats=self.seats, order=self.players_from_left())
        events.append(Event(CHANCE, f"The auction, from {self.names[self.auction.order[0]]}"))
        events += self.auction.start(self.chips.stacks, name=self._name, card_name=self.card_name)

    def _finish_auction(self, events: list[Event]) -> None:
        assert self.auction is not None
        takers, pot = self.auction.resolve()
        self.auction_pot += pot
        parts = []
        for i, card in enumerate(self.flop):
            seat = takers.get(card)
            self.flop_takers[i] = seat
            if seat is not None:
                self.hands[seat].append(card)
                high = self.auction.high.get(card)
                paid = f" for {figure(high[1])}" if high is not None else ""
                parts.append(f"{self.names[seat]} gets {self.card_name(card)}{paid}")
        text = "; ".join(parts) + f". Auction pot: {figure(self.auction_pot)}"
        events.append(Event(CHANCE, text))

    def _showdown(self, events: list[Event]) -> None:
        players = self.players_from_left()
        values: dict[int, HandValue] = {}
        for seat in players:
            values[seat] = evaluate([self.deck[c] for c in self.hands[seat]], self.settings.hands)
            self.shown[seat] = True
            events.append(Event(seat, f"{self.names[seat]} shows "
                                      f"{self._names_of(self.hands[seat])}: {values[seat].label}"))
        keys = {seat: value.key for seat, value in values.items()}
        self._settle(keys, values, events)

    def _end_by_folds(self, events: list[Event]) -> None:
        self._settle(None, {}, events)

    def _settle(self, keys: Mapping[int, Any] | None, values: Mapping[int, HandValue],
                events: list[Event]) -> None:
        self.betting = None
        self.betting_round = None
        players = self.chips.players_in
        settlement = self.chips.settle(keys, dealer_seat=self.dealer)
        self._return_uncalled(settlement.uncalled, events)
        pots = PotResult.of_awards(settlement.awards)
        won: dict[int, int] = {}
        if self.auction_pot:
            strength = keys if keys is not None else {players[0]: 0}
            award = split_pot(Pot(self.auction_pot, tuple(players)), strength,
                              dealer_seat=self.dealer, seats=self.seats)
            for winner, chips in award.shares.items():
                self.chips.stacks[winner] += chips
            pots.append(PotResult("auction pot", self.auction_pot, award.pot.eligible,
                                  award.winners, dict(award.shares)))
            self.auction_pot = 0
        for pot in pots:
            for winner, chips in pot.shares.items():
                won[winner] = won.get(winner, 0) + chips
            how = (f" with {values[pot.winners[0]].label}" if values else
                   " (everyone else folded)")
            events.append(Event(pot.winners[0], pot.announce(self.names, how)))
        self.results = RoundResult(
            round_no=self.round_no, showdown=keys is not None, hands=dict(values),
            cards={s: tuple(self.hands[s]) for s in values}, pots=tuple(pots), won=won,
            net=tuple(self.chips.stacks[s] - self.round_start_stacks[s] for s in range(self.seats)),
            uncalled=settlement.uncalled)
        self.out = [stack == 0 for stack in self.chips.stacks]
        alive = [s for s in range(self.seats) if not self.out[s]]
        if len(alive) == 1:
            self.phase = Phase.GAME_OVER
            events.append(Event(alive[0], f"{self.names[alive[0]]} has all the chips: "
                                          "the match is over"))
        else:
            self.phase = Phase.REVEAL

    # -- inside -----------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _round_name(self) -> str:
        return BETTING_ROUND_NAMES[self.betting_round or 0]

    def _next_to_draw(self, seat: int) -> int | None:
        players = self.players_from_left()
        later = players[players.index(seat) + 1:]
        return later[0] if later else None

    def _draw_card(self) -> int:
        if not self.deck_order:
            raise RuntimeError("the deck ran out (new() refuses tables where this can happen)")
        return self.deck_order.pop(0)

    def _why_not_discard(self, action: Discard) -> str | None:
        cards = action.cards
        limit = self.settings.max_discard
        if not isinstance(cards, tuple) or any(
                isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a discard names the cards by their deck indices"
        if len(cards) > limit:
            return f"you may discard at most {plural(limit, 'card')}"
        return self._why_not_held(action.seat, cards)
