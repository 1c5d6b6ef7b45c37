"""Flame Sword (poker with 12,000 cards): the state machine of a match, hand after hand.

The rules are the source's (``rules/flame_sword.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A hand is the
declared flow :data:`~cardtable.games.flame_sword.steps.FLOW`, run by
:class:`~cardtable.engine.flow.FlowState`: the betting rounds are the engine's, the
other steps the game's own (:mod:`cardtable.games.flame_sword.steps`); this state keeps
the table, what each seat may see, and the chance checks. A hand:

1. ``start`` / ``reveal`` - chance's :class:`StartHand`: the button passes left (not
   before the first hand), the small and big blinds go in from the dealer's left,
   and the last hand's winner (the dealer on the first hand) puts in one more full
   blind. It is live by default (``extra_blind: live``): it counts toward that
   player's bet in the first betting round, like a second big blind, so with no raise
   they may check their option; with ``extra_blind: dead`` it is dead money that
   counts towards none of their calls. A player who owes two blinds posts both, and
   live ones add up.
2. ``call`` - from the dealer's left, each player names a Called Shot of ten cards
   (:class:`CallShot`) or passes. The names are public; the cards are not taken.
3. ``deal`` - chance's :class:`Deal`: four hole cards each, four more for the
   Underdog (the weakest hand of the last showdown), then the 100-card grid, face
   down. Only what is dealt leaves the shuffled 12,000; the rest is the stock.
4. ``bet`` before the flop (first: left of the big blind), then ``flip`` (the flop:
   players still in flip one grid card each, counterclockwise from the dealer's
   right, until 60 are face up), ``bet``, ``flip`` (the turn, to 80), ``bet``, the
   river (the last 20 turn over by themselves), ``bet``. Betting after the deal
   starts at the dealer's left.
5. The showdown: each hand is the best ten of its hole cards plus one row or column
   (:mod:`cardtable.games.flame_sword.hands`); pots and side pots to the best eligible
   hands, split on equal keys (odd chips to the first tied seat left of the dealer).
   Each pot's result says what decided it against the best other hand that could win
   it: a better kind, or the source's tie layer (:func:`~.rules.decided_by`).

Seats are ``0 .. n-1`` clockwise on screen ("left" is ``seat + 1``); flipping goes
the other way round, as the source says. The match is over when one seat has every
chip. ``apply`` may log several events for one action; it returns the last one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.cards import Deck
from cardtable.engine.flow import FlowState
from cardtable.engine.game import CHANCE, Action, Event, TrustedInRollouts, seat_table
from cardtable.games.flame_sword import GAME
from cardtable.games.flame_sword.rules import (
    FLIP_TARGETS,
    GRID_CELLS,
    GRID_SIDE,
    HOLE_CARDS,
    UNDERDOG_EXTRA,
    CallShot,
    Deal,
    FlameSwordSettings,
    Flip,
    HandResult,
    Phase,
    StartHand,
)
from cardtable.games.flame_sword.steps import FLOW

__all__ = ["FlameSwordState", "FlameSwordSettings", "Phase", "StartHand", "CallShot", "Deal", "Flip",
           "HandResult", "line_cells_of"]


def line_cells_of(line: str) -> list[int]:
    """The grid cells of "row N" or "column N" (N from 1), row by row.

    >>> line_cells_of("row 2")[:3], line_cells_of("column 10")[:2]
    ([10, 11, 12], [9, 19])
    """
    match = re.fullmatch(r"(row|column) (\d+)", line.strip().lower())
    if not match or not 1 <= int(match.group(2)) <= GRID_SIDE:
        raise ValueError(f"a line is 'row N' or 'column N' with N from 1 to {GRID_SIDE}, not {line!r}")
    index = int(match.group(2)) - 1
    if match.group(1) == "row":
        return [index * GRID_SIDE + c for c in range(GRID_SIDE)]
    return [r * GRID_SIDE + index for r in range(GRID_SIDE)]


def _street_of_old_save(data: Mapping[str, Any]) -> int:
    """Where a hand saved before the flow's position was recorded stands: by its phase
    and betting round, and a flip by its target (the flop's or the turn's)."""
    if data["phase"] == Phase.FLIP:
        flips = [i for i, step in enumerate(FLOW.playing) if step.phase == Phase.FLIP]
        return flips[FLIP_TARGETS.index(data["flip_target"])]
    return FLOW.position(data["phase"], data.get("betting_round"))


def _hands_module() -> Any:
    # another module's evaluator, imported when first needed
    from cardtable.games.flame_sword import hands as flame_hands
    return flame_hands


class FlameSwordState(TrustedInRollouts, FlowState):
    """A match of Flame Sword. Build one with :meth:`new`.

    What the UI reads: :attr:`phase`, :attr:`hand_no`, :attr:`dealer`, :attr:`names`,
    :attr:`blind_seats`, :attr:`underdog`, :attr:`grid` and :attr:`face_up`,
    :attr:`called`, :attr:`results`, and :meth:`betting_options`, :meth:`pots`,
    :meth:`hand_of`, :meth:`standings`, :meth:`line_preview`, :meth:`view`.
    """

    JSON_FIELDS = (
        # a save from before ``extra_blind`` existed keeps the dead extra blind it was played with
        *fields.header(FlameSwordSettings, Phase, load=FlameSwordSettings.from_saved), "hand_no", "dealer",
        "total_chips", fields.listed("hand_start_stacks"), "last_winner", "next_underdog", *fields.SHARED_LEDGER,
        "betting_round", fields.nested_lists("hands"), fields.listed("mucked"), fields.listed("grid"),
        fields.listed("face_up"),
        fields.JsonField("called", lambda called: [None if c is None else list(c) for c in called],
                         lambda called: [None if c is None else tuple(c) for c in called]),
        "call_turn", "flip_turn", "flip_target", fields.JsonField("blind_seats", dict, dict), "underdog",
        fields.optional_json("results", HandResult), fields.listed("shown"), "last_flipped",
        fields.JsonField("street", missing=_street_of_old_save))
    FLOW = FLOW
    SHUFFLE = StartHand

    sampled_deal: bool = False
    """Whether chance deals an ordered random sample of the deck, as many cards as the
    hand uses, instead of shuffling all 12,000 and taking the first ones (some 50 ms
    against well under one): the same deal in distribution but other cards for the same
    generator, so only the strong level's rollout copies do it
    (:class:`cardtable.bots.worlds.Snapshot`); a real match, saved or seeded, always
    shuffles the whole deck.

    The rollout copies take two more shortcuts (see :meth:`apply` and
    :class:`~cardtable.games.flame_sword.steps.Flips`): :meth:`apply` trusts their moves
    (every one comes from ``legal_actions``, a bot that checks its own, or chance), and a
    flop's or a turn's flips are drawn at once, a random set of the face-down cells, as
    the strong level's rollout policy (:func:`~cardtable.games.flame_sword.bot.rollout_choice`:
    a random face-down cell each flip) would turn them one by one: 60 or 80 single flips
    a rollout were a third of its time."""

    settings: FlameSwordSettings
    phase: Phase
    hand_no: int
    total_chips: int
    last_winner: int | None
    next_underdog: int | None

    @classmethod
    def new(cls, settings: FlameSwordSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> FlameSwordState:
        """A match about to start: chance's :class:`StartHand` is the first action.

        ``names``: 2 to 8 different, non-empty names. ``stacks``: each seat's chips
        (default ``settings.starting_chips``).
        """
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer)
        needed = len(names) * HOLE_CARDS + UNDERDOG_EXTRA + GRID_CELLS
        if len(deck) < needed:
            raise ValueError(f"the {deck.name} deck has {len(deck)} cards; a hand needs up to {needed}")
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.START)
        state.hand_start_stacks = list(stacks)
        state.hand_no = 0
        state.last_winner = None
        state.next_underdog = None
        state._clear_round()
        return state

    def _clear_round(self) -> None:
        # the runner's own round state, without the stock and the draw's piles FlowState
        # also clears: Flame Sword has neither, and the strong level's rollouts copy every
        # attribute thousands of times a decision
        n = self.seats
        self.street = -1
        self.betting = None
        self.betting_round = None
        self.hands = [[] for _ in range(n)]
        self.shown = [False] * n
        self.shown_values = {}
        self.blind_seats = {}
        """Who posted "small", "big" and "extra" (the winner's blind) this hand."""
        self.mucked: list[int] = []
        """Folded hole cards, face down, never shown."""
        self.grid: list[int] = []
        """The 100 grid cards row by row (empty before the deal)."""
        self.face_up: list[bool] = [False] * GRID_CELLS
        self.called: list[tuple[int, ...] | None] = [None] * n
        """Each seat's Called Shot: ten deck indices, () for none, None before it says."""
        self.call_turn: int | None = None
        self.flip_turn: int | None = None
        self.flip_target: int | None = None
        self.underdog: int | None = None
        self.results: HandResult | None = None  # type: ignore[assignment]
        self.last_flipped: int | None = None

    # -- what the UI asks -------------------------------------------------------------
    @property
    def round_number(self) -> int:
        """The hand being played, from 1 (0 before the first deal)."""
        return self.hand_no

    @property
    def in_hand(self) -> list[bool]:
        """Whether each seat is in this hand (dealt in and not folded)."""
        if self.phase == Phase.START:
            return [False] * self.seats
        return list(self.chips.in_hand)

    @property
    def face_up_count(self) -> int:
        """Grid cards face up now."""
        return sum(self.face_up)

    def is_out(self, seat: int) -> bool:
        """True when ``seat`` has no chips between hands (it is skipped)."""
        between_hands = self.phase in (Phase.START, Phase.REVEAL, Phase.GAME_OVER)
        return self.chips.stacks[seat] == 0 and (between_hands or not self.chips.in_hand[seat])

    def visible_grid(self) -> list[int | None]:
        """The grid as everyone sees it: face-up cards, None for face down (empty before the deal)."""
        return [c if self.face_up[i] else None for i, c in enumerate(self.grid)]

    def line_preview(self, seat: int, line: str) -> tuple[Any, list[int]] | None:
        """The best hand ``seat`` could make now with ``line`` from what it may see:
        its hole cards and the face-up cards of that line (face-down ones do not
        count). Returns ``(FlameHand, the cards used)``, or None when it sees fewer
        than ten cards there."""
        hole = self.hands[seat]
        if not hole or not self.grid:
            return None
        cells = line_cells_of(line)
        seen = [self.grid[c] for c in cells if self.face_up[c]]
        if len(hole) + len(seen) < 10:
            return None  # a hand is ten cards: not enough of this line is face up yet
        hand = _hands_module().best_hand(self.deck, hole + seen, called=self.called[seat] or (),
                                         order=self.settings.order)
        return hand, list(hand.cards)

    def round_outcome(self) -> dict[str, Any] | None:
        """The most recently settled hand: round, winners, each seat's net, the hands shown
        (kind names) and their places on the list of kinds (``hand_rank``, 1 best)."""
        if self.results is None:
            return None
        result = self.results
        return {"round": result.hand_no, "winners": list(result.winners), "net": list(result.net),
                "hands": {str(s): h.kind for s, h in result.hands.items()},
                "hand_rank": {str(s): h.rank for s, h in result.hands.items()}}

    def flip_order(self) -> list[int]:
        """The players still in, counterclockwise from the dealer's right (dealer last)."""
        order = [(self.dealer - k) % self.seats for k in range(1, self.seats + 1)]
        return [s for s in order if self.chips.in_hand[s]]

    def _why_not_chance(self, action: Action) -> str | None:
        if action.seat != CHANCE:
            return "only the dealer (chance) starts a hand and deals"
        if isinstance(action, StartHand):
            return None if self.street < 0 else "the hand has started"
        if self.phase != Phase.DEAL:
            return "it is not time to deal"
        step = self.step
        assert step is not None
        return step.why_not_chance(self, action)

    def _chance_first(self) -> str:
        return {Phase.DEAL: "the dealer must deal first",
                Phase.REVEAL: "the hand is over: the next one starts"}.get(self.phase, "the hand has not started")

    def _deal_size(self) -> int:
        """The cards a deal takes: four to each player, four more to the Underdog, the grid."""
        players = sum(self.chips.in_hand)
        return players * HOLE_CARDS + (UNDERDOG_EXTRA if self.underdog is not None else 0) + GRID_CELLS

    # -- views -----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data.

        Keys: ``seat``, ``phase``, ``hand_no``, ``dealer``, ``blinds`` (role ->
        seat), ``underdog``, ``to_act``, ``names``, ``stacks``, ``in_hand``, ``out``,
        ``hands`` (own and shown cards, others ``None``), ``grid`` (face-up cards,
        ``None`` face down), ``face_up_count``, ``flip_target``, ``last_flipped``,
        ``called`` (each seat's named cards, public), ``stock_count``,
        ``mucked_count``, ``betting_round``, ``round_bets``, ``contributed``,
        ``pots``, ``pot_total``, ``options`` (when ``seat`` is to bet), ``results``.
        """
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        return {
            "seat": seat, "phase": self.phase.value, "hand_no": self.hand_no, "dealer": self.dealer,
            "blinds": dict(self.blind_seats), "underdog": self.underdog, "to_act": self.to_act,
            "names": list(self.names), "stacks": self.stacks, "in_hand": self.in_hand,
            "out": [self.is_out(s) for s in range(self.seats)],
            "hands": hands, "grid": self.visible_grid(), "face_up_count": self.face_up_count,
            "flip_target": self.flip_target, "last_flipped": self.last_flipped,
            "called": [list(c) if c is not None else None for c in self.called],
            "stock_count": self.stock_count, "mucked_count": len(self.mucked),
            "betting_round": self.betting_round, "round_bets": list(self.chips.round_bets),
            "contributed": list(self.chips.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "pot_total": self.chips.pot_total,
            "options": self.options_json(seat),
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _hidden_slots(self, seat: int, *, stock: bool = True) -> list[tuple[Any, Any]]:
        """The cards ``seat`` cannot see (what :meth:`view` shows as None, and the piles
        it does not show): the other seats' unshown hole cards (seats in order), the
        face-down grid cells (in cell order), the folded cards (the muck, in order) and
        the stock. The muck is hidden from every seat, the folder's own cards too: the
        state does not record whose cards lie where in it, and a seat that folded acts
        no more until the next hand clears it.

        The stock is no list of the state (each deal shuffles the whole deck again), so
        its cards are given here as a scratch list, sorted, that the redeal fills and
        then drops: the hidden places are dealt from every card the seat has not seen,
        not only from the cards that happen to lie there (``stock=False``: the places
        of the state alone, for :meth:`seat_copy`)."""
        slots: list[tuple[Any, Any]] = []
        for owner, cards in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(cards, i) for i in range(len(cards))]
        slots += [(self.grid, i) for i, up in enumerate(self.face_up[:len(self.grid)]) if not up]
        slots += [(self.mucked, i) for i in range(len(self.mucked))]
        if slots and stock:
            out = {c for pile in (*self.hands, self.grid, self.mucked) for c in pile}
            scratch = [c for c in range(len(self.deck)) if c not in out]
            slots += [(scratch, i) for i in range(len(scratch))]
        return slots

    def seat_copy(self, seat: int, rng: random.Random) -> FlameSwordState:
        """The shared :meth:`~GameState.seat_copy` with its redeal drawn faster: shuffling
        the whole unseen pool (about 11,900 cards, most of them the stock) into
        :meth:`_hidden_slots` takes some 20 ms, so the hidden places of the state get an
        ordered random sample of that pool instead (:meth:`hidden_deal`), in well under a
        millisecond: the same deal in distribution (every card the seat has not seen is
        equally likely in every hidden place), and still one that depends only on what
        the seat sees."""
        copy = self._copy()
        assert isinstance(copy, FlameSwordState)
        places, draw = copy.hidden_deal(seat)
        if places:
            for (container, i), card in zip(places, draw(rng)):
                container[i] = card
        copy.rng = random.Random(rng.getrandbits(64))
        copy.history = []
        copy.log = [Event(e.seat, e.text_for(seat)) for e in self.log]
        return copy

    def hidden_deal(self, seat: int, *, own: bool = False
                    ) -> tuple[list[tuple[Any, Any]], Callable[[random.Random], list[int]]]:
        """The places of this state hidden from ``seat`` (``_hidden_slots(seat,
        stock=False)``) and a draw of cards for them: ``draw(rng)`` is an ordered random
        sample of every card the seat has not seen, one a place (drawn from ``rng``
        exactly as :meth:`seat_copy` draws). Worked out once, drawn as often as needed
        (:class:`cardtable.bots.worlds.Worlds`); nothing is changed.

        With ``own`` the seat's own hole cards are places too, after the hidden ones, and
        the sample is drawn from the unseen cards and those (a random hand in the seat's
        place, for :func:`cardtable.bots.fixed.equity`)."""
        places = self._hidden_slots(seat, stock=False)
        if own:
            places += [(self.hands[seat], i) for i in range(len(self.hands[seat]))]
        seen = {c for pile in (*self.hands, self.grid, self.mucked) for c in pile}
        seen.difference_update(container[i] for container, i in places)
        size, count = len(self.deck), len(places) + len(seen)

        def draw(rng: random.Random) -> list[int]:
            # an ordered sample of the whole deck less the seen cards in it is an ordered
            # sample of the unseen pool, without listing the pool
            return [c for c in rng.sample(range(size), count) if c not in seen]

        return places, draw

    @property
    def stock_count(self) -> int:
        """Cards of the 12,000 not dealt this hand."""
        return len(self.deck) - sum(len(h) for h in self.hands) - len(self.grid) - len(self.mucked)

    # -- doing ------------------------------------------------------------------------
    def _hand_start(self) -> Action:
        """Chance starts the next hand: the blinds go in by themselves (nothing is shuffled:
        the deal draws its own cards)."""
        return StartHand()

    def _start_hand(self, action: Action, events: list[Event]) -> None:
        """The button passes left (not before the first hand); a fresh ledger; last
        hand's weakest hand is this one's Underdog when it is dealt in."""
        if self.hand_no > 0:
            self.dealer = self.next_with_chips(self.dealer)
        underdog = self.next_underdog
        self.hand_no += 1
        self._clear_round()
        self.hand_start_stacks = self._fresh_ledger()
        self.underdog = underdog if underdog is not None and self.chips.in_hand[underdog] else None

    def _discard_cards(self, seat: int, cards: Sequence[int]) -> None:
        """A folded hand goes to the muck, face down."""
        self.mucked.extend(cards)

    # -- inside -----------------------------------------------------------------------
