"""Five-Card Draw: the state machine of a whole match, hand after hand.

A hand:

1. ``shuffle`` - chance's :class:`Shuffle` orders the 52 cards; every seat with chips
   antes and is dealt five cards face down, one at a time from the dealer's left.
2. ``bet`` - the first betting round (:mod:`cardtable.engine.betting`), from the
   dealer's left.
3. ``draw`` - from the dealer's left, each player still in discards 0 to
   ``max_draw`` cards (one more when keeping an ace, with ``ace_bonus``) and draws
   as many from the stock.
4. ``bet`` - the second betting round.
5. ``reveal`` - every player still in shows; each pot (main and side pots, from
   :mod:`cardtable.engine.chips`) goes to the best eligible hand; ties split, odd
   chips to the first tied seat left of the dealer. All but one folding ends the
   hand at once.

The deck and the draw: six players dealt 30 cards leave 22 in the stock. With the
default rules (``max_draw`` 3, ``ace_bonus``) the stock always suffices: a player
draws four only while keeping an ace, and there are four aces, so six players draw
at most 4 x 4 + 2 x 3 = 22 cards. With ``max_draw`` 4 it can run out (24 > 22).
Then the drawing player takes the cards left, chance's :class:`Reshuffle` shuffles
the discards (folded hands included, that player's own discards excluded) into a
new stock, and the player gets the rest; the discards then hold at least as many
cards as are owed (52 - 25 cards in the other hands - the 5 of the drawer's).

The deal passes left to the next seat with chips; a seat with no chips is out; the
match ends (``game_over``) when one seat has every chip. Cards are deck indices.
``apply`` may log several events for one action and returns the last one.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.betting import BetOptions, BettingAction, BettingRound
from cardtable.engine.cards import Deck
from cardtable.engine.game import CHANCE, Action, Event, TrustedInRollouts, seat_table
from cardtable.engine.seats import ChipSeatedState
from cardtable.engine.words import plural
from cardtable.games.five_card_draw import GAME
from cardtable.games.five_card_draw.hands import evaluate
from cardtable.games.five_card_draw.rules import (
    BETTING_ROUND_NAMES,
    Discard,
    DrawSettings,
    Phase,
    Reshuffle,
    RoundResult,
    Shuffle,
)

__all__ = ["DrawState", "DrawSettings", "Phase", "Shuffle", "Discard", "Reshuffle", "RoundResult"]


class DrawState(TrustedInRollouts, ChipSeatedState):
    """A match of Five-Card Draw (2 to 6 seats). Build one with :meth:`new`.

    What the UI reads: :attr:`phase`, :attr:`round_no`, :attr:`dealer`, :attr:`names`,
    :attr:`to_act`, :attr:`betting_round`, :attr:`results`, and :meth:`betting_options`,
    :meth:`pots`, :meth:`hand_of`, :meth:`draw_limit`, :meth:`standings`, :meth:`view`.
    """

    JSON_FIELDS = (
        *fields.header(DrawSettings, Phase), "round_no", "dealer", "total_chips", fields.listed("round_start_stacks"),
        fields.listed("out"), *fields.SHARED_LEDGER, "betting_round", fields.listed("deck_order"),
        fields.nested_lists("hands"), fields.listed("discards"), fields.listed("pending"), "owed",
        fields.listed("drawn"), "draw_turn", fields.optional_json("results", RoundResult), fields.listed("shown"))
    CHANCE_PHASES = frozenset({Phase.SHUFFLE, Phase.REVEAL, Phase.RESHUFFLE})
    TURNS = {Phase.BET: "betting.to_act", Phase.DRAW: "draw_turn"}
    CHANCE_MOVES = (Shuffle, Reshuffle)

    settings: DrawSettings
    phase: Phase
    round_no: int
    """The hand being played (1 from the first shuffle on)."""
    total_chips: int
    round_start_stacks: list[int]
    out: list[bool]

    @classmethod
    def new(cls, settings: DrawSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> DrawState:
        """A match about to start: chance's shuffle is the first action.

        >>> from cardtable.variants import load_deck_by_id
        >>> state = DrawState.new(DrawSettings(), load_deck_by_id("standard52"), ["Ada", "Bo"],
        ...                       random.Random(1))
        >>> _ = state.apply(state.chance_action())
        >>> state.phase, state.names[state.to_act], state.pots()
        (<Phase.BET: 'bet'>, 'Bo', [Pot(amount=2, eligible=(0, 1))])
        """
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer)
        if len(deck) != 52 or sorted(c.index for c in deck) != list(range(52)):
            raise ValueError(f"Five-Card Draw is played with the 52-card deck, not {deck.name}")
        evaluate([deck[i] for i in range(5)])  # a deck the evaluator cannot read fails here
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
        self.deck_order: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[int] = []
        self.pending: list[int] = []
        """The drawing player's own discards while chance reshuffles the others."""
        self.owed = 0
        """Cards still owed to the drawing player after a reshuffle."""
        self.drawn: list[int | None] = [None] * n
        self.draw_turn: int | None = None
        self.results: RoundResult | None = None
        self.shown: list[bool] = [False] * n

    # -- what the UI asks -------------------------------------------------------------
    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in this hand (dealt in and not folded)."""
        if self.phase == Phase.SHUFFLE:
            return [False] * self.seats
        return list(self.chips.in_hand)

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` has lost every chip."""
        return self.out[seat]

    def draw_limit(self, seat: int) -> int:
        """The most cards ``seat`` may discard with its hand now (the ace's extra card
        counts when the hand holds an ace; keeping it is then checked on the discard)."""
        has_ace = any(self.deck[c].rank == "A" for c in self.hands[seat])
        return self.settings.draw_limit(has_ace=has_ace)

    def round_outcome(self) -> dict[str, Any] | None:
        """The last settled hand for the statistics (None until one settles): ``round``,
        ``winners``, ``net``, ``hands`` (labels) and ``hand_rank`` (1 best of 7,462)."""
        return None if self.results is None else self.results.outcome()

    def betting_options(self, seat: int) -> BetOptions | None:
        """What ``seat`` may bet now, or None outside a betting round."""
        if self.phase != Phase.BET or self.betting is None:
            return None
        return self.betting.legal_options(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """Representative legal actions: the betting round's, or every discard allowed."""
        if seat == CHANCE or seat != self.to_act:
            return []
        if self.phase == Phase.BET:
            assert self.betting is not None
            return list(self.betting.legal_actions(seat))
        if self.phase == Phase.DRAW:
            actions = [Discard(seat=seat, cards=tuple(c)) for k in range(self.draw_limit(seat) + 1)
                       for c in itertools.combinations(self.hands[seat], k)]
            return [a for a in actions if self._why_not_discard(a) is None]
        return []

    def _why_not_chance(self, action: Action) -> str | None:
        assert isinstance(action, (Shuffle, Reshuffle))
        if self.to_act != CHANCE or action.seat != CHANCE:
            return "only the dealer shuffles (chance's action)"
        want = Reshuffle if self.phase == Phase.RESHUFFLE else Shuffle
        if not isinstance(action, want):
            return ("the stock ran out: the dealer reshuffles the discards" if want is Reshuffle
                    else "the dealer shuffles the whole deck to start a hand")
        cards = sorted(self.discards) if want is Reshuffle else list(range(len(self.deck)))
        if not isinstance(action.order, tuple) or sorted(action.order) != cards:
            return ("a reshuffle must order every card of the discards exactly once" if want is Reshuffle
                    else "a shuffle must order every card of the deck exactly once")
        return None

    def _chance_first(self) -> str:
        return ("the hand is over: the dealer shuffles for the next one"
                if self.phase == Phase.REVEAL else "the dealer must shuffle first")

    def _why_not_move(self, action: Action) -> str | None:
        if self.phase == Phase.BET:
            if not isinstance(action, BettingAction):
                return (f"now is betting {BETTING_ROUND_NAMES[self.betting_round or 0]}: "
                        "check, call, bet, raise, fold or all-in")
            assert self.betting is not None
            return self._rename(self.betting.why_illegal(action))
        if not isinstance(action, Discard):
            return f"now is the draw: discard 0 to {plural(self.draw_limit(action.seat), 'card')} (none to stand pat)"
        return self._why_not_discard(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data: the
        seat's own cards and hands shown at the showdown, every other card ``None``."""
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        options = self.betting_options(seat) if seat is not None and seat == self.to_act else None
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "stacks": self.stacks,
            "out": list(self.out), "in_hand": self.in_hand, "hands": hands,
            "deck_count": len(self.deck_order), "discard_count": len(self.discards) + len(self.pending),
            "drawn": list(self.drawn), "betting_round": self.betting_round,
            "round_bets": list(self.chips.round_bets), "contributed": list(self.chips.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "pot_total": self.chips.pot_total,
            "draw_limit": self.draw_limit(seat) if seat is not None else None,
            "options": dataclasses.asdict(options) if options is not None else None,
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """The cards ``seat`` cannot see: other players' unshown hands, the stock and
        the face-down discards (its own discards waiting for a reshuffle it knows)."""
        slots: list[tuple[Any, Any]] = []
        for owner, hand in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(hand, i) for i in range(len(hand))]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        slots += [(self.discards, i) for i in range(len(self.discards))]
        if self.draw_turn != seat:
            slots += [(self.pending, i) for i in range(len(self.pending))]
        return slots

    # -- chance ----------------------------------------------------------------------
    def _chance_action(self) -> Action:
        if self.phase == Phase.RESHUFFLE:
            return Reshuffle(order=self._shuffled(self.discards))
        return Shuffle(order=self._shuffled(range(len(self.deck))))

    # -- doing ------------------------------------------------------------------------
    def _apply(self, action: Action) -> Event:
        from cardtable.games.five_card_draw import flow
        events: list[Event] = []
        if isinstance(action, Shuffle):
            flow.start_round(self, action.order, events)
        elif isinstance(action, Reshuffle):
            flow.reshuffle(self, action.order, events)
        elif isinstance(action, BettingAction):
            assert self.betting is not None
            events.append(self.betting.apply(action, name=self.names[action.seat]))
            if not self.chips.in_hand[action.seat]:
                self.discards.extend(self.hands[action.seat])  # the folded hand, face down
                self.hands[action.seat] = []
        else:
            assert isinstance(action, Discard)
            flow.discard(self, action, events)
        flow.advance(self, events)
        return self._logged(events)

    # -- inside -----------------------------------------------------------------------
    def _why_not_discard(self, action: Discard) -> str | None:
        cards = action.cards
        if not isinstance(cards, tuple) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a discard names the cards by their deck indices"
        if (wrong := self._why_not_held(action.seat, cards)) is not None:
            return wrong
        hand = self.hands[action.seat]
        plain = self.settings.max_draw
        if len(cards) <= plain:
            return None
        kept_ace = any(self.deck[c].rank == "A" for c in hand if c not in cards)
        limit = self.settings.draw_limit(has_ace=kept_ace)
        if len(cards) <= limit:
            return None
        if self.settings.ace_bonus and plain < 4 and len(cards) == plain + 1:
            return f"you may discard {plain + 1} cards only when you keep an ace"
        return f"you may discard at most {plural(limit, 'card')}"
