"""Alethkar Poker: the state machine of a whole match, round after round.

The rules are the source's (``rules/alethkar_poker.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A round is the
source's eight steps, declared as :data:`~cardtable.games.alethkar_poker.steps.FLOW`
(the game's own steps in :mod:`cardtable.games.alethkar_poker.steps`) and run by
:class:`~cardtable.engine.flow.SeatedFlowState`:

1. chance's :class:`Shuffle`; then by themselves every player puts the buy-in into
   their bag (from the stack; when the stack is short, chips already in the bag
   stand for the rest) and
2. is dealt seven cards, one at a time from the dealer's left.
3. ``bet`` - from the dealer's left, each player secretly moves chips from the
   stack into the bag and says "check" (:class:`BagBet`).
4. ``discard`` - from the dealer's left, each player discards exactly two cards
   face down (:class:`DiscardTwo`).
5. By themselves: every hand is shown and counted (:func:`best_split`), then
6. - 8. :func:`~cardtable.games.alethkar_poker.payout.settle`. The phase is ``reveal``.

Then chance shuffles for the next round and the deal passes left. A player whose
stack and bag together hold less than the buy-in is out; the match is over
(``game_over``) when at most one player can still buy in, and that player takes
whatever an earlier round left in the middle.

Privacy: a seat's stack and bag are its own secret (the stack too, or the bag
could be worked out from it); the public figure is each seat's *holdings*, stack
plus bag, which only step 7 and step 8 change, in public. Step 6 reveals the top
players' bags and step 7 every payment; what stays in the other bags never shows.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.cards import Deck
from cardtable.engine.chips import seats_from_left_of
from cardtable.engine.flow import SeatedFlowState
from cardtable.engine.flow.state import street_field
from cardtable.engine.game import Action, Event, seat_table
from cardtable.games.alethkar_poker import GAME
from cardtable.games.alethkar_poker.rules import (
    HAND_SIZE,
    KEEP,
    AlethkarSettings,
    BagBet,
    DiscardTwo,
    Phase,
    RoundResult,
    Shuffle,
)
from cardtable.games.alethkar_poker.steps import FLOW

__all__ = ["AlethkarState", "AlethkarSettings", "Phase", "Shuffle", "BagBet", "DiscardTwo",
           "RoundResult", "HAND_SIZE", "KEEP"]


class AlethkarState(SeatedFlowState):
    """A match of Alethkar Poker. Build one with :meth:`new`.

    What the UI reads: :attr:`phase`, :attr:`round_no`, :attr:`dealer`,
    :attr:`names`, :attr:`to_act`, :attr:`middle`, :attr:`results`, and
    :meth:`holdings`, :meth:`hand_of`, :meth:`players`, :meth:`standings`,
    :meth:`view`. The stacks and bags are :attr:`stacks` and :attr:`bags`, but only
    ``view(seat)`` decides what a seat may see of them.
    """

    FLOW = FLOW
    SHUFFLE = Shuffle
    JSON_FIELDS = (
        *fields.header(AlethkarSettings, Phase, deck_size=False), "round_no", "dealer", fields.listed("stacks"),
        fields.listed("bags"), "middle", "total_chips", fields.listed("out"), fields.listed("round_start"),
        fields.listed("in_round"), fields.listed("deck_order"), fields.nested_lists("hands"),
        fields.listed("discards"), fields.listed("checked"), fields.listed("discarded"), "turn",
        fields.listed("shown"), fields.optional_json("results", RoundResult), street_field(FLOW))

    settings: AlethkarSettings
    phase: Phase
    stacks: list[int]
    bags: list[int]
    middle: int
    """Chips in the middle of the table: what earlier rounds left there (step 8)."""
    total_chips: int
    out: list[bool]
    results: RoundResult | None

    @classmethod
    def new(cls, settings: AlethkarSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> AlethkarState:
        """A match about to start: chance's shuffle is the first action.

        ``names``: 2 to 7 different names. ``stacks``: each seat's starting chips
        (default ``settings.starting_chips``), each at least the buy-in.

        >>> from cardtable.variants import load_deck_by_id
        >>> state = AlethkarState.new(AlethkarSettings(), load_deck_by_id("standard52"),
        ...                           ["Ada", "Bo"], random.Random(1))
        >>> _ = state.apply(state.chance_action())
        >>> state.phase, state.names[state.to_act], state.bags, len(state.hand_of(0))
        (<Phase.BET: 'bet'>, 'Bo', [1, 1], 7)
        """
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer, least=settings.buy_in,
                                   least_text=f"the buy-in ({settings.buy_in})")
        if len(deck) != 52 or deck.id != "standard52":
            raise ValueError(f"Alethkar Poker is played with the standard 52-card deck, not {deck.name}")
        state = cls(seats=len(names), rng=rng)
        state.settings, state.deck, state.names = settings, deck, tuple(names)
        state.dealer = dealer
        state.stacks = list(stacks)
        state.bags = [0] * len(names)
        state.middle = 0
        state.total_chips = sum(stacks)
        state.out = [False] * len(names)
        state.phase = Phase.SHUFFLE
        state.round_no = 0
        state.round_start = list(stacks)
        state.results = None
        state._clear_round()
        return state

    def _clear_round(self) -> None:
        super()._clear_round()
        n = self.seats
        self.in_round: list[bool] = [False] * n
        self.checked: list[bool] = [False] * n
        """Who has said "check" this round (step 3 done)."""
        self.discarded: list[bool] = [False] * n
        self.turn: int | None = None
        """The player to bet (step 3) or to discard (step 4); None otherwise."""

    # -- what the UI asks -------------------------------------------------------------
    def holdings(self, seat: int) -> int:
        """Stack plus bag: the seat's chips as everybody may know them."""
        return self.stacks[seat] + self.bags[seat]

    holding = holdings

    def players_from_left(self) -> list[int]:
        """The seats playing this round, from the dealer's left."""
        return [s for s in seats_from_left_of(self.dealer, self.seats) if self.in_round[s]]

    players = players_from_left

    def round_outcome(self) -> dict[str, Any] | None:
        """The most recently settled round for the statistics, or None before one."""
        if self.results is None:
            return None
        return {"round": self.results.round_no, "winners": list(self.results.winners),
                "net": list(self.results.net),
                "hands": {str(s): h.label for s, h in self.results.hands.items()}}

    # -- views -----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data.

        Keys: ``seat``, ``phase``, ``round_no``, ``dealer``, ``to_act``, ``names``,
        ``out``, ``in_round``, ``holdings`` (stack plus bag, every seat), ``stacks``
        and ``bags`` (the seat's own; ``None`` for the others), ``hands`` (own cards
        and the hands shown in step 5; other cards ``None``), ``checked``,
        ``discarded``, ``deck_count``, ``discard_count``, ``middle``, ``buy_in``,
        ``results`` (at the reveal: the counted hands and steps 6 to 8).
        """
        def mine(values: list[int]) -> list[int | None]:
            return [v if s == seat else None for s, v in enumerate(values)]
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "out": list(self.out),
            "in_round": list(self.in_round),
            "holdings": [self.holdings(s) for s in range(self.seats)],
            "stacks": mine(self.stacks), "bags": mine(self.bags), "hands": hands,
            "checked": list(self.checked), "discarded": list(self.discarded),
            "deck_count": len(self.deck_order), "discard_count": len(self.discards),
            "middle": self.middle, "buy_in": self.settings.buy_in,
            "results": self.results.to_json() if self.results is not None and self.phase in (
                Phase.REVEAL, Phase.GAME_OVER) else None,
        }

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """The cards ``seat`` cannot see: the other players' unshown hands (seats in
        order), the undealt rest of the deck, and the face-down discards except the
        seat's own two (discards go down two by two in turn order, so the seat knows
        where its own lie)."""
        slots: list[tuple[Any, Any]] = []
        for owner, cards in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(cards, i) for i in range(len(cards))]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        own: set[int] = set()
        position = 0
        for player in self.players():
            if not self.discarded[player]:
                break
            if player == seat:
                own = {position, position + 1}
            position += 2
        slots += [(self.discards, i) for i in range(len(self.discards)) if i not in own]
        return slots

    def seat_copy(self, seat: int, rng: random.Random) -> AlethkarState:
        """The shared :meth:`~GameState.seat_copy`, and the other seats' secret split of
        their chips between stack and bag replaced by one worked out from the public
        holdings alone (the buy-in in the bag during a round, nothing between
        rounds), so the copy tells no other seat's bag either."""
        mine = super().seat_copy(seat, rng)
        assert isinstance(mine, AlethkarState)
        playing = self.phase in (Phase.BET, Phase.DISCARD)
        for other in range(self.seats):
            if other == seat:
                continue
            held = self.holdings(other)
            bag = min(held, self.settings.buy_in) if playing and self.in_round[other] else 0
            mine.stacks[other], mine.bags[other] = held - bag, bag
        return mine

    def _copy(self) -> AlethkarState:
        """A copy without history and log, several times cheaper than a deep copy: lists
        (hands' inner lists too) and the generator are copied; the deck, the settings,
        the names and the last round's result (frozen records, replaced, never changed)
        are shared; any other attribute is deep-copied."""
        shared = (int, str, bool, float, type(None), tuple, Phase, AlethkarSettings, RoundResult, Deck)
        state = type(self).__new__(type(self))
        for name, value in vars(self).items():
            if name in ("history", "log"):
                value = []
            elif name == "hands":
                value = [list(cards) for cards in value]
            elif isinstance(value, list) and all(isinstance(v, (int, bool)) for v in value):
                value = list(value)
            elif isinstance(value, random.Random):
                state_of = value.getstate()
                value = random.Random()
                value.setstate(state_of)
            elif not isinstance(value, shared):
                value = copy.deepcopy(value)
            setattr(state, name, value)
        return state

    # -- doing ------------------------------------------------------------------------
    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """A new round from chance's shuffle: the deal passes left to the next player who
        can buy in, and everybody who can plays."""
        assert isinstance(action, Shuffle)
        self._new_round(self._next_in)
        self.results = None
        self.round_start = [self.holdings(s) for s in range(self.seats)]
        self.in_round = [not o for o in self.out]
        self.deck_order = list(action.order)

    def name_of(self, seat: int) -> str:
        """The player's name at ``seat``."""
        return self.names[seat]

    def _names_of(self, cards: Sequence[int]) -> str:
        return " ".join(self.card_name(c) for c in cards)

    def _next_in(self, seat: int) -> int:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if not self.out[candidate]:
                return candidate
        raise RuntimeError("nobody can buy in")
