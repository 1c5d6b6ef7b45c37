"""Flame Sword (poker with 12,000 cards): the state machine of a match, hand after hand.

The rules are the source's (``rules/flame_sword.txt``) with the decisions of
``rules/README.md``; the variant file's rules text lists them all. A hand:

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

import dataclasses
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.betting import BetOptions, BettingAction, BettingRound
from cardtable.engine.cards import Deck
from cardtable.engine.chips import seats_from_left_of
from cardtable.engine.game import CHANCE, Action, Event, TrustedInRollouts, seat_table
from cardtable.engine.seats import ChipSeatedState
from cardtable.engine.showdown import pot_phrase
from cardtable.engine.words import figure
from cardtable.games.flame_sword import GAME
from cardtable.games.flame_sword.rules import (
    BETTING_ROUND_NAMES,
    CALLED_SHOT_SIZE,
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
    PotResult,
    ShownHand,
    StartHand,
    cell_name,
    decided_by,
)

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


def _hands_module() -> Any:
    # another module's evaluator, imported when first needed
    from cardtable.games.flame_sword import hands as flame_hands
    return flame_hands


class FlameSwordState(TrustedInRollouts, ChipSeatedState):
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
        fields.optional_json("results", HandResult), fields.listed("shown"), "last_flipped")
    CHANCE_PHASES = frozenset({Phase.START, Phase.DEAL, Phase.REVEAL})
    TURNS = {Phase.CALL: "call_turn", Phase.BET: "betting.to_act", Phase.FLIP: "flip_turn"}
    CHANCE_MOVES = (StartHand, Deal)

    sampled_deal: bool = False
    """Whether chance deals an ordered random sample of the deck, as many cards as the
    hand uses, instead of shuffling all 12,000 and taking the first ones (some 50 ms
    against well under one): the same deal in distribution but other cards for the same
    generator, so only the strong level's rollout copies do it
    (:class:`cardtable.bots.worlds.Snapshot`); a real match, saved or seeded, always
    shuffles the whole deck.

    The rollout copies take two more shortcuts (see :meth:`apply` and
    :meth:`_flip_at_once`): :meth:`apply` trusts their moves (every one comes from
    ``legal_actions``, a bot that checks its own, or chance), and a flop's or a turn's
    flips are drawn at once, a random set of the face-down cells, as the strong level's
    rollout policy (:func:`~cardtable.games.flame_sword.bot.rollout_choice`: a random
    face-down cell each flip) would turn them one by one: 60 or 80 single flips a rollout
    were a third of its time."""

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
        state._clear_hand()
        return state

    def _clear_hand(self) -> None:
        n = self.seats
        self.betting: BettingRound | None = None
        self.betting_round: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(n)]
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
        self.blind_seats: dict[str, int] = {}
        """Who posted "small", "big" and "extra" (the winner's blind) this hand."""
        self.underdog: int | None = None
        self.results: HandResult | None = None
        self.shown: list[bool] = [False] * n
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

    def betting_options(self, seat: int) -> BetOptions | None:
        """What ``seat`` may bet now, or None outside a betting round."""
        if self.phase != Phase.BET or self.betting is None:
            return None
        return self.betting.legal_options(seat)

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

    def legal_actions(self, seat: int) -> list[Action]:
        """Representative legal actions of ``seat`` (empty when it is not its turn).

        Bets: :meth:`BettingRound.legal_actions`; a Called Shot: passing only (any ten
        cards are legal, see :meth:`why_illegal`); flipping: every face-down cell.
        """
        if seat == CHANCE or seat != self.to_act:
            return []
        if self.phase == Phase.BET:
            assert self.betting is not None
            return list(self.betting.legal_actions(seat))
        if self.phase == Phase.CALL:
            return [CallShot(seat=seat, cards=())]
        if self.phase == Phase.FLIP:
            return [Flip(seat=seat, cell=c) for c in range(GRID_CELLS) if not self.face_up[c]]
        return []

    def _why_not_chance(self, action: Action) -> str | None:
        assert isinstance(action, (StartHand, Deal))
        if action.seat != CHANCE:
            return "only the dealer (chance) starts a hand and deals"
        if isinstance(action, StartHand):
            return None if self.phase in (Phase.START, Phase.REVEAL) else "the hand has started"
        if self.phase != Phase.DEAL:
            return "it is not time to deal"
        return self._why_not_deal(action.cards)

    def _chance_first(self) -> str:
        return {Phase.DEAL: "the dealer must deal first",
                Phase.REVEAL: "the hand is over: the next one starts"}.get(self.phase, "the hand has not started")

    def _why_not_move(self, action: Action) -> str | None:
        if self.phase == Phase.CALL:
            if not isinstance(action, CallShot):
                return "now is the Called Shot: name ten cards, or pass"
            return self._why_not_called(action.cards)
        if self.phase == Phase.FLIP:
            if not isinstance(action, Flip):
                return "now is the flip: turn one face-down grid card face up"
            cell = action.cell
            if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < GRID_CELLS:
                return f"there is no grid cell {cell!r} (0 to {GRID_CELLS - 1})"
            return f"the card at {cell_name(cell)} is already face up" if self.face_up[cell] else None
        if not isinstance(action, BettingAction):
            return (f"now is betting {BETTING_ROUND_NAMES[self.betting_round or 0]}: "
                    "check, call, bet, raise, fold or all-in")
        assert self.betting is not None
        return self._rename(self.betting.why_illegal(action))

    def _why_not_called(self, cards: Any) -> str | None:
        if not isinstance(cards, tuple) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a Called Shot names cards by their deck indices"
        if cards and len(cards) != CALLED_SHOT_SIZE:
            return f"a Called Shot names exactly {CALLED_SHOT_SIZE} cards (or none to pass), not {len(cards)}"
        if len(set(cards)) != len(cards):
            return "a card is named twice"
        if any(not 0 <= c < len(self.deck) for c in cards):
            return "a named card is not in the deck"
        return None

    def _deal_size(self) -> int:
        players = sum(self.chips.in_hand)
        return players * HOLE_CARDS + (UNDERDOG_EXTRA if self.underdog is not None else 0) + GRID_CELLS

    def _why_not_deal(self, cards: Any) -> str | None:
        if not isinstance(cards, tuple) or len(cards) != self._deal_size():
            return f"the deal takes exactly {self._deal_size()} cards"
        if len(set(cards)) != len(cards) or any(
                isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(self.deck) for c in cards):
            return "the deal must be different cards of the deck"
        return None

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
        options = self.betting_options(seat) if seat is not None and seat == self.to_act else None
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
            "options": dataclasses.asdict(options) if options is not None else None,
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

    def hidden_deal(self, seat: int) -> tuple[list[tuple[Any, Any]], Callable[[random.Random], list[int]]]:
        """The places of this state hidden from ``seat`` (``_hidden_slots(seat,
        stock=False)``) and a draw of cards for them: ``draw(rng)`` is an ordered random
        sample of every card the seat has not seen, one a place (drawn from ``rng``
        exactly as :meth:`seat_copy` draws). Worked out once, drawn as often as needed
        (:class:`cardtable.bots.worlds.Worlds`); nothing is changed."""
        places = self._hidden_slots(seat, stock=False)
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

    # -- chance ----------------------------------------------------------------------
    def _chance_action(self) -> Action:
        if self.phase in (Phase.START, Phase.REVEAL):
            return StartHand()
        if self.sampled_deal:
            return Deal(cards=tuple(self.rng.sample(range(len(self.deck)), self._deal_size())))
        return Deal(cards=self._shuffled(range(len(self.deck)))[:self._deal_size()])

    # -- doing ------------------------------------------------------------------------
    def _apply(self, action: Action) -> Event:
        events: list[Event] = []
        if isinstance(action, StartHand):
            self._start_hand(events)
        elif isinstance(action, CallShot):
            self._call_shot(action, events)
        elif isinstance(action, Deal):
            self._deal(action.cards, events)
        elif isinstance(action, Flip):
            self._flip(action, events)
        else:
            assert self.betting is not None and isinstance(action, BettingAction)
            seat = action.seat
            events.append(self.betting.apply(action, name=self.names[seat]))
            if not self.chips.in_hand[seat]:
                self.mucked.extend(self.hands[seat])
                self.hands[seat] = []
        self._advance(events)
        return self._logged(events)

    def _start_hand(self, events: list[Event]) -> None:
        if self.hand_no > 0:
            self.dealer = self.next_with_chips(self.dealer)
        underdog, winner = self.next_underdog, self.last_winner
        self.hand_no += 1
        self._clear_hand()
        self.hand_start_stacks = self._fresh_ledger()
        players = self.players_from_left()
        self.underdog = underdog if underdog is not None and self.chips.in_hand[underdog] else None
        small, big = players[0], players[1 % len(players)]
        extra = winner if winner is not None and self.chips.in_hand[winner] else self.dealer
        if not self.chips.in_hand[extra]:
            extra = players[-1]
        self.blind_seats = {"small": small, "big": big, "extra": extra}
        parts = []
        for role, seat, amount, live in (("small blind", small, self.settings.small_blind, True),
                                         ("big blind", big, self.settings.blind, True),
                                         ("winner's blind" if winner is not None else "dealer's blind",
                                          extra, self.settings.blind, self.settings.live_extra_blind)):
            posted = (self.chips.post(seat, amount) if live else self.chips.post_dead(seat, amount))
            parts.append(f"{self.names[seat]} {figure(posted)} ({role}{', all-in' if posted < amount else ''})")
        text = f"Hand {self.hand_no}: {self.names[self.dealer]} deals. Blinds: " + "; ".join(parts)
        if self.underdog is not None:
            text += f". {self.names[self.underdog]} is the Underdog"
        events.append(Event(CHANCE, text))
        self.phase = Phase.CALL
        self.call_turn = players[0]
        events.append(Event(CHANCE, f"Called Shots: name ten cards or pass, from {self.names[players[0]]}"))

    def _call_shot(self, action: CallShot, events: list[Event]) -> None:
        seat = action.seat
        self.called[seat] = tuple(action.cards)
        if action.cards:
            names = ", ".join(self.card_name(c) for c in action.cards)
            events.append(Event(seat, f"{self.names[seat]} calls a shot: {names}"))
        else:
            events.append(Event(seat, f"{self.names[seat]} makes no Called Shot"))
        later = [s for s in self.players_from_left() if self.called[s] is None]
        self.call_turn = later[0] if later else None
        if self.call_turn is None:
            self.phase = Phase.DEAL

    def _deal(self, cards: Sequence[int], events: list[Event]) -> None:
        players = self.players_from_left()
        top = 0
        for _ in range(HOLE_CARDS):
            for seat in players:
                self.hands[seat].append(cards[top])
                top += 1
        if self.underdog is not None:
            self.hands[self.underdog].extend(cards[top:top + UNDERDOG_EXTRA])
            top += UNDERDOG_EXTRA
        self.grid = list(cards[top:top + GRID_CELLS])
        self.face_up = [False] * GRID_CELLS
        public = f"{self.names[self.dealer]} deals four hole cards to each of {len(players)} players"
        if self.underdog is not None:
            public += f" and four more to {self.names[self.underdog]}, the Underdog"
        public += ", and 100 cards face down in a 10 x 10 grid"
        events.append(Event(CHANCE, public, {
            s: f"{public}; {self.names[s]} gets {self._names_of(self.hands[s])}" for s in players}))
        big = self.blind_seats["big"]
        self._start_betting(0, (big + 1) % self.seats, events)

    def _flip(self, action: Flip, events: list[Event]) -> None:
        self.face_up[action.cell] = True
        self.last_flipped = action.cell
        card = self.grid[action.cell]
        events.append(Event(action.seat, f"{self.names[action.seat]} flips {cell_name(action.cell)}: "
                                         f"{self.card_name(card)}"))
        assert self.flip_target is not None
        if self.face_up_count >= self.flip_target:
            self.flip_turn = None
            self.flip_target = None
            number = 1 if self.face_up_count <= FLIP_TARGETS[0] else 2
            self._start_betting(number, (self.dealer + 1) % self.seats, events)
            return
        order = self.flip_order()
        self.flip_turn = order[(order.index(action.seat) + 1) % len(order)]

    def _advance(self, events: list[Event]) -> None:
        """Carry on through every step that needs nobody's decision."""
        while self.phase == Phase.BET:
            assert self.betting is not None and self.betting_round is not None
            if self.betting.hand_over:
                self._settle(None, events)
                return
            if self.betting.to_act is not None:
                return
            self._return_uncalled(self.chips.end_round(), events)
            self.betting = None
            done = self.betting_round
            if done < 2:
                self._start_flips(FLIP_TARGETS[done], events)
            elif done == 2:
                self._river(events)
                self._start_betting(3, (self.dealer + 1) % self.seats, events)
            else:
                self._showdown(events)

    def _start_betting(self, number: int, first: int, events: list[Event]) -> None:
        self.phase = Phase.BET
        self.betting_round = number
        self.betting = BettingRound(rules=self.settings.betting, chips=self.chips, first_to_act=first)
        if self.betting.to_act is not None:
            events.append(Event(CHANCE, f"Betting {BETTING_ROUND_NAMES[number]}: "
                                        f"{self.names[self.betting.to_act]} is first"))

    def _start_flips(self, target: int, events: list[Event]) -> None:
        self.phase = Phase.FLIP
        self.betting_round = None
        self.flip_target = target
        self.flip_turn = self.flip_order()[0]
        name = "The flop" if target == FLIP_TARGETS[0] else "The turn"
        events.append(Event(CHANCE, f"{name}: flip grid cards in turn, counterclockwise from "
                                    f"{self.names[self.flip_turn]}, until {target} are face up"))
        if self.sampled_deal:
            self._flip_at_once(target, events)

    def _flip_at_once(self, target: int, events: list[Event]) -> None:
        """A rollout copy's flips, all at once: ``target`` less the cards face up, a
        random sample (chance's generator) of the face-down cells, then the betting that
        follows the last flip (what :meth:`_flip` does after it)."""
        down = [c for c in range(GRID_CELLS) if not self.face_up[c]]
        turned = self.rng.sample(down, max(0, target - (GRID_CELLS - len(down))))
        for cell in turned:
            self.face_up[cell] = True
        self.last_flipped = turned[-1] if turned else self.last_flipped
        events.append(Event(CHANCE, f"{len(turned)} grid cards flip at once (a rollout copy)"))
        self.flip_turn = None
        self.flip_target = None
        number = 1 if target <= FLIP_TARGETS[0] else 2
        self._start_betting(number, (self.dealer + 1) % self.seats, events)

    def _river(self, events: list[Event]) -> None:
        turned = [c for c in range(GRID_CELLS) if not self.face_up[c]]
        self.face_up = [True] * GRID_CELLS
        self.last_flipped = None
        names = ", ".join(self.card_name(self.grid[c]) for c in turned)
        events.append(Event(CHANCE, f"The river: the last {len(turned)} grid cards turn over: {names}"))

    def _showdown(self, events: list[Event]) -> None:
        hands_module = _hands_module()
        shown: dict[int, ShownHand] = {}
        for seat in self.players_from_left():
            hand, line = hands_module.best_line(self.deck, self.hands[seat], self.grid,
                                                called=self.called[seat] or (), order=self.settings.order)
            label = getattr(hand, "label", "") or hand.kind
            shown[seat] = ShownHand(hand.rank, hand.kind, tuple(hand.cards), tuple(hand.key), line, label)
            self.shown[seat] = True
            events.append(Event(seat, f"{self.names[seat]} shows "
                                      f"{', '.join(self.card_name(c) for c in self.hands[seat])}: "
                                      f"{label} with {line}"))
        self._settle(shown, events)

    def _settle(self, shown: Mapping[int, ShownHand] | None, events: list[Event]) -> None:
        self.betting = None
        self.betting_round = None
        players = self.chips.players_in
        keys = {s: h.key for s, h in shown.items()} if shown else None
        settlement = self.chips.settle(keys, dealer_seat=self.dealer)
        self._return_uncalled(settlement.uncalled, events)
        pots: list[PotResult] = []
        won: dict[int, int] = {}
        for i, award in enumerate(settlement.awards):
            name = "main pot" if i == 0 else f"side pot {i}"
            layer, decided, against = self._decision(award.pot.eligible, award.winners, shown)
            pots.append(PotResult(name, award.pot.amount, award.pot.eligible, award.winners, dict(award.shares),
                                  decided, layer))
            for winner, chips in award.shares.items():
                won[winner] = won.get(winner, 0) + chips
            how = f" with {shown[award.winners[0]].kind}" if shown else " (everyone else folded)"
            if len(award.winners) == 1:
                text = f"{self.names[award.winners[0]]} wins {pot_phrase(name, award.pot.amount)}{how}"
                if against is not None:
                    text += (f", a better kind than {self.names[against]}'s" if layer == 0 else
                             f", decided by {decided} (tie layer {layer}) against {self.names[against]}")
            else:
                shares = ", ".join(f"{self.names[w]} {figure(award.shares[w])}" for w in award.winners)
                phrase = pot_phrase(name, award.pot.amount)
                text = f"{phrase[0].upper()}{phrase[1:]} is split{how}"
                if shown:
                    text += ", equal through all six tie layers"
                text += f": {shares}"
            events.append(Event(award.winners[0], text))
        underdog = self._weakest(shown) if shown else None
        self.last_winner = settlement.awards[0].winners[0] if settlement.awards else players[0]
        self.next_underdog = underdog
        if underdog is not None:
            events.append(Event(underdog, f"{self.names[underdog]} had the weakest hand: "
                                          "the Underdog of the next hand"))
        self.results = HandResult(
            hand_no=self.hand_no, showdown=bool(shown), hands=dict(shown or {}), pots=tuple(pots), won=won,
            net=tuple(self.chips.stacks[s] - self.hand_start_stacks[s] for s in range(self.seats)),
            underdog=underdog)
        alive = [s for s in range(self.seats) if self.chips.stacks[s] > 0]
        if len(alive) == 1:
            self.phase = Phase.GAME_OVER
            events.append(Event(alive[0], f"{self.names[alive[0]]} has all the chips: the match is over"))
        else:
            self.phase = Phase.REVEAL

    def _decision(self, eligible: Sequence[int], winners: Sequence[int],
                  shown: Mapping[int, ShownHand] | None) -> tuple[int, str, int | None]:
        """What decided a pot: ``(layer, words, the best other hand's seat)`` as
        :func:`decided_by` says against the best eligible hand that did not win; a split
        is ``(6, "a split", None)``; ``(-1, "", None)`` when nobody else could win it."""
        if not shown:
            return -1, "", None
        if len(winners) > 1:
            return 6, decided_by(shown[winners[0]].key, shown[winners[1]].key)[1], None
        others = [s for s in seats_from_left_of(self.dealer, self.seats)
                  if s in eligible and s in shown and s not in winners]
        if not others:
            return -1, "", None
        against = max(others, key=lambda s: shown[s].key)
        layer, words = decided_by(shown[winners[0]].key, shown[against].key)
        return layer, words, against

    def _weakest(self, shown: Mapping[int, ShownHand]) -> int | None:
        """The weakest hand shown (the first from the dealer's left among equals), or
        None when every hand shown is equal."""
        keys = {s: h.key for s, h in shown.items()}
        low = min(keys.values())
        if low == max(keys.values()):
            return None
        return next(s for s in seats_from_left_of(self.dealer, self.seats) if keys.get(s) == low)

    # -- inside -----------------------------------------------------------------------
